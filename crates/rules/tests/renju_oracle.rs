//! A differential test of the renju forbidden-move classifier against an oracle
//! written here, line by line from the reference pseudo-code of RULES.md §3.4, with
//! none of the classifier's machinery: a plain 15x15 array, off-board cells read as
//! White, every test done by placing and removing stones, no pre-filter, recursion
//! uncapped. On random dense positions (proptest) both must agree on every empty
//! point, kind included; the oracle is also checked against the random test file.

mod common;

use narabe_rules::forbidden::{self, BlackVerdict};
use narabe_rules::{Board, BoardSize, Color, FoulKind, Point, board_from_moves};
use proptest::prelude::*;

const SIZE: i32 = 15;
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The reference algorithm of RULES.md §3.4, as literally as Rust allows.
struct Oracle {
    cells: [[u8; 15]; 15],
}

impl Oracle {
    fn new(board: &Board) -> Oracle {
        let mut cells = [[EMPTY; 15]; 15];
        for (point, color) in board.stones() {
            cells[usize::from(point.col())][usize::from(point.row())] = match color {
                Color::Black => BLACK,
                Color::White => WHITE,
            };
        }
        Oracle { cells }
    }

    /// Off-board behaves like a White stone.
    fn get(&self, (c, r): (i32, i32)) -> u8 {
        if (0..SIZE).contains(&c) && (0..SIZE).contains(&r) {
            self.cells[c as usize][r as usize]
        } else {
            WHITE
        }
    }

    fn set(&mut self, (c, r): (i32, i32), value: u8) {
        self.cells[c as usize][r as usize] = value;
    }

    fn run_len(&self, (c, r): (i32, i32), (dc, dr): (i32, i32)) -> i32 {
        let mut n = 1;
        for s in [1, -1] {
            let mut k = 1;
            while self.get((c + s * k * dc, r + s * k * dr)) == BLACK {
                n += 1;
                k += 1;
            }
        }
        n
    }

    fn beyond(&self, (c, r): (i32, i32), (dc, dr): (i32, i32), s: i32) -> (i32, i32) {
        let mut k = 1;
        while self.get((c + s * k * dc, r + s * k * dr)) == BLACK {
            k += 1;
        }
        (c + s * k * dc, r + s * k * dr)
    }

    fn exact_five_if(&mut self, q: (i32, i32), d: (i32, i32)) -> bool {
        if self.get(q) != EMPTY {
            return false;
        }
        self.set(q, BLACK);
        let five = self.run_len(q, d) == 5;
        self.set(q, EMPTY);
        five
    }

    fn five_anywhere(&mut self, q: (i32, i32)) -> bool {
        DIRS.iter().any(|&d| self.exact_five_if(q, d))
    }

    fn classify(&mut self, p: (i32, i32)) -> BlackVerdict {
        self.set(p, BLACK);
        let verdict = self.classify_placed(p);
        self.set(p, EMPTY);
        verdict
    }

    fn classify_placed(&mut self, p: (i32, i32)) -> BlackVerdict {
        if DIRS.iter().any(|&d| self.run_len(p, d) == 5) {
            return BlackVerdict::Five;
        }
        if DIRS.iter().any(|&d| self.run_len(p, d) >= 6) {
            return BlackVerdict::Foul(FoulKind::Overline);
        }
        let fours: i32 = DIRS.iter().map(|&d| self.fours(p, d)).sum();
        if fours >= 2 {
            return BlackVerdict::Foul(FoulKind::DoubleFour);
        }
        let threes = DIRS.iter().filter(|&&d| self.real_three(p, d)).count();
        if threes >= 2 {
            return BlackVerdict::Foul(FoulKind::DoubleThree);
        }
        BlackVerdict::Legal
    }

    fn fours(&mut self, p: (i32, i32), d: (i32, i32)) -> i32 {
        let mut k = 0;
        for s in [1, -1] {
            let c = self.beyond(p, d, s);
            if self.get(c) == EMPTY && self.exact_five_if(c, d) {
                k += 1;
            }
        }
        match k {
            2 if self.run_len(p, d) == 4 => 1,
            k => k,
        }
    }

