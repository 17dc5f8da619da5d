//! The two stone colours.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// The colour of a stone or of the side that places it.
///
/// In renju and gomoku Black moves first; in Pente the first player holds White
/// (see [`crate::RuleSet::first_color`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum Color {
    /// Black stones (`x` in some texts).
    Black,
    /// White stones (`o` in some texts).
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The lower-case English name, as used in every text form.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was neither `black` nor `white`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a colour: {0:?} (expected black or white)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(text: &str) -> Result<Color, ParseColorError> {
        match text.to_ascii_lowercase().as_str() {
            "black" | "b" | "x" => Ok(Color::Black),
            "white" | "w" | "o" => Ok(Color::White),
            _ => Err(ParseColorError(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_flips_and_round_trips_text() {
        for color in Color::ALL {
            assert_ne!(color, !color);
            assert_eq!(color, !!color);
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        }
        assert!("grey".parse::<Color>().is_err());
    }
}
