use serde::{Deserialize, Serialize};

/// The tournament's "colour": which player starts the game's opening.
///
/// In chess terms `First` is White. In renju the first player places the
/// opening's first stones (tentative Black under RIF or Yamaguchi), in gomoku
/// the first player is Black; either way it is the side the pairing rules
/// balance, and it is what a TRF file writes as `w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player who starts the opening (TRF `w`).
    First,
    /// The other player (TRF `b`).
    Second,
}

impl Side {
    /// The other side.
    pub fn opposite(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}
