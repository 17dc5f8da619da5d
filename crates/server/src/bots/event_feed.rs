//! What a bot's event stream says: the bot's challenges and games as the
//! store has them, told as changes since the stream last looked. The first
//! look tells everything (a `gameStart` for every game under way, a
//! `challenge` for every open challenge), so a stream opened again misses
//! nothing; later looks tell what appeared and what went.

use std::collections::BTreeMap;

use narabe_rules::Player;
use serde_json::json;

use super::BotError;
use super::bot_hub::{Bot, BotHub};
use super::views::ChallengeState;
use crate::{BotGameRecord, ChallengeRecord, StoreError};

/// The state one event stream has told its bot.
#[derive(Debug)]
pub(crate) struct EventFeed {
    bot: Bot,
    /// The open challenges told, by id.
    challenges: BTreeMap<String, ChallengeRecord>,
    /// The games under way told, by id, with the bot's seat.
    games: BTreeMap<String, Player>,
}

/// What one look found.
#[derive(Debug)]
pub(crate) struct Look {
    /// The events, each one line of JSON.
    pub events: Vec<String>,
    /// When the earliest open challenge expires (server time): the stream
    /// looks again then, to tell it went.
    pub next_expiry: Option<u64>,
    /// Whether the bot's key was revoked: the stream ends.
    pub revoked: bool,
}

fn storage(error: &StoreError) -> BotError {
    tracing::error!(%error, "a bot's event stream could not read the store");
    BotError::Storage
}

impl EventFeed {
    /// The feed of `bot`, which has told nothing yet.
    pub(crate) fn new(bot: Bot) -> EventFeed {
        EventFeed {
            bot,
            challenges: BTreeMap::new(),
            games: BTreeMap::new(),
        }
    }

    /// Looks at the store and tells what changed since the last look.
    ///
    /// # Errors
    ///
    /// [`BotError::Storage`] when the store cannot be read (the stream
    /// tries again at its next look).
    pub(crate) async fn look(&mut self, hub: &BotHub) -> Result<Look, BotError> {
        let store = hub.store();
        let revoked = store
            .bot(&self.bot.id)
            .await
            .map_err(|error| storage(&error))?
            .is_none_or(|record| record.revoked_at.is_some());
        if revoked {
            return Ok(Look {
                events: Vec::new(),
                next_expiry: None,
                revoked: true,
            });
        }
        let now = hub.now();
        let open = store
            .open_challenges(&self.bot.id, i64::try_from(now).unwrap_or(i64::MAX))
            .await
            .map_err(|error| storage(&error))?;
        let ongoing = store
            .ongoing_bot_games(&self.bot.id)
            .await
            .map_err(|error| storage(&error))?;
        let mut events = Vec::new();
        // Games first: a challenge accepted is a game that starts.
        for game in &ongoing {
            if !self.games.contains_key(&game.game_id) {
                self.games.insert(game.game_id.clone(), game.seat);
                if let Some(event) = game_event("gameStart", game) {
                    events.push(event);
                }
            }
        }
        let ended: Vec<(String, Player)> = self
            .games
            .iter()
            .filter(|(id, _)| !ongoing.iter().any(|game| game.game_id == **id))
            .map(|(id, seat)| (id.clone(), *seat))
            .collect();
        for (id, seat) in ended {
            self.games.remove(&id);
            if let Some(event) = finished_game_event(hub, &id, seat).await? {
                events.push(event);
            }
        }
        for challenge in &open {
            if !self.challenges.contains_key(&challenge.id) {
                let view = hub.view_of(challenge).await?;
                events.push(json!({"type": "challenge", "challenge": view}).to_string());
                self.challenges
                    .insert(challenge.id.clone(), challenge.clone());
            }
        }
        let gone: Vec<String> = self
            .challenges
            .keys()
            .filter(|id| !open.iter().any(|challenge| challenge.id == **id))
            .cloned()
            .collect();
        for id in gone {
            self.challenges.remove(&id);
            let view = hub.challenge_view(&id).await?;
            let kind = match view.status {
                ChallengeState::Declined => "challengeDeclined",
                ChallengeState::Canceled | ChallengeState::Expired => "challengeCanceled",
                // Accepted: its game starts (above); open again cannot be.
                ChallengeState::Accepted | ChallengeState::Open => continue,
            };
            events.push(json!({"type": kind, "challenge": view}).to_string());
        }
        let next_expiry = open
            .iter()
            .map(|challenge| u64::try_from(challenge.expires_at).unwrap_or(0))
            .min();
        Ok(Look {
            events,
            next_expiry,
            revoked: false,
        })
    }
}

/// A `gameStart` or `gameFinish` event of a bot's game.
fn game_event(kind: &str, game: &BotGameRecord) -> Option<String> {
    let view = super::bot_hub::game_view(game)?;
    Some(json!({"type": kind, "game": view}).to_string())
}

/// The `gameFinish` event of game `id`, which the bot held `seat` of.
async fn finished_game_event(
    hub: &BotHub,
    id: &str,
    seat: Player,
) -> Result<Option<String>, BotError> {
    let Some(record) = hub
        .store()
        .load(id)
        .await
        .map_err(|error| storage(&error))?
    else {
        return Ok(None);
    };
    let game = BotGameRecord {
        game_id: record.id,
        seat,
        config_json: record.config_json,
        created_at: record.created_at,
        finished_at: record.finished_at,
        result_json: record.result_json,
    };
    Ok(game_event("gameFinish", &game))
}
