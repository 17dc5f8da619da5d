//! What a tournament is created with: its name, the settings of its games and
//! its pairing and timing, as the organiser asks (`POST /api/tournaments`)
//! and as the store keeps it.

use narabe_game::{SessionSettings, TimeControl};
use narabe_tournament::Tiebreak;
use narabe_tournament::session::{RoundPolicy, StartPolicy, System, TournamentConfig};
use serde::{Deserialize, Serialize};

/// The longest tournament name, in characters.
pub(crate) const MAX_NAME_CHARS: usize = 80;
/// The most players a tournament may allow.
pub(crate) const MAX_PLAYERS: usize = 2_000;
/// The players a tournament allows when the organiser says nothing.
const DEFAULT_MAX_PLAYERS: usize = 1_000;
/// The longest time a start may be set ahead.
const MAX_START_AHEAD_MS: u64 = 90 * 24 * 3_600_000;

/// The configuration JSON of a stored tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TournamentSetup {
    /// Its name.
    pub name: String,
    /// The settings of every game (takebacks are always off).
    pub settings: SessionSettings,
    /// Its pairing and timing.
    pub config: TournamentConfig,
}

/// The body of `POST /api/tournaments`: the games' settings (as for
/// `POST /api/games`) beside the tournament's own fields.
#[derive(Debug)]
pub(crate) struct TournamentRequest {
    fields: TournamentFields,
    settings: SessionSettings,
}

/// The tournament's own fields of the body; the rest are the games' settings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentFields {
    name: String,
    system: System,
    #[serde(default)]
    start: Option<StartRequest>,
    #[serde(default)]
    rounds: Option<RoundsRequest>,
    #[serde(default)]
    forfeit_after_seconds: Option<u64>,
    #[serde(default)]
    tiebreaks: Vec<Tiebreak>,
    #[serde(default)]
    max_players: Option<usize>,
}

/// The keys of [`TournamentFields`].
const TOURNAMENT_KEYS: [&str; 7] = [
    "name",
    "system",
    "start",
    "rounds",
    "forfeit_after_seconds",
    "tiebreaks",
    "max_players",
];

/// `"start": {"kind": "manual"}` or `{"kind": "at", "at": <ms since the epoch>}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum StartRequest {
    Manual,
    At { at: u64 },
}

/// `"rounds": {"kind": "automatic", "break_seconds": 60}` or `{"kind": "manual"}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum RoundsRequest {
    Automatic {
        #[serde(default)]
        break_seconds: Option<u64>,
    },
    Manual,
}

impl TournamentRequest {
    /// Splits a body into the tournament's fields and the games' settings,
    /// each refusing unknown keys; the error says what does not read.
    pub(crate) fn from_json(mut body: serde_json::Value) -> Result<TournamentRequest, String> {
        let object = body
            .as_object_mut()
            .ok_or_else(|| "the body must be a JSON object".to_owned())?;
        let mut fields = serde_json::Map::new();
        for key in TOURNAMENT_KEYS {
            if let Some(value) = object.remove(key) {
                fields.insert(key.to_owned(), value);
            }
        }
        let fields = serde_json::from_value(fields.into()).map_err(|error| error.to_string())?;
        let settings = serde_json::from_value(body).map_err(|error| error.to_string())?;
        Ok(TournamentRequest { fields, settings })
    }

    /// The setup, or why the request does not make one. `now` is server time.
    pub(crate) fn into_setup(self, now: u64) -> Result<TournamentSetup, String> {
        let TournamentRequest { fields, settings } = self;
        let name = fields.name.trim().to_owned();
        let length = name.chars().count();
        if length == 0 || length > MAX_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(format!(
                "a tournament's name is 1 to {MAX_NAME_CHARS} characters"
            ));
        }
        let mut settings = settings;
        settings.takebacks = false;
        let config = settings.validate().map_err(|error| error.to_string())?;
        let correspondence = matches!(config.time, TimeControl::Correspondence { .. });
        match fields.system {
            System::Swiss { rounds } if !(1..=20).contains(&rounds) => {
                return Err("a Swiss tournament has 1 to 20 rounds".to_owned());
            }
            System::RoundRobin { cycles } if !(1..=2).contains(&cycles) => {
                return Err("a round robin has 1 or 2 cycles".to_owned());
            }
            System::Arena { minutes } if !(5..=7 * 24 * 60).contains(&minutes) => {
                return Err("an arena lasts 5 minutes to 7 days".to_owned());
            }
            _ => {}
        }
        let start = match fields.start {
            None | Some(StartRequest::Manual) => StartPolicy::Manual,
            Some(StartRequest::At { at }) => {
                if at < now || at > now + MAX_START_AHEAD_MS {
                    return Err("the start is a time from now to 90 days ahead".to_owned());
                }
                StartPolicy::At { at }
            }
        };
        let default_break = if correspondence { 3_600 } else { 60 };
        let rounds = match fields.rounds {
            None => RoundPolicy::Automatic {
                break_ms: default_break * 1_000,
            },
            Some(RoundsRequest::Automatic { break_seconds }) => {
                let seconds = break_seconds.unwrap_or(default_break);
                if seconds > 7 * 24 * 3_600 {
                    return Err("the break between rounds is at most 7 days".to_owned());
                }
                RoundPolicy::Automatic {
                    break_ms: seconds * 1_000,
                }
            }
            Some(RoundsRequest::Manual) => RoundPolicy::Manual,
        };
        let default_forfeit = if correspondence { 24 * 3_600 } else { 180 };
        let forfeit = fields.forfeit_after_seconds.unwrap_or(default_forfeit);
        if !(30..=14 * 24 * 3_600).contains(&forfeit) {
            return Err(
                "a player who does not show up forfeits after 30 seconds to 14 days".to_owned(),
            );
        }
        let mut seen = Vec::new();
        for tiebreak in &fields.tiebreaks {
            if seen.contains(tiebreak) {
                return Err(format!(
                    "the tie-break {} is listed twice",
                    tiebreak.abbreviation()
                ));
            }
            seen.push(*tiebreak);
        }
        let max_players = fields.max_players.unwrap_or(DEFAULT_MAX_PLAYERS);
        if !(2..=MAX_PLAYERS).contains(&max_players) {
            return Err(format!("a tournament takes 2 to {MAX_PLAYERS} players"));
        }
        Ok(TournamentSetup {
            name,
            settings: config.settings(),
            config: TournamentConfig {
                system: fields.system,
                start,
                rounds,
                forfeit_after_ms: forfeit * 1_000,
                tiebreaks: fields.tiebreaks,
                max_players,
            },
        })
    }
}
