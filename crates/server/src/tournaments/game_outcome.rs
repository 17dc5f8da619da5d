//! A tournament game's end as the tournament counts it, from the result
//! summary the game stored (`{"winner": "first"|"second"|null, "reason":
//! ..., "by": ...}`): an aborted game is lost by forfeit by whoever called it
//! off (the no-show check aborts in the absent player's name); every other
//! end is a result over the board.

use narabe_tournament::GameResult;
use serde::Deserialize;

#[derive(Deserialize)]
struct Summary {
    winner: Option<String>,
    reason: String,
    #[serde(default)]
    by: Option<String>,
}

/// The tournament's result of a game from its summary, or `None` when the
/// summary does not read.
pub(super) fn game_outcome(summary_json: &str) -> Option<GameResult> {
    let summary: Summary = serde_json::from_str(summary_json).ok()?;
    if summary.reason == "aborted" {
        return match summary.by.as_deref() {
            Some("first") => Some(GameResult::SecondWinsByForfeit),
            Some("second") => Some(GameResult::FirstWinsByForfeit),
            _ => Some(GameResult::BothForfeit),
        };
    }
    Some(match summary.winner.as_deref() {
        Some("first") => GameResult::FirstWins,
        Some("second") => GameResult::SecondWins,
        None => GameResult::Draw,
        Some(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_maps() {
        let of = |json: &str| game_outcome(json);
        assert_eq!(
            of(r#"{"winner":"first","reason":"five"}"#),
            Some(GameResult::FirstWins)
        );
        assert_eq!(
            of(r#"{"winner":"second","reason":"timeout"}"#),
            Some(GameResult::SecondWins)
        );
        assert_eq!(
            of(r#"{"winner":null,"reason":"agreement"}"#),
            Some(GameResult::Draw)
        );
        assert_eq!(
            of(r#"{"winner":null,"reason":"aborted","by":"first"}"#),
            Some(GameResult::SecondWinsByForfeit)
        );
        assert_eq!(
            of(r#"{"winner":null,"reason":"aborted","by":"second"}"#),
            Some(GameResult::FirstWinsByForfeit)
        );
        assert_eq!(of("not json"), None);
    }
}
