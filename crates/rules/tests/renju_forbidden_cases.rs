//! The renju forbidden-point cases of `renju-forbidden-cases.txt`: published test
//! positions (mintaka, quintet, renju.net, holorenju, AlphaGomoku) and constructed
//! ones, each with named verdicts.
//!
//! Every named verdict must be exactly what `classify` answers. For `ALL:` rows the
//! listed points must be the whole forbidden set (`forbidden_points` equals it and
//! `classify` finds no other foul), and the "naive-trap" points, which a classifier
//! without the recursive real-three rule gets wrong, must be legal. All mismatches
//! are collected and reported together; the number of parsed cases must equal the
//! number of data lines, so a parsing slip cannot silently drop rows.

mod common;

use std::collections::{BTreeSet, HashSet};

use narabe_rules::forbidden::{self, BlackVerdict, FoulKind};
use narabe_rules::{Board, BoardSize, Color, Point};

const FILE: &str = "renju-forbidden-cases.txt";

/// The number of cases the test data README announces.
const EXPECTED_CASES: usize = 134;

/// One row of the file.
#[derive(Debug)]
struct Case {
    /// The case id (first column).
    id: String,
    /// The 1-based line number in the file.
    line: usize,
    /// The position.
    board: Board,
    /// The named verdicts, in file order.
    verdicts: Vec<(Point, BlackVerdict)>,
    /// For `ALL:` rows, the points a naive classifier wrongly forbids (legal);
    /// `None` for rows that only name some points.
    all: Option<Vec<Point>>,
}

fn parse_point(text: &str, line: usize) -> Point {
    text.parse()
        .unwrap_or_else(|error| panic!("line {line}: bad point {text:?}: {error}"))
}

fn parse_verdict(code: &str, line: usize) -> BlackVerdict {
    match code {
        "OK" => BlackVerdict::Legal,
        "W5" => BlackVerdict::Five,
        "F33" => BlackVerdict::Foul(FoulKind::DoubleThree),
        "F44" => BlackVerdict::Foul(FoulKind::DoubleFour),
        "F6" => BlackVerdict::Foul(FoulKind::Overline),
        _ => panic!("line {line}: unknown verdict code {code:?}"),
    }
}

/// The file's code for a classifier answer (`occupied` for `None`).
fn code(verdict: Option<BlackVerdict>) -> &'static str {
    match verdict {
        None => "occupied",
        Some(BlackVerdict::Legal) => "OK",
        Some(BlackVerdict::Five) => "W5",
        Some(BlackVerdict::Foul(FoulKind::DoubleThree)) => "F33",
        Some(BlackVerdict::Foul(FoulKind::DoubleFour)) => "F44",
        Some(BlackVerdict::Foul(FoulKind::Overline)) => "F6",
    }
}

/// `h8=F33 i7=OK` → the named verdicts.
fn parse_verdict_list(text: &str, line: usize) -> Vec<(Point, BlackVerdict)> {
    text.split_whitespace()
        .map(|word| {
            let (point, verdict) = word
                .split_once('=')
                .unwrap_or_else(|| panic!("line {line}: verdict {word:?} is not point=CODE"));
            (parse_point(point, line), parse_verdict(verdict, line))
        })
        .collect()
}

/// Puts the stones of a `B: ...` / `W: ...` field on `board`.
fn put_stones(board: &mut Board, field: &str, color: Color, line: usize) {
    let prefix = match color {
        Color::Black => "B:",
        Color::White => "W:",
    };
    let stones = field
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("line {line}: expected {prefix:?} field, got {field:?}"))
        .trim();
    if stones == "-" {
        return;
    }
    assert!(!stones.is_empty(), "line {line}: empty {prefix} field");
    for name in stones.split_whitespace() {
        let point = parse_point(name, line);
        assert!(
            board.is_empty_at(point),
            "line {line}: {name} is off the board or holds two stones"
        );
        board.put(point, color);
    }
}

