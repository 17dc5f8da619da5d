//! The Bot API's two streams of newline-delimited JSON: the bot's events
//! (`GET /api/bot/stream/event`: challenges and games starting and ending)
//! and one game (`GET /api/bot/game/stream/{id}`: the whole state first,
//! then every change). Documented in `docs/bot-api.md`.

use axum::extract::State;
use axum::response::Response;
use tokio::sync::broadcast::error::RecvError;

use crate::bots::{EventFeed, GameFeed};
use crate::http::extract::bot_key::BotKey;
use crate::http::extract::game_path::GamePath;
use crate::http::ndjson::{KEEP_ALIVE, LineSender, ndjson_stream};
use crate::http::{ApiError, AppState};
use crate::live::{Role, sleep_until_option, stopping};

/// A keep-alive every [`KEEP_ALIVE`], its first tick after one period.
fn keep_alive_ticks() -> tokio::time::Interval {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks
}

/// `GET /api/bot/stream/event`: on opening, a `gameStart` for each game
/// under way and a `challenge` for each open challenge; then `challenge`,
/// `challengeCanceled`, `challengeDeclined`, `gameStart` and `gameFinish`
/// as they happen, and an empty line every 7 s. The stream ends when the
/// key is revoked or the server stops.
pub(crate) async fn event_stream(State(state): State<AppState>, BotKey(bot): BotKey) -> Response {
    let (lines, response) = ndjson_stream();
    let mut listener = state.bots.listen(&bot);
    let hub = state.bots.clone();
    let mut shutdown = state.shutdown.clone();
    tokio::spawn(async move {
        let mut feed = EventFeed::new(bot);
        let mut ticks = keep_alive_ticks();
        let mut clock_moved = hub.clock().moved();
        loop {
            let mut next_expiry = None;
            // A store that fails now is read again at the next nudge or tick.
            if let Ok(look) = feed.look(&hub).await {
                if look.revoked {
                    return;
                }
                for event in look.events {
                    if !lines.line(event).await {
                        return;
                    }
                }
                next_expiry = look.next_expiry;
            }
            let expiry = next_expiry.map(|at| hub.clock().instant_of(at.saturating_add(1)));
            tokio::select! {
                changed = listener.changes.changed() => if changed.is_err() { return },
                _ = ticks.tick() => if !lines.keep_alive().await { return },
                () = sleep_until_option(expiry) => {}
                _ = clock_moved.changed() => {}
                () = lines.closed() => return,
                () = stopping(&mut shutdown) => return,
            }
        }
    });
    response
}

/// `GET /api/bot/game/stream/{id}`: `gameFull`, then a `gameState` after
/// every accepted action, `opponentGone` when the opponent leaves or comes
/// back, and an empty line every 7 s; it ends after the state that holds
/// the result. While it is open the bot counts as connected to the game,
/// as a player's open page does.
pub(crate) async fn game_stream(
    State(state): State<AppState>,
    BotKey(bot): BotKey,
    GamePath(id): GamePath,
) -> Result<Response, ApiError> {
    let seat = state.bots.seat_in(&bot, &id).await?;
    let handle = state.registry.get(&id).await?;
    let subscription = handle.subscribe_as_seat(seat, None).await?;
    let (lines, response) = ndjson_stream();
    let mut listener = state.bots.listen(&bot);
    let hub = state.bots.clone();
    let mut shutdown = state.shutdown.clone();
    tokio::spawn(async move {
        let mut feed = GameFeed::new(id.as_str(), seat, &bot.name);
        let mut live = subscription.live;
        let mut ticks = keep_alive_ticks();
        let open = async {
            for message in &subscription.catch_up {
                if !send_all(&lines, feed.lines(message)).await {
                    return false;
                }
            }
            true
        }
        .await;
        if open && !feed.is_over() {
            loop {
                tokio::select! {
                    message = live.recv() => {
                        let sent = match message {
                            Ok(message) => send_all(&lines, feed.lines(&message)).await,
                            // Too slow to follow: the whole state again.
                            Err(RecvError::Lagged(_)) => match handle.view(None).await {
                                Ok((view, _)) => {
                                    let state = serde_json::to_value(&view).expect("views serialise");
                                    lines.line(feed.full(state)).await
                                }
                                Err(_) => false,
                            },
                            Err(RecvError::Closed) => false,
                        };
                        if !sent || feed.is_over() {
                            break;
                        }
                    }
                    _ = ticks.tick() => if !lines.keep_alive().await { break },
                    // A revoked key holds its seat's connection no more.
                    changed = listener.changes.changed() => {
                        let revoked = changed.is_err() || hub.is_revoked(&bot.id).await;
                        if revoked {
                            break;
                        }
                    }
                    () = lines.closed() => break,
                    () = stopping(&mut shutdown) => break,
                }
            }
        }
        handle.unsubscribe(Role::Seat(seat)).await;
    });
    Ok(response)
}

/// Sends `lines` in order; `false` when the client has gone.
async fn send_all(sender: &LineSender, lines: Vec<String>) -> bool {
    for line in lines {
        if !sender.line(line).await {
            return false;
        }
    }
    true
}
