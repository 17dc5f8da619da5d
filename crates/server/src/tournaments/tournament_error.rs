//! What a tournament refuses or cannot do, in the tournament's terms; the
//! edge (`http::ApiError`) picks the status.

use narabe_tournament::session::Rejection;

/// Why a tournament request did not happen. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// No tournament has this id.
    #[error("no such tournament")]
    NotFound,
    /// The tournament's rules refuse it.
    #[error("{0}")]
    Refused(Rejection),
    /// The request's token is no player's of this tournament.
    #[error("this token holds no place in the tournament")]
    NotAPlayer,
    /// Only the organiser's token may do it.
    #[error("only the organiser may do that")]
    NotOrganiser,
    /// The action does not read.
    #[error("{0}")]
    Malformed(String),
    /// Another node changed the tournament at the same moment, every try.
    #[error("the tournament changed meanwhile: try again")]
    Conflict,
    /// The store failed; nothing was recorded.
    #[error("the tournament could not be saved: try again")]
    Storage,
    /// Its stored record does not replay.
    #[error("the tournament's record is damaged")]
    Damaged,
    /// Its actor has stopped (the server is stopping).
    #[error("the server is stopping")]
    Gone,
}

impl TournamentError {
    /// The stable code of the API's error body.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            TournamentError::NotFound => "not-found",
            TournamentError::Refused(rejection) => match rejection {
                Rejection::BadName { .. } => "bad-name",
                Rejection::BadText { .. } => "bad-text",
                Rejection::NameTaken(_) => "name-taken",
                Rejection::Full { .. } => "tournament-full",
                Rejection::JoiningClosed => "joining-closed",
                Rejection::TooFewPlayers => "too-few-players",
                Rejection::NoSuchPlayer(_) => "no-such-player",
                Rejection::Unpairable(_) => "unpairable",
                Rejection::PlayerState { .. }
                | Rejection::TournamentState(_)
                | Rejection::Mismatch(_) => "refused",
            },
            TournamentError::NotAPlayer => "not-a-player",
            TournamentError::NotOrganiser => "not-organiser",
            TournamentError::Malformed(_) => "bad-request",
            TournamentError::Conflict => "conflict",
            TournamentError::Storage => "unavailable",
            TournamentError::Damaged => "tournament-damaged",
            TournamentError::Gone => "unavailable",
        }
    }
}
