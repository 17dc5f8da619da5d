//! Defence against the opponent's VCF: with the puzzles of
//! `tests/data/vcf_puzzles.tsv` handed to the other side, the engine must play
//! a move after which the VCF is gone whenever such a move exists (found here
//! by trying every point with `find_vcf`), unless it has a forced win itself.

mod common;

use narabe_engine::{Engine, EngineOptions, SearchLimits, VcfLimits, VcfOutcome, find_vcf};
use narabe_rules::{Color, Move, Position, RuleSet};

const PUZZLES: &str = include_str!("data/vcf_puzzles.tsv");

fn stops_the_vcf(position: &Position, mv: Move) -> bool {
    let mut after = position.clone();
    if after.play_mut(mv).is_err() || after.is_over() {
        return after
            .outcome()
            .is_some_and(|o| o.winner == Some(position.turn()));
    }
    let limits = VcfLimits {
        max_nodes: 50_000,
        max_depth: 30,
    };
    !matches!(find_vcf(&after, limits), VcfOutcome::Found(_))
}

#[test]
fn the_engine_stops_the_opponents_vcf_when_it_can() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (index, line) in PUZZLES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .take(40)
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let rules: RuleSet = fields[0].parse().unwrap();
        let puzzle = common::position(rules, fields[1]);
        // The same stones with the other side to move: it faces the VCF.
        let defender = puzzle.turn().other();
        let Ok(position) = Position::from_board(
            rules,
            puzzle.foul_policy(),
            puzzle.board().clone(),
            defender,
        ) else {
            continue;
        };
        let defences: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| match mv {
                Move::Place(point) => {
                    !(defender == Color::Black
                        && common::black_foul(position.board(), point, rules))
                }
                Move::Pass => false,
            })
            .filter(|&mv| stops_the_vcf(&position, mv))
            .collect();
        if defences.is_empty() {
            continue;
        }
        let mut engine = Engine::new(EngineOptions {
            memory_bytes: 1 << 20,
            ..EngineOptions::default()
        });
        let report = engine.search(
            &position,
            &SearchLimits {
                max_depth: Some(2),
                max_nodes: Some(300_000),
                ..SearchLimits::default()
            },
        );
        checked += 1;
        if report.forced_win.is_none() && !defences.contains(&report.best_move) {
            failures.push(format!("line {}: {:?}", index + 1, report.best_move));
        }
    }
    assert!(checked >= 10, "only {checked} defendable positions");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
