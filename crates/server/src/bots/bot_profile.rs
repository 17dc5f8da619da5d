//! What a bot says of itself and what it plays: the games with their
//! opening rules and boards, the speeds, and whether it plays other bots.
//! The server declines for the bot every challenge outside it.

use narabe_game::SessionConfig;
use narabe_rules::{Catalog, Opening};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{BotError, DeclineReason, Speed};

/// The longest description a bot may have, in characters.
pub(crate) const MAX_DESCRIPTION: usize = 400;

/// A game a bot plays, with the opening rules and boards it plays it with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AcceptedGame {
    /// The game word of `POST /api/games`: `freestyle`, `standard`, `renju`,
    /// `caro`, `pente`.
    pub game: String,
    /// Its opening rules the bot plays (`free`, `rif`, `swap2`, ...): at
    /// least one.
    pub openings: Vec<String>,
    /// The board sizes it plays the game on; empty (or left out) for every
    /// size the game has.
    #[serde(default)]
    pub sizes: Vec<u8>,
}

/// What a bot plays and says of itself, as registered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BotProfile {
    /// A few words for its page (the engine, its author, its strength); at
    /// most 400 characters.
    #[serde(default)]
    pub description: String,
    /// The games it plays: at least one, each once.
    pub games: Vec<AcceptedGame>,
    /// The speeds it plays: at least one, each once.
    pub speeds: Vec<Speed>,
    /// Whether it takes challenges from other bots (default yes).
    #[serde(default = "plays_bots")]
    pub bots: bool,
}

const fn plays_bots() -> bool {
    true
}

impl BotProfile {
    /// The profile checked and put in the catalogue's order: games and
    /// openings known and allowed together, sizes the game has, nothing
    /// twice, a description that fits.
    ///
    /// # Errors
    ///
    /// [`BotError::BadProfile`] saying what does not fit.
    pub(crate) fn checked(mut self) -> Result<BotProfile, BotError> {
        let bad = |message: String| Err(BotError::BadProfile(message));
        if self.description.chars().count() > MAX_DESCRIPTION {
            return bad(format!(
                "a description has at most {MAX_DESCRIPTION} characters"
            ));
        }
        if self
            .description
            .chars()
            .any(|c| c.is_control() && c != '\n')
        {
            return bad("a description has no control characters but line breaks".to_owned());
        }
        self.description = self.description.trim().to_owned();
        if self.games.is_empty() {
            return bad("`games` names at least one game".to_owned());
        }
        let catalog = Catalog::platform();
        let mut checked = Vec::new();
        for accepted in &self.games {
            let Some(entry) = catalog.game(&accepted.game) else {
                return bad(format!("unknown game {:?}", accepted.game));
            };
            if checked
                .iter()
                .any(|game: &AcceptedGame| game.game == accepted.game)
            {
                return bad(format!("{} is named twice", accepted.game));
            }
            if accepted.openings.is_empty() {
                return bad(format!("{}: name at least one opening rule", accepted.game));
            }
            let allowed: Vec<Opening> = entry.openings.iter().map(|each| each.opening).collect();
            let mut openings = Vec::new();
            for name in &accepted.openings {
                let Some(opening) = allowed.iter().find(|opening| opening.name() == name) else {
                    return bad(format!(
                        "{}: {name:?} is no opening rule of this game",
                        accepted.game
                    ));
                };
                if openings.contains(opening) {
                    return bad(format!("{}: {name} is named twice", accepted.game));
                }
                openings.push(*opening);
            }
            for size in &accepted.sizes {
                if !entry.sizes.contains(size) {
                    return bad(format!(
                        "{}: it is not played on {size}x{size}",
                        accepted.game
                    ));
                }
            }
            let mut sizes = accepted.sizes.clone();
            sizes.sort_unstable();
            sizes.dedup();
            if sizes.len() != accepted.sizes.len() {
                return bad(format!("{}: a size is named twice", accepted.game));
            }
            // Every size the game has is said as none at all.
            if sizes.len() == entry.sizes.len() {
                sizes.clear();
            }
            checked.push(AcceptedGame {
                game: accepted.game.clone(),
                openings: allowed
                    .iter()
                    .filter(|opening| openings.contains(opening))
                    .map(|opening| opening.name().to_owned())
                    .collect(),
                sizes,
            });
        }
        checked.sort_by_key(|game| {
            catalog
                .games
                .iter()
                .position(|entry| entry.game == game.game)
        });
        self.games = checked;
        if self.speeds.is_empty() {
            return bad("`speeds` names at least one speed".to_owned());
        }
        let mut speeds = Vec::new();
        for speed in &self.speeds {
            if speeds.contains(speed) {
                return bad(format!("the speed {} is named twice", speed.name()));
            }
            speeds.push(*speed);
        }
        self.speeds = Speed::ALL
            .into_iter()
            .filter(|speed| speeds.contains(speed))
            .collect();
        Ok(self)
    }

