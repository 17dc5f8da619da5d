//! The handle to a game's actor and the messages it understands: what HTTP
//! handlers, sockets and the deadline scheduler use to talk to a game.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use narabe_rules::Player;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::game_error::GameError;
use crate::secret::{Secret, SecretHash};
use crate::wire::GameView;

/// Who a connection acts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A player's seat.
    Seat(Player),
    /// A spectator.
    Spectator,
}

/// One serialised server message, shared by every connection it goes to: made
/// once per event, then cloned by reference count (no copy per recipient).
pub(crate) type SharedMessage = Utf8Bytes;

/// A connection's feed: what to send first, then the live messages.
#[derive(Debug)]
pub(crate) struct Subscription {
    /// The seat the connection acts for, if any.
    pub role: Role,
    /// Messages to send before the live ones: the welcome, then the missed events
    /// or a snapshot.
    pub catch_up: Vec<SharedMessage>,
    /// Live messages of the game.
    pub live: broadcast::Receiver<SharedMessage>,
}

/// An accepted action: the state JSON after it.
#[derive(Debug, Clone)]
pub(crate) struct Accepted {
    /// The game view after the action, as JSON (its `version` is the version
    /// after the action).
    pub state: Arc<str>,
}

pub(super) enum Command {
    /// A tournament's no-show check: the player to move, if they have not
    /// moved yet, loses the game by forfeit (it is aborted in their name).
    ForfeitAbsent {
        reply: oneshot::Sender<Result<bool, GameError>>,
    },
    View {
        token: Option<SecretHash>,
        reply: oneshot::Sender<(GameView, Option<Player>)>,
    },
    Act {
        token: SecretHash,
        action: String,
        /// The address it came from (whose computer games count it).
        origin: IpAddr,
        reply: ActReply,
    },
    /// An action of a seat the caller has authorised itself (a bot's key).
    ActAsSeat {
        seat: Player,
        action: String,
        origin: IpAddr,
        reply: oneshot::Sender<Result<u64, GameError>>,
    },
    /// A connection of a seat the caller has authorised itself.
    SubscribeAsSeat {
        seat: Player,
        since: Option<u64>,
        reply: oneshot::Sender<Subscription>,
    },
    Join {
        invite: SecretHash,
        reply: oneshot::Sender<Result<(Player, Secret), GameError>>,
    },
    Invitation {
        invite: SecretHash,
        reply: oneshot::Sender<Option<Invitation>>,
    },
    RematchOf {
        reply: oneshot::Sender<Option<String>>,
    },
    TakeRematchSeat {
        seat: Player,
        token: SecretHash,
        reply: oneshot::Sender<Result<(), GameError>>,
    },
    Subscribe {
        token: Option<SecretHash>,
        since: Option<u64>,
        reply: oneshot::Sender<Result<Subscription, GameError>>,
    },
    Unsubscribe {
        role: Role,
    },
    Poke,
    Log {
        reply: oneshot::Sender<String>,
    },
    Record {
        reply: oneshot::Sender<narabe_records::Record>,
    },
    /// The computer's job `job` has its place in the engine pool.
    ComputerStarted {
        job: u64,
    },
    /// The computer's job `job` found its turn held by another node until
    /// `until` (server time).
    ComputerTurnElsewhere {
        job: u64,
        until: narabe_game::Millis,
    },
    /// The computer's answer, from its job `job`.
    Computer {
        job: u64,
        action: Option<narabe_game::SessionAction>,
    },
    Analysis {
        ply: Option<usize>,
        token: Option<SecretHash>,
        reply: oneshot::Sender<Result<narabe_rules::Position, GameError>>,
    },
    /// A change of the game was committed (by this node or another of the
    /// cluster); `None` when changes may have been missed.
    Changed {
        change: Option<crate::store::GameChange>,
    },
    /// An action was committed to the game's log (by this node or another).
    Logged {
        action: crate::store::LoggedAction,
    },
    /// Another node said who of the game's players is connected to it.
    RemotePresence {
        change: crate::store::PresenceChange,
    },
    /// The game was deleted from the store: the actor ends.
    Stop,
}

