//! The games narabe plays and what distinguishes their board rules.

use std::fmt;
use std::str::FromStr;

use crate::{BoardSize, Color};

/// A game of the five-in-a-row family, as RULES.md defines it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleSet {
    /// Gomoku where five or more in a row wins.
    Freestyle,
    /// Gomoku where only exactly five wins, for both colours; six neither wins nor loses.
    Standard,
    /// Renju: Black wins only with exactly five and may not play overlines,
    /// double-fours or double-threes; White wins with five or more.
    Renju,
    /// Caro: exactly five wins unless both ends are blocked by enemy stones (the
    /// board edge does not block); six or more never wins.
    Caro,
    /// Pente: five or more wins, and so do 10 captured stones; pairs are captured
    /// by flanking. The first player holds White.
    Pente,
    /// Pente's Keryo option: pairs and triples are captured, and 15 stones win.
    KeryoPente,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::Freestyle,
        RuleSet::Standard,
        RuleSet::Renju,
        RuleSet::Caro,
        RuleSet::Pente,
        RuleSet::KeryoPente,
    ];

    /// The name used in every text form: `freestyle`, `standard`, `renju`, `caro`,
    /// `pente`, `keryo-pente`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Freestyle => "freestyle",
            RuleSet::Standard => "standard",
            RuleSet::Renju => "renju",
            RuleSet::Caro => "caro",
            RuleSet::Pente => "pente",
            RuleSet::KeryoPente => "keryo-pente",
        }
    }

    /// The colour of the first stone: White in Pente (its convention), else Black.
    #[must_use]
    pub const fn first_color(self) -> Color {
        match self {
            RuleSet::Pente | RuleSet::KeryoPente => Color::White,
            _ => Color::Black,
        }
    }

    /// The board the platform uses unless told otherwise.
    #[must_use]
    pub const fn default_size(self) -> BoardSize {
        match self {
            RuleSet::Freestyle | RuleSet::Standard | RuleSet::Renju => BoardSize::FIFTEEN,
            RuleSet::Caro | RuleSet::Pente | RuleSet::KeryoPente => BoardSize::NINETEEN,
        }
    }

    /// Whether the rules can be played on `size` at all. Renju is 15x15 only; the
    /// other games accept any size from 5 to 22, which the engine protocol needs
    /// (Gomocup plays freestyle on 20x20). The platform offers fewer: see
    /// [`RuleSet::platform_sizes`].
    #[must_use]
    pub fn allows_size(self, size: BoardSize) -> bool {
        match self {
            RuleSet::Renju => size == BoardSize::FIFTEEN,
            _ => true,
        }
    }

    /// The sizes a game on the platform may choose (RULES.md Decisions): gomoku
    /// 15x15 or 19x19, renju 15x15, caro and pente 19x19.
    #[must_use]
    pub const fn platform_sizes(self) -> &'static [BoardSize] {
        match self {
            RuleSet::Freestyle | RuleSet::Standard => &[BoardSize::FIFTEEN, BoardSize::NINETEEN],
            RuleSet::Renju => &[BoardSize::FIFTEEN],
            RuleSet::Caro | RuleSet::Pente | RuleSet::KeryoPente => &[BoardSize::NINETEEN],
        }
    }

    /// Whether Black has forbidden moves (renju only).
    #[must_use]
    pub const fn has_forbidden_moves(self) -> bool {
        matches!(self, RuleSet::Renju)
    }

    /// Whether a player may pass (renju only, RULES.md §4).
    #[must_use]
    pub const fn allows_pass(self) -> bool {
        matches!(self, RuleSet::Renju)
    }

    /// The captured stones that win, for games with captures.
    #[must_use]
    pub const fn capture_goal(self) -> Option<u16> {
        match self {
            RuleSet::Pente => Some(10),
            RuleSet::KeryoPente => Some(15),
            _ => None,
        }
    }

    /// The sizes of flanked groups that are captured: pairs in Pente, pairs and
    /// triples in Keryo-Pente, none elsewhere.
    #[must_use]
    pub const fn capture_sizes(self) -> &'static [usize] {
        match self {
            RuleSet::Pente => &[2],
            RuleSet::KeryoPente => &[2, 3],
            _ => &[],
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?} (expected freestyle, standard, renju, caro, pente or keryo-pente)")]
pub struct ParseRuleSetError(pub String);

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(text: &str) -> Result<RuleSet, ParseRuleSetError> {
        RuleSet::ALL
            .into_iter()
            .find(|rules| rules.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseRuleSetError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rules in RuleSet::ALL {
            assert_eq!(rules.name().parse(), Ok(rules));
            assert!(rules.allows_size(rules.default_size()));
            assert!(rules.platform_sizes().contains(&rules.default_size()));
        }
        assert!("go".parse::<RuleSet>().is_err());
    }

    #[test]
    fn renju_is_fifteen_only() {
        assert!(!RuleSet::Renju.allows_size(BoardSize::NINETEEN));
        assert!(RuleSet::Freestyle.allows_size(BoardSize::new(20).unwrap()));
    }
}
