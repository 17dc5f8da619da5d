//! Who is there: presence per seat, and the timers that open a claim against
//! a player who left.

use narabe_rules::Player;

use super::GameActor;
use crate::wire::{PresenceView, SeatTimesView};

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
