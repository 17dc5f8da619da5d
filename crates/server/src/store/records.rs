//! A stored game as the store hands it out and takes it in: its configuration,
//! its seats and its action log.

use narabe_rules::Player;

use super::StoreError;
use crate::ComputerSeat;

/// The SHA-256 hash of a seat token. The store never sees the token itself.
pub type TokenHash = [u8; 32];

/// A game about to be stored: everything the server decides at creation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// The URL-safe random id the server made for the game.
    pub id: String,
    /// The game's configuration (rules, opening, clock, ...) as JSON; opaque to
    /// the store.
    pub config_json: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The first seat's token hash, or `None` while the seat is open.
    pub first_token_hash: Option<TokenHash>,
    /// The second seat's token hash, or `None` while the seat is open.
    pub second_token_hash: Option<TokenHash>,
    /// The first time-based event of the game, if it has one from the start.
    pub deadline_at: Option<i64>,
    /// The seat the computer holds, in a game against it.
    pub computer: Option<ComputerSeat>,
}

/// One entry of a game's action log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRecord {
    /// Who acted: `first`, `second`, or `server` for what the server does itself
    /// (a flag fall, a correspondence deadline).
    pub seat: String,
    /// The action in the game-log text form, e.g. `place h8`, `swap`, `draw offer`.
    pub action: String,
    /// Server time of the action, milliseconds since the Unix epoch.
    pub at: i64,
}

impl ActionRecord {
    /// An action taken at `at` by `seat` (`first`, `second` or `server`).
    pub fn new(seat: impl Into<String>, action: impl Into<String>, at: i64) -> Self {
        ActionRecord {
            seat: seat.into(),
            action: action.into(),
            at,
        }
    }
}

/// A stored game: what it was created with, what happened since, and the few
/// derived facts the store keeps to find games without replaying them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's id.
    pub id: String,
    /// The configuration JSON as it was created.
    pub config_json: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The first seat's token hash, `None` while the seat is open.
    pub first_token_hash: Option<TokenHash>,
    /// The second seat's token hash, `None` while the seat is open.
    pub second_token_hash: Option<TokenHash>,
    /// The number of actions in the log; the ply the next write must expect.
    pub ply: i64,
    /// When the game got its result, if it has one.
    pub finished_at: Option<i64>,
    /// The result as JSON, if the game is finished.
    pub result_json: Option<String>,
    /// The next time-based event (flag fall, correspondence deadline), if any.
    pub deadline_at: Option<i64>,
    /// The id of the rematch game, once one was created.
    pub rematch_id: Option<String>,
    /// The seat the computer holds, in a game against it.
    pub computer: Option<ComputerSeat>,
    /// The action log in ply order: `actions[n]` is ply `n`.
    pub actions: Vec<ActionRecord>,
}

impl GameRecord {
    /// The token hash holding `seat`, if the seat is taken.
    pub fn token_hash(&self, seat: Player) -> Option<&TokenHash> {
        match seat {
            Player::First => self.first_token_hash.as_ref(),
            Player::Second => self.second_token_hash.as_ref(),
        }
    }

    /// Whether the game has a result.
    pub fn is_finished(&self) -> bool {
        self.finished_at.is_some()
    }
}

/// What changed in a stored game since a ply this node has seen: the game's
/// row as it is now and the log entries from that ply on. A node catching up
/// with another node's writes reads this instead of the whole log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameTail {
    /// The number of actions in the log now.
    pub ply: i64,
    /// The first seat's token hash, `None` while the seat is open.
    pub first_token_hash: Option<TokenHash>,
    /// The second seat's token hash, `None` while the seat is open.
    pub second_token_hash: Option<TokenHash>,
    /// The id of the rematch game, once one was created.
    pub rematch_id: Option<String>,
    /// The log from the ply asked for up to `ply`, in order.
    pub actions: Vec<ActionRecord>,
}

/// The `games` row as both backends return it; the hashes are still raw bytes.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct GameRow {
    pub(super) id: String,
    pub(super) config: String,
    pub(super) created_at: i64,
    pub(super) ply: i64,
    pub(super) first_token_hash: Option<Vec<u8>>,
    pub(super) second_token_hash: Option<Vec<u8>>,
    pub(super) finished_at: Option<i64>,
    pub(super) result: Option<String>,
    pub(super) deadline_at: Option<i64>,
    pub(super) rematch_id: Option<String>,
    pub(super) computer_seat: Option<String>,
    pub(super) computer_level: Option<i64>,
}

