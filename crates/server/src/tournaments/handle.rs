//! The cloneable handle of a tournament's actor: a command and a oneshot
//! reply per call.

use std::sync::Arc;

use narabe_tournament::PlayerId;
use narabe_tournament::session::TournamentSession;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::TournamentError;
use super::setup::TournamentSetup;
use super::view::TournamentView;
use crate::secret::SecretHash;

/// Who is asking: someone with the link, a player, or the organiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Viewer {
    /// No token, or one that holds no place.
    Spectator,
    /// The player with this id.
    Player(PlayerId),
    /// The organiser.
    Organiser,
}

/// What a player or the organiser asks the tournament to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TournamentAction {
    /// A player leaves for good.
    Withdraw,
    /// A player sits out the coming rounds.
    Pause,
    /// A paused player is back.
    Resume,
    /// The organiser starts the tournament.
    Start,
    /// The organiser pairs the next round (manual rounds, or early).
    NextRound,
    /// The organiser stops the pairing.
    Halt,
    /// The organiser lets the pairing go on.
    Continue,
    /// The organiser ends the tournament.
    End,
    /// The organiser removes a player.
    Remove(PlayerId),
    /// The organiser lets a withdrawn player back.
    Readmit(PlayerId),
    /// The organiser sets a game's result, with a reason.
    Adjust {
        /// The round, from 1.
        round: usize,
        /// The line, from 0.
        line: usize,
        /// The result.
        result: narabe_tournament::GameResult,
        /// Why.
        reason: String,
    },
    /// The organiser tells everyone something.
    Announce(String),
}

/// What the actor takes.
pub(super) enum Command {
    View {
        token: Option<SecretHash>,
        reply: oneshot::Sender<(Arc<TournamentView>, Viewer)>,
    },
    Join {
        name: String,
        rating: u32,
        token: SecretHash,
        reply: oneshot::Sender<Result<PlayerId, TournamentError>>,
    },
    Act {
        token: SecretHash,
        action: TournamentAction,
        reply: oneshot::Sender<Result<Viewer, TournamentError>>,
    },
    Subscribe {
        reply: oneshot::Sender<(Arc<str>, broadcast::Receiver<Arc<str>>)>,
    },
    Snapshot {
        reply: oneshot::Sender<(TournamentSetup, Box<TournamentSession>)>,
    },
    GameEnded {
        game: String,
    },
}

/// A tournament's actor, reached from anywhere on this node.
#[derive(Debug, Clone)]
pub(crate) struct TournamentHandle {
    pub(super) sender: mpsc::Sender<Command>,
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Command::View { .. } => "View",
            Command::Join { .. } => "Join",
            Command::Act { .. } => "Act",
            Command::Subscribe { .. } => "Subscribe",
            Command::Snapshot { .. } => "Snapshot",
            Command::GameEnded { .. } => "GameEnded",
        })
    }
}

impl TournamentHandle {
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, TournamentError> {
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(make(reply))
            .await
            .map_err(|_| TournamentError::Gone)?;
        answer.await.map_err(|_| TournamentError::Gone)
    }

    /// The view, and who `token` makes the asker.
    pub(crate) async fn view(
        &self,
        token: Option<SecretHash>,
    ) -> Result<(Arc<TournamentView>, Viewer), TournamentError> {
        self.ask(|reply| Command::View { token, reply }).await
    }

    /// Joins with `name` and the hash of the new player's token.
    pub(crate) async fn join(
        &self,
        name: String,
        rating: u32,
        token: SecretHash,
    ) -> Result<PlayerId, TournamentError> {
        self.ask(|reply| Command::Join {
            name,
            rating,
            token,
            reply,
        })
        .await?
    }

    /// Does `action` for the holder of `token`; who they are.
    pub(crate) async fn act(
        &self,
        token: SecretHash,
        action: TournamentAction,
    ) -> Result<Viewer, TournamentError> {
        self.ask(|reply| Command::Act {
            token,
            action,
            reply,
        })
        .await?
    }

    /// The socket message of the tournament now, and every later one.
    pub(crate) async fn subscribe(
        &self,
    ) -> Result<(Arc<str>, broadcast::Receiver<Arc<str>>), TournamentError> {
        self.ask(|reply| Command::Subscribe { reply }).await
    }

    /// The setup and a copy of the session, for the exports.
    pub(crate) async fn snapshot(
        &self,
    ) -> Result<(TournamentSetup, Box<TournamentSession>), TournamentError> {
        self.ask(|reply| Command::Snapshot { reply }).await
    }

    /// Tells the tournament that its `game` ended.
    pub(crate) async fn game_ended(&self, game: String) {
        // A stopped actor reads every result from the store when it starts.
        let _ = self.sender.send(Command::GameEnded { game }).await;
    }
}
