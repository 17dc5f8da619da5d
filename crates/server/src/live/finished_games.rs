//! Where a game that belongs to something tells of its end: a tournament's
//! game sends its tournament's id and its own, and the tournament reads the
//! result from the store (the summary the game just wrote); a bots' game
//! sends its own id, and the bots' event streams read it from the store.

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
    bots: Option<mpsc::UnboundedSender<String>>,
}

impl FinishedGameNotices {
    /// Notices of tournaments' games sent to `tournaments`, of bots' games
    /// (their ids) to `bots`.
    pub(crate) fn new(
        tournaments: mpsc::UnboundedSender<FinishedGame>,
        bots: mpsc::UnboundedSender<String>,
    ) -> FinishedGameNotices {
        FinishedGameNotices {
            sender: Some(tournaments),
            bots: Some(bots),
        }
    }

    /// Tells the bots holding seats of `game` that it ended.
    pub(crate) fn tell_bots(&self, game: &str) {
        if let Some(sender) = &self.bots {
            // A closed receiver is a server stopping: nobody to tell.
            let _ = sender.send(game.to_owned());
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
