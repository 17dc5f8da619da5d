//! The arena's pairing: whoever is free is paired again at once.
//!
//! An arena lasts a fixed time. A player who finishes a game goes back to
//! the waiting room; every time the server looks (when a game ends or a player
//! arrives) it pairs the waiting players by score: the best two who may meet,
//! then the best two of the rest, and so on. Two players never meet twice in
//! a row (neither's last opponent may be the other); a player who cannot be
//! paired waits for the next look. The side goes to balance each player's
//! games: the one who started fewer openings starts, then the one who did not
//! start their last game, then the lower score (a small help to the weaker).
//!
//! Scoring is [`Scoring::Arena`](crate::Scoring::Arena): 2 a win, 1 a draw,
//! 0 a loss, with no streak bonus and no berserk.

use crate::{PlayerId, Points};

/// A player in the waiting room, as the pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitingPlayer {
    /// Who.
    pub id: PlayerId,
    /// Their arena score so far.
    pub score: Points,
    /// How many games they started (`Side::First`).
    pub firsts: u32,
    /// How many games they played second.
    pub seconds: u32,
    /// Their last game's opponent and whether they started it.
    pub last_game: Option<(PlayerId, bool)>,
}

/// The games to start now: (first, second) pairs, best scores first. Players
/// left out keep waiting.
pub fn pair_waiting(waiting: &[WaitingPlayer]) -> Vec<(PlayerId, PlayerId)> {
    let mut order: Vec<&WaitingPlayer> = waiting.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let mut taken = vec![false; order.len()];
    let mut games = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let partner = (i + 1..order.len()).find(|&j| !taken[j] && may_meet(order[i], order[j]));
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            games.push(sides(order[i], order[j]));
        }
    }
    games
}

/// Whether two players may meet now: not each other's last opponent.
fn may_meet(a: &WaitingPlayer, b: &WaitingPlayer) -> bool {
    let last_was = |player: &WaitingPlayer, other: PlayerId| {
        player
            .last_game
            .is_some_and(|(opponent, _)| opponent == other)
    };
    a.id != b.id && !last_was(a, b.id) && !last_was(b, a.id)
}

/// Who of the two starts: the fewer starts, then not having started the last
/// game, then the lower score, then the later joiner.
fn sides(a: &WaitingPlayer, b: &WaitingPlayer) -> (PlayerId, PlayerId) {
    let balance = |player: &WaitingPlayer| i64::from(player.firsts) - i64::from(player.seconds);
    let started_last = |player: &WaitingPlayer| player.last_game.is_some_and(|(_, first)| first);
    let key = |player: &WaitingPlayer| {
        (
            balance(player),
            started_last(player),
            player.score,
            std::cmp::Reverse(player.id),
        )
    };
    if key(a) <= key(b) {
        (a.id, b.id)
    } else {
        (b.id, a.id)
    }
}