/// Where the outcome of an action goes: with the state (HTTP answers with it) or
/// the version alone (a WebSocket ack; the state reaches the socket with the
/// event), which spares building and serialising the view a second time.
pub(super) enum ActReply {
    State(oneshot::Sender<Result<Accepted, GameError>>),
    Version(oneshot::Sender<Result<u64, GameError>>),
}

/// What an invite code opens: a seat, and whether it is still free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Invitation {
    /// The seat the invite is for.
    pub seat: Player,
    /// Whether nobody holds that seat yet.
    pub open: bool,
}

/// A cloneable handle to a game's actor.
#[derive(Debug, Clone)]
pub(crate) struct GameHandle {
    pub(super) sender: mpsc::Sender<Command>,
}

impl Command {
    /// The seat token the command comes with, if any.
    pub(super) fn token(&self) -> Option<&SecretHash> {
        match self {
            Command::Act { token, .. } => Some(token),
            Command::View { token, .. }
            | Command::Subscribe { token, .. }
            | Command::Analysis { token, .. } => token.as_ref(),
            _ => None,
        }
    }
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Command")
    }
}

impl GameHandle {
    /// Whether the actor has stopped.
    #[must_use]
    pub(super) fn is_closed(&self) -> bool {
        self.sender.is_closed()
    }

    /// Sends the command `make` builds around a reply channel and waits for
    /// the reply; [`GameError::Gone`] when the actor stops first.
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, GameError> {
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(make(reply))
            .await
            .map_err(|_| GameError::Gone)?;
        answer.await.map_err(|_| GameError::Gone)
    }

    /// A tournament's no-show check (see `Command::ForfeitAbsent`): whether
    /// the player to move had not moved and so lost the game.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused or could not store.
    pub(crate) async fn forfeit_absent(&self) -> Result<bool, GameError> {
        self.ask(|reply| Command::ForfeitAbsent { reply }).await?
    }

    /// The game view, and the seat `token` holds (if it holds one).
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn view(
        &self,
        token: Option<SecretHash>,
    ) -> Result<(GameView, Option<Player>), GameError> {
        self.ask(|reply| Command::View { token, reply }).await
    }

