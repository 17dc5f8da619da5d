//! Why a bot says no to a challenge: the reasons of lichess's Bot API,
//! adapted to narabe's games (a game, a board, an opening rule instead of a
//! chess variant; no rating).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Why a challenge was declined, by the bot or by the server for it (a
/// game, board, opening rule or time control the bot did not register).
/// The codes are lichess's where it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum DeclineReason {
    /// No reason given.
    Generic,
    /// Busy now: ask again later (a bot playing as many games as it may).
    Later,
    /// The bot does not play this game.
    Game,
    /// The bot does not play on this board size.
    Board,
    /// The bot does not play this opening rule.
    Opening,
    /// The bot does not play this time control.
    TimeControl,
    /// The time control is too fast for the bot.
    TooFast,
    /// The time control is too slow for the bot.
    TooSlow,
    /// The bot does not play other bots.
    NoBot,
}

impl DeclineReason {
    /// Every reason.
    pub const ALL: [DeclineReason; 9] = [
        DeclineReason::Generic,
        DeclineReason::Later,
        DeclineReason::Game,
        DeclineReason::Board,
        DeclineReason::Opening,
        DeclineReason::TimeControl,
        DeclineReason::TooFast,
        DeclineReason::TooSlow,
        DeclineReason::NoBot,
    ];

    /// The code, as the API writes it (`generic`, `timeControl`, ...).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            DeclineReason::Generic => "generic",
            DeclineReason::Later => "later",
            DeclineReason::Game => "game",
            DeclineReason::Board => "board",
            DeclineReason::Opening => "opening",
            DeclineReason::TimeControl => "timeControl",
            DeclineReason::TooFast => "tooFast",
            DeclineReason::TooSlow => "tooSlow",
            DeclineReason::NoBot => "noBot",
        }
    }

    /// The reason named by `code`.
    #[must_use]
    pub fn from_code(code: &str) -> Option<DeclineReason> {
        DeclineReason::ALL
            .into_iter()
            .find(|reason| reason.code() == code)
    }

    /// The sentence a challenger reads, in English (the web page has it in
    /// every language: `decline.<code>`).
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            DeclineReason::Generic => "I'm not accepting challenges at the moment.",
            DeclineReason::Later => {
                "I'm not accepting challenges right now, please ask again later."
            }
            DeclineReason::Game => "I don't play this game.",
            DeclineReason::Board => "I don't play on this board size.",
            DeclineReason::Opening => "I don't play this opening rule.",
            DeclineReason::TimeControl => "I don't play this time control.",
            DeclineReason::TooFast => {
                "This time control is too fast for me, please challenge again with a slower game."
            }
            DeclineReason::TooSlow => {
                "This time control is too slow for me, please challenge again with a faster game."
            }
            DeclineReason::NoBot => "I'm not accepting challenges from bots.",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_match_the_json() {
        for reason in DeclineReason::ALL {
            assert_eq!(DeclineReason::from_code(reason.code()), Some(reason));
            assert_eq!(
                serde_json::to_value(reason).unwrap(),
                serde_json::json!(reason.code())
            );
        }
        assert_eq!(DeclineReason::from_code("variant"), None);
    }
}
