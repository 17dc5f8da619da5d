//! The one error type of the HTTP API, answered as `{"code": ..., "message":
//! ...}`: what a live game refused ([`GameError`]), and what only the edge
//! can get wrong (a body, a header, a limit, a path). The status is chosen
//! here, by variant, and nowhere else.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use narabe_game::SessionRejection;
use narabe_rules::{IllegalMove, Rejection};
use serde::Serialize;

use crate::bots::BotError;
use crate::live::GameError;
use crate::tournaments::TournamentError;

/// An error of the HTTP API: a status, a stable code and a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// What a live game refused or could not do (its own code and message).
    #[error(transparent)]
    Game(#[from] GameError),
    /// What a tournament refused or could not do.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// What the bots refused or could not do (a key, a name, a challenge).
    #[error(transparent)]
    Bot(#[from] BotError),
    /// `400 bad-request`: the body or the query is not what was expected.
    #[error("{0}")]
    BadRequest(String),
    /// `413 too-large`: a body over the route's limit (`MAX_BODY_BYTES`, 8
    /// KiB, for JSON; `MAX_RECORD_BYTES` for record files).
    #[error("the request body is larger than {limit} bytes")]
    TooLarge {
        /// The route's limit in bytes.
        limit: usize,
    },
    /// `401 unauthorized`: a route that needs the seat token got none; the
    /// sentence says what the token is needed for.
    #[error("{0}")]
    TokenMissing(&'static str),
    /// `401 unauthorized`: an `Authorization` header that is not a bearer
    /// token.
    #[error("expected `Authorization: Bearer <token>`")]
    BadAuthorization,
    /// `422 bad-settings`: settings of a new game that are not possible.
    #[error("{0}")]
    BadSettings(String),
    /// `422 bad-qr-text`: a QR text that is not one of the server's links, or
    /// too long.
    #[error("{0}")]
    BadQrText(String),
    /// `422 unwritable-record`: the game does not fit the format asked for (a
    /// RenLib file of another board than 15x15, a pass in PSQ).
    #[error("{0}")]
    UnwritableRecord(String),
    /// `422 bad-record`: a record file that cannot be read, or a tree whose
    /// moves the rules refuse; the sentence says where.
    #[error("{0}")]
    BadRecord(String),
    /// `429 rate-limited`: too many requests from this address; answered
    /// with `Retry-After` in seconds.
    #[error("too many requests from your address: try again in {wait_seconds} s")]
    RateLimited {
        /// Whole seconds until the next request is allowed.
        wait_seconds: u64,
    },
    /// `429 too-many-sockets`: this address holds as many WebSockets open as
    /// allowed.
    #[error("too many open sockets from your address (at most {limit}): close one first")]
    TooManySockets {
        /// The cap per address.
        limit: usize,
    },
    /// `404 not-found`: no route under `/api/`.
    #[error("no such endpoint")]
    NoSuchEndpoint,
    /// `404 not-found`: no such file of the web client.
    #[error("no such file")]
    NoSuchFile,
    /// `503 busy`: the analysis found no place in the engine pool within the
    /// wait allowed.
    #[error("the engine is busy with other analyses: try again in a moment")]
    AnalysesBusy,
    /// `429 analysis-in-progress`: this address has an analysis running; one
    /// at a time per address.
    #[error("your previous analysis is still running: wait for its answer")]
    AnalysisInProgress,
    /// `503 unavailable`: the engine failed during an analysis.
    #[error("the analysis failed: try again")]
    AnalysisFailed,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: &'a str,
}

impl ApiError {
    /// The stable kebab-case code for programs (listed in `docs/api.md`).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            ApiError::Game(error) => error.code(),
            ApiError::Tournament(error) => error.code(),
            ApiError::Bot(error) => error.code(),
            ApiError::BadRequest(_) => "bad-request",
            ApiError::TooLarge { .. } => "too-large",
            ApiError::TokenMissing(_) | ApiError::BadAuthorization => "unauthorized",
            ApiError::BadSettings(_) => "bad-settings",
            ApiError::BadQrText(_) => "bad-qr-text",
            ApiError::UnwritableRecord(_) => "unwritable-record",
            ApiError::BadRecord(_) => "bad-record",
            ApiError::RateLimited { .. } => "rate-limited",
            ApiError::TooManySockets { .. } => "too-many-sockets",
            ApiError::NoSuchEndpoint | ApiError::NoSuchFile => "not-found",
            ApiError::AnalysesBusy => "busy",
            ApiError::AnalysisInProgress => "analysis-in-progress",
            ApiError::AnalysisFailed => "unavailable",
        }
    }

    /// The HTTP status the error is answered with.
    #[must_use]
    pub const fn status(&self) -> StatusCode {
        match self {
            ApiError::Game(error) => game_status(error),
            ApiError::Tournament(error) => tournament_status(error),
            ApiError::Bot(error) => bot_status(error),
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TokenMissing(_) | ApiError::BadAuthorization => StatusCode::UNAUTHORIZED,
            ApiError::BadSettings(_)
            | ApiError::BadQrText(_)
            | ApiError::UnwritableRecord(_)
            | ApiError::BadRecord(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited { .. }
            | ApiError::AnalysisInProgress
            | ApiError::TooManySockets { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NoSuchEndpoint | ApiError::NoSuchFile => StatusCode::NOT_FOUND,
            ApiError::AnalysesBusy | ApiError::AnalysisFailed => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// The status of what a game refused: `403` for what the seat may not do,
/// `404` for what is not there, `409` for what conflicts with the game's
/// state, `422` for what can never apply, `503` when it could not be done now,
/// `500` when the stored game itself is broken and no retry will help.
const fn tournament_status(error: &TournamentError) -> StatusCode {
    use narabe_tournament::session::Rejection;
    match error {
        TournamentError::NotFound => StatusCode::NOT_FOUND,
        TournamentError::Refused(Rejection::BadName { .. } | Rejection::BadText { .. }) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        TournamentError::Refused(_) | TournamentError::Conflict => StatusCode::CONFLICT,
        TournamentError::NotAPlayer => StatusCode::UNAUTHORIZED,
        TournamentError::NotOrganiser => StatusCode::FORBIDDEN,
        TournamentError::Malformed(_) => StatusCode::BAD_REQUEST,
        TournamentError::Storage | TournamentError::Gone => StatusCode::SERVICE_UNAVAILABLE,
        TournamentError::Damaged => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The status of what the bots refused: `401` for a key that is no bot's,
/// `403` for what the asker may not do, `404` for what is not there, `409`
/// for what conflicts with a challenge's state or a name taken, `422` for
/// what can never apply, `503` when it could not be done now.
const fn bot_status(error: &BotError) -> StatusCode {
    match error {
        BotError::BadName(_) | BotError::BadProfile(_) | BotError::SelfChallenge => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        BotError::NameTaken(_) | BotError::ChallengeClosed(_) => StatusCode::CONFLICT,
        BotError::NoSuchBot | BotError::NoSuchChallenge => StatusCode::NOT_FOUND,
        BotError::BadKey | BotError::WrongBot => StatusCode::UNAUTHORIZED,
        BotError::Revoked | BotError::NotYourChallenge(_) | BotError::NotYourGame => {
            StatusCode::FORBIDDEN
        }
        BotError::Storage => StatusCode::SERVICE_UNAVAILABLE,
    }
}

const fn game_status(error: &GameError) -> StatusCode {
    match error {
        GameError::Rejected(rejection) => rejection_status(rejection),
        GameError::Malformed(_) => StatusCode::BAD_REQUEST,
        GameError::NotSeated => StatusCode::UNAUTHORIZED,
        GameError::BadInvite | GameError::AnalysisUnavailable | GameError::NoRematchWithBots => {
            StatusCode::FORBIDDEN
        }
        GameError::NotFound | GameError::NoInvite => StatusCode::NOT_FOUND,
        GameError::SeatTaken { .. } | GameError::Conflict => StatusCode::CONFLICT,
        GameError::BadPly { .. } | GameError::NothingToAnalyse => StatusCode::UNPROCESSABLE_ENTITY,
        GameError::TooLong { .. } => StatusCode::CONFLICT,
        GameError::Storage(_) | GameError::Gone => StatusCode::SERVICE_UNAVAILABLE,
        GameError::TooManyComputerGames { .. } => StatusCode::TOO_MANY_REQUESTS,
        GameError::Damaged => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The status of a refused action: `403` when the seat may not take it,
/// `422` for an action that can never apply (a point off the board, a count
/// out of range), `409` when it conflicts with the state of the game. Every
/// refusal is listed, so a new one does not compile until it has a status.
const fn rejection_status(rejection: &SessionRejection) -> StatusCode {
    match rejection {
        SessionRejection::Game(rule) => match rule {
            Rejection::NotYourTurn { .. } => StatusCode::FORBIDDEN,
            Rejection::Illegal(IllegalMove::OffBoard(_)) | Rejection::CountOutOfRange { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            Rejection::WrongPhase { .. }
            | Rejection::OutsideZone { .. }
            | Rejection::SymmetricOffer { .. }
            | Rejection::AlreadyOffered(_)
            | Rejection::TooManyOffers(_)
            | Rejection::NotOffered(_)
            | Rejection::Illegal(
                IllegalMove::Occupied(_)
                | IllegalMove::Forbidden { .. }
                | IllegalMove::GameOver
                | IllegalMove::PassNotAllowed,
            )
            | Rejection::PassNotAllowed
            | Rejection::GameOver => StatusCode::CONFLICT,
        },
        SessionRejection::ServerOnly | SessionRejection::SeatOnly => StatusCode::FORBIDDEN,
        SessionRejection::GameOver
        | SessionRejection::NotOver
        | SessionRejection::TimeUp(_)
        | SessionRejection::TimeNotUp(_)
        | SessionRejection::NothingToCredit(_)
        | SessionRejection::NothingToAnswer(_)
        | SessionRejection::NothingToWithdraw(_)
        | SessionRejection::RequestLimit { .. }
        | SessionRejection::AlreadyPending(_)
        | SessionRejection::TakebacksDisabled
        | SessionRejection::NothingToTakeBack
        | SessionRejection::AbortTooLate
        | SessionRejection::ClaimUnavailable
        | SessionRejection::ClaimTooEarly
        | SessionRejection::OpponentNotGone { .. }
        | SessionRejection::RematchAgreed => StatusCode::CONFLICT,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = self.to_string();
        let body = ErrorBody {
            code: self.code(),
            message: &message,
        };
        let mut response = (self.status(), Json(body)).into_response();
        if let ApiError::RateLimited { wait_seconds } = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait_seconds));
        }
        response
    }
}
