//! Property tests: on random legal positions of every rule set and board size
//! the engine answers a legal move, and Black never plays a renju foul.

use narabe_engine::{Engine, EngineOptions, SearchLimits, Strength};
use narabe_rules::{BoardSize, Color, FoulPolicy, Move, Point, Position, RuleSet};
use proptest::prelude::*;

/// A position reached by playing up to `stones` pseudo-random moves (skipping
/// illegal ones and any that would end the game), clustered so shapes form.
fn random_position(rules: RuleSet, size: u8, refused: bool, seed: u64, stones: usize) -> Position {
    let size = if rules == RuleSet::Renju { 15 } else { size };
    let policy = if refused {
        FoulPolicy::Refused
    } else {
        FoulPolicy::Loses
    };
    let mut position = Position::empty(rules, BoardSize::new(size).expect("5..=22"), policy)
        .expect("allowed size");
    let mut state = seed | 1;
    let mut next = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let lines = u64::from(size);
    let spread = lines.min(9);
    let low = (lines - spread) / 2;
    let mut placed = 0;
    for _ in 0..stones * 4 {
        if placed == stones {
            break;
        }
        let point = Point::new((low + next(spread)) as u8, (low + next(spread)) as u8).unwrap();
        if position.turn() == Color::Black
            && position
                .black_verdict(point)
                .is_some_and(|verdict| verdict.is_foul())
        {
            continue;
        }
        let mut after = position.clone();
        if after.play_mut(Move::Place(point)).is_ok() && !after.is_over() {
            position = after;
            placed += 1;
        }
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_always_answers_a_legal_move(
        rules_index in 0usize..6,
        size in 5u8..=22,
        refused in any::<bool>(),
        seed in any::<u64>(),
        stones in 0usize..60,
        level in 1u8..=8,
        depth in 1u32..=3,
    ) {
        let rules = RuleSet::ALL[rules_index];
        let position = random_position(rules, size, refused, seed, stones);
        prop_assume!(!position.is_over());
        let mut engine = Engine::new(EngineOptions {
            strength: Strength::new(level).unwrap(),
            memory_bytes: 1 << 16,
            seed,
            threads: 1,
        });
        let limits = SearchLimits {
            max_depth: Some(depth),
            max_nodes: Some(4_000),
            ..SearchLimits::default()
        };
        let report = engine.search(&position, &limits);
        prop_assert!(position.check(report.best_move).is_ok(), "{:?} in {:?}", report.best_move, position);
        if let Move::Place(point) = report.best_move
            && position.turn() == Color::Black
        {
            let verdict = position.black_verdict(point);
            prop_assert!(!verdict.is_some_and(|v| v.is_foul()), "foul {point} in {position:?}");
        }
    }

    #[test]
    fn black_never_plays_a_foul_in_renju(seed in any::<u64>(), stones in 10usize..70) {
        let position = random_position(RuleSet::Renju, 15, false, seed, stones);
        prop_assume!(!position.is_over() && position.turn() == Color::Black);
        let mut engine = Engine::new(EngineOptions {
            memory_bytes: 1 << 16,
            ..EngineOptions::default()
        });
        let report = engine.search(&position, &SearchLimits {
            max_depth: Some(2),
            max_nodes: Some(4_000),
            ..SearchLimits::default()
        });
        let Move::Place(point) = report.best_move else {
            return Err(TestCaseError::fail("a pass"));
        };
        prop_assert!(!position.black_verdict(point).is_some_and(|v| v.is_foul()), "foul {point} in {position:?}");
        if let Some(line) = &report.forced_win {
            prop_assert_eq!(line[0], point);
        }
    }
}

#[test]
fn a_one_millisecond_budget_still_answers_a_legal_move() {
    for rules in RuleSet::ALL {
        let position = random_position(rules, 15, false, 7, 40);
        let mut engine = Engine::new(EngineOptions::default());
        let report = engine.search(
            &position,
            &SearchLimits::time(std::time::Duration::from_millis(1)),
        );
        assert!(position.check(report.best_move).is_ok(), "{rules}");
    }
}

#[test]
fn a_raised_stop_flag_still_answers_a_legal_move() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let position = random_position(RuleSet::Freestyle, 15, false, 11, 30);
    let mut engine = Engine::new(EngineOptions::default());
    let report = engine.search(
        &position,
        &SearchLimits {
            stop: Some(stop),
            ..SearchLimits::default()
        },
    );
    assert!(position.check(report.best_move).is_ok());
}
