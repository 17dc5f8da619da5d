//! How much time players have: none, a real-time clock, or days per move.

use std::fmt;
use std::str::FromStr;

/// Milliseconds of server time (since the Unix epoch, or any fixed origin).
pub type Millis = u64;

/// One day in milliseconds.
pub const DAY_MS: Millis = 24 * 60 * 60 * 1000;

/// The time control of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clock: the game waits as long as it takes.
    #[default]
    Unlimited,
    /// A real-time clock per player: a starting bank and a Fischer increment added
    /// each time the turn passes to the opponent.
    RealTime {
        /// The starting bank of each player.
        base_ms: Millis,
        /// Added to a player's bank when their action hands the turn over.
        increment_ms: Millis,
    },
    /// Correspondence: each turn must be taken within a number of days.
    Correspondence {
        /// Days allowed per turn, 1 to 14.
        days_per_move: u8,
    },
}

impl TimeControl {
    /// The longest real-time bank accepted: 3 hours.
    pub const MAX_BASE_MS: Millis = 3 * 60 * 60 * 1000;
    /// The longest real-time increment accepted: 3 minutes.
    pub const MAX_INCREMENT_MS: Millis = 3 * 60 * 1000;
    /// The longest correspondence turn: 14 days.
    pub const MAX_DAYS: u8 = 14;

    /// Whether a real-time clock runs.
    #[must_use]
    pub const fn is_real_time(self) -> bool {
        matches!(self, TimeControl::RealTime { .. })
    }
}

/// Why a time control text is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control {0:?}: expected `none`, `<minutes>+<seconds>` (for example `5+3`, base 1 second to 180 minutes, increment up to 180 seconds) or `<days>d` (1d to 14d)"
)]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `none`; `5+3` (5 minutes, 3 seconds increment; minutes may be a decimal
    /// such as `0.5`); `3d` (three days per move).
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        if text == "none" {
            return Ok(TimeControl::Unlimited);
        }
        if let Some(days) = text.strip_suffix('d') {
            let days: u8 = days.parse().map_err(|_| error())?;
            if !(1..=TimeControl::MAX_DAYS).contains(&days) {
                return Err(error());
            }
            return Ok(TimeControl::Correspondence {
                days_per_move: days,
            });
        }
        let (minutes, seconds) = text.split_once('+').ok_or_else(error)?;
        let minutes: f64 = minutes.parse().map_err(|_| error())?;
        let seconds: u64 = seconds.parse().map_err(|_| error())?;
        if !minutes.is_finite() || minutes < 0.0 {
            return Err(error());
        }
        // Whole milliseconds; the range check below bounds the value.
        let base_ms = (minutes * 60_000.0).round() as u64;
        let increment_ms = seconds.checked_mul(1000).ok_or_else(error)?;
        if !(1000..=TimeControl::MAX_BASE_MS).contains(&base_ms)
            || increment_ms > TimeControl::MAX_INCREMENT_MS
        {
            return Err(error());
        }
        Ok(TimeControl::RealTime {
            base_ms,
            increment_ms,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::RealTime {
                base_ms,
                increment_ms,
            } => {
                if base_ms % 60_000 == 0 {
                    write!(f, "{}+{}", base_ms / 60_000, increment_ms / 1000)
                } else {
                    write!(f, "{}+{}", base_ms as f64 / 60_000.0, increment_ms / 1000)
                }
            }
            TimeControl::Correspondence { days_per_move } => write!(f, "{days_per_move}d"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        for text in ["none", "5+3", "0.5+0", "180+180", "1d", "14d"] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(control.to_string(), text);
        }
        assert_eq!(
            "5+3".parse(),
            Ok(TimeControl::RealTime {
                base_ms: 300_000,
                increment_ms: 3_000
            })
        );
    }

    #[test]
    fn out_of_range_and_malformed_are_refused() {
        for text in [
            "", "0+0", "181+0", "5+181", "0d", "15d", "5", "x+1", "-1+0", "NaN+0", "inf+0", "5+-1",
        ] {
            assert!(text.parse::<TimeControl>().is_err(), "{text}");
        }
    }
}
