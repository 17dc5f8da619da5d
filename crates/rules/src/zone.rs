//! Where an opening rule lets the next stone go.

use std::fmt;

use crate::Point;

/// The points where the next stone may be placed, measured by Chebyshev distance
/// (king moves) from the board centre as the opening rules do: 3x3 is distance 1,
/// 5x5 distance 2, 7x7 distance 3, 9x9 distance 4.
///
/// ```
/// use narabe_rules::{Point, Zone};
/// let h8: Point = "h8".parse()?;
/// let zone = Zone::Within { center: h8, distance: 1 };
/// assert!(zone.contains("g9".parse()?));
/// assert!(!zone.contains("f8".parse()?));
/// assert!(Zone::AtLeast { center: h8, distance: 3 }.contains("k8".parse()?));
/// assert_eq!(zone.to_string(), "within 1 of h8");
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Zone {
    /// Any empty point of the board.
    Anywhere,
    /// This point only (the first stone on the centre).
    Exactly(Point),
    /// At most `distance` from `center`.
    Within {
        /// The board centre.
        center: Point,
        /// The largest distance allowed.
        distance: u8,
    },
    /// At least `distance` from `center` (Pro, Long-Pro, Pente tournament).
    AtLeast {
        /// The board centre.
        center: Point,
        /// The smallest distance allowed.
        distance: u8,
    },
}

impl Zone {
    /// Whether the zone lets a stone go on `point` (whether the point is on the
    /// board and empty is another question).
    #[must_use]
    pub fn contains(self, point: Point) -> bool {
        match self {
            Zone::Anywhere => true,
            Zone::Exactly(only) => point == only,
            Zone::Within { center, distance } => point.chebyshev(center) <= distance,
            Zone::AtLeast { center, distance } => point.chebyshev(center) >= distance,
        }
    }

    /// `anywhere`, `exactly`, `within` or `at-least`: the `kind` of the JSON form.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        self.shape().name()
    }

    /// The kind of zone without its centre and distance.
    #[must_use]
    pub const fn shape(self) -> ZoneKind {
        match self {
            Zone::Anywhere => ZoneKind::Anywhere,
            Zone::Exactly(_) => ZoneKind::Exactly,
            Zone::Within { .. } => ZoneKind::Within,
            Zone::AtLeast { .. } => ZoneKind::AtLeast,
        }
    }
}

/// The kinds of [`Zone`], as the snapshot names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum ZoneKind {
    /// Any empty point.
    Anywhere,
    /// One point.
    Exactly,
    /// Near the centre.
    Within,
    /// Away from the centre.
    AtLeast,
}

impl ZoneKind {
    /// The stable name: `anywhere`, `exactly`, `within`, `at-least`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ZoneKind::Anywhere => "anywhere",
            ZoneKind::Exactly => "exactly",
            ZoneKind::Within => "within",
            ZoneKind::AtLeast => "at-least",
        }
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Zone::Anywhere => f.write_str("anywhere"),
            Zone::Exactly(point) => write!(f, "exactly {point}"),
            Zone::Within { center, distance } => write!(f, "within {distance} of {center}"),
            Zone::AtLeast { center, distance } => {
                write!(f, "at least {distance} from {center}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn central_areas_of_rules_md() {
        let h8 = point("h8");
        let within = |distance| Zone::Within {
            center: h8,
            distance,
        };
        assert!(within(2).contains(point("f6")) && within(2).contains(point("j10")));
        assert!(!within(2).contains(point("e5")));
        assert!(within(3).contains(point("e5")) && within(3).contains(point("k11")));
        assert!(within(4).contains(point("d4")) && !within(4).contains(point("c4")));
        assert!(Zone::Exactly(h8).contains(h8) && !Zone::Exactly(h8).contains(point("h9")));
        let pro = Zone::AtLeast {
            center: h8,
            distance: 3,
        };
        assert!(!pro.contains(point("j10")) && pro.contains(point("h11")));
        assert!(Zone::Anywhere.contains(point("a1")));
        assert_eq!(pro.to_string(), "at least 3 from h8");
        assert_eq!(Zone::Exactly(h8).to_string(), "exactly h8");
    }
}
