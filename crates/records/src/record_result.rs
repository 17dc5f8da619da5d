//! The result a record states.

use std::fmt;
use std::str::FromStr;

use narabe_rules::{Color, ResultCode};

/// Who won a recorded game (nobody for a draw) and, when the file says, why.
///
/// The text form is the colour of the winner or `draw`, then the reason's code
/// (`black five`, `white resignation`, `draw double-pass`, `draw`).
///
/// ```
/// use narabe_records::RecordResult;
/// use narabe_rules::{Color, ResultCode};
/// let result: RecordResult = "white foul".parse()?;
/// assert_eq!(result, RecordResult { winner: Some(Color::White), reason: Some(ResultCode::Foul) });
/// assert_eq!(RecordResult::draw().to_string(), "draw");
/// # Ok::<(), narabe_records::ParseResultError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordResult {
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended, when the file says.
    pub reason: Option<ResultCode>,
}

impl RecordResult {
    /// A win for `color`, for no stated reason.
    #[must_use]
    pub const fn win(color: Color) -> RecordResult {
        RecordResult {
            winner: Some(color),
            reason: None,
        }
    }

    /// A draw, for no stated reason.
    #[must_use]
    pub const fn draw() -> RecordResult {
        RecordResult {
            winner: None,
            reason: None,
        }
    }

    /// The same result with a reason.
    #[must_use]
    pub const fn because(self, reason: ResultCode) -> RecordResult {
        RecordResult {
            reason: Some(reason),
            ..self
        }
    }

    /// The score in the usual `1-0` form: Black's points first.
    #[must_use]
    pub const fn score(self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "0.5-0.5",
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(color) => write!(f, "{color}")?,
            None => f.write_str("draw")?,
        }
        if let Some(reason) = self.reason {
            write!(f, " {}", reason.code())?;
        }
        Ok(())
    }
}

/// The text is no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad result {0:?}: expected black, white or draw, then a reason such as five or resignation"
)]
pub struct ParseResultError(pub String);

impl FromStr for RecordResult {
    type Err = ParseResultError;

    fn from_str(text: &str) -> Result<RecordResult, ParseResultError> {
        let error = || ParseResultError(text.to_owned());
        let mut words = text.split_whitespace();
        let winner = match words.next().ok_or_else(error)? {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            "draw" => None,
            _ => return Err(error()),
        };
        let reason = match words.next() {
            None => None,
            Some(word) => Some(
                ResultCode::ALL
                    .into_iter()
                    .find(|code| code.code() == word)
                    .ok_or_else(error)?,
            ),
        };
        if words.next().is_some() {
            return Err(error());
        }
        Ok(RecordResult { winner, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_round_trips() {
        for winner in [Some(Color::Black), Some(Color::White), None] {
            for reason in ResultCode::ALL.map(Some).into_iter().chain([None]) {
                let result = RecordResult { winner, reason };
                assert_eq!(result.to_string().parse(), Ok(result));
            }
        }
        assert!("blue five".parse::<RecordResult>().is_err());
        assert!("black five now".parse::<RecordResult>().is_err());
    }
}
