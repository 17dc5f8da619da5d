//! The main search in the middle game: nodes per second.
//!
//! `cargo bench -p narabe-engine --bench search` runs a full-strength search of
//! depth 6 (threat searches included) on three quiet middle-game positions of
//! 10 to 12 stones where neither side has a forced win. divan's
//! items are the nodes of one search (counted once beforehand; the search is
//! deterministic), so its items/s figure is nodes per second.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use narabe_engine::{Engine, EngineOptions, SearchLimits};
use narabe_rules::{Move, Position, RuleSet};

fn main() {
    divan::main();
}

/// The position after `moves` (Black first, alternating), which must not end
/// the game.
fn position(rules: RuleSet, moves: &str) -> Position {
    let mut position = Position::new(rules);
    for name in moves.split_whitespace() {
        position
            .play_mut(Move::Place(name.parse().expect("a point")))
            .expect("a legal move");
    }
    assert!(!position.is_over());
    position
}

fn limits() -> SearchLimits {
    SearchLimits {
        max_depth: Some(6),
        max_nodes: Some(2_000_000),
        ..SearchLimits::default()
    }
}

fn bench_position(bencher: Bencher, position: &Position) {
    let options = EngineOptions {
        memory_bytes: 16 << 20,
        ..EngineOptions::default()
    };
    let nodes = Engine::new(options).search(position, &limits()).nodes;
    bencher
        .counter(ItemsCount::new(nodes))
        .with_inputs(|| Engine::new(options))
        .bench_local_values(|mut engine| engine.search(black_box(position), &limits()).nodes);
}

#[divan::bench(sample_count = 10)]
fn renju_middle_game(bencher: Bencher) {
    let position = position(RuleSet::Renju, "h8 h9 i9 g7 j10 k11 g8 i10 f9 e10 h10 g10");
    bench_position(bencher, &position);
}

#[divan::bench(sample_count = 10)]
fn freestyle_middle_game(bencher: Bencher) {
    let position = position(RuleSet::Freestyle, "h8 i8 h9 h10 g9 f10 i10 g8 j9 i9");
    bench_position(bencher, &position);
}

#[divan::bench(sample_count = 10)]
fn standard_middle_game(bencher: Bencher) {
    let position = position(RuleSet::Standard, "h8 g9 i7 g7 g8 f8 i9 i8 h10 j8 h6 h7");
    bench_position(bencher, &position);
}
