//! The eight symmetries of a square board: rotations and reflections about its centre.

use crate::{Board, BoardSize, Point};

/// One of the eight rotations and reflections of a square board (the dihedral
/// group of the square), taken about the centre of the board.
///
/// Directions are as the board is drawn, `a1` at the bottom left: a quarter turn
/// clockwise moves `a1` to `a15` on 15x15.
///
/// ```
/// use narabe_rules::{BoardSize, Symmetry};
/// let j9 = "j9".parse()?;
/// let turned = Symmetry::Rotate90.apply(j9, BoardSize::FIFTEEN);
/// assert_eq!(turned.to_string(), "i6");
/// assert_eq!(Symmetry::Rotate90.inverse().apply(turned, BoardSize::FIFTEEN), j9);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every point where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270,
    /// Mirror in the vertical line through the centre: left and right swap.
    ReflectVerticalAxis,
    /// Mirror in the horizontal line through the centre: top and bottom swap.
    ReflectHorizontalAxis,
    /// Mirror in the diagonal `a1`-`o15`: columns and rows swap.
    ReflectDiagonal,
    /// Mirror in the anti-diagonal `a15`-`o1`.
    ReflectAntiDiagonal,
}

impl Symmetry {
    /// All eight symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::ReflectVerticalAxis,
        Symmetry::ReflectHorizontalAxis,
        Symmetry::ReflectDiagonal,
        Symmetry::ReflectAntiDiagonal,
    ];

    /// The linear part of the symmetry applied to an offset `(dx, dy)` (columns to
    /// the right, rows up): how a vector between two points turns, whatever the
    /// centre. Pattern code uses this to compare shapes anywhere on the board.
    #[must_use]
    pub const fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (dy, -dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (-dy, dx),
            Symmetry::ReflectVerticalAxis => (-dx, dy),
            Symmetry::ReflectHorizontalAxis => (dx, -dy),
            Symmetry::ReflectDiagonal => (dy, dx),
            Symmetry::ReflectAntiDiagonal => (-dy, -dx),
        }
    }

    /// The image of `point` under the symmetry about the centre of a `size` board.
    ///
    /// Points on the board map to points on the board. A point off the board has no
    /// image there and is returned unchanged, which keeps the map total and still a
    /// bijection of all points.
    #[must_use]
    pub fn apply(self, point: Point, size: BoardSize) -> Point {
        if !size.contains(point) {
            return point;
        }
        // Doubled coordinates about the centre stay integral on even sizes too,
        // where the centre falls between lines.
        let last = i32::from(size.get()) - 1;
        let (dx, dy) = self.apply_offset(
            2 * i32::from(point.col()) - last,
            2 * i32::from(point.row()) - last,
        );
        let col = u8::try_from((dx + last) / 2).ok();
        let row = u8::try_from((dy + last) / 2).ok();
        // The image of a board point is always a board point, so the fallback is
        // never taken; it only spares a panic path.
        match (col, row) {
            (Some(col), Some(row)) => Point::new(col, row).unwrap_or(point),
            _ => point,
        }
    }

    /// The board with every stone moved to its image.
    #[must_use]
    pub fn apply_board(self, board: &Board) -> Board {
        let size = board.size();
        let mut image = Board::new(size);
        for (point, color) in board.stones() {
            image.put(self.apply(point, size), color);
        }
        image
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            // Every other element of the group is its own inverse.
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::Color;

    fn sizes() -> impl Iterator<Item = BoardSize> {
        (BoardSize::MIN.get()..=BoardSize::MAX.get()).filter_map(BoardSize::new)
    }

    fn image_of_board(symmetry: Symmetry, size: BoardSize) -> Vec<Point> {
        size.points()
            .map(|point| symmetry.apply(point, size))
            .collect()
    }

    #[test]
    fn each_symmetry_is_a_bijection_of_the_board() {
        for size in sizes() {
            for symmetry in Symmetry::ALL {
                let images: HashSet<Point> = image_of_board(symmetry, size).into_iter().collect();
                assert_eq!(images.len(), size.area(), "{symmetry:?} on {size}");
                assert!(images.iter().all(|&point| size.contains(point)));
            }
        }
    }

    #[test]
    fn inverse_undoes_the_symmetry() {
        for size in sizes() {
            for symmetry in Symmetry::ALL {
                for point in size.points() {
                    let there = symmetry.apply(point, size);
                    assert_eq!(symmetry.inverse().apply(there, size), point);
                    assert_eq!(
                        symmetry.apply(symmetry.inverse().apply(point, size), size),
                        point
                    );
                }
                let (dx, dy) = symmetry.apply_offset(3, -7);
                assert_eq!(symmetry.inverse().apply_offset(dx, dy), (3, -7));
            }
        }
    }

    #[test]
    fn the_eight_are_distinct() {
        for size in sizes() {
            let images: HashSet<Vec<Point>> = Symmetry::ALL
                .iter()
                .map(|&symmetry| image_of_board(symmetry, size))
                .collect();
            assert_eq!(images.len(), 8, "{size}");
        }
    }

    #[test]
    fn odd_sizes_fix_the_centre() {
        for size in sizes().filter(|size| size.get() % 2 == 1) {
            for symmetry in Symmetry::ALL {
                assert_eq!(symmetry.apply(size.center(), size), size.center());
            }
        }
    }

    #[test]
    fn named_images_on_fifteen() {
        let size = BoardSize::FIFTEEN;
        let image = |symmetry: Symmetry, name: &str| {
            symmetry.apply(name.parse().unwrap(), size).to_string()
        };
        assert_eq!(image(Symmetry::Rotate90, "a1"), "a15");
        assert_eq!(image(Symmetry::Rotate180, "a1"), "o15");
        assert_eq!(image(Symmetry::Rotate270, "a1"), "o1");
        assert_eq!(image(Symmetry::ReflectVerticalAxis, "b3"), "n3");
        assert_eq!(image(Symmetry::ReflectHorizontalAxis, "b3"), "b13");
        assert_eq!(image(Symmetry::ReflectDiagonal, "b3"), "c2");
        assert_eq!(image(Symmetry::ReflectAntiDiagonal, "b3"), "m14");
        assert_eq!(image(Symmetry::Rotate90, "h9"), "i8");
    }

    #[test]
    fn off_board_points_are_left_alone() {
        let p20: Point = "p20".parse().unwrap();
        assert_eq!(Symmetry::Rotate90.apply(p20, BoardSize::FIFTEEN), p20);
    }

    #[test]
    fn boards_move_with_their_stones() {
        let mut board = Board::new(BoardSize::FIFTEEN);
        board.put("h8".parse().unwrap(), Color::Black);
        board.put("h9".parse().unwrap(), Color::White);
        board.put("j10".parse().unwrap(), Color::Black);
        let turned = Symmetry::Rotate90.apply_board(&board);
        assert_eq!(turned.get("i8".parse().unwrap()), Some(Color::White));
        assert_eq!(turned.get("j6".parse().unwrap()), Some(Color::Black));
        assert_eq!(turned.stone_count(), 3);
        assert_eq!(Symmetry::Rotate270.apply_board(&turned), board);
    }
}
