//! What the API and the bot's page show of bots and challenges: the JSON of
//! `GET /api/bots/{name}` and of every challenge, which the event stream
//! sends too. Generated into the web client's `wire.d.ts`.

use narabe_game::SessionSettings;
use narabe_rules::Player;
use serde::Serialize;
use ts_rs::TS;

use super::{AcceptedGame, DeclineReason, Speed};

/// Who made a challenge, or who a bot plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ChallengerView {
    /// A person (people have no names on narabe).
    Person,
    /// A bot, by name.
    Bot {
        /// Its name.
        name: String,
    },
}

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ChallengeState {
    /// Waiting for the bot's answer.
    Open,
    /// The bot accepted: the game exists (`game`).
    Accepted,
    /// The bot (or the server for it) declined (`decline_reason`).
    Declined,
    /// The challenger took it back.
    Canceled,
    /// Nobody answered in time.
    Expired,
}

impl ChallengeState {
    /// The word of the JSON (`open`, ..., `expired`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ChallengeState::Open => "open",
            ChallengeState::Accepted => "accepted",
            ChallengeState::Declined => "declined",
            ChallengeState::Canceled => "canceled",
            ChallengeState::Expired => "expired",
        }
    }
}

/// A challenge: what the challenger asked for and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ChallengeView {
    /// The challenge's id.
    pub id: String,
    /// The challenged bot's name.
    pub bot: String,
    /// Who challenges.
    pub challenger: ChallengerView,
    /// The game asked for, every setting written out.
    pub settings: SessionSettings,
    /// Its speed.
    pub speed: Speed,
    /// The challenger's seat (`first` starts).
    pub challenger_seat: Player,
    /// The bot's seat.
    pub bot_seat: Player,
    /// Where it stands.
    pub status: ChallengeState,
    /// Why it was declined.
    pub decline_reason: Option<DeclineReason>,
    /// The reason as an English sentence.
    pub decline_text: Option<String>,
    /// The game, once accepted.
    pub game: Option<String>,
    /// When it was made (server time, ms).
    pub created_at: u64,
    /// When it expires if nobody answers.
    pub expires_at: u64,
    /// The bot's page.
    pub url: String,
    /// In the answer to a person's challenge only: the secret that lets
    /// them see their seat token once the bot accepts, and take the
    /// challenge back. Keep it: it is shown once.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub secret: Option<String>,
    /// To the person who made it, once accepted: their seat token.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub token: Option<String>,
    /// To the person who made it, once accepted: their private link to the
    /// game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub play: Option<String>,
}

/// A bot's wins, losses and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct BotRecordView {
    /// Games it won.
    pub wins: u64,
    /// Games it lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
}

/// A game of a bot, as its page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BotGameView {
    /// The game (`/g/<id>` watches it).
    pub id: String,
    /// The bot's seat.
    pub seat: Player,
    /// Who it plays.
    pub opponent: ChallengerView,
    /// The game's settings.
    pub settings: SessionSettings,
    /// Its speed.
    pub speed: Speed,
    /// For a finished game: `win`, `loss` or `draw` from the bot's side, or
    /// `aborted`.
    pub outcome: Option<String>,
    /// When the game was created (server time, ms).
    pub created_at: u64,
}

/// A bot's page: `GET /api/bots/{name}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BotView {
    /// Its name.
    pub name: String,
    /// What it says of itself.
    pub description: String,
    /// The games it plays, with their opening rules and boards.
    pub games: Vec<AcceptedGame>,
    /// The speeds it plays.
    pub speeds: Vec<Speed>,
    /// Whether it takes challenges from other bots.
    pub bots: bool,
    /// Whether its event stream is open now (on this server): a challenge
    /// to a bot that is not online waits unanswered until it expires.
    pub online: bool,
    /// Whether its key was revoked: it plays no more.
    pub revoked: bool,
    /// Its record over its finished games.
    pub record: BotRecordView,
    /// Its games under way, the oldest first.
    pub playing: Vec<BotGameView>,
    /// Its last finished games, the latest first.
    pub recent: Vec<BotGameView>,
    /// When it was registered (server time, ms).
    pub created_at: u64,
    /// Its page.
    pub url: String,
}

/// The answer to `POST /api/bots`: the bot and its key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BotRegistered {
    /// The bot's name.
    pub name: String,
    /// Its key, for `Authorization: Bearer` on every request of the Bot
    /// API. Shown once: the server keeps only its hash.
    pub key: String,
    /// Its page, where people challenge it.
    pub url: String,
    /// What it plays, as checked.
    pub profile: super::BotProfile,
}

/// What an error of the bots says of a challenge's reason, for the decline
/// request's body check.
pub(crate) fn reason_list() -> String {
    DeclineReason::ALL
        .into_iter()
        .map(DeclineReason::code)
        .collect::<Vec<_>>()
        .join(", ")
}
