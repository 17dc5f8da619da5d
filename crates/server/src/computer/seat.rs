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
