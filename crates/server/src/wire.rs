//! The JSON messages of the WebSocket protocol and the game state view shared
//! with the HTTP API. Documented in `docs/api.md`.

use narabe_game::{Actor, SessionSnapshot};
use narabe_rules::Player;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The state of a game as clients see it: the session snapshot (the same JSON as
/// `narabe replay`, plus clocks, offers, open actions and the version) and what
/// only the server knows (seats, presence, rematch).
#[derive(Debug, Clone, Serialize, TS)]
pub struct GameView {
    /// The game id.
    pub id: String,
    /// Everything of the session.
    #[serde(flatten)]
    pub session: SessionSnapshot,
    /// Whether each seat is `taken` or `open`.
    pub seats: SeatsView,
    /// Who is connected.
    pub presence: PresenceView,
    /// The rematch game, once agreed and created.
    pub rematch_id: Option<String>,
    /// The computer's seat and level in a game against it; `null` otherwise.
    pub computer: Option<ComputerView>,
    /// The tournament this game is a pairing of (`/t/<id>`); `null` otherwise.
    pub tournament: Option<String>,
    /// The bots holding the seats (`/bot/<name>`), by name; `null` for a
    /// seat a person holds (or nobody yet).
    pub bots: BotsView,
}

/// The bots holding a game's seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BotsView {
    /// The first seat's bot.
    pub first: Option<String>,
    /// The second seat's bot.
    pub second: Option<String>,
}

/// The computer opponent of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct ComputerView {
    /// Its seat.
    pub seat: Player,
    /// 1 (weakest) to 8 (full strength).
    pub level: u8,
}

/// Whether each seat is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct SeatsView {
    /// The first seat's.
    pub first: SeatState,
    /// The second seat's.
    pub second: SeatState,
}

/// Whether somebody holds a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum SeatState {
    /// A person (through a token) or the computer holds it.
    Taken,
    /// Nobody yet: an invite can take it.
    Open,
}

/// Who took an action, as events name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ActorView {
    /// The first seat.
    First,
    /// The second seat.
    Second,
    /// The server itself (a timeout it records).
    Server,
}

impl From<Actor> for ActorView {
    fn from(actor: Actor) -> ActorView {
        match actor {
            Actor::Seat(Player::First) => ActorView::First,
            Actor::Seat(Player::Second) => ActorView::Second,
            Actor::Server => ActorView::Server,
        }
    }
}

/// Who is connected to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct PresenceView {
    /// Whether the first player has a live connection.
    pub first: bool,
    /// Whether the second player has a live connection.
    pub second: bool,
    /// How many spectators are connected.
    pub spectators: u32,
    /// Since when each player has been gone (server time, ms): `null` while
    /// connected, for the computer, and for a seat nobody holds.
    pub left_at: SeatTimesView,
    /// When a claim against each player opens (their opponent may then claim
    /// the win or a draw): `null` while they are connected, in correspondence
    /// games and once the game is over.
    pub claimable_from: SeatTimesView,
    /// The server time of this message, so that clients can count down.
    pub now: u64,
}

/// A moment per seat (server time, ms), where there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct SeatTimesView {
    /// The first player's.
    pub first: Option<u64>,
    /// The second player's.
    pub second: Option<u64>,
}

/// A message from the server on a game's WebSocket.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage<'a> {
    /// The answer to `hello`: who the connection acts for and the current version.
    Welcome {
        /// The seat the token holds, or `None` for a spectator.
        seat: Option<Player>,
        /// The version of the game now.
        version: u64,
    },
    /// The whole state, when the client is too far behind for single events.
    Snapshot {
        /// The state.
        state: &'a GameView,
    },
    /// One accepted action and the state after it.
    Event {
        /// The version after the action.
        version: u64,
        /// Who acted: `first`, `second` or `server`.
        seat: ActorView,
        /// The action in the game-log text form.
        action: &'a str,
        /// Server time of the action (ms since the Unix epoch).
        at: u64,
        /// The state after the action. Live events always carry it; of the
        /// events a reconnecting client missed, only the last one does.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        state: Option<&'a GameView>,
    },
    /// Who is connected now.
    Presence(PresenceView),
    /// A rematch was agreed: the new game's id (same seat tokens, seats swapped).
    Rematch {
        /// The new game.
        id: &'a str,
    },
    /// The client's action was accepted.
    Ack {
        /// The client's reference, echoed.
        #[serde(rename = "ref")]
        reference: Option<&'a str>,
        /// The version after the action.
        version: u64,
    },
    /// Something the client sent was refused.
    Error {
        /// The client's reference, echoed, when the error answers an action.
        #[serde(rename = "ref")]
        reference: Option<&'a str>,
        /// A stable code.
        code: &'a str,
        /// A sentence for people.
        message: &'a str,
    },
}

impl ServerMessage<'_> {
    /// The message as JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }
}

/// A message from a client on a game's WebSocket.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the last version the client saw and, for players, the
    /// seat token.
    Hello {
        /// The last version seen, `None` for a fresh client.
        #[serde(default)]
        #[ts(optional)]
        version: Option<u64>,
        /// A seat token; spectators send none.
        #[serde(default)]
        #[ts(optional)]
        token: Option<String>,
    },
    /// An action, in the game-log text form.
    Action {
        /// The action, e.g. `place h8` or `draw offer`.
        action: String,
        /// A reference the server echoes in its ack or error.
        #[serde(default, rename = "ref")]
        #[ts(optional)]
        reference: Option<String>,
    },
}
