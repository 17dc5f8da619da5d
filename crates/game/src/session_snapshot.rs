//! A plain-data picture of a session for JSON: the game snapshot of
//! `narabe replay` plus clocks, offers, open actions and the version.

use narabe_rules::game_snapshot::ResultSnapshot;
use narabe_rules::{GameSnapshot, Player};
use serde::Serialize;

use crate::{Millis, Session, SessionActionKind, SessionEnd, SessionResult};

/// The state of a session as plain data, at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct SessionSnapshot {
    /// Everything of the game, as `narabe replay` prints it (its `result` is the
    /// session's: it also covers timeouts, agreements, claims and aborts; and its
    /// `forbidden` and `fouls` lists are empty when hints are off).
    #[serde(flatten)]
    pub game: GameSnapshot,
    /// The number of accepted actions: the version of this state.
    pub version: u64,
    /// The time control text (`none`, `5+3`, `3d`).
    pub time: String,
    /// Whether takebacks may be asked for.
    pub takebacks: bool,
    /// Whether forbidden-point hints are shown.
    pub hints: bool,
    /// The clocks at the moment of the snapshot.
    pub clock: ClockSnapshot,
    /// Who has offered a draw, if anyone.
    pub draw_offer: Option<Player>,
    /// Who has asked for a takeback, if anyone.
    pub takeback_request: Option<Player>,
    /// Who has offered a rematch, if anyone.
    pub rematch_offer: Option<Player>,
    /// Whether a rematch was agreed.
    pub rematch_agreed: bool,
    /// The actions open to each player ([`Session::open_actions`]).
    pub open: OpenActionsSnapshot,
}

/// The clocks as plain data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct ClockSnapshot {
    /// First's remaining real-time bank in ms (`None` without a real-time clock).
    pub first_ms: Option<Millis>,
    /// Second's remaining real-time bank in ms.
    pub second_ms: Option<Millis>,
    /// Whose clock runs, if any.
    pub running: Option<Player>,
    /// When the running player's time is up (server time, ms): the flag or the
    /// correspondence deadline.
    pub deadline: Option<Millis>,
    /// The server time of this snapshot, so clients can tick locally.
    pub now: Millis,
}

/// The actions open to each player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub struct OpenActionsSnapshot {
    /// Open to the first player.
    pub first: Vec<SessionActionKind>,
    /// Open to the second player.
    pub second: Vec<SessionActionKind>,
}

impl SessionSnapshot {
    /// The snapshot of `session` at server time `now`.
    #[must_use]
    pub fn of(session: &Session, now: Millis) -> SessionSnapshot {
        let mut game = GameSnapshot::of(session.game());
        if !session.config().hints {
            game.forbidden.clear();
            game.fouls.clear();
        }
        if let Some(result) = session.result() {
            game.result = Some(result_snapshot(session, result, game.result.take()));
            game.actor = None;
            game.open_actions.clear();
            game.forbidden.clear();
            game.fouls.clear();
        }
        let clocks = session.clocks();
        let open = |player: Player| session.open_actions(player, now);
        SessionSnapshot {
            game,
            version: session.version(),
            time: session.config().time.to_string(),
            takebacks: session.config().takebacks,
            hints: session.config().hints,
            clock: ClockSnapshot {
                first_ms: clocks.remaining(Player::First, now),
                second_ms: clocks.remaining(Player::Second, now),
                running: clocks.running().map(|(player, _)| player),
                deadline: session.next_deadline(),
                now,
            },
            draw_offer: session.draw_offer(),
            takeback_request: session.takeback_request(),
            rematch_offer: session.rematch_offer(),
            rematch_agreed: session.rematch_agreed(),
            open: OpenActionsSnapshot {
                first: open(Player::First),
                second: open(Player::Second),
            },
        }
    }
}

/// The session result as the game snapshot shows results.
fn result_snapshot(
    session: &Session,
    result: SessionResult,
    game_result: Option<ResultSnapshot>,
) -> ResultSnapshot {
    if let (SessionEnd::Game(_), Some(game_result)) = (result.reason, game_result) {
        return game_result;
    }
    let detail = match result.reason {
        SessionEnd::Game(_) => None,
        SessionEnd::Timeout(player) => Some(format!("{player} ran out of time")),
        SessionEnd::DrawAgreed => Some("draw agreed".to_owned()),
        SessionEnd::Abandoned(player) => Some(format!("claimed by {player}")),
        SessionEnd::Aborted(player) => Some(format!("aborted by {player}")),
    };
    ResultSnapshot {
        winner: result.winner,
        winner_color: result.winner.map(|player| session.game().color_of(player)),
        reason: result.result_code(),
        detail,
        row: Vec::new(),
        foul: None,
    }
}