impl GameRow {
    /// The row with the log entries from `from_ply` on, checking that none is
    /// missing (the caller reads only plies below the row's `ply`).
    pub(super) fn into_tail(
        self,
        from_ply: i64,
        actions: Vec<ActionRecord>,
    ) -> Result<GameTail, StoreError> {
        let expected = (self.ply - from_ply).max(0);
        if i64::try_from(actions.len()) != Ok(expected) {
            return Err(StoreError::Corrupt(format!(
                "game {} is at ply {} but its log from ply {from_ply} has {} actions",
                self.id,
                self.ply,
                actions.len()
            )));
        }
        Ok(GameTail {
            ply: self.ply,
            first_token_hash: token_hash_from_bytes(&self.id, self.first_token_hash)?,
            second_token_hash: token_hash_from_bytes(&self.id, self.second_token_hash)?,
            rematch_id: self.rematch_id,
            actions,
        })
    }

    /// Joins the row with its log, checking what the schema cannot: the log has
    /// exactly `ply` entries (the caller reads only plies below `ply`, so a shorter
    /// log means a gap).
    pub(super) fn into_record(self, actions: Vec<ActionRecord>) -> Result<GameRecord, StoreError> {
        if i64::try_from(actions.len()) != Ok(self.ply) {
            return Err(StoreError::Corrupt(format!(
                "game {} is at ply {} but its log has {} actions",
                self.id,
                self.ply,
                actions.len()
            )));
        }
        let first_token_hash = token_hash_from_bytes(&self.id, self.first_token_hash)?;
        let second_token_hash = token_hash_from_bytes(&self.id, self.second_token_hash)?;
        let computer =
            computer_seat_from_columns(&self.id, self.computer_seat, self.computer_level)?;
        Ok(GameRecord {
            id: self.id,
            config_json: self.config,
            created_at: self.created_at,
            first_token_hash,
            second_token_hash,
            ply: self.ply,
            finished_at: self.finished_at,
            result_json: self.result,
            deadline_at: self.deadline_at,
            rematch_id: self.rematch_id,
            computer,
            actions,
        })
    }
}

/// The stored columns of the computer's seat: both set and valid, or neither.
fn computer_seat_from_columns(
    game_id: &str,
    seat: Option<String>,
    level: Option<i64>,
) -> Result<Option<ComputerSeat>, StoreError> {
    let corrupt = || {
        StoreError::Corrupt(format!(
            "game {game_id} has a computer seat {seat:?} at level {level:?}"
        ))
    };
    match (seat.as_deref(), level) {
        (None, None) => Ok(None),
        (Some(name), Some(level)) => {
            let seat = match name {
                "first" => Player::First,
                "second" => Player::Second,
                _ => return Err(corrupt()),
            };
            let level = u8::try_from(level)
                .ok()
                .filter(|level| (1..=8).contains(level))
                .ok_or_else(corrupt)?;
            Ok(Some(ComputerSeat { seat, level }))
        }
        _ => Err(corrupt()),
    }
}

fn token_hash_from_bytes(
    game_id: &str,
    bytes: Option<Vec<u8>>,
) -> Result<Option<TokenHash>, StoreError> {
    bytes
        .map(|bytes| {
            TokenHash::try_from(bytes.as_slice()).map_err(|_| {
                StoreError::Corrupt(format!(
                    "game {game_id} has a token hash of {} bytes instead of 32",
                    bytes.len()
                ))
            })
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ply: i64, first_token_hash: Option<Vec<u8>>) -> GameRow {
        GameRow {
            id: "g".to_owned(),
            config: "{}".to_owned(),
            created_at: 0,
            ply,
            first_token_hash,
            second_token_hash: None,
            finished_at: None,
            result: None,
            deadline_at: None,
            rematch_id: None,
            computer_seat: None,
            computer_level: None,
        }
    }

    #[test]
    fn a_row_and_its_whole_log_make_a_record() {
        let actions = vec![ActionRecord::new("first", "place h8", 5)];
        let record = row(1, Some(vec![7; 32]))
            .into_record(actions.clone())
            .unwrap();
        assert_eq!(record.first_token_hash, Some([7; 32]));
        assert_eq!(record.token_hash(Player::Second), None);
        assert_eq!(record.actions, actions);
    }

    #[test]
    fn a_log_shorter_than_the_ply_is_corrupt() {
        let error = row(2, None).into_record(vec![ActionRecord::new("first", "place h8", 5)]);
        assert!(matches!(error, Err(StoreError::Corrupt(_))), "{error:?}");
    }

    #[test]
    fn a_token_hash_of_the_wrong_length_is_corrupt() {
        let error = row(0, Some(vec![7; 31])).into_record(Vec::new());
        assert!(matches!(error, Err(StoreError::Corrupt(_))), "{error:?}");
    }
}
