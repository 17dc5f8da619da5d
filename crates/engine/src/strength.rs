//! How strong the engine plays: levels for people, from 1 to 8.

use std::fmt;
use std::str::FromStr;

/// A playing strength from 1 (makes human-like mistakes) to 8 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength(u8);

impl Strength {
    /// The weakest level.
    pub const MIN: Strength = Strength(1);
    /// Full strength.
    pub const FULL: Strength = Strength(8);

    /// The level `level`, when it is within 1..=8.
    #[must_use]
    pub const fn new(level: u8) -> Option<Strength> {
        if level >= Strength::MIN.0 && level <= Strength::FULL.0 {
            Some(Strength(level))
        } else {
            None
        }
    }

    /// The level as a number, 1..=8.
    #[must_use]
    pub const fn level(self) -> u8 {
        self.0
    }
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::FULL
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A strength that is not a number from 1 to 8.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a strength is a level from 1 to 8, not {0:?}")]
pub struct ParseStrengthError(pub String);

impl FromStr for Strength {
    type Err = ParseStrengthError;

    fn from_str(text: &str) -> Result<Strength, ParseStrengthError> {
        text.trim()
            .parse::<u8>()
            .ok()
            .and_then(Strength::new)
            .ok_or_else(|| ParseStrengthError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_outside_one_to_eight_are_refused() {
        assert_eq!(Strength::new(0), None);
        assert_eq!(Strength::new(9), None);
        assert_eq!("3".parse(), Ok(Strength(3)));
        assert!("nine".parse::<Strength>().is_err());
    }
}
