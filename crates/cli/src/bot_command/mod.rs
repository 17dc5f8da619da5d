//! `narabe bot`: the bridge between any Gomocup engine and narabe's Bot API
//! (`docs/bot-api.md`). It asks the engine what it plays
//! ([`engine_skills`]), registers the bot with that (`--register`), or runs
//! it with its key: the event stream ([`bridge`]) accepts the challenges the
//! engine can play, up to `--max-games` at once, and each game
//! ([`game_runner`]) gets an engine process of its own ([`brain`]), asked
//! what [`decision`] says each state calls for, with the clock's time
//! ([`clock_budget`]) and the game's state read by [`game_view`];
//! [`bot_client`] speaks HTTP.

mod bot_client;
mod brain;
mod bridge;
mod clock_budget;
mod decision;
mod engine_skills;
mod game_runner;
mod game_view;

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use serde_json::{Value, json};

use self::bot_client::BotClient;
use self::bridge::{BridgeSettings, run_bridge};
use self::engine_skills::EngineSkills;
use crate::gomocup::command_line::split_command_line;

/// The options of `narabe bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The narabe server.
    #[arg(
        long,
        env = "NARABE_SERVER",
        default_value = "http://127.0.0.1:8080",
        value_name = "URL"
    )]
    pub server: String,
    /// The bot's key, from `--register` (NARABE_BOT_KEY keeps it out of the
    /// list of processes).
    #[arg(
        long,
        env = "NARABE_BOT_KEY",
        hide_env_values = true,
        value_name = "KEY"
    )]
    pub key: Option<String>,
    /// The engine's command line, e.g. "./pbrain-rapfi" or "narabe engine
    /// --level 3" (`narabe` as the first word means this binary).
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// The most games played at once, each with its own engine process;
    /// challenges beyond are declined with the reason `later`.
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub max_games: usize,
    /// The engine's time per move, in milliseconds, in games without a
    /// real-time clock (untimed and correspondence); with a clock, the clock
    /// decides.
    #[arg(long, default_value_t = 5_000, value_name = "MS")]
    pub move_time: u64,
    /// Registers a new bot with this name: asks the engine what it plays,
    /// registers that, prints the key (once) and exits.
    #[arg(long, value_name = "NAME", conflicts_with = "key")]
    pub register: Option<String>,
    /// With --register: the words on the bot's page (by default the
    /// engine's ABOUT).
    #[arg(long, value_name = "TEXT", requires = "register")]
    pub description: Option<String>,
    /// With --register: the speeds the bot plays, comma-separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "bullet,blitz,rapid,classical,correspondence,untimed",
        requires = "register"
    )]
    pub speeds: Vec<String>,
    /// With --register: the bot takes no challenges from other bots.
    #[arg(long, requires = "register")]
    pub no_bots: bool,
}

/// Writes one line of the bridge's log to stdout (never a key).
pub(crate) fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Registers the bot or runs it. Exits with 2 for bad options or an engine
/// that plays nothing, 1 when the server refuses the bot, 0 at Ctrl-C.
pub fn run(args: &BotArgs) -> ExitCode {
    if let Err(error) = split_command_line(&args.engine) {
        eprintln!("narabe bot: --engine: {error}");
        return ExitCode::from(2);
    }
    if args.max_games == 0 || args.move_time == 0 {
        eprintln!("narabe bot: --max-games and --move-time are at least 1");
        return ExitCode::from(2);
    }
    if args.register.is_none() && args.key.is_none() {
        eprintln!("narabe bot: give the bot's --key (or NARABE_BOT_KEY), or --register NAME");
        return ExitCode::from(2);
    }
    say(&format!("asking {:?} what it plays...", args.engine));
    let skills = match EngineSkills::probe(&args.engine) {
        Ok(skills) => skills,
        Err(error) => {
            eprintln!("narabe bot: {error}");
            return ExitCode::from(2);
        }
    };
    say(&describe(&skills));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let code = runtime.block_on(async {
        match &args.register {
            Some(name) => register(args, name, &skills).await,
            None => play(args, skills).await,
        }
    });
    // Engines still thinking are ended with their games' tasks.
    runtime.shutdown_timeout(Duration::from_secs(2));
    code
}

