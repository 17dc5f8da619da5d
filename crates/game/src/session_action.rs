//! Everything that can happen to a session, as one line of the session log.

use std::fmt;
use std::str::FromStr;

use narabe_rules::{Action, ParseActionError, ParsePlayerError, Player};

use crate::{Millis, SessionActionKind};

/// An action of a session: a move of the game, or one of the platform's own
/// actions around it. Its text form is one line of the log the server stores.
///
/// | action | text |
/// |---|---|
/// | any game action | as [`Action`]: `place h8`, `swap`, `resign first`, ... |
/// | offer, accept or decline a draw, or withdraw one's offer | `draw offer`, `draw accept`, `draw decline`, `draw withdraw` |
/// | ask to take the last move back, answer, or withdraw one's request | `takeback request`, `takeback accept`, `takeback decline`, `takeback withdraw` |
/// | call the game off before both players have moved | `abort` |
/// | win, or draw, against an opponent gone too long | `claim win`, `claim draw` |
/// | play again with colours exchanged | `rematch offer`, `rematch accept`, `rematch decline`, `rematch withdraw` |
/// | a flag fell or a correspondence deadline passed (server only) | `timeout first` |
/// | time given back to a player's running clock (server only: the computer's wait for the engine) | `credit second 1250` |
///
/// ```
/// use narabe_game::SessionAction;
/// let action: SessionAction = "draw offer".parse()?;
/// assert_eq!(action, SessionAction::DrawOffer);
/// assert_eq!("place H8".parse::<SessionAction>()?.to_string(), "place h8");
/// # Ok::<(), narabe_game::ParseSessionActionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SessionAction {
    /// A game action, checked by the rules.
    Game(Action),
    /// Offer a draw (accepts the opponent's pending offer).
    DrawOffer,
    /// Accept the opponent's draw offer.
    DrawAccept,
    /// Decline the opponent's draw offer.
    DrawDecline,
    /// Withdraw one's own draw offer before it is answered.
    DrawWithdraw,
    /// Ask the opponent to take back one's last move.
    TakebackRequest,
    /// Grant the opponent's takeback request.
    TakebackAccept,
    /// Refuse the opponent's takeback request.
    TakebackDecline,
    /// Withdraw one's own takeback request before it is answered.
    TakebackWithdraw,
    /// Call the game off: allowed until both players have moved.
    Abort,
    /// Claim the win against an opponent who has been gone too long.
    ClaimWin,
    /// Claim a draw against an opponent who has been gone too long.
    ClaimDraw,
    /// Offer a rematch once the game is over (accepts a pending offer).
    RematchOffer,
    /// Accept the opponent's rematch offer.
    RematchAccept,
    /// Decline the opponent's rematch offer.
    RematchDecline,
    /// Withdraw one's own rematch offer before it is answered.
    RematchWithdraw,
    /// The named player ran out of time (taken by the server).
    Timeout(Player),
    /// Milliseconds given back to the named player's running real-time clock
    /// (taken by the server): the time a computer's search waited for a free
    /// place in the engine pool, which is not its thinking time.
    Credit(Player, Millis),
}

impl SessionAction {
    /// The kind of the action, as listed in open actions.
    #[must_use]
    pub fn kind(self) -> SessionActionKind {
        match self {
            SessionAction::Game(action) => action.kind().into(),
            SessionAction::DrawOffer => SessionActionKind::DrawOffer,
            SessionAction::DrawAccept => SessionActionKind::DrawAccept,
            SessionAction::DrawDecline => SessionActionKind::DrawDecline,
            SessionAction::DrawWithdraw => SessionActionKind::DrawWithdraw,
            SessionAction::TakebackRequest => SessionActionKind::TakebackRequest,
            SessionAction::TakebackAccept => SessionActionKind::TakebackAccept,
            SessionAction::TakebackDecline => SessionActionKind::TakebackDecline,
            SessionAction::TakebackWithdraw => SessionActionKind::TakebackWithdraw,
            SessionAction::Abort => SessionActionKind::Abort,
            SessionAction::ClaimWin => SessionActionKind::ClaimWin,
            SessionAction::ClaimDraw => SessionActionKind::ClaimDraw,
            SessionAction::RematchOffer => SessionActionKind::RematchOffer,
            SessionAction::RematchAccept => SessionActionKind::RematchAccept,
            SessionAction::RematchDecline => SessionActionKind::RematchDecline,
            SessionAction::RematchWithdraw => SessionActionKind::RematchWithdraw,
            SessionAction::Timeout(_) => SessionActionKind::Timeout,
            SessionAction::Credit(..) => SessionActionKind::Credit,
        }
    }