    /// Applies `action` (game-log text form) for the seat `token` holds, sent
    /// from the address `origin`.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn act(
        &self,
        token: SecretHash,
        action: String,
        origin: IpAddr,
    ) -> Result<Accepted, GameError> {
        self.ask(|reply| Command::Act {
            token,
            action,
            origin,
            reply: ActReply::State(reply),
        })
        .await?
    }

    /// Applies `action` like [`GameHandle::act`] but answers with the version
    /// after it alone.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn act_for_version(
        &self,
        token: SecretHash,
        action: String,
        origin: IpAddr,
    ) -> Result<u64, GameError> {
        self.ask(|reply| Command::Act {
            token,
            action,
            origin,
            reply: ActReply::Version(reply),
        })
        .await?
    }

    /// Applies `action` for `seat`, which the caller has authorised itself
    /// (the bots map a bot's key to its seat), answering the version after
    /// it.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn act_as_seat(
        &self,
        seat: Player,
        action: String,
        origin: IpAddr,
    ) -> Result<u64, GameError> {
        self.ask(|reply| Command::ActAsSeat {
            seat,
            action,
            origin,
            reply,
        })
        .await?
    }

    /// Subscribes a connection of `seat`, which the caller has authorised
    /// itself: it counts as the seat's presence, like a player's socket.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn subscribe_as_seat(
        &self,
        seat: Player,
        since: Option<u64>,
    ) -> Result<Subscription, GameError> {
        self.ask(|reply| Command::SubscribeAsSeat { seat, since, reply })
            .await
    }

    /// Takes the open seat the invite code opens, returning its seat and token.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn join(&self, invite: SecretHash) -> Result<(Player, Secret), GameError> {
        self.ask(|reply| Command::Join { invite, reply }).await?
    }

    /// The seat an invite code is for and whether it is open, without taking
    /// it; `None` when the code is no invite of this game.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn invitation(
        &self,
        invite: SecretHash,
    ) -> Result<Option<Invitation>, GameError> {
        self.ask(|reply| Command::Invitation { invite, reply })
            .await
    }

    /// The game this one is the rematch of, if it is one.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn rematch_of(&self) -> Result<Option<String>, GameError> {
        self.ask(|reply| Command::RematchOf { reply }).await
    }

    /// Gives `seat` of this rematch to the seat token hashing to `token`
    /// (the token derived from the one of the game before); taking it again
    /// with the same token is fine.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn take_rematch_seat(
        &self,
        seat: Player,
        token: SecretHash,
    ) -> Result<(), GameError> {
        self.ask(|reply| Command::TakeRematchSeat { seat, token, reply })
            .await?
    }

    /// Subscribes a connection.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn subscribe(
        &self,
        token: Option<SecretHash>,
        since: Option<u64>,
    ) -> Result<Subscription, GameError> {
        self.ask(|reply| Command::Subscribe {
            token,
            since,
            reply,
        })
        .await?
    }

    /// Tells the actor a connection closed.
    pub(crate) async fn unsubscribe(&self, role: Role) {
        // A stopped actor has no connections to count.
        let _ = self.sender.send(Command::Unsubscribe { role }).await;
    }

    /// Tells the actor its game was deleted, so that it ends (and with it the
    /// game's connections) instead of serving a game the store no longer has.
    pub(super) async fn stop(&self) {
        // A stopped actor has nothing more to end.
        let _ = self.sender.send(Command::Stop).await;
    }

    /// Tells the actor of a committed change (`None`: changes may have been
    /// missed), without waiting: a full mailbox gets it from a task of its
    /// own, so the change feed never waits for one busy game.
    pub(super) fn changed(&self, change: Option<crate::store::GameChange>) {
        self.send_without_waiting(Command::Changed { change });
    }

    /// Tells the actor of an action committed to its log, without waiting
    /// (as [`GameHandle::changed`]).
    pub(super) fn logged(&self, action: crate::store::LoggedAction) {
        self.send_without_waiting(Command::Logged { action });
    }

    /// Sends `command` at once, or from a task of its own when the mailbox
    /// is full, so the change feed never waits for one busy game.
    fn send_without_waiting(&self, command: Command) {
        match self.sender.try_send(command) {
            Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => {}
            Err(mpsc::error::TrySendError::Full(command)) => {
                let sender = self.sender.clone();
                tokio::spawn(async move {
                    // A stopped actor needs nothing more.
                    let _ = sender.send(command).await;
                });
            }
        }
    }

    /// Tells the actor what another node said of its players' connections,
    /// without waiting (as [`GameHandle::changed`]).
    pub(super) fn remote_presence(&self, change: crate::store::PresenceChange) {
        self.send_without_waiting(Command::RemotePresence { change });
    }

    /// Asks the actor to check its deadlines now.
    pub(super) async fn poke(&self) -> Result<(), GameError> {
        self.sender
            .send(Command::Poke)
            .await
            .map_err(|_| GameError::Gone)
    }

    /// The position to analyse after `ply` board moves (all when `None`), if
    /// the game may be analysed now (see `docs/engine-in-server.md`).
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped, else what the game
    /// refused.
    pub(crate) async fn analysis_position(
        &self,
        ply: Option<usize>,
        token: Option<SecretHash>,
    ) -> Result<narabe_rules::Position, GameError> {
        self.ask(|reply| Command::Analysis { ply, token, reply })
            .await?
    }

    /// The game log as text: one line per action, `seat at action`.
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn log_text(&self) -> Result<String, GameError> {
        self.ask(|reply| Command::Log { reply }).await
    }

    /// The game as a record to download (`narabe-records`).
    ///
    /// # Errors
    ///
    /// [`GameError::Gone`] when the actor has stopped.
    pub(crate) async fn record(&self) -> Result<narabe_records::Record, GameError> {
        self.ask(|reply| Command::Record { reply }).await
    }
}
