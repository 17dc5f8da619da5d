//! Bots, their challenges and their games as the store takes them in and
//! hands them out. The store knows no rule of them: a profile and a
//! challenge's settings are JSON the server writes, a status is a word.

use narabe_rules::Player;

use super::{NewGame, StoreError, TokenHash};

/// A bot about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBot {
    /// The name in lower case: unique, and the bot's key in every table.
    pub id: String,
    /// The name as registered.
    pub name: String,
    /// The SHA-256 hash of the bot's key.
    pub key_hash: TokenHash,
    /// What the bot accepts and says of itself, as JSON; opaque to the store.
    pub profile_json: String,
    /// Registration time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A stored bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotRecord {
    /// The name in lower case.
    pub id: String,
    /// The name as registered.
    pub name: String,
    /// The profile JSON as registered.
    pub profile_json: String,
    /// Registration time.
    pub created_at: i64,
    /// When its key was revoked, if it was.
    pub revoked_at: Option<i64>,
}

/// A `bots` row as read.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct BotRow {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) profile: String,
    pub(super) created_at: i64,
    pub(super) revoked_at: Option<i64>,
}

impl From<BotRow> for BotRecord {
    fn from(row: BotRow) -> BotRecord {
        BotRecord {
            id: row.id,
            name: row.name,
            profile_json: row.profile,
            created_at: row.created_at,
            revoked_at: row.revoked_at,
        }
    }
}

/// Who made a challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Challenger {
    /// A person: the hash of their seat token in the game to be (derived from
    /// the secret they hold, which proves them).
    Person(TokenHash),
    /// Another bot (its id).
    Bot(String),
}

/// A challenge about to be stored: open, or declined already (what the bot
/// did not register is declined for it before it can see it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChallenge {
    /// The challenge's random id.
    pub id: String,
    /// The challenged bot's id.
    pub bot_id: String,
    /// Who challenges.
    pub challenger: Challenger,
    /// The game's settings as JSON; opaque to the store.
    pub settings_json: String,
    /// The challenger's seat in the game to be.
    pub challenger_seat: Player,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it expires unanswered.
    pub expires_at: i64,
    /// The reason it is declined with at once, if it is.
    pub declined: Option<String>,
}

/// What became of a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeStatus {
    /// Waiting for the bot (or expired, once `expires_at` has passed).
    Open,
    /// The bot accepted it: its game exists.
    Accepted,
    /// The bot (or the server for it) declined it.
    Declined,
    /// The challenger took it back.
    Canceled,
}

impl ChallengeStatus {
    /// The word the store keeps.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Canceled => "canceled",
        }
    }

    fn from_name(name: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Canceled,
        ]
        .into_iter()
        .find(|status| status.name() == name)
    }
}

/// A stored challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRecord {
    /// Its id.
    pub id: String,
    /// The challenged bot's id.
    pub bot_id: String,
    /// Who challenged.
    pub challenger: Challenger,
    /// The settings JSON as created.
    pub settings_json: String,
    /// The challenger's seat.
    pub challenger_seat: Player,
    /// Its status as last written.
    pub status: ChallengeStatus,
    /// Why it was declined.
    pub decline_reason: Option<String>,
    /// Its game, once accepted.
    pub game_id: Option<String>,
    /// When it was made.
    pub created_at: i64,
    /// When it expires unanswered.
    pub expires_at: i64,
    /// When it was answered (accepted, declined, canceled).
    pub answered_at: Option<i64>,
}

/// A `challenges` row as read.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct ChallengeRow {
    pub(super) id: String,
    pub(super) bot_id: String,
    pub(super) challenger_bot_id: Option<String>,
    pub(super) challenger_token_hash: Option<Vec<u8>>,
    pub(super) settings: String,
    pub(super) challenger_seat: String,
    pub(super) status: String,
    pub(super) decline_reason: Option<String>,
    pub(super) game_id: Option<String>,
    pub(super) created_at: i64,
    pub(super) expires_at: i64,
    pub(super) answered_at: Option<i64>,
}

impl ChallengeRow {
    /// The row as a record, checking what the schema cannot.
    pub(super) fn into_record(self) -> Result<ChallengeRecord, StoreError> {
        let corrupt = |what: &str| StoreError::Corrupt(format!("challenge {}: {what}", self.id));
        let challenger = match (&self.challenger_bot_id, &self.challenger_token_hash) {
            (Some(bot), None) => Challenger::Bot(bot.clone()),
            (None, Some(hash)) => Challenger::Person(
                hash.as_slice()
                    .try_into()
                    .map_err(|_| corrupt("a malformed token hash"))?,
            ),
            _ => return Err(corrupt("no single challenger")),
        };
        let challenger_seat = match self.challenger_seat.as_str() {
            "first" => Player::First,
            "second" => Player::Second,
            _ => return Err(corrupt("an unknown seat")),
        };
        let status =
            ChallengeStatus::from_name(&self.status).ok_or_else(|| corrupt("an unknown status"))?;
        Ok(ChallengeRecord {
            id: self.id,
            bot_id: self.bot_id,
            challenger,
            settings_json: self.settings,
            challenger_seat,
            status,
            decline_reason: self.decline_reason,
            game_id: self.game_id,
            created_at: self.created_at,
            expires_at: self.expires_at,
            answered_at: self.answered_at,
        })
    }
}

/// A challenge answered without a game: declined by the bot, or canceled by
/// its challenger. It stands only while the challenge is open and not
/// expired at `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeAnswer {
    /// The challenge.
    pub id: String,
    /// `Declined` or `Canceled`.
    pub status: ChallengeStatus,
    /// Why, for a decline.
    pub reason: Option<String>,
    /// When (server time); also the moment the expiry is judged at.
    pub at: i64,
}

/// An accepted challenge: it turns `accepted` and its game is created, with
/// the seats its bots hold, in one transaction, only while it is open and
/// not expired at `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeAcceptance {
    /// The challenge.
    pub id: String,
    /// When (server time).
    pub at: i64,
    /// The game to create.
    pub game: NewGame,
    /// The seats of the game that bots hold, with the bots' ids.
    pub bot_seats: Vec<(Player, String)>,
}

/// A game a bot holds a seat in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotGameRecord {
    /// The game.
    pub game_id: String,
    /// The bot's seat in it.
    pub seat: Player,
    /// The game's configuration JSON.
    pub config_json: String,
    /// When the game was created.
    pub created_at: i64,
    /// When it got its result, if it has one.
    pub finished_at: Option<i64>,
    /// The result summary JSON, once finished.
    pub result_json: Option<String>,
}

/// A row of a bot's games as read.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct BotGameRow {
    pub(super) game_id: String,
    pub(super) seat: String,
    pub(super) config: String,
    pub(super) created_at: i64,
    pub(super) finished_at: Option<i64>,
    pub(super) result: Option<String>,
}

impl BotGameRow {
    /// The row as a record.
    pub(super) fn into_record(self) -> Result<BotGameRecord, StoreError> {
        let seat = match self.seat.as_str() {
            "first" => Player::First,
            "second" => Player::Second,
            _ => {
                return Err(StoreError::Corrupt(format!(
                    "bot seat of game {}: an unknown seat",
                    self.game_id
                )));
            }
        };
        Ok(BotGameRecord {
            game_id: self.game_id,
            seat,
            config_json: self.config,
            created_at: self.created_at,
            finished_at: self.finished_at,
            result_json: self.result,
        })
    }
}
