//! `GET /api/games/{id}/ws`: a game's live feed, and a second way to act.

use std::net::IpAddr;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast::error::RecvError;

use crate::game_id::GameId;
use crate::http::connections::AddressPermit;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::game_path::GamePath;
use crate::http::{ApiError, AppState};
use crate::live::{GameError, GameHandle, Role, SharedMessage};
use crate::metrics::{METRICS, RefusalReason};
use crate::secret::Secret;
use crate::wire::{ClientMessage, ServerMessage};

/// The largest message a client may send.
const MAX_MESSAGE_BYTES: usize = 8 * 1024;
/// The socket's read buffer. tungstenite's default (128 KiB) is zero-filled up
/// to its capacity before every read, so it costs 128 KiB of resident memory per
/// connection and a 128 KiB memset per incoming message. Client messages are
/// small (an action is under 100 bytes); a larger one, up to
/// [`MAX_MESSAGE_BYTES`], grows the buffer as needed.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// How long a new connection may take to say hello.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest `ref` a client may send with an action: it is echoed in the
/// ack or error, so a longer one is refused (`ref-too-long`), not echoed.
const MAX_REF_BYTES: usize = 64;
/// The longest sentence an error message carries: a sentence that quotes
/// what the client sent (a parse error naming an unknown field, say) is cut
/// there, so an error never echoes a message back in full.
const MAX_ERROR_MESSAGE_BYTES: usize = 256;

/// A place for one more socket from `client` under the per-address cap
/// (game and tournament sockets alike), held while the socket is open.
pub(super) fn socket_permit(state: &AppState, client: IpAddr) -> Result<AddressPermit, ApiError> {
    let per_address = &state.sockets.per_address;
    per_address
        .try_acquire(client, false)
        .ok_or(ApiError::TooManySockets {
            limit: per_address.per_address(),
        })
}

/// Upgrades to a WebSocket for game `id`.
pub(crate) async fn upgrade(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    // Before the id, as the API has always checked them.
    upgrade: WebSocketUpgrade,
    GamePath(id): GamePath,
) -> Result<Response, ApiError> {
    // Refuse what is over the cap and unknown games before upgrading, with an
    // ordinary HTTP error. The permit is held as long as the socket is open.
    let permit = socket_permit(&state, client)?;
    let handle = state.registry.get(&id).await?;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| serve_socket(socket, state, id, handle, client, permit)))
}

fn text(json: String) -> Message {
    Message::Text(Utf8Bytes::from(json))
}

fn shared(message: SharedMessage) -> Message {
    Message::Text(message)
}

fn error_message(reference: Option<&str>, code: &str, message: &str) -> Message {
    text(
        ServerMessage::Error {
            reference,
            code,
            message: &cut(message, MAX_ERROR_MESSAGE_BYTES),
        }
        .to_json(),
    )
}

/// `message` cut to at most `max` bytes at a character boundary, with `…`
/// when something was cut.
fn cut(message: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if message.len() <= max {
        return message.into();
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &message[..end]).into()
}

/// The refusal of a message over the address's socket budget.
fn over_budget_message(wait_seconds: u64) -> Message {
    let error = ApiError::RateLimited { wait_seconds };
    error_message(None, error.code(), &error.to_string())
}

/// What a game refused, with the code and message HTTP gives it. A stopped
/// actor is the exception: this connection is bound to it, so the client must
/// reconnect (an HTTP request looks the game up again by itself).
fn game_error_message(reference: Option<&str>, error: &GameError) -> Message {
    match error {
        GameError::Gone => error_message(
            reference,
            "unavailable",
            "the game is restarting: reconnect",
        ),
        error => error_message(reference, error.code(), &error.to_string()),
    }
}

