//! Renju forbidden moves for Black: overline, double-four and double-three with the
//! recursive "real three" rule (RULES.md §3).
//!
//! The classifier follows the definitional algorithm of RULES.md §3.4. Its key
//! lemma: along one direction, the only empty points that can complete a five or a
//! straight four together with the new stone `P` are the first empty points past
//! `P`'s run of black stones, one on each side. So each direction has at most two
//! candidate points, and each test is a handful of walks along a line.
//!
//! Work happens on a scratch copy of the cell array: the stone under test (and,
//! recursively, each extension point of a three) is placed, examined and removed
//! again. Recursion is never capped: each level adds one stone, so it ends.

use std::fmt;

use crate::Board;
use crate::Point;
use crate::grid::{self, BLACK, CELLS, DIRECTION_STEPS, EMPTY};

/// Why a point is forbidden for Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum FoulKind {
    /// Six or more black stones in a row.
    Overline,
    /// Two or more fours at once (two on one line count).
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

impl FoulKind {
    /// The short name players use: `overline`, `4x4`, `3x3`.
    #[must_use]
    pub const fn notation(self) -> &'static str {
        match self {
            FoulKind::Overline => "overline",
            FoulKind::DoubleFour => "4x4",
            FoulKind::DoubleThree => "3x3",
        }
    }

    /// The code used in machine-readable output: `overline`, `double-four`,
    /// `double-three`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            FoulKind::Overline => "overline",
            FoulKind::DoubleFour => "double-four",
            FoulKind::DoubleThree => "double-three",
        }
    }
}

impl fmt::Display for FoulKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// What a black stone on an empty point would be, under renju rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlackVerdict {
    /// An ordinary legal move.
    Legal,
    /// An exact five: legal, and it wins, whatever else the stone makes.
    Five,
    /// A forbidden move.
    Foul(FoulKind),
}

impl BlackVerdict {
    /// Whether Black may not play there.
    #[must_use]
    pub const fn is_foul(self) -> bool {
        matches!(self, BlackVerdict::Foul(_))
    }
}

/// Classifies `point` for Black on `board`, or `None` when the point is occupied or
/// off the board. White is never restricted; this answers for Black whoever is to
/// move.
///
/// ```
/// use narabe_rules::{Board, BoardSize, Color, forbidden::{classify, BlackVerdict, FoulKind}};
/// let mut board = Board::new(BoardSize::FIFTEEN);
/// for name in ["g8", "h7", "h9", "i8"] {
///     board.put(name.parse()?, Color::Black);
/// }
/// let h8 = "h8".parse()?;
/// assert_eq!(classify(&board, h8), Some(BlackVerdict::Foul(FoulKind::DoubleThree)));
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[must_use]
pub fn classify(board: &Board, point: Point) -> Option<BlackVerdict> {
    if !board.is_empty_at(point) {
        return None;
    }
    let mut cells = *board.cells();
    Some(verdict_of_empty(&mut cells, grid::index(point)))
}

/// Whether Black may not play on `point` (false for occupied and off-board points).
#[must_use]
pub fn is_forbidden(board: &Board, point: Point) -> bool {
    classify(board, point).is_some_and(BlackVerdict::is_foul)
}

/// Every point where Black may not play, sorted by row then column.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    let mut points = Vec::new();
    forbidden_points_into(board, &mut points);
    points
}

/// Replaces the contents of `out` with every point where Black may not play, sorted
/// by row then column; reusing `out` spares an allocation per scan.
pub fn forbidden_points_into(board: &Board, out: &mut Vec<Point>) {
    out.clear();
    if board.count(crate::Color::Black) < 2 {
        return;
    }
    let mut cells = *board.cells();
    let neighbours = black_line_neighbours(&cells);
    let lines = usize::from(board.size().get());
    for row in 0..lines {
        let start = (row + grid::PAD) * grid::STRIDE + grid::PAD;
        for at in start..start + lines {
            if neighbours[at] >= 2
                && cells[at] == EMPTY
                && verdict_of_empty(&mut cells, at).is_foul()
            {
                out.push(grid::point_at(at));
            }
        }
    }
}

/// For every cell, how many black stones lie among its 16 line-neighbours at
/// distance 1 and 2: the cheap pre-filter of the CForbiddenPointFinder lineage. A
/// point can only be forbidden when the count is at least two (every three, four or
/// overline through it puts a stone there, and a foul needs two such lines or one
/// line holding both), so it never changes a verdict. Counting outward from the
/// stones touches far fewer cells than looking around every empty point.
fn black_line_neighbours(cells: &[u8; CELLS]) -> [u8; CELLS] {
    let mut counts = [0u8; CELLS];
    for (at, &cell) in cells.iter().enumerate() {
        if cell != BLACK {
            continue;
        }
        for step in DIRECTION_STEPS {
            counts[at + step] += 1;
            counts[at + 2 * step] += 1;
            counts[at - step] += 1;
            counts[at - 2 * step] += 1;
        }
    }
    counts
}

/// The verdict for a black stone on the empty cell `at`. The cells are restored
/// before returning.
pub(crate) fn verdict_of_empty(cells: &mut [u8; CELLS], at: usize) -> BlackVerdict {
    cells[at] = BLACK;
    let verdict = verdict_of_placed(cells, at);
    cells[at] = EMPTY;
    verdict
}

/// The black run through a placed stone along one direction: its length and the
/// first cells past it on each side.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Run {
    /// The array step of the direction.
    pub(crate) step: usize,
    /// The number of consecutive black stones, the placed one included.
    pub(crate) len: usize,
    /// The first cell past the run going backward.
    pub(crate) low: usize,
    /// The first cell past the run going forward.
    pub(crate) high: usize,
}

