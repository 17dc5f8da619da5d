//! Playing moves with every check: legality, renju fouls, captures and win
//! detection.
//!
//! `cargo bench -p narabe-rules --bench play` replays a 60-move game from the
//! start for each rule set on 15x15, so the figure is the cost of one `play_mut`
//! (divan counts 60 items per iteration, which also copies the start position
//! once).

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use narabe_rules::{BoardSize, FoulPolicy, Move, Position, RuleSet};

fn main() {
    divan::main();
}

/// Rule sets the bench replays the game under.
const RULE_SETS: [RuleSet; 5] = [
    RuleSet::Renju,
    RuleSet::Standard,
    RuleSet::Freestyle,
    RuleSet::Caro,
    RuleSet::Pente,
];

/// A 60-move game that no rule set ends early: each move is the point nearest the
/// centre (rings outward, row by row) that every rule set accepts without a win, a
/// foul or a capture, so the same moves exercise every check under every rule set.
fn quiet_game() -> Vec<Move> {
    let mut positions: Vec<Position> = RULE_SETS
        .iter()
        .map(|&rules| {
            Position::empty(rules, BoardSize::FIFTEEN, FoulPolicy::Refused).expect("15x15")
        })
        .collect();
    let center = BoardSize::FIFTEEN.center();
    let mut order: Vec<_> = BoardSize::FIFTEEN.points().collect();
    order.sort_by_key(|&point| (point.chebyshev(center), point));
    let mut moves = Vec::new();
    while moves.len() < 60 {
        let next = order.iter().map(|&point| Move::Place(point)).find(|&mv| {
            positions.iter().all(|position| {
                let mut after = position.clone();
                after.play_mut(mv).is_ok()
                    && after.outcome().is_none()
                    && after.board().stone_count() == position.board().stone_count() + 1
            })
        });
        let mv = next.expect("a quiet move exists");
        for position in &mut positions {
            position.play_mut(mv).expect("checked above");
        }
        moves.push(mv);
    }
    moves
}

#[divan::bench(args = RULE_SETS)]
fn sixty_moves(bencher: Bencher, rules: RuleSet) {
    let moves = quiet_game();
    let start = Position::empty(rules, BoardSize::FIFTEEN, FoulPolicy::Loses).expect("15x15");
    bencher
        .counter(ItemsCount::new(moves.len()))
        .bench_local(|| {
            let mut position = start.clone();
            for &mv in &moves {
                let _ = position.play_mut(black_box(mv));
            }
            position
        });
}