/// What the engine plays, in one line.
fn describe(skills: &EngineSkills) -> String {
    let games: Vec<String> = skills
        .games
        .iter()
        .map(|game| {
            let openings: Vec<&str> = skills
                .openings(game.rules)
                .into_iter()
                .map(narabe_rules::Opening::name)
                .collect();
            let sizes: Vec<String> = game.sizes.iter().map(u8::to_string).collect();
            format!(
                "{} ({}) with {}",
                game.game,
                sizes.join(", "),
                openings.join(", ")
            )
        })
        .collect();
    format!(
        "the engine plays {}; SWAP2BOARD {}, YXBLOCK {}, YXBALANCEONE {}",
        games.join("; "),
        yes(skills.swap2board),
        yes(skills.block),
        yes(skills.balance)
    )
}

fn yes(answered: bool) -> &'static str {
    if answered { "yes" } else { "no" }
}

/// The engine's name and version from its `ABOUT` (`name="..."`).
fn engine_name(about: &str) -> Option<String> {
    let field = |key: &str| {
        let start = about.find(&format!("{key}=\""))? + key.len() + 2;
        let end = about[start..].find('"')? + start;
        Some(about[start..end].to_owned())
    };
    let name = field("name")?;
    Some(match field("version") {
        Some(version) => format!("{name} {version}"),
        None => name,
    })
}

async fn register(args: &BotArgs, name: &str, skills: &EngineSkills) -> ExitCode {
    let description = args.description.clone().unwrap_or_else(|| {
        engine_name(&skills.about).map_or_else(
            || "A Gomocup engine through narabe bot.".to_owned(),
            |engine| format!("{engine}, a Gomocup engine through narabe bot."),
        )
    });
    let registration = json!({
        "name": name,
        "description": description,
        "games": skills.accepted_games(),
        "speeds": args.speeds,
        "bots": !args.no_bots,
    });
    match BotClient::register(&args.server, &registration).await {
        Ok(answer) if answer.ok() => {
            say(&format!(
                "registered {}: {}",
                answer.body["name"].as_str().unwrap_or(name),
                answer.body["url"].as_str().unwrap_or_default()
            ));
            say(&format!(
                "key: {} (shown once: keep it secret; run `narabe bot --key <key> --engine ...`, or set NARABE_BOT_KEY)",
                answer.body["key"].as_str().unwrap_or_default()
            ));
            ExitCode::SUCCESS
        }
        Ok(answer) => {
            eprintln!(
                "narabe bot: the server refused the bot: {}",
                message(&answer.body)
            );
            ExitCode::from(1)
        }
        Err(error) => {
            eprintln!("narabe bot: {error}");
            ExitCode::from(1)
        }
    }
}

fn message(body: &Value) -> String {
    body["message"]
        .as_str()
        .map_or_else(|| body.to_string(), str::to_owned)
}

async fn play(args: &BotArgs, skills: EngineSkills) -> ExitCode {
    let key = args.key.clone().unwrap_or_default();
    let client = BotClient::new(&args.server, &key);
    let account = match client.account().await {
        Ok(answer) if answer.ok() => answer.body,
        Ok(answer) => {
            eprintln!(
                "narabe bot: the server refuses the key: {}",
                message(&answer.body)
            );
            return ExitCode::from(1);
        }
        Err(error) => {
            eprintln!("narabe bot: {error}");
            return ExitCode::from(1);
        }
    };
    let name = account["name"].as_str().unwrap_or_default().to_owned();
    say(&format!(
        "playing as {name} ({}), at most {} games at once",
        account["url"].as_str().unwrap_or_default(),
        args.max_games
    ));
    let settings = BridgeSettings {
        client,
        name,
        skills: Arc::new(skills),
        engine: Arc::from(args.engine.as_str()),
        max_games: args.max_games,
        move_time_ms: args.move_time,
    };
    tokio::select! {
        outcome = run_bridge(settings) => match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("narabe bot: {error}");
                ExitCode::from(1)
            }
        },
        _ = tokio::signal::ctrl_c() => {
            say("stopping: the games under way go on when the bot comes back");
            ExitCode::SUCCESS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::engine_name;

    #[test]
    fn the_engine_is_named_from_its_about() {
        assert_eq!(
            engine_name(r#"name="Rapfi", version="2024.1", author="x""#).as_deref(),
            Some("Rapfi 2024.1")
        );
        assert_eq!(engine_name(r#"name="pbrain""#).as_deref(), Some("pbrain"));
        assert_eq!(engine_name("nothing"), None);
    }
}
