//! How much time the players had, as record headers state it.

use std::fmt;
use std::str::FromStr;

/// The time control of a recorded game.
///
/// The text form is the one of narabe's games (`5+3`: five minutes and three
/// seconds a move; `3d`: three days a move; `none`), extended so that any
/// file's clock fits: a base that is no whole number of minutes is written in
/// seconds (`90s+5`).
///
/// ```
/// use narabe_records::TimeControl;
/// let clock: TimeControl = "5+3".parse()?;
/// assert_eq!(clock, TimeControl::Clock { base_seconds: 300, increment_seconds: 3 });
/// assert_eq!("90s+0".parse::<TimeControl>()?.to_string(), "90s+0");
/// assert_eq!("0.5+0".parse::<TimeControl>()?.to_string(), "30s+0");
/// assert_eq!("2d".parse::<TimeControl>()?, TimeControl::DaysPerMove(2));
/// # Ok::<(), narabe_records::ParseTimeControlError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock.
    Unlimited,
    /// A bank per player and a Fischer increment per move.
    Clock {
        /// The starting bank, in seconds.
        base_seconds: u32,
        /// Added after each move, in seconds.
        increment_seconds: u32,
    },
    /// Correspondence: days for each move.
    DaysPerMove(u8),
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::Clock {
                base_seconds,
                increment_seconds,
            } if base_seconds % 60 == 0 => {
                write!(f, "{}+{increment_seconds}", base_seconds / 60)
            }
            TimeControl::Clock {
                base_seconds,
                increment_seconds,
            } => write!(f, "{base_seconds}s+{increment_seconds}"),
            TimeControl::DaysPerMove(days) => write!(f, "{days}d"),
        }
    }
}

/// The text is no time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control {0:?}: expected none, <minutes>+<seconds> (5+3), <seconds>s+<seconds> (90s+5) or <days>d (3d)"
)]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        let text = text.trim();
        if text == "none" {
            return Ok(TimeControl::Unlimited);
        }
        if let Some(days) = text.strip_suffix('d') {
            return digits(days)
                .and_then(|days| u8::try_from(days).ok())
                .map(TimeControl::DaysPerMove)
                .ok_or_else(error);
        }
        let (base, increment) = text.split_once('+').ok_or_else(error)?;
        let increment_seconds = digits(increment).ok_or_else(error)?;
        let base_seconds = match base.strip_suffix('s') {
            Some(seconds) => digits(seconds).ok_or_else(error)?,
            None => minutes_in_seconds(base).ok_or_else(error)?,
        };
        Ok(TimeControl::Clock {
            base_seconds,
            increment_seconds,
        })
    }
}

/// A number written with decimal digits only.
pub(crate) fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Minutes, whole (`5`) or with a decimal fraction (`0.5`), in whole seconds.
fn minutes_in_seconds(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let whole = digits(whole)?;
    let mut seconds = whole.checked_mul(60)?;
    if !fraction.is_empty() {
        let fraction_digits = digits(fraction)?;
        let scale = 10u32.checked_pow(u32::try_from(fraction.len()).ok()?)?;
        seconds = seconds.checked_add(fraction_digits.checked_mul(60)? / scale)?;
    }
    Some(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip_and_junk_is_refused() {
        for text in ["none", "5+3", "90s+5", "0+0", "3d", "180+30"] {
            let clock: TimeControl = text.parse().unwrap();
            assert_eq!(clock.to_string(), text);
        }
        for text in [
            "", "5", "+3", "5+", "x+1", "1.5.5+0", "-1+0", "300d", "5+3+1",
        ] {
            assert!(text.parse::<TimeControl>().is_err(), "{text}");
        }
    }
}
