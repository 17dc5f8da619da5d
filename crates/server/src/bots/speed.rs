//! How fast a game is, in the classes the big sites use, so that a bot can
//! say which it plays.

use narabe_game::TimeControl;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The speed of a time control: real-time clocks by their estimated length
/// (the base plus forty increments, as lichess counts: bullet under 3
/// minutes, blitz under 8, rapid under 25, classical beyond, the classes of
/// the home page's presets), correspondence, and no clock at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Speed {
    /// A real-time game under 3 minutes.
    Bullet,
    /// A real-time game from 3 to under 8 minutes.
    Blitz,
    /// A real-time game from 8 to under 25 minutes.
    Rapid,
    /// A real-time game of 25 minutes and more.
    Classical,
    /// Days per move.
    Correspondence,
    /// No clock.
    Untimed,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 6] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
        Speed::Untimed,
    ];

    /// The speed of `time`.
    #[must_use]
    pub fn of(time: TimeControl) -> Speed {
        match time {
            TimeControl::Unlimited => Speed::Untimed,
            TimeControl::Correspondence { .. } => Speed::Correspondence,
            TimeControl::RealTime {
                base_ms,
                increment_ms,
            } => {
                let estimate_ms = base_ms.saturating_add(increment_ms.saturating_mul(40));
                match estimate_ms / 1000 {
                    0..180 => Speed::Bullet,
                    180..480 => Speed::Blitz,
                    480..1500 => Speed::Rapid,
                    _ => Speed::Classical,
                }
            }
        }
    }

    /// The stable name (`bullet`, ..., `untimed`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
            Speed::Untimed => "untimed",
        }
    }

    /// Where the speed sits among the real-time ones, fastest first (`None`
    /// for correspondence and untimed games).
    pub(crate) const fn real_time_rank(self) -> Option<u8> {
        match self {
            Speed::Bullet => Some(0),
            Speed::Blitz => Some(1),
            Speed::Rapid => Some(2),
            Speed::Classical => Some(3),
            Speed::Correspondence | Speed::Untimed => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(text: &str) -> Speed {
        Speed::of(text.parse().unwrap())
    }

    #[test]
    fn clocks_fall_into_the_home_pages_classes() {
        assert_eq!(speed("1+0"), Speed::Bullet);
        assert_eq!(speed("2+0"), Speed::Bullet);
        assert_eq!(speed("3+0"), Speed::Blitz);
        assert_eq!(speed("3+2"), Speed::Blitz);
        assert_eq!(speed("5+3"), Speed::Blitz);
        assert_eq!(speed("10+5"), Speed::Rapid);
        assert_eq!(speed("15+10"), Speed::Rapid);
        assert_eq!(speed("30+20"), Speed::Classical);
        assert_eq!(speed("3d"), Speed::Correspondence);
        assert_eq!(speed("none"), Speed::Untimed);
    }
}