    /// Why the bot would not play a game of `config` (from another bot when
    /// `from_bot`), or `None` when it plays it.
    pub(crate) fn refusal(&self, config: &SessionConfig, from_bot: bool) -> Option<DeclineReason> {
        if from_bot && !self.bots {
            return Some(DeclineReason::NoBot);
        }
        let game = config.game;
        let Some(accepted) = self
            .games
            .iter()
            .find(|accepted| accepted.game == game.game_name())
        else {
            return Some(DeclineReason::Game);
        };
        let size = game.size().get();
        if !accepted.sizes.is_empty() && !accepted.sizes.contains(&size) {
            return Some(DeclineReason::Board);
        }
        if !accepted
            .openings
            .iter()
            .any(|opening| opening == game.opening().name())
        {
            return Some(DeclineReason::Opening);
        }
        let speed = Speed::of(config.time);
        if self.speeds.contains(&speed) {
            return None;
        }
        // A real-time speed outside the bot's real-time range is said as
        // too fast or too slow; anything else as the wrong time control.
        let ranks: Vec<u8> = self
            .speeds
            .iter()
            .filter_map(|speed| speed.real_time_rank())
            .collect();
        match (
            speed.real_time_rank(),
            ranks.iter().min(),
            ranks.iter().max(),
        ) {
            (Some(rank), Some(&fastest), _) if rank < fastest => Some(DeclineReason::TooFast),
            (Some(rank), _, Some(&slowest)) if rank > slowest => Some(DeclineReason::TooSlow),
            _ => Some(DeclineReason::TimeControl),
        }
    }
}

#[cfg(test)]
mod tests {
    use narabe_game::SessionSettings;

    use super::*;

    fn profile(json: serde_json::Value) -> Result<BotProfile, BotError> {
        serde_json::from_value::<BotProfile>(json)
            .expect("the profile reads")
            .checked()
    }

    fn config(json: serde_json::Value) -> SessionConfig {
        serde_json::from_value::<SessionSettings>(json)
            .unwrap()
            .validate()
            .unwrap()
    }

    #[test]
    fn a_profile_is_checked_and_ordered() {
        let checked = profile(serde_json::json!({
            "games": [
                {"game": "renju", "openings": ["rif", "free"]},
                {"game": "freestyle", "openings": ["swap2"], "sizes": [19, 15]}
            ],
            "speeds": ["untimed", "blitz"]
        }))
        .unwrap();
        // The catalogue's order: renju before gomoku.
        assert_eq!(checked.games[0].game, "renju");
        assert_eq!(checked.games[0].openings, ["free", "rif"]);
        assert_eq!(checked.games[1].game, "freestyle");
        assert!(checked.games[1].sizes.is_empty(), "both sizes: every size");
        assert_eq!(checked.speeds, [Speed::Blitz, Speed::Untimed]);
        assert!(checked.bots);
        for (bad, why) in [
            (
                serde_json::json!({"games": [], "speeds": ["blitz"]}),
                "at least one game",
            ),
            (
                serde_json::json!({"games": [{"game": "chess", "openings": ["free"]}], "speeds": ["blitz"]}),
                "unknown game",
            ),
            (
                serde_json::json!({"games": [{"game": "renju", "openings": ["swap2"]}], "speeds": ["blitz"]}),
                "no opening rule of this game",
            ),
            (
                serde_json::json!({"games": [{"game": "renju", "openings": ["free"], "sizes": [19]}], "speeds": ["blitz"]}),
                "not played on 19x19",
            ),
            (
                serde_json::json!({"games": [{"game": "renju", "openings": ["free"]}], "speeds": []}),
                "at least one speed",
            ),
            (
                serde_json::json!({"games": [{"game": "renju", "openings": ["free", "free"]}], "speeds": ["blitz"]}),
                "named twice",
            ),
        ] {
            let error = profile(bad).unwrap_err().to_string();
            assert!(error.contains(why), "{error} should say {why}");
        }
    }

    #[test]
    fn refusals_name_what_the_bot_does_not_play() {
        let bot = profile(serde_json::json!({
            "games": [{"game": "freestyle", "openings": ["free"], "sizes": [15]}],
            "speeds": ["blitz", "rapid"],
            "bots": false
        }))
        .unwrap();
        let game = |json| config(json);
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "time": "5+3"})),
                false
            ),
            None
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "time": "5+3"})),
                true
            ),
            Some(DeclineReason::NoBot)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "renju", "time": "5+3"})),
                false
            ),
            Some(DeclineReason::Game)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "size": 19, "time": "5+3"})),
                false
            ),
            Some(DeclineReason::Board)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "opening": "swap2", "time": "5+3"})),
                false
            ),
            Some(DeclineReason::Opening)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "time": "1+0"})),
                false
            ),
            Some(DeclineReason::TooFast)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "time": "30+20"})),
                false
            ),
            Some(DeclineReason::TooSlow)
        );
        assert_eq!(
            bot.refusal(
                &game(serde_json::json!({"game": "freestyle", "time": "3d"})),
                false
            ),
            Some(DeclineReason::TimeControl)
        );
    }
}
