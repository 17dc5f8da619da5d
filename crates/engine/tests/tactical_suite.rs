//! The tactical suite of `tests/data/tactics.tsv`: wins in one, blocks, renju
//! fouls to avoid and to exploit, and VCF puzzles under renju, standard and
//! freestyle, each VCF checked independently with the rules crate.

mod common;

use narabe_engine::{Engine, EngineOptions, SearchLimits, VcfLimits, VcfOutcome, find_vcf};
use narabe_rules::{Move, Point, RuleSet};

const SUITE: &str = include_str!("data/tactics.tsv");

struct Case {
    line_number: usize,
    rules: RuleSet,
    moves: String,
    kind: String,
    argument: String,
}

fn cases() -> Vec<Case> {
    SUITE
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| {
            let line = line.split('#').next().unwrap_or_default();
            let fields: Vec<&str> = line.split('\t').collect();
            Case {
                line_number: index + 1,
                rules: fields[0].parse().expect("rule set"),
                moves: fields[1].to_owned(),
                kind: fields[2].trim().to_owned(),
                argument: fields.get(3).unwrap_or(&"").trim().to_owned(),
            }
        })
        .collect()
}

fn points(text: &str) -> Vec<Point> {
    text.split_whitespace()
        .map(|name| name.parse().expect("a point"))
        .collect()
}

fn engine() -> Engine {
    Engine::new(EngineOptions {
        memory_bytes: 4 << 20,
        ..EngineOptions::default()
    })
}

fn limits() -> SearchLimits {
    SearchLimits {
        max_depth: Some(4),
        max_nodes: Some(400_000),
        ..SearchLimits::default()
    }
}

#[test]
fn the_suite_covers_every_rule_set_and_both_colours_of_attacker() {
    let cases = cases();
    for rules in [RuleSet::Renju, RuleSet::Standard, RuleSet::Freestyle] {
        for black in [true, false] {
            let count = cases
                .iter()
                .filter(|case| case.rules == rules && case.kind.starts_with("vcf"))
                .filter(|case| (case.moves.split_whitespace().count().is_multiple_of(2)) == black)
                .count();
            assert!(
                count >= 3,
                "{rules}, black attacker {black}: {count} VCF puzzles"
            );
        }
    }
    let long = cases
        .iter()
        .filter(|case| case.kind == "vcf" && case.argument.parse::<usize>().unwrap() >= 7)
        .count();
    assert!(long >= 2, "VCFs of seven fours or more: {long}");
}

#[test]
fn every_position_gets_its_expected_answer() {
    let mut failures = Vec::new();
    for case in cases() {
        let position = common::position(case.rules, &case.moves);
        let label = format!("line {} ({} {})", case.line_number, case.rules, case.kind);
        let mut engine = engine();
        match case.kind.as_str() {
            "best" | "avoid" => {
                let report = engine.search(&position, &limits());
                let Move::Place(played) = report.best_move else {
                    failures.push(format!("{label}: passed"));
                    continue;
                };
                let listed = points(&case.argument).contains(&played);
                if listed != (case.kind == "best") {
                    failures.push(format!("{label}: played {played}"));
                }
                assert!(position.check(report.best_move).is_ok());
            }
            "vcf" | "vcf-first" => {
                let outcome = find_vcf(&position, VcfLimits::default());
                let VcfOutcome::Found(line) = outcome else {
                    failures.push(format!("{label}: find_vcf answered {outcome:?}"));
                    continue;
                };
                if let Err(error) = common::verify_vcf(&position, &line) {
                    failures.push(format!("{label}: find_vcf line {line:?}: {error}"));
                }
                if case.kind == "vcf-first" && line[0] != case.argument.parse::<Point>().unwrap() {
                    failures.push(format!("{label}: starts at {}", line[0]));
                }
                let report = engine.search(&position, &limits());
                match report.forced_win {
                    Some(win) => {
                        // The search tries its VCF before any VCT, so with a VCF
                        // on the board its line is one of fours.
                        if let Err(error) = common::verify_vcf(&position, &win) {
                            failures.push(format!("{label}: search line {win:?}: {error}"));
                        }
                        if report.best_move != Move::Place(win[0]) {
                            failures.push(format!("{label}: plays off its own line"));
                        }
                    }
                    None => failures.push(format!("{label}: the search found no forced win")),
                }
            }
            "win-first" => {
                let report = engine.search(&position, &limits());
                let expected: Point = case.argument.parse().unwrap();
                match report.forced_win {
                    Some(line) if line[0] == expected => {}
                    other => failures.push(format!("{label}: forced win {other:?}")),
                }
            }
            "none" => {
                let outcome = find_vcf(&position, VcfLimits::default());
                if outcome != VcfOutcome::None {
                    failures.push(format!("{label}: {outcome:?}"));
                }
            }
            other => panic!("unknown kind {other}"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A helper thread splits the root moves with the main search and shares its
/// table: the answers stay the expected ones.
#[test]
fn two_search_threads_give_the_expected_answers_too() {
    let mut failures = Vec::new();
    let mut searched = 0;
    for case in cases() {
        if case.kind != "best" && case.kind != "avoid" {
            continue;
        }
        let position = common::position(case.rules, &case.moves);
        let mut engine = Engine::new(EngineOptions {
            memory_bytes: 4 << 20,
            threads: 2,
            ..EngineOptions::default()
        });
        let report = engine.search(&position, &limits());
        assert!(position.check(report.best_move).is_ok());
        let Move::Place(played) = report.best_move else {
            failures.push(format!("line {}: passed", case.line_number));
            continue;
        };
        if points(&case.argument).contains(&played) != (case.kind == "best") {
            failures.push(format!("line {}: played {played}", case.line_number));
        }
        searched += 1;
    }
    assert!(searched >= 10, "{searched} positions");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn forced_win_scores_count_the_plies_to_the_five() {
    use narabe_engine::Score;
    // A five on the spot.
    let five = common::position(RuleSet::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4");
    assert_eq!(engine().search(&five, &limits()).score, Score::WinIn(1));
    // White's four whose only block is a black foul: four, (no block), five.
    let foul = common::position(RuleSet::Renju, "g10 h10 l11 i10 l12 j10 m11 a1 n12");
    let report = engine().search(&foul, &limits());
    assert_eq!(report.forced_win, Some(points("k10")));
    assert_eq!(report.score, Score::WinIn(3));
}
