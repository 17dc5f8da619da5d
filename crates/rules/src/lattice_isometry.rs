//! Isometries of the unbounded square lattice: one of the eight board symmetries'
//! linear parts followed by any translation. Pattern symmetry (RULES.md §6) uses
//! these, because a shape may be symmetric about a point that is not the board
//! centre.

use crate::{Point, Symmetry};

/// A distance-preserving map of the lattice: `point -> linear(point) + shift`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct LatticeIsometry {
    linear: Symmetry,
    shift_col: i32,
    shift_row: i32,
}

impl LatticeIsometry {
    /// The isometry with linear part `linear` that sends `from` to `to`: the
    /// linear part and the image of one point determine the whole map.
    pub(crate) fn sending(linear: Symmetry, from: Point, to: Point) -> LatticeIsometry {
        let (col, row) = linear.apply_offset(i32::from(from.col()), i32::from(from.row()));
        LatticeIsometry {
            linear,
            shift_col: i32::from(to.col()) - col,
            shift_row: i32::from(to.row()) - row,
        }
    }

    /// The image of `point`, or `None` when it falls off the largest board (and so
    /// off every board).
    pub(crate) fn apply(self, point: Point) -> Option<Point> {
        let (col, row) = self
            .linear
            .apply_offset(i32::from(point.col()), i32::from(point.row()));
        let col = u8::try_from(col + self.shift_col).ok()?;
        let row = u8::try_from(row + self.shift_row).ok()?;
        Point::new(col, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn sends_the_anchor_and_keeps_distances() {
        for linear in Symmetry::ALL {
            let map = LatticeIsometry::sending(linear, point("c3"), point("k9"));
            assert_eq!(map.apply(point("c3")), Some(point("k9")));
            let (a, b) = (point("d5"), point("f4"));
            let (ia, ib) = (map.apply(a).unwrap(), map.apply(b).unwrap());
            assert_eq!(a.chebyshev(b), ia.chebyshev(ib));
        }
    }

    #[test]
    fn images_off_the_largest_board_are_none() {
        let map = LatticeIsometry::sending(Symmetry::Identity, point("a1"), point("v22"));
        assert_eq!(map.apply(point("b1")), None);
    }
}
