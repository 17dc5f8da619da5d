//! Who is there: presence per seat, the timers that open a claim against a
//! player who left, and the presence broadcasts, coalesced so that a crowd
//! joining at once costs each connection a few messages a second, not one per
//! newcomer.

use std::time::Duration;

use narabe_rules::Player;
use tokio::time::Instant;

use super::GameActor;
use crate::live::handle::SharedMessage;
use crate::wire::{PresenceView, SeatTimesView, ServerMessage};

/// At most one presence broadcast per game this often: a change right after
/// one waits for the end of the interval, and the changes meanwhile go out
/// together.
pub(super) const PRESENCE_EVERY: Duration = Duration::from_millis(250);

impl GameActor {
    /// Whether a person holds `player`'s seat (not the computer, not nobody).
    pub(super) fn is_seated_person(&self, player: Player) -> bool {
        self.seats[player.index()].is_some() && self.computer_player() != Some(player)
    }

    /// Sets each player's claim timer to the moment their opponent's absence
    /// lets them claim, when that is still to come. Each seat has its own, so
    /// one player's short absence never hides the other's.
    pub(super) fn arm_claim_timers(&mut self) {
        let now = self.context.clock.now();
        for player in Player::ALL {
            self.claim_timers[player.index()] =
                self.session.claim_opens_at(player).filter(|&at| at > now);
        }
    }

    /// Someone came or went: the presence goes out now, or at the end of the
    /// current interval if one went out less than [`PRESENCE_EVERY`] ago.
    pub(super) fn presence_changed(&mut self) {
        let now = Instant::now();
        match self.presence_sent {
            Some(sent) if now < sent + PRESENCE_EVERY => {
                self.presence_due = Some(sent + PRESENCE_EVERY);
            }
            _ => self.broadcast_presence(),
        }
    }

    /// Sends the presence to every connection of the game.
    pub(super) fn broadcast_presence(&mut self) {
        self.presence_due = None;
        self.presence_sent = Some(Instant::now());
        let message = SharedMessage::from(ServerMessage::Presence(self.presence()).to_json());
        // No receiver is fine: nobody is watching.
        let _ = self.events.send(message);
    }

    pub(super) fn presence(&self) -> PresenceView {
        // The computer is always there.
        let computer = self.computer_player();
        let left_at = |player: Player| self.session.absent_since(player);
        // A claim against `player` is their opponent's claim.
        let claimable_from = |player: Player| self.session.claim_opens_at(player.other());
        PresenceView {
            first: self.connections[0] > 0 || computer == Some(Player::First),
            second: self.connections[1] > 0 || computer == Some(Player::Second),
            spectators: self.spectators,
            left_at: SeatTimesView {
                first: left_at(Player::First),
                second: left_at(Player::Second),
            },
            claimable_from: SeatTimesView {
                first: claimable_from(Player::First),
                second: claimable_from(Player::Second),
            },
            now: self.context.clock.now(),
        }
    }
}
