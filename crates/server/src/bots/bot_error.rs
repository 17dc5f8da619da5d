//! Why a bot, a challenge or a bot's request was refused: the one error of
//! the bots, in their terms; the HTTP edge chooses the status
//! (`http/api_error.rs`).

/// Why a request about bots or challenges was refused or could not be done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// A name that is no bot's name (too short, too long, other characters).
    #[error("{0}")]
    BadName(String),
    /// A bot has this name already (case does not count).
    #[error("a bot is named {0} already: choose another name")]
    NameTaken(String),
    /// What a bot registered does not fit (an unknown game, an opening rule
    /// the game does not have, nothing to play).
    #[error("{0}")]
    BadProfile(String),
    /// No bot has this name.
    #[error("no bot has this name")]
    NoSuchBot,
    /// The request's key is no bot's key.
    #[error(
        "this is no bot's key: send `Authorization: Bearer <key>` with the key `POST /api/bots` gave"
    )]
    BadKey,
    /// The request's key is another bot's than the one it names.
    #[error("this key is not this bot's key")]
    WrongBot,
    /// The bot's key was revoked: it acts no more, and takes no challenge.
    #[error("this bot's key was revoked: the bot plays no more")]
    Revoked,
    /// No challenge has this id.
    #[error("no challenge with that id")]
    NoSuchChallenge,
    /// The challenge was answered, taken back or expired already.
    #[error("this challenge is no longer open: it was {0}")]
    ChallengeClosed(&'static str),
    /// The challenge is not this bot's to answer, or not this requester's to
    /// take back.
    #[error("this challenge is not yours to {0}")]
    NotYourChallenge(&'static str),
    /// A bot tried to challenge itself.
    #[error("a bot cannot challenge itself")]
    SelfChallenge,
    /// The bot holds no seat in this game.
    #[error("this bot holds no seat in this game")]
    NotYourGame,
    /// The store could not do its part; nothing was changed.
    #[error("the bots' records could not be read or written: try again")]
    Storage,
}

impl BotError {
    /// The stable kebab-case code for programs (listed in `docs/api.md`).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            BotError::BadName(_) => "bad-bot-name",
            BotError::NameTaken(_) => "bot-name-taken",
            BotError::BadProfile(_) => "bad-bot-profile",
            BotError::NoSuchBot | BotError::NoSuchChallenge => "not-found",
            BotError::BadKey | BotError::WrongBot => "unauthorized",
            BotError::Revoked => "bot-revoked",
            BotError::ChallengeClosed(_) => "challenge-closed",
            BotError::NotYourChallenge(_) => "not-your-challenge",
            BotError::SelfChallenge => "self-challenge",
            BotError::NotYourGame => "not-your-game",
            BotError::Storage => "unavailable",
        }
    }
}