    fn straight_four(&mut self, c: (i32, i32), d: (i32, i32)) -> bool {
        if self.run_len(c, d) != 4 {
            return false;
        }
        [1, -1].into_iter().all(|s| {
            let end = self.beyond(c, d, s);
            self.get(end) == EMPTY && self.exact_five_if(end, d)
        })
    }

    fn real_three(&mut self, p: (i32, i32), d: (i32, i32)) -> bool {
        for s in [1, -1] {
            let c = self.beyond(p, d, s);
            if self.get(c) != EMPTY {
                continue;
            }
            self.set(c, BLACK);
            let ok = self.straight_four(c, d);
            self.set(c, EMPTY);
            if ok && !self.five_anywhere(c) && !self.is_forbidden(c) {
                return true;
            }
        }
        false
    }

    fn is_forbidden(&mut self, q: (i32, i32)) -> bool {
        self.classify(q).is_foul()
    }
}

fn oracle_verdicts(board: &Board) -> Vec<(Point, BlackVerdict)> {
    let mut oracle = Oracle::new(board);
    board
        .empty_points()
        .map(|p| (p, oracle.classify((i32::from(p.col()), i32::from(p.row())))))
        .collect()
}

fn classifier_verdicts(board: &Board) -> Vec<(Point, BlackVerdict)> {
    board
        .empty_points()
        .map(|p| (p, forbidden::classify(board, p).expect("an empty point")))
        .collect()
}

/// Stones as `(col, row, black?)`; off-board and repeated points are skipped.
fn board_of(stones: &[(i32, i32, bool)]) -> Board {
    let mut board = Board::new(BoardSize::FIFTEEN);
    for &(col, row, black) in stones {
        let point = u8::try_from(col)
            .ok()
            .zip(u8::try_from(row).ok())
            .and_then(|(c, r)| Point::new(c, r))
            .filter(|&p| board.is_empty_at(p));
        if let Some(point) = point {
            board.put(point, if black { Color::Black } else { Color::White });
        }
    }
    board
}

/// Dense random clusters (mostly black, so that nested threes are common), at a
/// random place including edges and corners, plus scattered stones.
fn dense_board() -> impl Strategy<Value = Board> {
    (0i32..15, 0i32..15, 2i32..=4, 8usize..=70, 0.5f64..0.8).prop_flat_map(
        |(centre_col, centre_row, spread, count, black_share)| {
            let place = prop_oneof![
                6 => (-spread..=spread, -spread..=spread)
                    .prop_map(move |(dc, dr)| (centre_col + dc, centre_row + dr)),
                1 => (0i32..15, 0i32..15),
            ];
            prop::collection::vec((place, prop::bool::weighted(black_share)), count).prop_map(
                |stones| {
                    let stones: Vec<_> = stones.into_iter().map(|((c, r), b)| (c, r, b)).collect();
                    board_of(&stones)
                },
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn classifier_agrees_with_the_reference_oracle(board in dense_board()) {
        prop_assert_eq!(classifier_verdicts(&board), oracle_verdicts(&board), "on\n{}", board);
    }
}

#[test]
fn the_oracle_itself_agrees_with_the_random_test_file() {
    let text = common::read_testdata("renju-forbidden-random.tsv");
    let mut checked = 0;
    // Every tenth line keeps this slow, literal oracle quick in debug builds.
    for line in text.lines().step_by(10) {
        let (moves, expected) = line.split_once('\t').expect("two columns");
        let board = board_from_moves(moves, BoardSize::FIFTEEN).expect("valid moves");
        let found: Vec<String> = oracle_verdicts(&board)
            .into_iter()
            .filter(|(_, verdict)| verdict.is_foul())
            .map(|(point, _)| point.to_string())
            .collect();
        let found = if found.is_empty() {
            "-".to_owned()
        } else {
            found.join(" ")
        };
        assert_eq!(found, expected, "{moves}");
        checked += 1;
    }
    assert_eq!(checked, 500);
}
