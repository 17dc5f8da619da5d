//! The changes other nodes commit, heard through PostgreSQL itself: a trigger
//! on `actions` (migration `0006_logged_actions.sql`) announces every logged
//! action, with its text, on channel `narabe_actions`; a trigger on `games`
//! (`0004_game_changes.sql`) tells of seats taken and rematches linked on
//! `narabe_games`; each node listens on a connection of its own.
//!
//! A node applies an announced action directly when it is the next one it
//! lacks, and reads the tables when a ply is missing or for new seats. Notifications can be
//! lost while the listening connection is down (PostgreSQL keeps none for a
//! listener that is not connected), so every (re)connection is followed by a
//! [`FeedEvent::Resync`]: the node then checks every game it holds against
//! the tables, and the versions make any gap visible.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use narabe_rules::Player;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use tokio::sync::mpsc;
use tracing::{info, warn};

use super::ActionRecord;

/// The channel the trigger notifies.
pub(super) const CHANNEL: &str = "narabe_games";

/// The channel on which every logged action is announced (see
/// [`LoggedAction`]).
pub(super) const ACTIONS_CHANNEL: &str = "narabe_actions";

/// The channel on which nodes tell each other who is connected to them
/// (`<id> <node> <seat> <1|0>`, see [`PresenceChange`]).
pub(super) const PRESENCE_CHANNEL: &str = "narabe_presence";

/// The listener's name in `pg_stat_activity`, so that an operator (or a
/// test) can tell its connection apart.
pub const LISTENER_APPLICATION_NAME: &str = "narabe-listener";

/// Events waiting for the node beyond this make the listener wait.
const FEED_CAPACITY: usize = 4096;

/// The pause before connecting the listener again after a failure.
const RECONNECT_PAUSE: Duration = Duration::from_millis(500);

/// A committed change of one game, as the notification tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameChange {
    /// The game's id.
    pub id: String,
    /// The number of actions in its log after the change.
    pub ply: i64,
    /// Whether each seat (first, second) is taken.
    pub seats_taken: [bool; 2],
    /// Whether the game has a rematch.
    pub rematch: bool,
}

impl GameChange {
    /// Reads a notification's payload; `None` for anything else.
    #[must_use]
    pub(crate) fn parse(payload: &str) -> Option<GameChange> {
        let mut parts = payload.split(' ');
        let id = parts.next()?;
        let ply = parts.next()?.parse().ok()?;
        let seats = parts.next()?.as_bytes();
        let rematch = parts.next()?;
        if parts.next().is_some() || id.is_empty() || seats.len() != 2 {
            return None;
        }
        let flag = |byte: u8| match byte {
            b'0' => Some(false),
            b'1' => Some(true),
            _ => None,
        };
        Some(GameChange {
            id: id.to_owned(),
            ply,
            seats_taken: [flag(seats[0])?, flag(seats[1])?],
            rematch: flag(*rematch.as_bytes().first()?).filter(|_| rematch.len() == 1)?,
        })
    }
}

/// An action committed to a game's log, as its notification carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LoggedAction {
    /// The game's id.
    pub id: String,
    /// The action's ply (0 for the first).
    pub ply: i64,
    /// The action as the log holds it.
    pub record: ActionRecord,
}

impl LoggedAction {
    /// Reads a notification's payload (`<id> <ply> <seat> <at> <action>`,
    /// the action's text may hold spaces); `None` for anything else.
    pub(crate) fn parse(payload: &str) -> Option<LoggedAction> {
        let mut parts = payload.splitn(5, ' ');
        let id = parts.next().filter(|id| !id.is_empty())?;
        let ply = parts.next()?.parse().ok()?;
        let seat = parts.next().filter(|seat| !seat.is_empty())?;
        let at = parts.next()?.parse().ok()?;
        let action = parts.next().filter(|action| !action.is_empty())?;
        Some(LoggedAction {
            id: id.to_owned(),
            ply,
            record: ActionRecord::new(seat, action, at),
        })
    }
}

/// A node's word on whether a seat's player is connected to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PresenceChange {
    /// The game's id.
    pub id: String,
    /// The node that says it.
    pub node: String,
    /// The seat.
    pub seat: Player,
    /// Whether the seat's player has a connection to that node.
    pub present: bool,
}

impl PresenceChange {
    /// The notification's payload.
    pub(crate) fn payload(&self) -> String {
        format!(
            "{} {} {} {}",
            self.id,
            self.node,
            self.seat.name(),
            u8::from(self.present)
        )
    }

    /// Reads a notification's payload (a node id may hold spaces); `None`
    /// for anything else.
    pub(crate) fn parse(payload: &str) -> Option<PresenceChange> {
        let (id, rest) = payload.split_once(' ')?;
        let (rest, present) = rest.rsplit_once(' ')?;
        let (node, seat) = rest.rsplit_once(' ')?;
        let present = match present {
            "1" => true,
            "0" => false,
            _ => return None,
        };
        if id.is_empty() || node.is_empty() {
            return None;
        }
        Some(PresenceChange {
            id: id.to_owned(),
            node: node.to_owned(),
            seat: seat.parse().ok()?,
            present,
        })
    }
}

/// What the feed delivers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FeedEvent {
    /// A game's seats or rematch changed.
    Changed(GameChange),
    /// An action was committed to a game's log.
    Logged(LoggedAction),
    /// A node said who of a game's players is connected to it.
    Presence(PresenceChange),
    /// The listener (re)connected: changes may have been missed, so every
    /// game held must be checked against the tables.
    Resync,
}

