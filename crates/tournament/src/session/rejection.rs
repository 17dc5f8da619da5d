use crate::PlayerId;

/// Why the session refused an entry; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The nickname is empty, too long or has control characters.
    #[error("a nickname is 1 to {max} characters, letters, digits, spaces and punctuation")]
    BadName {
        /// The longest allowed, in characters.
        max: usize,
    },
    /// Somebody in this tournament has that nickname already.
    #[error("somebody in this tournament is called {0:?} already")]
    NameTaken(String),
    /// The tournament is full.
    #[error("the tournament is full ({max} players)")]
    Full {
        /// Its limit.
        max: usize,
    },
    /// Joining is closed: a round robin that has started, or a tournament
    /// that is over or in its last round.
    #[error("this tournament takes no more players")]
    JoiningClosed,
    /// No such player.
    #[error("no player {0}")]
    NoSuchPlayer(PlayerId),
    /// The player's state does not allow it (already withdrawn, not paused, ...).
    #[error("player {player} cannot do that now: {why}")]
    PlayerState {
        /// Who.
        player: PlayerId,
        /// What stands in the way.
        why: &'static str,
    },
    /// The tournament's state does not allow it (not started, over, halted, ...).
    #[error("the tournament cannot do that now: {0}")]
    TournamentState(&'static str),
    /// Starting needs two players.
    #[error("a tournament needs at least two players to start")]
    TooFewPlayers,
    /// The round's pairing failed (every pairing left would repeat a game).
    #[error("the next round cannot be paired: {0}")]
    Unpairable(String),
    /// An entry refers to a round, line or game that does not exist or does
    /// not fit.
    #[error("{0}")]
    Mismatch(String),
    /// The organiser's message or reason is empty or too long.
    #[error("a message is 1 to {max} characters")]
    BadText {
        /// The longest allowed.
        max: usize,
    },
}
