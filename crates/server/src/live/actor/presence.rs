//! Who is there: presence per seat, the timers that open a claim against a
//! player who left, and the presence broadcasts, coalesced so that a crowd
//! joining at once costs each connection a few messages a second, not one per
//! newcomer.
//!
//! With several nodes on one store, a player may be connected to another
//! node: each node tells the others (through the store's notifications)
//! when a seat's first connection to it comes or its last goes, and again
//! every [`PRESENCE_HEARTBEAT`] while it lasts; what a node has not heard
//! again for [`PRESENCE_TTL`] (its node died) counts as gone.

use std::time::Duration;

use narabe_rules::Player;
use tokio::time::Instant;
use tracing::warn;

use super::GameActor;
use crate::live::handle::SharedMessage;
use crate::store::PresenceChange;
use crate::wire::{PresenceView, SeatTimesView, ServerMessage};

/// At most one presence broadcast per game this often: a change right after
/// one waits for the end of the interval, and the changes meanwhile go out
/// together.
pub(super) const PRESENCE_EVERY: Duration = Duration::from_millis(250);

/// How often a node repeats who is connected to it, for the other nodes.
pub(super) const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(10);

/// How long another node's word on a seat holds without being repeated:
/// two and a half heartbeats, well within the 30 s before a claim opens.
const PRESENCE_TTL: Duration = Duration::from_millis(25_000);

/// What another node last said of a game's seats.
#[derive(Debug, Clone, Copy)]
pub(super) struct RemoteSeats {
    /// Whether each seat's player (first, second) is connected to it.
    present: [bool; 2],
    /// When it was heard.
    heard: Instant,
}

impl GameActor {
    /// Whether `player` has a connection to this node or, as far as this
    /// node has heard lately, to another.
    pub(super) fn seat_present(&self, player: Player) -> bool {
        let cutoff = Instant::now().checked_sub(PRESENCE_TTL);
        self.connections[player.index()] > 0
            || self.remote_presence.values().any(|remote| {
                remote.present[player.index()] && cutoff.is_none_or(|cutoff| remote.heard > cutoff)
            })
    }

    /// Brings the session's presence of `player` in line with
    /// [`GameActor::seat_present`], and the claim timers with it.
    pub(super) fn refresh_presence(&mut self, player: Player) {
        let now = self.context.clock.now();
        let present = self.seat_present(player);
        self.session.set_present(player, present, now);
        self.arm_claim_timers();
    }

    /// Tells the other nodes whether `player` is connected to this one (on a
    /// store that several nodes share), without waiting.
    pub(super) fn announce_presence(&self, player: Player) {
        if !self.context.store.is_shared() {
            return;
        }
        let change = PresenceChange {
            id: self.id.to_string(),
            node: self.context.node_id.to_string(),
            seat: player,
            present: self.connections[player.index()] > 0,
        };
        let store = self.context.store.clone();
        tokio::spawn(async move {
            if let Err(error) = store.announce_presence(&change).await {
                warn!(game = %change.id, %error, "could not tell the other nodes who is here");
            }
        });
    }

    /// Another node said who of this game's players is connected to it.
    pub(super) fn remote_presence_changed(&mut self, change: &PresenceChange) {
        if *change.node == *self.context.node_id {
            return;
        }
        let before = self.presence_facts();
        let remote = self
            .remote_presence
            .entry(change.node.clone())
            .or_insert(RemoteSeats {
                present: [false, false],
                heard: Instant::now(),
            });
        remote.present[change.seat.index()] = change.present;
        remote.heard = Instant::now();
        self.refresh_presence(change.seat);
        if self.presence_facts() != before {
            self.presence_changed();
        }
    }

    /// The repeat of this node's word on its seats' connections, and the end
    /// of what other nodes have not repeated in time.
    pub(super) fn presence_heartbeat(&mut self) {
        self.presence_heartbeat_due = Some(Instant::now() + PRESENCE_HEARTBEAT);
        for player in Player::ALL {
            if self.connections[player.index()] > 0 {
                self.announce_presence(player);
            }
        }
        let Some(cutoff) = Instant::now().checked_sub(PRESENCE_TTL) else {
            return;
        };
        let before = self.presence_facts();
        self.remote_presence
            .retain(|_, remote| remote.heard > cutoff);
        for player in Player::ALL {
            self.refresh_presence(player);
        }
        if self.presence_facts() != before {
            self.presence_changed();
        }
    }

    /// Who is there, as the presence broadcast tells it.
    fn presence_facts(&self) -> [bool; 2] {
        Player::ALL.map(|player| self.seat_present(player))
    }

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
            first: self.seat_present(Player::First) || computer == Some(Player::First),
            second: self.seat_present(Player::Second) || computer == Some(Player::Second),
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
