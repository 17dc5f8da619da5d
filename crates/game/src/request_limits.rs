//! How often a player may ask something of the opponent in one game: a
//! draw, a takeback, a rematch. Without a limit an offer-and-decline loop
//! (or a request granted at once by the computer) grows a game's log without
//! end; with it, a game's log is bounded by its board (every stone or pass
//! moves the game on, two passes end it) plus these counts.

use narabe_rules::Player;

/// Something one player asks of the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Request {
    /// `draw offer` (answering the opponent's offer by offering too does not
    /// count: it agrees).
    Draw,
    /// `takeback request`.
    Takeback,
    /// `rematch offer` (after the end).
    Rematch,
}

impl Request {
    /// How many times each player may ask it in one game: about what a
    /// friendly game ever needs (lichess lets a draw be offered once per
    /// move pair and a takeback be asked a few times).
    #[must_use]
    pub const fn limit(self) -> u8 {
        match self {
            Request::Draw | Request::Takeback => 10,
            Request::Rematch => 5,
        }
    }

    /// The action that makes it: `draw offer`, `takeback request`, `rematch offer`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Request::Draw => "draw offer",
            Request::Takeback => "takeback request",
            Request::Rematch => "rematch offer",
        }
    }

    const fn index(self) -> usize {
        match self {
            Request::Draw => 0,
            Request::Takeback => 1,
            Request::Rematch => 2,
        }
    }
}

/// The requests each player has made so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct RequestCounts([[u8; 3]; 2]);

impl RequestCounts {
    /// Counts one more `request` by `player`.
    pub(crate) fn count(&mut self, player: Player, request: Request) {
        let slot = &mut self.0[player.index()][request.index()];
        *slot = slot.saturating_add(1);
    }

    /// Whether `player` has used up `request`.
    pub(crate) fn exhausted(&self, player: Player, request: Request) -> bool {
        self.0[player.index()][request.index()] >= request.limit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_has_their_own_count() {
        let mut counts = RequestCounts::default();
        for _ in 0..Request::Rematch.limit() {
            assert!(!counts.exhausted(Player::First, Request::Rematch));
            counts.count(Player::First, Request::Rematch);
        }
        assert!(counts.exhausted(Player::First, Request::Rematch));
        assert!(!counts.exhausted(Player::Second, Request::Rematch));
        assert!(!counts.exhausted(Player::First, Request::Draw));
    }
}
