//! Why a live game did not do what it was asked: the one error of the actor,
//! its handle and the registry. It says what went wrong in the game's terms;
//! the HTTP edge chooses the status (`http/api_error.rs`) and the WebSocket
//! sends the same [`code`](GameError::code) and message.

use narabe_game::SessionRejection;

/// Why a game refused a request or could not carry it out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// No game has this id (or the id cannot name one).
    #[error("no game with that id")]
    NotFound,
    /// The rules or the session refused the action; it keeps their code.
    #[error(transparent)]
    Rejected(#[from] SessionRejection),
    /// The action text does not parse (the parser's explanation).
    #[error("{0}")]
    Malformed(String),
    /// The token holds no seat of this game.
    #[error("this token holds no seat of this game")]
    NotSeated,
    /// The code is no invite of this game.
    #[error("this invite is not valid for this game")]
    BadInvite,
    /// The seat the invite opens is held already.
    #[error("this seat is already taken{}", watch_hint(.watch))]
    SeatTaken {
        /// The game's watch link, added by the API that knows the public URL.
        watch: Option<String>,
    },
    /// The game has no invite for the opponent of the token's seat (a game
    /// against the computer, a rematch, organiser mode).
    #[error("this game has no invite link for your opponent's seat")]
    NoInvite,
    /// Another writer changed the game at the same moment; the actor has
    /// reloaded it.
    #[error("the game changed at the same moment: look again and retry")]
    Conflict,
    /// The store could not do its part; nothing was changed.
    #[error(transparent)]
    Storage(#[from] StorageTrouble),
    /// The game's stored record cannot be brought back: it does not have the
    /// shape the store writes, or its log does not replay. Trying again does
    /// not help; `narabe check` lists such games.
    #[error("this game's stored record is damaged: it cannot be shown or played")]
    Damaged,
    /// The game's log holds as many entries as the server allows one game;
    /// only resigning is still taken.
    #[error(
        "this game has reached the most actions a game may have ({limit}): only resigning is still possible"
    )]
    TooLong {
        /// The most log entries a game may have.
        limit: usize,
    },
    /// The game's actor stopped before answering (and, through the registry,
    /// kept stopping).
    #[error("the game is restarting: try again")]
    Gone,
    /// An ongoing game between people is not analysed, whoever asks.
    #[error("a game between people can be analysed once it has ended")]
    AnalysisUnavailable,
    /// The analysis asked for a ply the game does not have.
    #[error("this game has {moves} moves: ask for a ply from 0 to that")]
    BadPly {
        /// The board moves the game has.
        moves: usize,
    },
    /// The player's address already plays as many games against the computer
    /// as one address may at once.
    #[error("you already play {limit} games against the computer: finish or resign one first")]
    TooManyComputerGames {
        /// The games one address may play at once.
        limit: usize,
    },
    /// A rematch in a game a bot plays: bots are challenged game by game.
    #[error("bots take no rematches: challenge the bot again for another game")]
    NoRematchWithBots,
    /// The position asked about is over already (won or drawn).
    #[error("the game is over in this position: nothing to analyse")]
    NothingToAnalyse,
}

/// What the store could not do for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StorageTrouble {
    /// A new game was not written.
    #[error("the game could not be saved: try again")]
    GameNotSaved,
    /// A game was not read.
    #[error("the game could not be loaded: try again")]
    GameNotLoaded,
    /// An action was not written.
    #[error("the move could not be saved: try again")]
    MoveNotSaved,
    /// A joining player's seat was not written.
    #[error("the seat could not be saved: try again")]
    SeatNotSaved,
}

impl GameError {
    /// The stable kebab-case code for programs, the same over HTTP and the
    /// WebSocket (listed in `docs/api.md`).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::NotFound => "not-found",
            GameError::Rejected(rejection) => rejection.code(),
            GameError::Malformed(_) => "malformed",
            GameError::NotSeated => "unauthorized",
            GameError::BadInvite => "bad-invite",
            GameError::SeatTaken { .. } => "seat-taken",
            GameError::NoInvite => "no-invite",
            GameError::Conflict => "conflict",
            GameError::Storage(_) | GameError::Gone => "unavailable",
            GameError::Damaged => "game-damaged",
            GameError::TooLong { .. } => "game-too-long",
            GameError::AnalysisUnavailable => "analysis-unavailable",
            GameError::BadPly { .. } => "bad-ply",
            GameError::NothingToAnalyse => "game-over",
            GameError::TooManyComputerGames { .. } => "too-many-computer-games",
            GameError::NoRematchWithBots => "not-for-bots",
        }
    }
}

/// The end of the seat-taken sentence: where to watch, when known.
fn watch_hint(watch: &Option<String>) -> String {
    watch
        .as_ref()
        .map(|link| format!(": you can watch the game at {link}"))
        .unwrap_or_default()
}
