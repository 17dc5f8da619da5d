//! Why a session refused an action.

use narabe_rules::{Player, Rejection};

use crate::Millis;

/// Why an action was refused. A refused action leaves the session unchanged.
///
/// Each reason has a stable kebab-case [`code`](SessionRejection::code) for
/// machines and a message for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SessionRejection {
    /// The rules refused a game action (its own code).
    #[error(transparent)]
    Game(#[from] Rejection),
    /// The session has ended.
    #[error("the game is over")]
    GameOver,
    /// The game is still going on (rematch actions).
    #[error("the game is not over yet")]
    NotOver,
    /// The acting player's clock has run out: the server records the timeout.
    #[error("{0}'s time is up")]
    TimeUp(Player),
    /// Only the server may take this action.
    #[error("only the server records timeouts and time credits")]
    ServerOnly,
    /// The server may only record timeouts and time credits.
    #[error("the server only records timeouts and time credits")]
    SeatOnly,
    /// A timeout was recorded for a player whose time is not up.
    #[error("{0}'s time is not up")]
    TimeNotUp(Player),
    /// A time credit for a player whose real-time clock is not running.
    #[error("{0}'s real-time clock is not running: there is nothing to credit")]
    NothingToCredit(Player),
    /// There is no pending offer or request from the opponent to answer.
    #[error("there is no {0} from your opponent to answer")]
    NothingToAnswer(&'static str),
    /// The player has no pending offer or request of their own to withdraw.
    #[error("you have no {0} waiting for an answer")]
    NothingToWithdraw(&'static str),
    /// The player has asked for this as often as one game allows
    /// ([`crate::Request::limit`]).
    #[error("no more {request}s in this game: each player may make {limit}")]
    RequestLimit {
        /// The action: `draw offer`, `takeback request`, `rematch offer`.
        request: &'static str,
        /// How many each player may make.
        limit: u8,
    },
    /// The player already has a pending offer or request.
    #[error("your {0} is already waiting for an answer")]
    AlreadyPending(&'static str),
    /// This game does not allow takebacks.
    #[error("takebacks are not allowed in this game")]
    TakebacksDisabled,
    /// The player has no move that can be taken back (none yet, or only opening
    /// steps, which are never taken back).
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// Both players have moved: the game can no longer be aborted (resign
    /// instead).
    #[error("both players have moved: the game can no longer be aborted")]
    AbortTooLate,
    /// Claims need a clock-free or real-time game (correspondence games have
    /// deadlines instead).
    #[error("claims are not available in correspondence games")]
    ClaimUnavailable,
    /// A claim before both players have moved: such a game is aborted.
    #[error("claims open once both players have moved: abort the game instead")]
    ClaimTooEarly,
    /// The opponent is present, or not gone long enough yet.
    #[error("{}", opponent_not_gone(*.wait_ms))]
    OpponentNotGone {
        /// How much longer the opponent must stay away; `u64::MAX` when present.
        wait_ms: Millis,
    },
    /// The rematch has already been agreed.
    #[error("the rematch is already agreed")]
    RematchAgreed,
}

impl SessionRejection {
    /// The stable code: the rules' codes for game actions, else `game-over`,
    /// `not-over`, `time-up`, `server-only`, `seat-only`, `time-not-up`,
    /// `nothing-to-credit`, `nothing-to-answer`, `nothing-to-withdraw`, `request-limit`, `already-pending`, `takebacks-disabled`,
    /// `nothing-to-take-back`, `abort-too-late`, `claim-unavailable`, `claim-too-early`,
    /// `opponent-not-gone`, `rematch-agreed`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            SessionRejection::Game(rejection) => rejection.code(),
            SessionRejection::GameOver => "game-over",
            SessionRejection::NotOver => "not-over",
            SessionRejection::TimeUp(_) => "time-up",
            SessionRejection::ServerOnly => "server-only",
            SessionRejection::SeatOnly => "seat-only",
            SessionRejection::TimeNotUp(_) => "time-not-up",
            SessionRejection::NothingToCredit(_) => "nothing-to-credit",
            SessionRejection::NothingToAnswer(_) => "nothing-to-answer",
            SessionRejection::NothingToWithdraw(_) => "nothing-to-withdraw",
            SessionRejection::AlreadyPending(_) => "already-pending",
            SessionRejection::RequestLimit { .. } => "request-limit",
            SessionRejection::TakebacksDisabled => "takebacks-disabled",
            SessionRejection::NothingToTakeBack => "nothing-to-take-back",
            SessionRejection::AbortTooLate => "abort-too-late",
            SessionRejection::ClaimUnavailable => "claim-unavailable",
            SessionRejection::ClaimTooEarly => "claim-too-early",
            SessionRejection::OpponentNotGone { .. } => "opponent-not-gone",
            SessionRejection::RematchAgreed => "rematch-agreed",
        }
    }
}

/// The sentence of [`SessionRejection::OpponentNotGone`]: how long to wait,
/// or that the opponent is still here (never a wait of `u64::MAX` ms).
fn opponent_not_gone(wait_ms: Millis) -> String {
    if wait_ms == Millis::MAX {
        "your opponent is still connected: a claim opens 30 s after they leave".to_owned()
    } else {
        format!("your opponent is not gone long enough to claim (possible in {wait_ms} ms)")
    }
}
