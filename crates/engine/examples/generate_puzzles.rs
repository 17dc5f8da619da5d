//! Finds VCF puzzles for the tactical suite and the VCF benchmark: random
//! clustered positions where the side to move has a VCF of a given length.
//!
//! `cargo run -p narabe-engine --example generate_puzzles -- renju 40`
//! prints lines `rules<TAB>moves<TAB>vcf<TAB>fours` (moves Black first,
//! alternating; the side to move follows from their count). Every line it
//! prints is checked again, independently, by the tests.

use narabe_engine::{VcfLimits, VcfOutcome, find_vcf};
use narabe_rules::{Color, Move, Point, Position, RuleSet};

fn main() {
    let mut args = std::env::args().skip(1);
    let rules: RuleSet = args
        .next()
        .and_then(|name| name.parse().ok())
        .unwrap_or(RuleSet::Renju);
    let wanted: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20);
    let mut found = 0;
    let mut seed = 1u64;
    let mut seen_lengths = std::collections::HashMap::<(Color, usize), usize>::new();
    while found < wanted && seed < 200_000 {
        seed += 1;
        let Some((position, moves)) = random_position(rules, seed) else {
            continue;
        };
        let limits = VcfLimits {
            max_nodes: 50_000,
            max_depth: 20,
        };
        if let VcfOutcome::Found(line) = find_vcf(&position, limits) {
            let fours = line.len().div_ceil(2);
            let bucket = fours.min(8);
            let count = seen_lengths.entry((position.turn(), bucket)).or_default();
            if fours < 3 || *count >= 3 {
                continue;
            }
            *count += 1;
            found += 1;
            let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
            let line: Vec<String> = line.iter().map(ToString::to_string).collect();
            println!(
                "{rules}\t{}\tvcf\t{fours}\t# {}",
                names.join(" "),
                line.join(" ")
            );
        }
    }
}

/// A position of 16 to 40 stones clustered around the centre, with no five on
/// the board and no five available to the side to move (so any VCF is a real
/// sequence of fours).
fn random_position(rules: RuleSet, seed: u64) -> Option<(Position, Vec<Point>)> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let mut position = Position::new(rules);
    let centre = u64::from(position.board().size().get()) / 2;
    let stones = 16 + next(25) as usize;
    let mut moves = Vec::new();
    let mut tries = 0;
    while moves.len() < stones && tries < 2_000 {
        tries += 1;
        let col = centre - 4 + next(9);
        let row = centre - 4 + next(9);
        let point = Point::new(col as u8, row as u8)?;
        if position.black_verdict(point).is_some_and(|v| v.is_foul())
            && position.turn() == Color::Black
        {
            continue;
        }
        let mut after = position.clone();
        if after.play_mut(Move::Place(point)).is_ok() && !after.is_over() {
            position = after;
            moves.push(point);
        }
    }
    let side = position.turn();
    let wins_now = position.board().empty_points().any(|point| {
        let mut board = position.board().clone();
        board.put(point, side);
        narabe_rules::win::winning_row(&board, point, rules).is_some()
    });
    (!wins_now).then_some((position, moves))
}
