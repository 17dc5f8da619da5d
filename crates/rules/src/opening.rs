//! The opening rules: how the first moves of a game are decided.

use std::fmt;
use std::str::FromStr;

use crate::RuleSet;

/// An opening rule of RULES.md §5, each allowed only in some games
/// ([`Opening::is_allowed_in`]).
///
/// ```
/// use narabe_rules::{Opening, RuleSet};
/// let opening: Opening = "long-pro".parse()?;
/// assert_eq!(opening, Opening::LongPro);
/// assert!(opening.is_allowed_in(RuleSet::Freestyle));
/// assert!(!opening.is_allowed_in(RuleSet::Renju));
/// assert_eq!(Opening::default_for(RuleSet::Caro), Opening::Swap2);
/// # Ok::<(), narabe_rules::ParseOpeningError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum Opening {
    /// No opening protocol: the first player places the first stone anywhere, then
    /// the players alternate.
    Free,
    /// The RIF opening rule (§5.3): two offered fifth moves.
    Rif,
    /// Yamaguchi (§5.4): the first player declares how many fifth moves are offered.
    Yamaguchi,
    /// Taraguchi-10 (§5.5).
    Taraguchi10,
    /// Soosõrv-8 (§5.6).
    Soosorv8,
    /// Pro (§5.8): the first player's second stone at least 3 from the centre.
    Pro,
    /// Long-Pro (§5.8): the first player's second stone at least 4 from the centre.
    LongPro,
    /// Swap (§5.7): three stones, then the second player picks a colour.
    Swap1,
    /// Swap2 (§5.7).
    Swap2,
    /// The Pente tournament rule (§5.8): Pro on 19x19.
    Tournament,
}

impl Opening {
    /// Every opening rule.
    pub const ALL: [Opening; 10] = [
        Opening::Free,
        Opening::Rif,
        Opening::Yamaguchi,
        Opening::Taraguchi10,
        Opening::Soosorv8,
        Opening::Pro,
        Opening::LongPro,
        Opening::Swap1,
        Opening::Swap2,
        Opening::Tournament,
    ];

    /// The name used in every text form: `free`, `rif`, `yamaguchi`,
    /// `taraguchi10`, `soosorv8`, `pro`, `long-pro`, `swap1`, `swap2`, `tournament`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Opening::Free => "free",
            Opening::Rif => "rif",
            Opening::Yamaguchi => "yamaguchi",
            Opening::Taraguchi10 => "taraguchi10",
            Opening::Soosorv8 => "soosorv8",
            Opening::Pro => "pro",
            Opening::LongPro => "long-pro",
            Opening::Swap1 => "swap1",
            Opening::Swap2 => "swap2",
            Opening::Tournament => "tournament",
        }
    }

    /// The opening rules a game allows (RULES.md Decisions), its default first.
    #[must_use]
    pub const fn allowed(rules: RuleSet) -> &'static [Opening] {
        match rules {
            RuleSet::Renju => &[
                Opening::Free,
                Opening::Rif,
                Opening::Yamaguchi,
                Opening::Taraguchi10,
                Opening::Soosorv8,
            ],
            RuleSet::Freestyle | RuleSet::Standard => &[
                Opening::Free,
                Opening::Pro,
                Opening::LongPro,
                Opening::Swap1,
                Opening::Swap2,
            ],
            RuleSet::Caro => &[Opening::Swap2, Opening::Free],
            RuleSet::Pente | RuleSet::KeryoPente => {
                &[Opening::Tournament, Opening::Free, Opening::Swap2]
            }
        }
    }

    /// Whether `rules` allows this opening rule.
    #[must_use]
    pub fn is_allowed_in(self, rules: RuleSet) -> bool {
        Opening::allowed(rules).contains(&self)
    }

    /// The opening rule a game uses unless told otherwise: `free` for renju and
    /// gomoku, `swap2` for caro, `tournament` for pente.
    #[must_use]
    pub const fn default_for(rules: RuleSet) -> Opening {
        Opening::allowed(rules)[0]
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no opening rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown opening {0:?} (expected free, rif, yamaguchi, taraguchi10, soosorv8, pro, long-pro, swap1, swap2 or tournament)"
)]
pub struct ParseOpeningError(pub String);

impl FromStr for Opening {
    type Err = ParseOpeningError;

    fn from_str(text: &str) -> Result<Opening, ParseOpeningError> {
        Opening::ALL
            .into_iter()
            .find(|opening| opening.name() == text)
            .ok_or_else(|| ParseOpeningError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for opening in Opening::ALL {
            assert_eq!(opening.name().parse(), Ok(opening));
        }
        assert!("swap3".parse::<Opening>().is_err());
    }

    #[test]
    fn every_opening_is_allowed_somewhere_and_defaults_are_allowed() {
        for opening in Opening::ALL {
            assert!(
                RuleSet::ALL
                    .iter()
                    .any(|&rules| opening.is_allowed_in(rules))
            );
        }
        for rules in RuleSet::ALL {
            assert!(Opening::default_for(rules).is_allowed_in(rules));
        }
        assert_eq!(Opening::default_for(RuleSet::Renju), Opening::Free);
        assert_eq!(Opening::default_for(RuleSet::Standard), Opening::Free);
        assert_eq!(Opening::default_for(RuleSet::Pente), Opening::Tournament);
        assert!(!Opening::Swap1.is_allowed_in(RuleSet::Caro));
        assert!(!Opening::Pro.is_allowed_in(RuleSet::Pente));
    }
}
