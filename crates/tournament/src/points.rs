use serde::{Deserialize, Serialize};

/// A score counted in half points, so that sums are exact: `Points(3)` is 1½.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);
    /// A whole point.
    pub const ONE: Points = Points(2);

    /// The score as a number of points (1½ is 1.5).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0.saturating_sub(other.0))
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// Written with one decimal, as TRF and standings tables write scores: `1.5`.
impl std::fmt::Display for Points {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 })
    }
}
