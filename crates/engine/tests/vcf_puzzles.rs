//! Every puzzle of `tests/data/vcf_puzzles.tsv` is solved by `find_vcf`, and the
//! line passes the rules-crate check of `tests/common`.

mod common;

use narabe_engine::{VcfLimits, VcfOutcome, find_vcf};
use narabe_rules::RuleSet;

const PUZZLES: &str = include_str!("data/vcf_puzzles.tsv");

#[test]
fn every_puzzle_is_solved_with_a_line_the_rules_confirm() {
    let mut failures = Vec::new();
    let mut solved = 0;
    for (index, line) in PUZZLES.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let rules: RuleSet = fields[0].parse().unwrap();
        let position = common::position(rules, fields[1]);
        match find_vcf(&position, VcfLimits::default()) {
            VcfOutcome::Found(found) => match common::verify_vcf(&position, &found) {
                Ok(()) => solved += 1,
                Err(error) => failures.push(format!("line {}: {found:?}: {error}", index + 1)),
            },
            other => failures.push(format!("line {}: {other:?}", index + 1)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(solved >= 100, "{solved} puzzles");
}
