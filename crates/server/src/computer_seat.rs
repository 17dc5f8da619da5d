//! The seat the engine holds in a game against the computer, and its level.

use narabe_rules::Player;

/// Which seat the computer holds and how strongly it plays. Stored beside the
/// game (`computer_seat`, `computer_level`); the seat has neither a token nor
/// an invite, so no person can ever hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerSeat {
    /// The computer's seat.
    pub seat: Player,
    /// The engine's level, 1 (weakest) to 8 (full strength).
    pub level: u8,
}

impl ComputerSeat {
    /// The stored columns as a computer seat: both set and valid, or neither.
    pub(crate) fn from_columns(
        game_id: &str,
        seat: Option<String>,
        level: Option<i64>,
    ) -> Result<Option<ComputerSeat>, crate::StoreError> {
        let corrupt = || {
            crate::StoreError::Corrupt(format!(
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
}
