//! The time an engine gets for one answer, from the game's clock: the
//! `INFO timeout_turn`, `timeout_match` and `time_left` it is told before
//! every question, and how long the bridge waits for the answer.

use std::time::Duration;

use narabe_game::TimeControl;
use narabe_rules::Player;
use serde_json::Value;

/// What the bridge keeps of a real-time bank for the network and the
/// server's own time: 300 ms and a twentieth of the bank, at most 2 s.
fn network_margin(bank_ms: u64) -> u64 {
    (300 + bank_ms / 20).min(2_000)
}

/// How long past the engine's move time the bridge waits without a clock
/// before it counts the engine's silence as a failure.
const WAIT_PAST_MOVE_TIME: Duration = Duration::from_secs(5);

/// One answer's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// `INFO timeout_turn`: the most the engine should think now.
    pub turn_ms: u64,
    /// `INFO timeout_match`: the game's time for each side, 0 for none.
    pub match_ms: u64,
    /// `INFO time_left`: what remains of the engine's game time, with a
    /// real-time clock.
    pub time_left_ms: Option<u64>,
    /// How long the bridge waits for the answer: until the flag falls with
    /// a clock (silence costs the game, as it would anyone), the move time
    /// and a margin without one.
    pub wait: Duration,
}

impl Budget {
    /// The budget of the player holding `seat` in the game `state` (a
    /// game's state JSON), with `move_time_ms` the engine's time per move
    /// when the game has no real-time clock.
    #[must_use]
    pub fn of(state: &Value, seat: Player, move_time_ms: u64) -> Budget {
        let without_clock = Budget {
            turn_ms: move_time_ms,
            match_ms: 0,
            time_left_ms: None,
            wait: Duration::from_millis(move_time_ms) + WAIT_PAST_MOVE_TIME,
        };
        let time: Option<TimeControl> = state["time"].as_str().and_then(|text| text.parse().ok());
        let Some(TimeControl::RealTime {
            base_ms,
            increment_ms,
        }) = time
        else {
            return without_clock;
        };
        let Some(bank_ms) = state["clock"][format!("{}_ms", seat.name())].as_u64() else {
            return without_clock;
        };
        let left = bank_ms.saturating_sub(network_margin(bank_ms)).max(1);
        Budget {
            // An eighth of what is left and the increment at most: the
            // engine spreads the rest over the moves to come.
            turn_ms: (increment_ms + left / 8).clamp(1, left),
            match_ms: base_ms,
            time_left_ms: Some(left),
            wait: Duration::from_millis(bank_ms + 500),
        }
    }

    /// The `INFO` lines sent before a question.
    #[must_use]
    pub fn info_lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("INFO timeout_turn {}", self.turn_ms),
            format!("INFO timeout_match {}", self.match_ms),
        ];
        if let Some(left) = self.time_left_ms {
            lines.push(format!("INFO time_left {left}"));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_clock_gives_a_share_of_the_bank_and_waits_for_the_flag() {
        let state = json!({"time": "5+3", "clock": {"first_ms": 300_000, "second_ms": 40_000}});
        let first = Budget::of(&state, Player::First, 5_000);
        assert_eq!(first.match_ms, 300_000);
        assert_eq!(first.time_left_ms, Some(298_000));
        assert_eq!(first.turn_ms, 3_000 + 298_000 / 8);
        assert_eq!(first.wait, Duration::from_millis(300_500));
        assert_eq!(
            first.info_lines(),
            [
                "INFO timeout_turn 40250",
                "INFO timeout_match 300000",
                "INFO time_left 298000"
            ]
        );
        let second = Budget::of(&state, Player::Second, 5_000);
        assert_eq!(second.time_left_ms, Some(40_000 - 2_000));
    }

    #[test]
    fn without_a_clock_the_move_time_applies() {
        for time in ["none", "3d"] {
            let state = json!({"time": time, "clock": {"first_ms": null, "second_ms": null}});
            let budget = Budget::of(&state, Player::First, 800);
            assert_eq!(budget.turn_ms, 800);
            assert_eq!(budget.match_ms, 0);
            assert_eq!(budget.time_left_ms, None);
            assert_eq!(budget.wait, Duration::from_millis(5_800));
            assert_eq!(budget.info_lines().len(), 2);
        }
    }
}
