//! `narabe vcf` as users run it: the built binary, positions on stdin, one
//! answer line per position on stdout and the exit status.

mod support;

use std::process::Output;

use support::{run_narabe, run_narabe_may_exit_early};

fn run_vcf(arguments: &[&str], input: &[u8]) -> Output {
    let args: Vec<&str> = std::iter::once("vcf")
        .chain(arguments.iter().copied())
        .collect();
    run_narabe(&args, input)
}

fn lines(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn finds_a_white_win_through_a_black_foul_in_renju() {
    // White's four at k10 leaves Black only l10, a double three.
    let output = run_vcf(&[], b"g10 h10 l11 i10 l12 j10 m11 a1 n12\n");
    assert!(output.status.success());
    assert_eq!(lines(&output), ["vcf k10"]);
}

#[test]
fn rules_change_the_answer() {
    // Black's only five point l8 is an overline: no win in renju or standard,
    // a five in freestyle.
    let input = b"h8 g8 i8 a1 j8 o15 k8 a15 m8 o1\n";
    let renju = run_vcf(&["--rules", "renju"], input);
    assert_eq!(lines(&renju), ["none"]);
    let freestyle = run_vcf(&["--rules", "freestyle"], input);
    assert_eq!(lines(&freestyle), ["vcf l8"]);
}

#[test]
fn a_longer_vcf_is_written_move_by_move() {
    let output = run_vcf(
        &["--rules", "standard"],
        b"f9 l11 j8 h11 i7 h10 g4 g7 j11 e4 i12 h6 j7 f12 k8 k11 d6 d11 d7 g5\n",
    );
    let lines = lines(&output);
    let words: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(words[0], "vcf");
    assert!(words.len() >= 6, "{}", lines[0]);
}

#[test]
fn a_small_node_limit_answers_unknown() {
    let output = run_vcf(
        &["--nodes", "3"],
        b"k8 e8 d4 g4 i5 j9 l5 k6 e11 i4 d7 f10 f4 i10 g5 l12 g9 k11 d5 k4 e6 f12 d9 l4 l7 k10 f11 g7 h9 g11\n",
    );
    assert!(output.status.success());
    assert_eq!(lines(&output), ["unknown (limit)"]);
}

#[test]
fn a_bad_line_gets_an_error_line_and_a_failing_status() {
    let output = run_vcf(&[], b"h8 zz\nh8\n");
    assert_eq!(output.status.code(), Some(1));
    let lines = lines(&output);
    assert!(lines[0].starts_with("error: move 2:"), "{}", lines[0]);
    assert_eq!(lines[1], "none");
}

#[test]
fn unknown_rules_are_refused() {
    // The command refuses its options before reading stdin, so writing the
    // input may meet a closed pipe.
    let output = run_narabe_may_exit_early(&["vcf", "--rules", "pente"], b"h8\n");
    assert_eq!(output.status.code(), Some(2));
}