    /// The stable name of the action's kind, as listed in open actions:
    /// the game action kinds (`place`, `swap`, ...) and `draw offer`, ...
    #[must_use]
    pub fn kind_name(self) -> &'static str {
        self.kind().name()
    }
}

impl From<Action> for SessionAction {
    fn from(action: Action) -> SessionAction {
        SessionAction::Game(action)
    }
}

impl fmt::Display for SessionAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionAction::Game(action) => action.fmt(f),
            SessionAction::Timeout(player) => write!(f, "timeout {player}"),
            SessionAction::Credit(player, millis) => write!(f, "credit {player} {millis}"),
            other => f.write_str(other.kind_name()),
        }
    }
}

/// Why a line is not a session action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSessionActionError {
    /// A game action that does not parse.
    #[error(transparent)]
    Game(#[from] ParseActionError),
    /// `timeout` or `credit` without a valid player.
    #[error(transparent)]
    Player(#[from] ParsePlayerError),
    /// `credit` without a count of milliseconds (decimal digits).
    #[error("not a number of milliseconds: {0:?}")]
    Millis(String),
}

impl FromStr for SessionAction {
    type Err = ParseSessionActionError;

    fn from_str(text: &str) -> Result<SessionAction, ParseSessionActionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let platform = match words.as_slice() {
            ["draw", "offer"] => SessionAction::DrawOffer,
            ["draw", "accept"] => SessionAction::DrawAccept,
            ["draw", "decline"] => SessionAction::DrawDecline,
            ["draw", "withdraw"] => SessionAction::DrawWithdraw,
            ["takeback", "request"] => SessionAction::TakebackRequest,
            ["takeback", "accept"] => SessionAction::TakebackAccept,
            ["takeback", "decline"] => SessionAction::TakebackDecline,
            ["takeback", "withdraw"] => SessionAction::TakebackWithdraw,
            ["abort"] => SessionAction::Abort,
            ["claim", "win"] => SessionAction::ClaimWin,
            ["claim", "draw"] => SessionAction::ClaimDraw,
            ["rematch", "offer"] => SessionAction::RematchOffer,
            ["rematch", "accept"] => SessionAction::RematchAccept,
            ["rematch", "decline"] => SessionAction::RematchDecline,
            ["rematch", "withdraw"] => SessionAction::RematchWithdraw,
            ["timeout", player] => SessionAction::Timeout(player.parse()?),
            ["credit", player, millis] => {
                SessionAction::Credit(player.parse()?, parse_millis(millis)?)
            }
            _ => return Ok(SessionAction::Game(text.parse()?)),
        };
        Ok(platform)
    }
}

/// A count of milliseconds: decimal digits only.
fn parse_millis(text: &str) -> Result<Millis, ParseSessionActionError> {
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(ParseSessionActionError::Millis(text.to_owned()));
    }
    text.parse()
        .map_err(|_| ParseSessionActionError::Millis(text.to_owned()))
}

/// Who takes an action: a seat, or the server itself (flag falls, time credits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The player on a seat.
    Seat(Player),
    /// The server, enforcing time.
    Server,
}

impl Actor {
    /// `first`, `second` or `server`: the seat column of the stored log.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Actor::Seat(player) => player.name(),
            Actor::Server => "server",
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Actor {
    type Err = ParsePlayerError;

    fn from_str(text: &str) -> Result<Actor, ParsePlayerError> {
        if text == "server" {
            Ok(Actor::Server)
        } else {
            text.parse().map(Actor::Seat)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_form_round_trips() {
        for text in [
            "place h8",
            "pass",
            "swap",
            "keep",
            "declare 4",
            "offer k11",
            "choose k11",
            "resign second",
            "draw offer",
            "draw accept",
            "draw decline",
            "takeback request",
            "takeback accept",
            "takeback decline",
            "abort",
            "claim win",
            "claim draw",
            "rematch offer",
            "rematch accept",
            "rematch decline",
            "timeout first",
            "credit second 1250",
        ] {
            let action: SessionAction = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.to_string(), text);
        }
        for bad in [
            "",
            "draw",
            "timeout",
            "timeout third",
            "credit first",
            "credit first x",
            "credit first -5",
            "credit first +5",
            "credit third 10",
            "claim",
            "place",
            "dance",
        ] {
            assert!(bad.parse::<SessionAction>().is_err(), "{bad}");
        }
        for actor in ["first", "second", "server"] {
            assert_eq!(actor.parse::<Actor>().unwrap().name(), actor);
        }
    }
}
