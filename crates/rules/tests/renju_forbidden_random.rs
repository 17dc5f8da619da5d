//! The 5,000 random renju positions of `renju-forbidden-random.tsv`: for each, the
//! forbidden points for Black (`forbidden_points`) must equal the expected column
//! exactly, in order. All mismatches are collected and reported together, and the
//! number of lines checked must be 5,000.

mod common;

use narabe_rules::forbidden;
use narabe_rules::{BoardSize, Point, board_from_moves};

const FILE: &str = "renju-forbidden-random.tsv";

/// The number of positions the test data README announces.
const EXPECTED_LINES: usize = 5_000;

/// Mismatches shown in full in the failure message; the rest are counted.
const SHOWN: usize = 50;

fn show(points: &[Point]) -> String {
    if points.is_empty() {
        "-".to_owned()
    } else {
        points
            .iter()
            .map(Point::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[test]
fn forbidden_points_match_every_line() {
    let text = common::read_testdata(FILE);
    let mut checked = 0;
    let mut with_fouls = 0;
    let mut mismatches = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let (moves, expected) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("line {number}: no tab in {line:?}"));
        assert!(
            !expected.contains('\t'),
            "line {number}: more than two columns"
        );
        let board = board_from_moves(moves, BoardSize::FIFTEEN)
            .unwrap_or_else(|error| panic!("line {number}: bad move list: {error}"));
        let expected: Vec<Point> = match expected.trim() {
            "-" => Vec::new(),
            list => list
                .split(' ')
                .map(|name| {
                    name.parse().unwrap_or_else(|error| {
                        panic!("line {number}: bad point {name:?}: {error}")
                    })
                })
                .collect(),
        };
        assert!(
            expected.is_sorted() && expected.windows(2).all(|w| w[0] != w[1]),
            "line {number}: expected column is not sorted by row then column"
        );
        checked += 1;
        with_fouls += usize::from(!expected.is_empty());
        let got = forbidden::forbidden_points(&board);
        if got != expected {
            mismatches.push(format!(
                "line {number}: {moves}\n    expected {}\n    got      {}",
                show(&expected),
                show(&got)
            ));
        }
    }
    let total = mismatches.len();
    mismatches.truncate(SHOWN);
    assert!(
        total == 0,
        "{total} of {checked} positions disagree (first {}):\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert_eq!(checked, EXPECTED_LINES, "lines checked in {FILE}");
    eprintln!("{checked} positions checked, {with_fouls} with forbidden points");
}
