//! `narabe forbidden` as users run it: the built binary, positions on stdin,
//! verdict lines on stdout and the exit status.

mod support;

use std::path::Path;
use std::process::Output;

use support::run_narabe;

fn run_forbidden(input: &[u8]) -> Output {
    run_narabe(&["forbidden"], input)
}

/// The random test file: the shared copy when present, else the repository copy.
fn random_file() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/testdata/renju-forbidden-random.tsv");
    let path = if shared.is_file() {
        shared
    } else {
        root.join("testdata/renju-forbidden-random.tsv")
    };
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn agrees_with_every_line_of_the_random_file() {
    let text = random_file();
    let output = run_forbidden(text.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answers = String::from_utf8(output.stdout).expect("UTF-8 output");
    let expected: Vec<&str> = text
        .lines()
        .map(|line| line.split('\t').nth(1).expect("expected column"))
        .collect();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 5_000);
    let wrong: Vec<usize> = (0..expected.len())
        .filter(|&i| answers[i] != expected[i])
        .collect();
    assert!(
        wrong.is_empty(),
        "lines differ: {:?}",
        &wrong[..wrong.len().min(10)]
    );
}

#[test]
fn a_bad_line_gets_an_error_line_and_a_failing_status() {
    let output = run_forbidden(
        b"g8 a1 h7 a3 h9 a5 i8 a7\nh8 x9\nh8 h8\nh8 z1\n\ne5 a1 f6 a2 h5 a3 h6\tcomment\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "one line out per line in: {text}");
    assert_eq!(lines[0], "h8");
    assert!(
        lines[1].starts_with("error: move 2: bad column"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error: move 2: h8 is already occupied");
    assert!(
        lines[3].starts_with("error: move 2: bad column"),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "-");
    assert_eq!(lines[5], "h8");
}

#[test]
fn an_empty_input_is_a_success_with_no_output() {
    let output = run_forbidden(b"");
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
}