impl Run {
    /// The black run through `at` (which holds Black) along `step`.
    #[inline]
    pub(crate) fn through(cells: &[u8; CELLS], at: usize, step: usize) -> Run {
        let high = grid::run_end_forward(cells, at, step, BLACK);
        let low = grid::run_end_backward(cells, at, step, BLACK);
        Run {
            step,
            len: (high - low) / step - 1,
            low,
            high,
        }
    }

    /// The cells past the run whose black stone would complete an exact five on
    /// this line (at most two).
    #[inline]
    pub(crate) fn five_completions(&self, cells: &[u8; CELLS]) -> [Option<usize>; 2] {
        let step = self.step;
        let high = (cells[self.high] == EMPTY
            && self.len + 1 + grid::count_forward(cells, self.high, step, BLACK) == 5)
            .then_some(self.high);
        let low = (cells[self.low] == EMPTY
            && self.len + 1 + grid::count_backward(cells, self.low, step, BLACK) == 5)
            .then_some(self.low);
        [low, high]
    }

    /// How many fours this line holds: a straight four `.XXXX.` is one, while
    /// `X.XXX.X`, `XX.XX.XX` and `XXX.X.XXX` are two.
    #[inline]
    pub(crate) fn four_count(&self, cells: &[u8; CELLS]) -> usize {
        match self.five_completions(cells) {
            [Some(_), Some(_)] if self.len == 4 => 1,
            [low, high] => usize::from(low.is_some()) + usize::from(high.is_some()),
        }
    }

    /// The cells past the run whose black stone would make a straight four on this
    /// line without making a five anywhere: the extension points of a three,
    /// before the recursive test of whether they are themselves forbidden.
    #[inline]
    pub(crate) fn three_extensions(&self, cells: &[u8; CELLS]) -> [Option<usize>; 2] {
        if self.len >= 4 {
            return [None, None];
        }
        let step = self.step;
        let high = (cells[self.high] == EMPTY && {
            let beyond = grid::count_forward(cells, self.high, step, BLACK);
            let end = self.high + (beyond + 1) * step;
            self.len + 1 + beyond == 4
                && open_end(cells, end, end + step)
                && open_end(cells, self.low, self.low - step)
                && !makes_five_elsewhere(cells, self.high, step)
        })
        .then_some(self.high);
        let low = (cells[self.low] == EMPTY && {
            let beyond = grid::count_backward(cells, self.low, step, BLACK);
            let end = self.low - (beyond + 1) * step;
            self.len + 1 + beyond == 4
                && open_end(cells, end, end - step)
                && open_end(cells, self.high, self.high + step)
                && !makes_five_elsewhere(cells, self.low, step)
        })
        .then_some(self.low);
        [low, high]
    }
}

/// Whether `end` is an empty end of a four whose completion there is an exact five,
/// `past` being the next cell outward.
#[inline]
fn open_end(cells: &[u8; CELLS], end: usize, past: usize) -> bool {
    cells[end] == EMPTY && cells[past] != BLACK
}

/// Whether a black stone on the empty cell `at` makes an exact five along a
/// direction other than `skip_step`.
#[inline]
fn makes_five_elsewhere(cells: &[u8; CELLS], at: usize, skip_step: usize) -> bool {
    DIRECTION_STEPS.iter().any(|&step| {
        step != skip_step
            && grid::count_forward(cells, at, step, BLACK)
                + grid::count_backward(cells, at, step, BLACK)
                == 4
    })
}

/// Whether the black stone on `at` forms a real three along `run`: some extension
/// point makes a straight four and is not itself forbidden (decided with the stone
/// on `at` in place).
fn is_real_three(cells: &mut [u8; CELLS], extensions: [Option<usize>; 2]) -> bool {
    extensions
        .into_iter()
        .flatten()
        .any(|extension| !verdict_of_empty(cells, extension).is_foul())
}

/// The verdict for the black stone already on `at`.
pub(crate) fn verdict_of_placed(cells: &mut [u8; CELLS], at: usize) -> BlackVerdict {
    // Plain loops over fixed arrays: this is the innermost code of every scan.
    let mut runs = [Run {
        step: 0,
        len: 0,
        low: 0,
        high: 0,
    }; 4];
    let mut overline = false;
    for (run, step) in runs.iter_mut().zip(DIRECTION_STEPS) {
        *run = Run::through(cells, at, step);
        if run.len == 5 {
            return BlackVerdict::Five;
        }
        overline |= run.len > 5;
    }
    if overline {
        return BlackVerdict::Foul(FoulKind::Overline);
    }
    let mut fours = 0;
    for run in &runs {
        fours += run.four_count(cells);
    }
    if fours >= 2 {
        return BlackVerdict::Foul(FoulKind::DoubleFour);
    }
    let mut extensions = [[None; 2]; 4];
    let mut candidates = 0;
    for (pair, run) in extensions.iter_mut().zip(&runs) {
        *pair = run.three_extensions(cells);
        candidates += usize::from(pair[0].is_some() || pair[1].is_some());
    }
    if candidates < 2 {
        return BlackVerdict::Legal;
    }
    let mut real = 0;
    for pair in extensions {
        if pair[0].is_none() && pair[1].is_none() {
            continue;
        }
        candidates -= 1;
        if is_real_three(cells, pair) {
            real += 1;
            if real == 2 {
                return BlackVerdict::Foul(FoulKind::DoubleThree);
            }
        } else if real + candidates < 2 {
            break;
        }
    }
    BlackVerdict::Legal
}
