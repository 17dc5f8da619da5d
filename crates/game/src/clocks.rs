//! The players' clocks: real-time banks with increment, or a per-move deadline.

use narabe_rules::Player;

use crate::{DAY_MS, Millis, TimeControl};

/// The clocks of a session. Time is always a parameter: nothing here reads the
/// system clock.
///
/// A clock runs for the player who must act. Following the custom of the big game
/// sites, the clocks start only once both players have made their first action,
/// so nobody loses time while the opponent is still on the way; before that the
/// game can be aborted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Real-time banks at the last charge, indexed by player.
    banks: [Millis; 2],
    /// Whose clock runs, and since when.
    running: Option<(Player, Millis)>,
}

impl Clocks {
    /// Stopped clocks with full banks.
    #[must_use]
    pub const fn new(control: TimeControl) -> Clocks {
        let base = match control {
            TimeControl::RealTime { base_ms, .. } => base_ms,
            _ => 0,
        };
        Clocks {
            control,
            banks: [base, base],
            running: None,
        }
    }

    /// The time control.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose clock runs, and since when.
    #[must_use]
    pub const fn running(&self) -> Option<(Player, Millis)> {
        self.running
    }

    /// `player`'s real-time bank at `now` (the running clock counts down); `None`
    /// without a real-time clock.
    #[must_use]
    pub fn remaining(&self, player: Player, now: Millis) -> Option<Millis> {
        if !self.control.is_real_time() {
            return None;
        }
        let bank = self.banks[player.index()];
        Some(match self.running {
            Some((runner, since)) if runner == player => {
                bank.saturating_sub(now.saturating_sub(since))
            }
            _ => bank,
        })
    }

    /// When the running player's time is up: the fall of the flag, or the end of
    /// the correspondence turn. `None` when no clock runs or time is unlimited.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        let (player, since) = self.running?;
        match self.control {
            TimeControl::Unlimited => None,
            TimeControl::RealTime { .. } => Some(since.saturating_add(self.banks[player.index()])),
            TimeControl::Correspondence { days_per_move } => {
                Some(since.saturating_add(DAY_MS * Millis::from(days_per_move)))
            }
        }
    }

    /// The player whose time is up at `now`, if any.
    #[must_use]
    pub fn expired(&self, now: Millis) -> Option<Player> {
        let deadline = self.deadline()?;
        let (player, _) = self.running?;
        (now >= deadline).then_some(player)
    }

    /// Charges the running player for the time used up to `now` and stops the
    /// clocks.
    pub fn stop(&mut self, now: Millis) {
        if let Some((player, since)) = self.running.take()
            && self.control.is_real_time()
        {
            let bank = &mut self.banks[player.index()];
            *bank = bank.saturating_sub(now.saturating_sub(since));
        }
    }

    /// After `mover` acted at `now`: charges the mover, adds the increment when
    /// the turn passed to the opponent with the clocks already running, and
    /// starts `next`'s clock (or leaves all stopped when `next` is `None`).
    pub fn after_action(&mut self, mover: Player, next: Option<Player>, now: Millis) {
        let was_running = self.running.is_some();
        self.stop(now);
        if let (true, Some(next), TimeControl::RealTime { increment_ms, .. }) =
            (was_running, next, self.control)
            && next != mover
        {
            let bank = &mut self.banks[mover.index()];
            *bank = bank.saturating_add(increment_ms);
        }
        self.running = next.map(|player| (player, now));
    }

    /// Gives `millis` back to `player`'s running real-time clock at `now`, at
    /// most the time it has run this turn (a credit never adds time that was
    /// not spent). Whether it applied: `false` without a real-time clock or
    /// when `player`'s clock is not the one running.
    pub fn credit(&mut self, player: Player, millis: Millis, now: Millis) -> bool {
        match self.running {
            Some((runner, since)) if runner == player && self.control.is_real_time() => {
                let bank = &mut self.banks[player.index()];
                *bank = bank.saturating_add(millis.min(now.saturating_sub(since)));
                true
            }
            _ => false,
        }
    }

    /// Starts `player`'s clock at `now` after charging whoever ran.
    pub fn start(&mut self, player: Player, now: Millis) {
        self.stop(now);
        self.running = Some((player, now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_PLUS_THREE: TimeControl = TimeControl::RealTime {
        base_ms: 300_000,
        increment_ms: 3_000,
    };

    #[test]
    fn real_time_charges_the_mover_and_adds_the_increment() {
        let mut clocks = Clocks::new(FIVE_PLUS_THREE);
        clocks.start(Player::First, 1_000);
        assert_eq!(clocks.remaining(Player::First, 11_000), Some(290_000));
        assert_eq!(clocks.deadline(), Some(301_000));
        clocks.after_action(Player::First, Some(Player::Second), 11_000);
        assert_eq!(clocks.remaining(Player::First, 50_000), Some(293_000));
        assert_eq!(clocks.running(), Some((Player::Second, 11_000)));
        // Two actions in a row by the same player: no increment in between.
        clocks.after_action(Player::Second, Some(Player::Second), 12_000);
        assert_eq!(clocks.remaining(Player::Second, 12_000), Some(299_000));
        assert_eq!(clocks.expired(311_000), Some(Player::Second));
        assert_eq!(clocks.expired(310_999), None);
    }

    #[test]
    fn a_credit_gives_back_spent_time_of_the_running_clock_only() {
        let mut clocks = Clocks::new(FIVE_PLUS_THREE);
        clocks.start(Player::Second, 0);
        assert!(!clocks.credit(Player::First, 1_000, 5_000), "not running");
        // The second player's flag fell at 300 s; 301 s later, 2 s are given back.
        assert_eq!(clocks.expired(301_000), Some(Player::Second));
        assert!(clocks.credit(Player::Second, 2_000, 301_000));
        assert_eq!(clocks.expired(301_000), None);
        assert_eq!(clocks.remaining(Player::Second, 301_000), Some(1_000));
        // Never more than the turn has used.
        let mut fresh = Clocks::new(FIVE_PLUS_THREE);
        fresh.start(Player::First, 10_000);
        assert!(fresh.credit(Player::First, 50_000, 12_000));
        assert_eq!(fresh.remaining(Player::First, 12_000), Some(300_000));
        let mut untimed = Clocks::new(TimeControl::Unlimited);
        untimed.start(Player::First, 0);
        assert!(!untimed.credit(Player::First, 10, 100));
    }

    #[test]
    fn correspondence_has_a_deadline_per_turn_and_no_bank() {
        let mut clocks = Clocks::new(TimeControl::Correspondence { days_per_move: 2 });
        clocks.start(Player::Second, 0);
        assert_eq!(clocks.deadline(), Some(2 * DAY_MS));
        assert_eq!(clocks.remaining(Player::Second, 5), None);
        clocks.after_action(Player::Second, Some(Player::First), DAY_MS);
        assert_eq!(clocks.deadline(), Some(3 * DAY_MS));
    }

    #[test]
    fn unlimited_never_expires_and_a_finished_game_stops_the_clock() {
        let mut clocks = Clocks::new(TimeControl::Unlimited);
        clocks.start(Player::First, 0);
        assert_eq!(clocks.expired(Millis::MAX), None);
        let mut timed = Clocks::new(FIVE_PLUS_THREE);
        timed.start(Player::First, 0);
        timed.after_action(Player::First, None, 1_000);
        assert_eq!(timed.running(), None);
        assert_eq!(timed.deadline(), None);
        assert_eq!(
            timed.remaining(Player::First, 99_000),
            Some(299_000),
            "no increment at the end"
        );
    }
}
