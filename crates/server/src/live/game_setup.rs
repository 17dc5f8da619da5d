//! What the server stores as a game's configuration: the session settings,
//! the hashed invite codes of open seats, and what the game belongs to (a
//! rematch, a tournament, the bots that hold its seats).

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
    /// The bots that hold its seats, by name (a bot's challenge): its end is
    /// reported to them.
    #[serde(default, skip_serializing_if = "BotSeats::is_empty")]
    pub bots: BotSeats,
}

/// The names of the bots holding a game's seats, per seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct BotSeats {
    /// The first seat's bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The second seat's bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
}

impl BotSeats {
    /// Whether no bot holds a seat.
    #[must_use]
    pub(crate) fn is_empty(&self) -> bool {
        self.first.is_none() && self.second.is_none()
    }

    /// The bot holding `seat`, if one does.
    #[must_use]
    pub(crate) fn of(&self, seat: Player) -> Option<&str> {
        match seat {
            Player::First => self.first.as_deref(),
            Player::Second => self.second.as_deref(),
        }
    }

    /// Gives `seat` to the bot named `name`.
    pub(crate) fn set(&mut self, seat: Player, name: String) {
        match seat {
            Player::First => self.first = Some(name),
            Player::Second => self.second = Some(name),
        }
    }
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
