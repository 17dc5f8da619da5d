//! Full-board renju forbidden-point scans.
//!
//! `cargo bench -p narabe-rules --bench forbidden_scan` measures
//! `forbidden_points_into` over every position of the random test file (5,000
//! boards, about 7% of them needing the recursive real-three rule) and over the
//! middle-game positions among them (30 to 49 stones), reusing one output buffer
//! the way `narabe forbidden` does.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use narabe_rules::{Board, BoardSize, Point, board_from_moves, forbidden};

const RANDOM_FILE: &str = include_str!("../../../testdata/renju-forbidden-random.tsv");

fn main() {
    divan::main();
}

/// The boards of the random test file whose stone count lies in `stones`.
fn boards(stones: std::ops::Range<usize>) -> Vec<Board> {
    RANDOM_FILE
        .lines()
        .filter_map(|line| line.split('\t').next())
        .map(|moves| board_from_moves(moves, BoardSize::FIFTEEN).expect("valid test data"))
        .filter(|board| stones.contains(&board.stone_count()))
        .collect()
}

fn scan_all(bencher: Bencher, boards: &[Board]) {
    let mut out: Vec<Point> = Vec::with_capacity(64);
    bencher
        .counter(ItemsCount::new(boards.len()))
        .bench_local(|| {
            let mut found = 0;
            for board in boards {
                forbidden::forbidden_points_into(black_box(board), &mut out);
                found += out.len();
            }
            found
        });
}

/// Every position of the random test file.
#[divan::bench]
fn random_file(bencher: Bencher) {
    let boards = boards(0..usize::MAX);
    assert_eq!(boards.len(), 5_000);
    scan_all(bencher, &boards);
}

/// The middle-game positions of the random file: 30 to 49 stones.
#[divan::bench]
fn middle_game(bencher: Bencher) {
    let boards = boards(30..50);
    assert!(boards.len() > 1_000);
    scan_all(bencher, &boards);
}