async fn serve_socket(
    socket: WebSocket,
    state: AppState,
    id: GameId,
    handle: GameHandle,
    client: IpAddr,
    _permit: AddressPermit,
) {
    let (mut sink, mut stream) = socket.split();
    let hello = match tokio::time::timeout(HELLO_TIMEOUT, stream.next()).await {
        Ok(Some(Ok(Message::Text(body)))) => serde_json::from_str::<ClientMessage>(&body),
        Ok(Some(Ok(_))) => Err(serde::de::Error::custom("expected a text message")),
        _ => return,
    };
    let (version, token) = match hello {
        Ok(ClientMessage::Hello { version, token }) => {
            (version, token.map(|token| Secret::from_client(&token)))
        }
        Ok(ClientMessage::Action { .. }) => {
            let _ = sink
                .send(error_message(
                    None,
                    "hello-first",
                    "say hello first: {\"type\":\"hello\",\"version\":null}",
                ))
                .await;
            return;
        }
        Err(error) => {
            let _ = sink
                .send(error_message(None, "malformed", &error.to_string()))
                .await;
            return;
        }
    };
    let token_hash = token.as_ref().map(Secret::hash);
    let subscription = match handle.subscribe(token_hash, version).await {
        Ok(subscription) => subscription,
        Err(error) => {
            let _ = sink.send(game_error_message(None, &error)).await;
            return;
        }
    };
    let role = subscription.role;
    let mut live = subscription.live;
    let mut shutdown = state.shutdown.clone();
    // Pings find a connection whose network vanished without a close: one
    // that answers none of `missed_pongs` pings in a row (nor says anything
    // else) is closed, and its player shown as gone.
    let mut ping = tokio::time::interval(state.sockets.ping_interval);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ping.tick().await;
    let mut unanswered: u32 = 0;
    // A send waits no longer than a silent socket is given: a dead network
    // fills the send buffer, and the pings could not close it while a send
    // waits.
    let patience = state
        .sockets
        .ping_interval
        .saturating_mul(state.sockets.missed_pongs.saturating_add(1));
    let mut open = true;
    let mut refused_in_a_row = 0;
    for message in &subscription.catch_up {
        if !send_within(&mut sink, shared(message.clone()), patience).await {
            open = false;
            break;
        }
    }
    while open {
        tokio::select! {
            message = live.recv() => {
                let outgoing = match message {
                    Ok(json) => shared(json),
                    // Too slow to follow: one snapshot brings the client back.
                    Err(RecvError::Lagged(_)) => match handle.view(None).await {
                        Ok((view, _)) => text(ServerMessage::Snapshot { state: &view }.to_json()),
                        Err(_) => break,
                    },
                    Err(RecvError::Closed) => break,
                };
                open = send_within(&mut sink, outgoing, patience).await;
            }
            incoming = stream.next() => {
                unanswered = 0;
                // Every frame counts against the address's budget, junk,
                // pings and spectators' messages too; a socket that keeps on
                // over it is closed.
                if let Some(Ok(
                    Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_),
                )) = &incoming
                    && let Err(wait_seconds) = state.budgets.socket_messages.check(client)
                {
                    METRICS.count_refusal(RefusalReason::SocketMessages);
                    refused_in_a_row += 1;
                    if refused_in_a_row >= state.budgets.refusals_before_close {
                        let _ = sink.send(over_budget_message(wait_seconds)).await;
                        let close = CloseFrame {
                            code: close_code::POLICY,
                            reason: Utf8Bytes::from_static("rate-limited"),
                        };
                        let _ = sink.send(Message::Close(Some(close))).await;
                        break;
                    }
                    open = sink.send(over_budget_message(wait_seconds)).await.is_ok();
                    continue;
                }
                refused_in_a_row = 0;
                let reply = match incoming {
                    Some(Ok(Message::Text(body))) => {
                        answer(&state, &handle, &id, role, token.as_ref(), client, &body).await
                    }
                    Some(Ok(Message::Binary(_))) => {
                        Some(error_message(None, "malformed", "messages are JSON text"))
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if let Some(reply) = reply {
                    open = send_within(&mut sink, reply, patience).await;
                }
            }
            _ = ping.tick() => {
                if unanswered >= state.sockets.missed_pongs {
                    tracing::debug!(game = %id, %client, "no pong: closing the socket");
                    break;
                }
                unanswered += 1;
                open = send_within(&mut sink, Message::Ping(Default::default()), patience).await;
            }
            _ = shutdown.changed() => {
                send_within(&mut sink, Message::Close(None), patience).await;
                break;
            }
        }
    }
    handle.unsubscribe(role).await;
}

/// Sends `message` unless the client has not taken it within `patience`:
/// whether it was sent.
async fn send_within(
    sink: &mut SplitSink<WebSocket, Message>,
    message: Message,
    patience: Duration,
) -> bool {
    matches!(
        tokio::time::timeout(patience, sink.send(message)).await,
        Ok(Ok(()))
    )
}

/// The reply to one client message after the hello.
async fn answer(
    state: &AppState,
    handle: &GameHandle,
    id: &GameId,
    role: Role,
    token: Option<&Secret>,
    client: IpAddr,
    body: &str,
) -> Option<Message> {
    let (action, reference) = match serde_json::from_str::<ClientMessage>(body) {
        Ok(ClientMessage::Action { action, reference }) => (action, reference),
        Ok(ClientMessage::Hello { .. }) => {
            return Some(error_message(None, "malformed", "hello was already said"));
        }
        Err(error) => return Some(error_message(None, "malformed", &error.to_string())),
    };
    let reference = reference.as_deref();
    if reference.is_some_and(|reference| reference.len() > MAX_REF_BYTES) {
        return Some(error_message(
            None,
            "ref-too-long",
            &format!("a ref is at most {MAX_REF_BYTES} bytes: the action was not taken"),
        ));
    }
    let (Role::Seat(_), Some(token)) = (role, token) else {
        return Some(error_message(
            reference,
            "spectator",
            "spectators cannot act in the game",
        ));
    };
    if let Err(wait_seconds) = state.action_limiter.check(client) {
        METRICS.count_refusal(RefusalReason::Acting);
        let error = ApiError::RateLimited { wait_seconds };
        return Some(error_message(reference, error.code(), &error.to_string()));
    }
    match handle.act_for_version(token.hash(), action, client).await {
        Ok(version) => Some(text(ServerMessage::Ack { reference, version }.to_json())),
        Err(error) => {
            if error == GameError::Gone {
                tracing::warn!(game = %id, "actor stopped under a live connection");
            }
            Some(game_error_message(reference, &error))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cut;

    #[test]
    fn long_messages_are_cut_at_a_character_boundary() {
        assert_eq!(cut("short", 10), "short");
        let ascii = "a".repeat(300);
        let cut_ascii = cut(&ascii, 256);
        assert!(cut_ascii.len() <= 256 && cut_ascii.ends_with('…'));
        let cyrillic = "я".repeat(300);
        let cut_cyrillic = cut(&cyrillic, 256);
        assert!(cut_cyrillic.len() <= 256 && cut_cyrillic.ends_with('…'));
    }
}
