use serde::{Deserialize, Serialize};

/// A tie-break: what separates players with the same points, applied in the
/// order the organiser chose.
///
/// - **Buchholz**: the sum of the opponents' final scores. A round without a
///   game over the board (a bye, an absence, a forfeit either way) counts as
///   an opponent with the player's own final score, so a bye neither helps nor
///   harms (in the spirit of FIDE's tie-break rules, C.07).
/// - **Median Buchholz**: the same without the highest and the lowest of
///   those scores (with at least three rounds).
/// - **Sonneborn-Berger**: the final scores of the opponents beaten, plus
///   half those of the opponents drawn (games over the board only).
/// - **Wins**: games won over the board.
/// - **Direct encounter**: among the players still level, the points they
///   scored against each other, when every two of them have met; otherwise
///   it leaves them level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    /// The sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the best and the worst opponent.
    MedianBuchholz,
    /// The scores of the opponents beaten, and half of those drawn.
    SonnebornBerger,
    /// Games won over the board.
    Wins,
    /// The games among the players still level.
    DirectEncounter,
}

impl Tiebreak {
    /// Every tie-break, in the default order of a Swiss tournament.
    pub const SWISS_DEFAULT: [Tiebreak; 4] = [
        Tiebreak::MedianBuchholz,
        Tiebreak::Buchholz,
        Tiebreak::DirectEncounter,
        Tiebreak::Wins,
    ];

    /// The default order of a round robin, where Buchholz says nothing.
    pub const ROUND_ROBIN_DEFAULT: [Tiebreak; 3] = [
        Tiebreak::DirectEncounter,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
    ];

    /// The short name standings tables use (`BH`, `MBH`, `SB`, `WIN`, `DE`).
    pub fn abbreviation(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "BH",
            Tiebreak::MedianBuchholz => "MBH",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::Wins => "WIN",
            Tiebreak::DirectEncounter => "DE",
        }
    }
}

/// A tie-break's value, in quarter points (Sonneborn-Berger halves half
/// points); a count of wins is stored as four quarters a win.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct TiebreakValue(pub u32);

/// Written as a number with no more decimals than it needs: `12`, `12.5`,
/// `12.25`.
impl std::fmt::Display for TiebreakValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}
