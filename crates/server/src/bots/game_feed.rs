//! What a bot's game stream says: the game's live messages (the same the
//! game's WebSocket carries) turned into the Bot API's lines. `gameFull`
//! first, with the whole state; a `gameState` after every accepted action,
//! with the state after it; `opponentGone` when the opponent leaves or comes
//! back. The state is the game's own JSON (`GET /api/games/{id}`), so a bot
//! reads every opening phase, clock and offer as the web page does.

use narabe_rules::Player;
use serde_json::{Value, json};

/// The translation of one game's messages for the bot holding `seat`.
#[derive(Debug)]
pub(crate) struct GameFeed {
    id: String,
    seat: Player,
    bot: String,
    /// Whether `gameFull` was sent.
    started: bool,
    /// Whether the opponent was connected, as last told.
    opponent_here: Option<bool>,
    /// Whether a state with a result was sent: the stream ends.
    over: bool,
}

impl GameFeed {
    /// The feed of game `id` for `bot`, which holds `seat`.
    pub(crate) fn new(id: &str, seat: Player, bot: &str) -> GameFeed {
        GameFeed {
            id: id.to_owned(),
            seat,
            bot: bot.to_owned(),
            started: false,
            opponent_here: None,
            over: false,
        }
    }

    /// Whether the game is over and told: nothing follows.
    pub(crate) fn is_over(&self) -> bool {
        self.over
    }

    /// The `gameFull` line of `state` (a game's state JSON): what a stream
    /// opens with, and what a stream that fell behind gets again.
    pub(crate) fn full(&mut self, state: Value) -> String {
        self.started = true;
        self.note_state(&state);
        let opponent = match state["bots"][self.seat.other().name()].as_str() {
            Some(name) => json!({"kind": "bot", "name": name}),
            None => json!({"kind": "person"}),
        };
        json!({
            "type": "gameFull",
            "id": self.id,
            "seat": self.seat.name(),
            "bot": self.bot,
            "opponent": opponent,
            "state": state,
        })
        .to_string()
    }

    /// The lines of one message of the game's live feed (its JSON text),
    /// none for what a bot need not hear (the welcome, a rematch).
    pub(crate) fn lines(&mut self, message: &str) -> Vec<String> {
        let Ok(mut message) = serde_json::from_str::<Value>(message) else {
            return Vec::new();
        };
        match message["type"].as_str() {
            Some("snapshot") => {
                let state = message["state"].take();
                if self.started {
                    vec![self.state_line(json!(null), json!(null), json!(null), state)]
                } else {
                    vec![self.full(state)]
                }
            }
            Some("event") => {
                let state = message["state"].take();
                vec![self.state_line(
                    message["seat"].take(),
                    message["action"].take(),
                    message["at"].take(),
                    state,
                )]
            }
            Some("presence") => self.presence_line(&message).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    fn state_line(&mut self, by: Value, action: Value, at: Value, state: Value) -> String {
        self.note_state(&state);
        json!({
            "type": "gameState",
            "version": state["version"],
            "by": by,
            "action": action,
            "at": at,
            "state": state,
        })
        .to_string()
    }

    fn note_state(&mut self, state: &Value) {
        if !state["result"].is_null() {
            self.over = true;
        }
        if let Some(here) = state["presence"][self.seat.other().name()].as_bool() {
            self.opponent_here.get_or_insert(here);
        }
    }

    /// `opponentGone` when the opponent's connection changed: gone, with
    /// the seconds until the bot may claim the win (`null` where claims do
    /// not apply), or back.
    fn presence_line(&mut self, presence: &Value) -> Option<String> {
        let opponent = self.seat.other().name();
        let here = presence[opponent].as_bool()?;
        if self.opponent_here == Some(here) {
            return None;
        }
        self.opponent_here = Some(here);
        let claim_in = match (
            presence["claimable_from"][opponent].as_u64(),
            presence["now"].as_u64(),
        ) {
            (Some(at), Some(now)) if !here => json!(at.saturating_sub(now).div_ceil(1000)),
            _ => json!(null),
        };
        Some(
            json!({"type": "opponentGone", "gone": !here, "claimWinInSeconds": claim_in})
                .to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(version: u64, result: Value) -> Value {
        json!({
            "version": version,
            "result": result,
            "bots": {"first": null, "second": "rapfi"},
            "presence": {"first": true, "second": true},
        })
    }

    #[test]
    fn the_live_feed_becomes_bot_lines() {
        let mut feed = GameFeed::new("Zk3xw2KqP0aB", Player::Second, "rapfi");
        let welcome = json!({"type": "welcome", "seat": "second", "version": 0}).to_string();
        assert!(feed.lines(&welcome).is_empty());
        let snapshot = json!({"type": "snapshot", "state": state(0, json!(null))}).to_string();
        let full: Value = serde_json::from_str(&feed.lines(&snapshot)[0]).unwrap();
        assert_eq!(full["type"], "gameFull");
        assert_eq!(full["seat"], "second");
        assert_eq!(full["opponent"], json!({"kind": "person"}));
        let event = json!({"type": "event", "version": 1, "seat": "first",
            "action": "place h8", "at": 5, "state": state(1, json!(null))})
        .to_string();
        let line: Value = serde_json::from_str(&feed.lines(&event)[0]).unwrap();
        assert_eq!(line["type"], "gameState");
        assert_eq!(line["by"], "first");
        assert_eq!(line["action"], "place h8");
        assert_eq!(line["version"], 1);
        let gone = json!({"type": "presence", "first": false, "second": true,
            "claimable_from": {"first": 31_500, "second": null}, "now": 1_000})
        .to_string();
        let line: Value = serde_json::from_str(&feed.lines(&gone)[0]).unwrap();
        assert_eq!(
            line,
            json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": 31})
        );
        assert!(feed.lines(&gone).is_empty(), "told once");
        assert!(!feed.is_over());
        let end = json!({"type": "event", "version": 2, "seat": "first", "action": "resign first",
            "at": 6, "state": state(2, json!({"winner": "second"}))})
        .to_string();
        feed.lines(&end);
        assert!(feed.is_over());
    }
}
