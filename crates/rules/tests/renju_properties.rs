//! Properties of the renju forbidden-move classifier on random 15x15 boards
//! (proptest): dense clusters of black and white stones around a random centre,
//! plus a few scattered stones.
//!
//! * the forbidden set, and every verdict, is invariant under the 8 symmetries of
//!   the board;
//! * White is never restricted: a board holding only white stones has no forbidden
//!   point, and a black stone on any of its empty points is simply legal;
//! * an exact five always beats a foul: `classify` answers `Five` exactly when the
//!   stone completes a run of exactly five (walked independently here);
//! * `forbidden_points` (a scan with a cheap pre-filter) agrees with `classify`
//!   point by point;
//! * a point with fewer than two black stones at distance 1 or 2 along its eight
//!   line directions is never forbidden.

use narabe_rules::forbidden::{self, BlackVerdict};
use narabe_rules::{Board, BoardSize, Color, Point, Symmetry};
use proptest::prelude::*;

/// The four line directions; with their opposites, the eight.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn on_board(col: i32, row: i32) -> Option<Point> {
    let point = Point::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?)?;
    BoardSize::FIFTEEN.contains(point).then_some(point)
}

/// The black stones next to `point` going `(dc, dr)`, `point` itself excluded.
fn black_run(board: &Board, point: Point, (dc, dr): (i32, i32)) -> usize {
    let (mut col, mut row) = (i32::from(point.col()), i32::from(point.row()));
    let mut run = 0;
    loop {
        (col, row) = (col + dc, row + dr);
        match on_board(col, row) {
            Some(next) if board.get(next) == Some(Color::Black) => run += 1,
            _ => return run,
        }
    }
}

/// Whether a black stone on the empty `point` makes a run of exactly five.
fn makes_exact_five(board: &Board, point: Point) -> bool {
    DIRECTIONS.iter().any(|&(dc, dr)| {
        1 + black_run(board, point, (dc, dr)) + black_run(board, point, (-dc, -dr)) == 5
    })
}

/// The black stones at distance 1 and 2 from `point` along the eight directions.
fn black_line_neighbours(board: &Board, point: Point) -> usize {
    let (col, row) = (i32::from(point.col()), i32::from(point.row()));
    DIRECTIONS
        .iter()
        .flat_map(|&(dc, dr)| [(dc, dr), (-dc, -dr)])
        .flat_map(|(dc, dr)| [(col + dc, row + dr), (col + 2 * dc, row + 2 * dr)])
        .filter(|&(c, r)| on_board(c, r).is_some_and(|p| board.get(p) == Some(Color::Black)))
        .count()
}

/// Stones as `(col, row, colour)`, possibly off the board or repeated.
fn board_of(stones: &[(i32, i32, Color)]) -> Board {
    let mut board = Board::new(BoardSize::FIFTEEN);
    for &(col, row, color) in stones {
        if let Some(point) = on_board(col, row).filter(|&p| board.is_empty_at(p)) {
            board.put(point, color);
        }
    }
    board
}

/// A random renju position: 5 to 60 stones, most of them in a dense cluster
/// around a random centre (edges and corners included); each stone is black with
/// probability `black_share` (above one half, so that threes, fours and
/// overlines are common).
fn renju_board(black_share: f64) -> impl Strategy<Value = Board> {
    (0i32..15, 0i32..15, 2i32..=5, 5usize..=60)
        .prop_flat_map(move |(centre_col, centre_row, spread, count)| {
            let place = prop_oneof![
                5 => (-spread..=spread, -spread..=spread)
                    .prop_map(move |(dc, dr)| (centre_col + dc, centre_row + dr)),
                1 => (0i32..15, 0i32..15),
            ];
            let color = prop::bool::weighted(black_share)
                .prop_map(|black| if black { Color::Black } else { Color::White });
            prop::collection::vec((place, color), count)
        })
        .prop_map(|stones| {
            let stones: Vec<_> = stones
                .into_iter()
                .map(|((col, row), color)| (col, row, color))
                .collect();
            board_of(&stones)
        })
}

/// A board holding only white stones, anywhere, from none to a crowded board.
fn white_board() -> impl Strategy<Value = Board> {
    prop::collection::vec((0i32..15, 0i32..15), 0..=150).prop_map(|points| {
        let stones: Vec<_> = points
            .into_iter()
            .map(|(col, row)| (col, row, Color::White))
            .collect();
        board_of(&stones)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// (a) The forbidden set and every verdict map onto the transformed board.
    #[test]
    fn forbidden_set_is_invariant_under_symmetries(board in renju_board(0.6)) {
        let forbidden = forbidden::forbidden_points(&board);
        for symmetry in Symmetry::ALL {
            let image = symmetry.apply_board(&board);
            let mut expected: Vec<Point> =
                forbidden.iter().map(|&p| symmetry.apply(p, BoardSize::FIFTEEN)).collect();
            expected.sort();
            prop_assert_eq!(
                forbidden::forbidden_points(&image),
                expected,
                "{:?} of\n{}",
                symmetry,
                board
            );
            for point in board.empty_points() {
                prop_assert_eq!(
                    forbidden::classify(&image, symmetry.apply(point, BoardSize::FIFTEEN)),
                    forbidden::classify(&board, point),
                    "{} under {:?} of\n{}",
                    point,
                    symmetry,
                    board
                );
            }
        }
    }

    /// (b) White is never restricted: with no black stone there is no foul.
    #[test]
    fn white_stones_alone_forbid_nothing(board in white_board()) {
        prop_assert_eq!(board.count(Color::Black), 0);
        prop_assert_eq!(forbidden::forbidden_points(&board), Vec::<Point>::new());
        for point in board.empty_points() {
            prop_assert_eq!(
                forbidden::classify(&board, point),
                Some(BlackVerdict::Legal),
                "{} on\n{}",
                point,
                board
            );
        }
    }

    /// (c) A stone that completes an exact five is `Five`, whatever else it
    /// makes, and `Five` means exactly that.
    #[test]
    fn an_exact_five_beats_any_foul(board in renju_board(0.8)) {
        for point in board.empty_points() {
            let verdict = forbidden::classify(&board, point);
            let five = makes_exact_five(&board, point);
            prop_assert_eq!(
                verdict == Some(BlackVerdict::Five),
                five,
                "{} is {:?} (exact five: {}) on\n{}",
                point,
                verdict,
                five,
                board
            );
        }
    }

    /// (d) The scan with its pre-filter agrees with classifying every point.
    #[test]
    fn forbidden_points_agrees_with_classify(board in renju_board(0.6)) {
        let expected: Vec<Point> = board
            .empty_points()
            .filter(|&p| forbidden::is_forbidden(&board, p))
            .collect();
        for point in board.empty_points() {
            prop_assert_eq!(
                forbidden::is_forbidden(&board, point),
                forbidden::classify(&board, point).is_some_and(BlackVerdict::is_foul)
            );
        }
        prop_assert_eq!(forbidden::forbidden_points(&board), expected, "on\n{}", board);
    }

    /// (e) A foul needs at least two black stones among the 16 line
    /// neighbours at distance 1 and 2.
    #[test]
    fn a_foul_needs_two_black_line_neighbours(board in renju_board(0.6)) {
        for point in board.empty_points() {
            if black_line_neighbours(&board, point) < 2 {
                let verdict = forbidden::classify(&board, point);
                prop_assert!(
                    !verdict.is_some_and(BlackVerdict::is_foul),
                    "{} is {:?} with fewer than two black line neighbours on\n{}",
                    point,
                    verdict,
                    board
                );
            }
        }
    }
}