fn parse_case(text: &str, line: usize) -> Case {
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [id, black, white, verdicts, source] = fields[..] else {
        panic!(
            "line {line}: expected 5 '|'-separated fields, got {}",
            fields.len()
        );
    };
    assert!(!id.is_empty(), "line {line}: empty id");
    assert!(!source.is_empty(), "line {line}: empty source");
    let mut board = Board::new(BoardSize::FIFTEEN);
    put_stones(&mut board, black, Color::Black, line);
    put_stones(&mut board, white, Color::White, line);

    let Some(rest) = verdicts.strip_prefix("ALL:") else {
        let verdicts = parse_verdict_list(verdicts, line);
        assert!(!verdicts.is_empty(), "line {line}: no verdict");
        return Case {
            id: id.to_owned(),
            line,
            board,
            verdicts,
            all: None,
        };
    };
    // `ALL: <list | no forbidden point>; all other empties OK[ (naive-trap OK: ...)]`
    let (listed, tail) = rest
        .split_once(';')
        .unwrap_or_else(|| panic!("line {line}: ALL verdict without ';'"));
    let listed = listed.trim();
    let verdicts = if listed == "no forbidden point" {
        Vec::new()
    } else {
        parse_verdict_list(listed, line)
    };
    for (point, verdict) in &verdicts {
        assert!(
            verdict.is_foul(),
            "line {line}: ALL lists {point} as {}, not as a foul",
            code(Some(*verdict))
        );
    }
    let tail = tail
        .trim()
        .strip_prefix("all other empties OK")
        .unwrap_or_else(|| panic!("line {line}: ALL verdict tail {tail:?}"))
        .trim();
    let naive_trap = if tail.is_empty() {
        Vec::new()
    } else {
        let points = tail
            .strip_prefix("(naive-trap OK:")
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or_else(|| panic!("line {line}: unexpected {tail:?}"));
        let points: Vec<Point> = points
            .split_whitespace()
            .map(|p| parse_point(p, line))
            .collect();
        assert!(!points.is_empty(), "line {line}: empty naive-trap list");
        points
    };
    Case {
        id: id.to_owned(),
        line,
        board,
        verdicts,
        all: Some(naive_trap),
    }
}

/// Whether a line of the file holds a case (neither blank nor a comment).
fn is_data_line(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && !line.starts_with('#')
}

fn load_cases() -> (Vec<Case>, usize) {
    let text = common::read_testdata(FILE);
    let data_lines = text.lines().filter(|line| is_data_line(line)).count();
    let cases = text
        .lines()
        .enumerate()
        .filter(|(_, line)| is_data_line(line))
        .map(|(index, line)| parse_case(line, index + 1))
        .collect();
    (cases, data_lines)
}

#[test]
fn every_data_line_is_parsed() {
    let (cases, data_lines) = load_cases();
    assert_eq!(cases.len(), data_lines, "parsed cases vs data lines");
    assert_eq!(
        cases.len(),
        EXPECTED_CASES,
        "{FILE} should hold {EXPECTED_CASES} cases (testdata/README.md)"
    );
    let readme = common::read_testdata("README.md");
    assert!(
        readme.contains(&format!("| `{FILE}` | {EXPECTED_CASES} renju positions")),
        "README.md no longer announces {EXPECTED_CASES} cases"
    );
    let mut ids = HashSet::new();
    for case in &cases {
        assert!(ids.insert(&case.id), "duplicate case id {}", case.id);
    }
    let all_rows = cases.iter().filter(|case| case.all.is_some()).count();
    let named: usize = cases.iter().map(|case| case.verdicts.len()).sum();
    eprintln!(
        "{} cases, {all_rows} ALL rows, {named} named verdicts",
        cases.len()
    );
}

#[test]
fn every_verdict_matches_the_classifier() {
    let (cases, _) = load_cases();
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut report = |point: Point, expected: &str, got: String| {
            mismatches.push(format!(
                "{} (line {}) {point}: expected {expected}, got {got}",
                case.id, case.line
            ));
        };
        for &(point, expected) in &case.verdicts {
            checked += 1;
            let got = forbidden::classify(&case.board, point);
            if got != Some(expected) {
                report(point, code(Some(expected)), code(got).to_owned());
            }
        }
        let Some(naive_trap) = &case.all else {
            continue;
        };
        for &point in naive_trap {
            checked += 1;
            let got = forbidden::classify(&case.board, point);
            if got != Some(BlackVerdict::Legal) {
                report(point, "OK (naive-trap)", code(got).to_owned());
            }
        }
        // The listed fouls are the whole forbidden set, by the scan and by
        // classifying every other empty point.
        let listed: BTreeSet<Point> = case.verdicts.iter().map(|&(point, _)| point).collect();
        let scanned: BTreeSet<Point> = forbidden::forbidden_points(&case.board)
            .into_iter()
            .collect();
        for &point in scanned.difference(&listed) {
            report(point, "not F", "in forbidden_points".to_owned());
        }
        for &point in listed.difference(&scanned) {
            report(point, "F", "missing from forbidden_points".to_owned());
        }
        for point in case.board.empty_points() {
            if listed.contains(&point) {
                continue;
            }
            checked += 1;
            let got = forbidden::classify(&case.board, point);
            if got.is_none_or(BlackVerdict::is_foul) {
                report(point, "not F", code(got).to_owned());
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {checked} verdicts disagree with the classifier:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    eprintln!("{checked} point verdicts checked in {} cases", cases.len());
}
