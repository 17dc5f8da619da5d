//! Helpers shared by the engine's integration tests: positions from move lists
//! and an independent check of VCF lines against `narabe_rules`.

#![allow(dead_code)]

use narabe_rules::forbidden::classify;
use narabe_rules::win::winning_row;
use narabe_rules::{
    Board, BoardSize, Color, FoulPolicy, Move, Point, Position, RuleSet, board_from_moves,
};

/// The position after `moves` (Black first, alternating) under `rules` on
/// 15x15, the side to move following from the count.
pub fn position(rules: RuleSet, moves: &str) -> Position {
    let board = board_from_moves(moves, BoardSize::FIFTEEN).expect("a valid move list");
    let turn = if board.stone_count().is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    Position::from_board(rules, FoulPolicy::Loses, board, turn).expect("15x15 is allowed")
}

/// Points where a stone of `color` would win at once under `rules` (per the
/// rules crate: `winning_row`, and for Black in renju only exact fives).
pub fn winning_points(board: &Board, color: Color, rules: RuleSet) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&point| {
            let mut after = board.clone();
            after.put(point, color);
            winning_row(&after, point, rules).is_some()
        })
        .collect()
}

/// Whether a black stone on `point` is a renju foul.
pub fn black_foul(board: &Board, point: Point, rules: RuleSet) -> bool {
    rules.has_forbidden_moves() && classify(board, point).is_some_and(|v| v.is_foul())
}

/// Checks a VCF `line` for the side to move in `start` with the rules crate
/// only: every attacker move is legal (never a foul for Black) and either wins
/// or makes a four; the defender has no five of its own and exactly one block,
/// which is the next move of the line; the line ends in a win or in a four the
/// defender cannot stop (two completion points, or the only one a foul for a
/// black defender).
pub fn verify_vcf(start: &Position, line: &[Point]) -> Result<(), String> {
    let rules = start.rules();
    let attacker = start.turn();
    let defender = attacker.other();
    let mut position = start.clone();
    let mut index = 0;
    while index < line.len() {
        let attack = line[index];
        if attacker == Color::Black && black_foul(position.board(), attack, rules) {
            return Err(format!("attacker move {attack} is a foul"));
        }
        position
            .play_mut(Move::Place(attack))
            .map_err(|error| format!("attacker move {attack}: {error}"))?;
        if let Some(outcome) = position.outcome() {
            return if outcome.winner == Some(attacker) && index + 1 == line.len() {
                Ok(())
            } else {
                Err(format!("the game ended badly at {attack}: {outcome:?}"))
            };
        }
        let fives = winning_points(position.board(), attacker, rules);
        if fives.is_empty() {
            return Err(format!("{attack} is not a four"));
        }
        if !winning_points(position.board(), defender, rules).is_empty() {
            return Err(format!("after {attack} the defender has a five"));
        }
        let blocks: Vec<Point> = fives
            .iter()
            .copied()
            .filter(|&point| {
                !(defender == Color::Black && black_foul(position.board(), point, rules))
            })
            .collect();
        if index + 1 == line.len() {
            return if fives.len() >= 2 || blocks.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "the last four {attack} can be blocked at {}",
                    blocks[0]
                ))
            };
        }
        let reply = line[index + 1];
        if blocks != [reply] {
            return Err(format!(
                "after {attack} the reply {reply} is not the only block {blocks:?}"
            ));
        }
        position
            .play_mut(Move::Place(reply))
            .map_err(|error| format!("defender move {reply}: {error}"))?;
        if position.is_over() {
            return Err(format!("the defender's block {reply} ended the game"));
        }
        index += 2;
    }
    Err("the line ends without a win".to_owned())
}