/// The receiving end of the change feed, and whether its listener is
/// connected now. The listener stops when this is dropped.
#[derive(Debug)]
pub(crate) struct ChangeFeed {
    events: mpsc::Receiver<FeedEvent>,
    connected: Arc<AtomicBool>,
}

impl ChangeFeed {
    /// The next event; `None` once the listener has stopped.
    pub(crate) async fn recv(&mut self) -> Option<FeedEvent> {
        self.events.recv().await
    }

    /// A flag that says whether the listener is connected now, for the
    /// readiness check.
    #[must_use]
    pub(crate) fn connected(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.connected)
    }
}

/// Starts a listener on a connection of its own to the database of `pool`.
pub(super) fn listen(pool: &PgPool) -> ChangeFeed {
    let options = (*pool.connect_options())
        .clone()
        .application_name(LISTENER_APPLICATION_NAME);
    let own = PgPoolOptions::new()
        .max_connections(1)
        .connect_lazy_with(options);
    let (sender, events) = mpsc::channel(FEED_CAPACITY);
    let connected = Arc::new(AtomicBool::new(false));
    tokio::spawn(run(own, sender, Arc::clone(&connected)));
    ChangeFeed { events, connected }
}

async fn run(pool: PgPool, sender: mpsc::Sender<FeedEvent>, connected: Arc<AtomicBool>) {
    let mut reconnecting = false;
    while !sender.is_closed() {
        let listener = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener
                .listen_all([CHANNEL, ACTIONS_CHANNEL, PRESENCE_CHANNEL])
                .await?;
            Ok::<_, sqlx::Error>(listener)
        };
        let mut listener = tokio::select! {
            () = sender.closed() => break,
            listener = listener => match listener {
                Ok(listener) => listener,
                Err(error) => {
                    if !reconnecting {
                        warn!(%error, "the change listener cannot connect; retrying");
                    }
                    reconnecting = true;
                    tokio::time::sleep(RECONNECT_PAUSE).await;
                    continue;
                }
            },
        };
        connected.store(true, Ordering::Relaxed);
        if reconnecting {
            info!("the change listener is connected again");
        }
        reconnecting = false;
        // Whatever was committed before now was not heard.
        if sender.send(FeedEvent::Resync).await.is_err() {
            break;
        }
        loop {
            let received = tokio::select! {
                () = sender.closed() => break,
                received = listener.try_recv() => received,
            };
            let event = match received {
                Ok(Some(notification)) if notification.channel() == ACTIONS_CHANNEL => {
                    match LoggedAction::parse(notification.payload()) {
                        Some(action) => FeedEvent::Logged(action),
                        None => continue,
                    }
                }
                Ok(Some(notification)) if notification.channel() == PRESENCE_CHANNEL => {
                    match PresenceChange::parse(notification.payload()) {
                        Some(change) => FeedEvent::Presence(change),
                        None => continue,
                    }
                }
                Ok(Some(notification)) => match GameChange::parse(notification.payload()) {
                    Some(change) => FeedEvent::Changed(change),
                    None => continue,
                },
                // Lost and connected again at once: notifications in between
                // are gone.
                Ok(None) => FeedEvent::Resync,
                Err(error) => {
                    connected.store(false, Ordering::Relaxed);
                    warn!(%error, "the change listener lost its connection; reconnecting");
                    reconnecting = true;
                    break;
                }
            };
            if sender.send(event).await.is_err() {
                break;
            }
        }
        if reconnecting {
            tokio::time::sleep(RECONNECT_PAUSE).await;
        }
    }
    connected.store(false, Ordering::Relaxed);
    pool.close().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_read_and_anything_else_refused() {
        assert_eq!(
            GameChange::parse("x7Kq-abc_123 17 10 0"),
            Some(GameChange {
                id: "x7Kq-abc_123".to_owned(),
                ply: 17,
                seats_taken: [true, false],
                rematch: false,
            })
        );
        assert_eq!(
            GameChange::parse("g 0 11 1").map(|change| (change.seats_taken, change.rematch)),
            Some(([true, true], true))
        );
        for bad in [
            "",
            "g",
            "g 1",
            "g 1 10",
            "g x 10 0",
            "g 1 1 0",
            "g 1 12 0",
            "g 1 10 2",
            "g 1 10 01",
            "g 1 10 0 extra",
            " 1 10 0",
        ] {
            assert_eq!(GameChange::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn action_payloads_are_read_and_anything_else_refused() {
        assert_eq!(
            LoggedAction::parse("x7Kq 4 second 1700000000123 offer h8 i9 j10"),
            Some(LoggedAction {
                id: "x7Kq".to_owned(),
                ply: 4,
                record: ActionRecord::new("second", "offer h8 i9 j10", 1_700_000_000_123),
            })
        );
        for bad in [
            "",
            "g",
            "g 1 first 5",
            "g x first 5 place h8",
            "g 1 first x place h8",
            " 1 first 5 a",
            "g 1  5 a",
        ] {
            assert_eq!(LoggedAction::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn presence_payloads_round_trip_and_anything_else_is_refused() {
        let change = PresenceChange {
            id: "x7Kq".to_owned(),
            node: "host a-12".to_owned(),
            seat: Player::Second,
            present: true,
        };
        assert_eq!(change.payload(), "x7Kq host a-12 second 1");
        assert_eq!(PresenceChange::parse(&change.payload()), Some(change));
        for bad in [
            "",
            "g",
            "g n first",
            "g n third 1",
            "g n first 2",
            " n first 1",
            "g  first 1",
        ] {
            assert_eq!(PresenceChange::parse(bad), None, "{bad:?}");
        }
    }
}
