//! The two players of a game, whatever colour they hold.

use std::fmt;
use std::str::FromStr;

/// One of the two seats of a game.
///
/// `First` is player A of RULES.md §5: the one who starts and tentatively holds
/// the first colour (Black, or White in Pente). Which colour each player holds can
/// change with swaps; the players themselves never do.
///
/// ```
/// use narabe_rules::Player;
/// assert_eq!(Player::First.other(), Player::Second);
/// assert_eq!("second".parse::<Player>()?, Player::Second);
/// assert_eq!(Player::First.to_string(), "first");
/// # Ok::<(), narabe_rules::ParsePlayerError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum Player {
    /// Player A: moves first.
    First,
    /// Player B.
    Second,
}

impl Player {
    /// Both players, `First` first.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `0` for the first player, `1` for the second: an index into per-player
    /// arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// `first` or `second`, as in every text form.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was neither `first` nor `second`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a player: {0:?} (expected first or second)")]
pub struct ParsePlayerError(pub String);

impl FromStr for Player {
    type Err = ParsePlayerError;

    fn from_str(text: &str) -> Result<Player, ParsePlayerError> {
        Player::ALL
            .into_iter()
            .find(|player| player.name() == text)
            .ok_or_else(|| ParsePlayerError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for player in Player::ALL {
            assert_eq!(player.name().parse(), Ok(player));
            assert_eq!(player.other().other(), player);
            assert_ne!(player.other(), player);
        }
        assert!("First".parse::<Player>().is_err());
        assert!("a".parse::<Player>().is_err());
    }
}
