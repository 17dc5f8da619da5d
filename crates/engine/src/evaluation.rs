//! The static evaluation: the running line-pattern sums of both colours (the
//! side to move's count a little more, since it moves first), bonuses for
//! threats the side to move can cash in at once, and pente's captures.

use narabe_rules::Color;

use crate::engine_board::EngineBoard;
use crate::line_pattern::Pattern;

/// Scores at or beyond this are wins or losses, not heuristics.
pub const WIN_SCORE: i32 = 1_000_000;
/// Scores beyond this in magnitude are forced results.
pub const WIN_THRESHOLD: i32 = WIN_SCORE - 1_000;

/// The value of `board` for the side to move (positive is good for it).
#[must_use]
pub fn evaluate(board: &EngineBoard) -> i32 {
    let side = board.side();
    let other = side.other();
    let own = board.pattern_sum(side);
    let theirs = board.pattern_sum(other);
    let mut score = own * 6 / 5 - theirs;
    // The side to move with a four available and an open three pending (an open
    // four next) is usually winning when the other side has no four.
    let their_four_points = board.count_at_least(other, Pattern::Four);
    if has_real_open_three(board, side) {
        score += if their_four_points == 0 { 3_000 } else { 600 };
    }
    if has_real_open_three(board, other) {
        score -= 300;
    }
    score += double_threat_value(board, side, their_four_points == 0)
        - double_threat_value(board, other, false) / 4;
    if let Some(goal) = board.rules().capture_goal() {
        score +=
            capture_value(board.captures(side), goal) - capture_value(board.captures(other), goal);
        score += capture_threats(board);
    }
    score
}

/// The value of the strongest double threat `color` can make with one stone:
/// a four with an open three or a second four wins unless the other side has
/// a four of its own first (`unanswered`: it has none). Only points where a
/// four can be made are looked at, so the scan is rare and short.
fn double_threat_value(board: &EngineBoard, color: Color, unanswered: bool) -> i32 {
    if board.rules().capture_goal().is_some() || board.count_at_least(color, Pattern::Four) == 0 {
        return 0;
    }
    let mut best = 0;
    for at in board.points_at_least(color, Pattern::Four) {
        let mut fours = 0;
        let mut threes = 0;
        for pattern in board.patterns(at, color) {
            match pattern {
                Pattern::Four | Pattern::OpenFour => fours += 1,
                Pattern::OpenThree => threes += 1,
                _ => {}
            }
        }
        if fours + threes >= 2 && !(color == Color::Black && board.black_foul(at)) {
            best = if fours >= 2 { 2 } else { 1 };
            if best == 2 {
                break;
            }
        }
    }
    match (best, unanswered) {
        (0, _) => 0,
        (_, true) => 4_000,
        (2, false) => 1_000,
        _ => 700,
    }
}

/// Pente: the captures on offer. The side to move can take its best capture
/// now; the other side's captures are threats the side to move can answer only
/// one at a time.
fn capture_threats(board: &EngineBoard) -> i32 {
    let side = board.side();
    let mut best_own = 0;
    let mut own_total = 0;
    let mut their_total = 0;
    for at in board.candidates() {
        let own = i32::from(board.capture_count(at, side));
        best_own = best_own.max(own);
        own_total += own;
        their_total += i32::from(board.capture_count(at, side.other()));
    }
    best_own * 70 + own_total * 10 - their_total * 45
}

/// Whether `color` has an open three whose open four it may play: in renju a
/// black three whose open-four points are all fouls is no threat.
fn has_real_open_three(board: &EngineBoard, color: Color) -> bool {
    if board.level_count(color, Pattern::OpenFour) == 0 {
        return false;
    }
    if color == Color::White || !board.rules().has_forbidden_moves() {
        return true;
    }
    board
        .points_at_least(color, Pattern::OpenFour)
        .any(|at| !board.black_foul(at))
}

/// Captured stones grow more valuable as the goal comes near.
fn capture_value(captured: u16, goal: u16) -> i32 {
    let captured = i32::from(captured);
    let goal = i32::from(goal);
    let near = (captured * 8 / goal.max(1)).pow(2);
    captured * 90 + near * 25
}
