//! The padded cell array behind [`crate::Board`]: the hot representation used by
//! forbidden-move detection and win checks.
//!
//! Every board, whatever its size, lives in a 26x26 array whose cells outside the
//! board are walls. A wall stops every scan the way an enemy stone does, so line
//! walks never need a bounds check: they stop at the first cell that is not the
//! colour they follow, and the rings of walls guarantee such a cell exists. There
//! are two rings so that a look two steps away from any board point (the forbidden
//! pre-filter, the cell past a completion point) stays inside the array.

use crate::{BoardSize, Color, Direction, Point};

/// Width of the wall around the board.
pub(crate) const PAD: usize = 2;
/// Cells per row of the padded array: the largest board plus walls on each side.
pub(crate) const STRIDE: usize = BoardSize::MAX.get() as usize + 2 * PAD;
/// Cells in the padded array.
pub(crate) const CELLS: usize = STRIDE * STRIDE;

/// An empty intersection.
pub(crate) const EMPTY: u8 = 0;
/// A black stone.
pub(crate) const BLACK: u8 = 1;
/// A white stone.
pub(crate) const WHITE: u8 = 2;
/// Outside the board.
pub(crate) const WALL: u8 = 3;

/// Index offsets of the four directions, in the order of [`Direction::ALL`]; each
/// is the forward step of [`Direction::step`], and all are positive.
pub(crate) const DIRECTION_STEPS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// The cell array of an empty board of `size`.
pub(crate) fn empty_cells(size: BoardSize) -> [u8; CELLS] {
    let mut cells = [WALL; CELLS];
    let lines = usize::from(size.get());
    for row in 0..lines {
        let start = (row + PAD) * STRIDE + PAD;
        cells[start..start + lines].fill(EMPTY);
    }
    cells
}

/// The array index of `point`.
#[inline]
pub(crate) const fn index(point: Point) -> usize {
    (point.row() as usize + PAD) * STRIDE + point.col() as usize + PAD
}

/// The point at array index `index`, which must be a cell of the largest board.
#[inline]
pub(crate) fn point_at(index: usize) -> Point {
    let col = (index % STRIDE - PAD) as u8;
    let row = (index / STRIDE - PAD) as u8;
    Point::new(col, row).expect("index of a board cell")
}

/// The cell value of a stone of `color`.
#[inline]
pub(crate) const fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The array step of `direction`.
#[inline]
pub(crate) const fn step(direction: Direction) -> usize {
    DIRECTION_STEPS[direction as usize]
}

/// The first cell past the run of `value` stones that starts after `from`, walking
/// forward by `step`.
#[inline]
pub(crate) fn run_end_forward(cells: &[u8; CELLS], from: usize, step: usize, value: u8) -> usize {
    let mut at = from + step;
    while cells[at] == value {
        at += step;
    }
    at
}

/// The first cell past the run of `value` stones that starts before `from`, walking
/// backward by `step`.
#[inline]
pub(crate) fn run_end_backward(cells: &[u8; CELLS], from: usize, step: usize, value: u8) -> usize {
    let mut at = from - step;
    while cells[at] == value {
        at -= step;
    }
    at
}

/// The length of the run of `value` stones through `at` (which holds `value`)
/// along `step`, in both senses.
#[inline]
pub(crate) fn run_length(cells: &[u8; CELLS], at: usize, step: usize, value: u8) -> usize {
    let forward = run_end_forward(cells, at, step, value);
    let backward = run_end_backward(cells, at, step, value);
    (forward - backward) / step - 1
}

/// The number of `value` stones directly after `at`, walking forward.
#[inline]
pub(crate) fn count_forward(cells: &[u8; CELLS], at: usize, step: usize, value: u8) -> usize {
    (run_end_forward(cells, at, step, value) - at) / step - 1
}

/// The number of `value` stones directly before `at`, walking backward.
#[inline]
pub(crate) fn count_backward(cells: &[u8; CELLS], at: usize, step: usize, value: u8) -> usize {
    (at - run_end_backward(cells, at, step, value)) / step - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_walls_surround_the_board() {
        let size = BoardSize::FIFTEEN;
        let cells = empty_cells(size);
        for point in size.points() {
            assert_eq!(point_at(index(point)), point);
            assert_eq!(cells[index(point)], EMPTY);
        }
        let empties = cells.iter().filter(|&&cell| cell == EMPTY).count();
        assert_eq!(empties, 225);
    }
}
