//! Where a tournament's game tells of its end: the game actor sends its
//! tournament's id and its own, and the tournament reads the result from
//! the store (the summary the game just wrote).

use tokio::sync::mpsc;

/// A tournament's game that ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FinishedGame {
    /// The tournament.
    pub tournament: String,
    /// The game.
    pub game: String,
}

/// The sending side; cloning shares it. A server without tournaments (or a
/// test of the games alone) has none, and the notice goes nowhere: the
/// tournaments find finished games in the store by themselves too.
#[derive(Debug, Clone, Default)]
pub(crate) struct FinishedGameNotices {
    sender: Option<mpsc::UnboundedSender<FinishedGame>>,
}

impl FinishedGameNotices {
    /// Notices sent to `sender`.
    pub(crate) fn new(sender: mpsc::UnboundedSender<FinishedGame>) -> FinishedGameNotices {
        FinishedGameNotices {
            sender: Some(sender),
        }
    }

    /// Tells `tournament` that its `game` ended.
    pub(crate) fn tell(&self, tournament: &str, game: &str) {
        if let Some(sender) = &self.sender {
            // A closed receiver is a server stopping: nobody to tell.
            let _ = sender.send(FinishedGame {
                tournament: tournament.to_owned(),
                game: game.to_owned(),
            });
        }
    }
}
