//! Straight rows of stones: what a winning five is drawn as.

use crate::{Direction, Point};

/// Consecutive points along a direction, from `start` forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Row {
    /// The line the row lies on.
    pub direction: Direction,
    /// The first point, the lowest-indexed end along `direction`.
    pub start: Point,
    /// How many points the row covers.
    pub length: u8,
}

impl Row {
    /// The points of the row, from `start` forward.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (dcol, drow) = self.direction.step();
        (0..i32::from(self.length)).filter_map(move |k| self.start.offset(k * dcol, k * drow))
    }
}
