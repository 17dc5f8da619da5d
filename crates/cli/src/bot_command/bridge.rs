//! The bridge's main loop: the bot's event stream, read for as long as the
//! bridge runs (opened again when it breaks off, which also brings back the
//! games under way). A challenge the engine can play is accepted while
//! fewer games than the limit are under way, else declined with the reason;
//! every game gets a task and an engine process of its own.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::task::JoinHandle;

use super::bot_client::{BotClient, StreamRefused};
use super::engine_skills::EngineSkills;
use super::game_runner::{GameSettings, play_game};
use super::say;

/// How long a finished game's task gets to end its engine before its place
/// is given to another game regardless.
const GAME_WIND_DOWN: Duration = Duration::from_secs(5);

/// What the bridge runs with.
#[derive(Debug, Clone)]
pub struct BridgeSettings {
    /// The Bot API client.
    pub client: BotClient,
    /// The bot's name.
    pub name: String,
    /// What the engine plays.
    pub skills: Arc<EngineSkills>,
    /// The engine's command line.
    pub engine: Arc<str>,
    /// The most games played at once.
    pub max_games: usize,
    /// The engine's time per move without a real-time clock.
    pub move_time_ms: u64,
}

/// Runs the bridge until the key stops working.
///
/// # Errors
///
/// When the server refuses the bot's event stream (a revoked key).
pub async fn run_bridge(settings: BridgeSettings) -> Result<(), String> {
    let mut games: HashMap<String, JoinHandle<()>> = HashMap::new();
    let mut wait = Duration::from_secs(1);
    loop {
        let mut events = match settings.client.events().await {
            Ok(events) => {
                wait = Duration::from_secs(1);
                events
            }
            Err(StreamRefused::Refused(answer)) => {
                return Err(format!(
                    "the server refuses the bot's event stream: {} {}",
                    answer.status, answer.body["message"]
                ));
            }
            Err(StreamRefused::Unreachable(why)) => {
                say(&format!(
                    "cannot reach the server ({why}): trying again in {} s",
                    wait.as_secs()
                ));
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(30));
                continue;
            }
        };
        say(&format!("{} is online", settings.name));
        while let Some(event) = events.next().await {
            games.retain(|_, game| !game.is_finished());
            match event["type"].as_str() {
                Some("challenge") => challenge(&settings, &event["challenge"], &mut games).await,
                Some("gameStart") => {
                    if let Some(id) = event["game"]["id"].as_str() {
                        start_game(&settings, id, &mut games);
                    }
                }
                Some("gameFinish") => {
                    let id = event["game"]["id"].as_str().unwrap_or("?");
                    say(&format!(
                        "game {id}: finished ({})",
                        event["game"]["outcome"].as_str().unwrap_or("?")
                    ));
                    release_game(&mut games, id).await;
                }
                Some("challengeCanceled") => say(&format!(
                    "challenge {}: cancelled or expired",
                    event["challenge"]["id"].as_str().unwrap_or("?")
                )),
                _ => {}
            }
        }
        say("the event stream broke off: opening it again");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Answers one challenge told on the event stream.
async fn challenge(
    settings: &BridgeSettings,
    challenge: &Value,
    games: &mut HashMap<String, JoinHandle<()>>,
) {
    let Some(id) = challenge["id"].as_str() else {
        return;
    };
    // The bot's own challenges of other bots come here too: not to answer.
    if !challenge["bot"]
        .as_str()
        .is_some_and(|bot| bot.eq_ignore_ascii_case(&settings.name))
        || challenge["status"] != "open"
    {
        return;
    }
    let reason = settings
        .skills
        .refusal(&challenge["settings"])
        .or((games.len() >= settings.max_games).then_some("later"));
    if let Some(reason) = reason {
        say(&format!("challenge {id}: declined ({reason})"));
        if let Err(why) = settings.client.decline(id, reason).await {
            say(&format!("challenge {id}: {why}"));
        }
        return;
    }
    match settings.client.accept(id).await {
        Ok(answer) if answer.ok() => {
            if let Some(game) = answer.body["game"].as_str() {
                say(&format!("challenge {id}: accepted, game {game}"));
                start_game(settings, game, games);
            }
        }
        Ok(answer) => say(&format!(
            "challenge {id}: not accepted: {}",
            answer.body["message"]
        )),
        Err(why) => say(&format!("challenge {id}: {why}")),
    }
}

/// Frees finished game `id`'s place among the bot's games: the event stream
/// tells the end before a challenge that follows it, so a bot at its limit
/// accepts a challenge sent the moment its last game ended. The game's task
/// (its engine told `END`) gets [`GAME_WIND_DOWN`] to finish; past that it
/// ends on its own, no longer counted.
async fn release_game(games: &mut HashMap<String, JoinHandle<()>>, id: &str) {
    if let Some(task) = games.remove(id) {
        let _ = tokio::time::timeout(GAME_WIND_DOWN, task).await;
    }
}

/// Starts game `id`'s task unless it runs already.
fn start_game(settings: &BridgeSettings, id: &str, games: &mut HashMap<String, JoinHandle<()>>) {
    if games.contains_key(id) {
        return;
    }
    let game = GameSettings {
        client: settings.client.clone(),
        engine: Arc::clone(&settings.engine),
        move_time_ms: settings.move_time_ms,
    };
    say(&format!("game {id}: playing"));
    games.insert(id.to_owned(), tokio::spawn(play_game(game, id.to_owned())));
}
