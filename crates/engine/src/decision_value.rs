//! What opening decisions weigh: the value of a position for one colour, from a
//! search, within a share of the decision's budget; and the seeded choice
//! among options that are about as good.

use std::time::Duration;

use narabe_rules::{Color, Point, Position};

use crate::{Engine, Score, SearchLimits};

/// The value of a forced win (a forced loss is its negation); forced results
/// sooner are worth a little more.
pub(crate) const WIN_VALUE: i32 = 1_000_000;

/// Options whose values differ by at most this much (in the engine's
/// evaluation units) count as equally good: the seed picks among them, so the
/// engine's opening choices vary from game to game. The tuned evaluation
/// weighs the side to move's shapes about half as much again as the other
/// side's, and the searches behind these decisions end on either colour's
/// move, so a tempo alone moves a value by several hundred points: at 300
/// (the margin of the hand-set evaluation) every Swap2 position of the
/// opening tests looked decided for Black. 1,000 points is about 0.86 logit
/// on the tuner's scale (docs/engine.md).
pub(crate) const NEAR_EQUAL: i32 = 1_000;

/// A search score for the side to move as one number (forced results outside
/// any heuristic value).
pub(crate) fn score_value(score: Score) -> i32 {
    match score {
        Score::Value(value) => value.clamp(-WIN_VALUE / 2, WIN_VALUE / 2),
        Score::WinIn(plies) => WIN_VALUE - i32::try_from(plies).unwrap_or(WIN_VALUE / 4),
        Score::LossIn(plies) => -WIN_VALUE + i32::try_from(plies).unwrap_or(WIN_VALUE / 4),
    }
}

/// The value of `position` for `color`, searched within `limits`; a finished
/// position is worth its result.
pub(crate) fn value_for(
    engine: &mut Engine,
    position: &Position,
    color: Color,
    limits: &SearchLimits,
) -> i32 {
    if let Some(outcome) = position.outcome() {
        return match outcome.winner {
            Some(winner) if winner == color => WIN_VALUE,
            Some(_) => -WIN_VALUE,
            None => 0,
        };
    }
    let value = score_value(engine.search(position, limits).score);
    if position.turn() == color {
        value
    } else {
        -value
    }
}

/// The value for `color` of `position` with a stone of the colour to move on
/// `point`, or `None` when the stone cannot be played there.
pub(crate) fn value_after(
    engine: &mut Engine,
    position: &Position,
    point: Point,
    color: Color,
    limits: &SearchLimits,
) -> Option<i32> {
    let after = position
        .clone()
        .play(narabe_rules::Move::Place(point))
        .ok()?;
    Some(value_for(engine, &after, color, limits))
}

/// One of `parts` equal shares of `limits`, for the several searches a single
/// decision makes: a decision never spends more than a move would. A budget
/// given as game time left becomes a move time first (a thirtieth of it).
pub(crate) fn share(limits: &SearchLimits, parts: usize) -> SearchLimits {
    let parts = u32::try_from(parts.max(1)).unwrap_or(u32::MAX);
    let move_time = match (limits.move_time, limits.game_time_left) {
        (Some(move_time), Some(left)) => Some(move_time.min(left / 30)),
        (Some(move_time), None) => Some(move_time),
        (None, Some(left)) => Some(left / 30),
        (None, None) => None,
    };
    SearchLimits {
        move_time: move_time.map(|time| (time / parts).max(Duration::from_millis(1))),
        game_time_left: None,
        max_depth: limits.max_depth,
        max_nodes: limits
            .max_nodes
            .map(|nodes| (nodes / u64::from(parts)).max(1)),
        stop: limits.stop.clone(),
        // These searches weigh positions for a decision: they search.
        opening_book: false,
    }
}

/// A small deterministic generator (SplitMix64) for choices among near-equal
/// options: the same seed and position give the same choice.
#[derive(Debug, Clone)]
pub(crate) struct ChoiceRng(u64);

impl ChoiceRng {
    /// A generator for a decision in `position` by an engine seeded with `seed`.
    pub(crate) fn new(seed: u64, position: &Position) -> ChoiceRng {
        let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
        for (point, color) in position.board().stones() {
            let word =
                u64::from(point.col()) << 16 | u64::from(point.row()) << 8 | color.index() as u64;
            state = mix(state ^ word);
        }
        ChoiceRng(mix(state ^ u64::from(position.ply())))
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.0)
    }

    /// A number below `bound` (which must not be 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        // The modulo bias is irrelevant for bounds this small.
        (self.next_u64() % bound.max(1) as u64) as usize
    }

    /// One of the `options` whose value is within [`NEAR_EQUAL`] of the best.
    pub(crate) fn pick_best<T: Copy>(&mut self, options: &[(T, i32)]) -> Option<T> {
        let best = options.iter().map(|&(_, value)| value).max()?;
        let near: Vec<T> = options
            .iter()
            .filter(|&&(_, value)| value >= best.saturating_sub(NEAR_EQUAL))
            .map(|&(option, _)| option)
            .collect();
        near.get(self.below(near.len())).copied()
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_outrank_every_heuristic_value() {
        assert!(score_value(Score::WinIn(40)) > score_value(Score::Value(i32::MAX)));
        assert!(score_value(Score::LossIn(40)) < score_value(Score::Value(i32::MIN)));
        assert!(score_value(Score::WinIn(1)) > score_value(Score::WinIn(5)));
    }

    #[test]
    fn shares_divide_time_and_nodes() {
        let limits = SearchLimits {
            move_time: Some(Duration::from_millis(1000)),
            max_nodes: Some(1000),
            ..SearchLimits::default()
        };
        let part = share(&limits, 4);
        assert_eq!(part.move_time, Some(Duration::from_millis(250)));
        assert_eq!(part.max_nodes, Some(250));
        let from_game = share(
            &SearchLimits {
                game_time_left: Some(Duration::from_secs(60)),
                ..SearchLimits::default()
            },
            2,
        );
        assert_eq!(from_game.move_time, Some(Duration::from_secs(1)));
        assert_eq!(from_game.game_time_left, None);
    }
}
