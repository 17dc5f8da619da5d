//! What the server stores as a game's configuration: the session settings and
//! the hashed invite codes of open seats.

use narabe_game::SessionSettings;
use narabe_rules::Player;
use serde::{Deserialize, Serialize};

use crate::secret::{SecretHash, hash_from_hex, hash_to_hex};

/// The configuration JSON of a stored game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameSetup {
    /// The session settings (game, opening, clock, options).
    pub settings: SessionSettings,
    /// Hex SHA-256 hashes of the invite codes, per seat; a seat without one can
    /// only be held by the token handed out at creation.
    #[serde(default)]
    pub invites: SeatInvites,
    /// The game this one is a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// The tournament this game is a pairing of: its end is reported there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

/// Invite-code hashes per seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatInvites {
    /// The first seat's invite.
    pub first: Option<String>,
    /// The second seat's invite.
    pub second: Option<String>,
}

impl GameSetup {
    /// The invite hash of `seat`.
    #[must_use]
    pub(super) fn invite_hash(&self, seat: Player) -> Option<SecretHash> {
        let hex = match seat {
            Player::First => self.invites.first.as_deref(),
            Player::Second => self.invites.second.as_deref(),
        }?;
        hash_from_hex(hex)
    }

    /// Sets the invite hash of `seat`.
    pub(crate) fn set_invite_hash(&mut self, seat: Player, hash: &SecretHash) {
        let slot = match seat {
            Player::First => &mut self.invites.first,
            Player::Second => &mut self.invites.second,
        };
        *slot = Some(hash_to_hex(hash));
    }
}
