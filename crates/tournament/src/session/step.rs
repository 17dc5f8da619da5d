use crate::Round;

/// What the server must do for the tournament now, as the session sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Start it (its start time has come).
    Start,
    /// Create these games and log them as [`Entry::RoundPaired`](super::Entry):
    /// the next round, or the arena's next batch.
    Pair(Round),
    /// Look at these games: a player to move who has not made a move since
    /// the game began loses by forfeit.
    CheckNoShows(Vec<String>),
    /// End it: everything is played.
    End,
}
