//! The static evaluation: the running line-pattern sums of both colours (the
//! side to move's count a little more, since it moves first), bonuses for
//! threats the side to move can cash in at once, and pente's captures.

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
    let own_open_four_points = board.level_count(side, Pattern::OpenFour);
    let their_four_points = board.count_at_least(other, Pattern::Four);
    if own_open_four_points > 0 {
        score += if their_four_points == 0 { 3_000 } else { 600 };
    }
    if board.level_count(other, Pattern::OpenFour) > 0 {
        score -= 300;
    }
    if let Some(goal) = board.rules().capture_goal() {
        score +=
            capture_value(board.captures(side), goal) - capture_value(board.captures(other), goal);
        score += capture_threats(board);
    }
    score
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

/// Captured stones grow more valuable as the goal comes near.
fn capture_value(captured: u16, goal: u16) -> i32 {
    let captured = i32::from(captured);
    let goal = i32::from(goal);
    let near = (captured * 8 / goal.max(1)).pow(2);
    captured * 90 + near * 25
}
