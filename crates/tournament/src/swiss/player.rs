//! A player as the Swiss pairing sees them: what the history says of them.

use std::collections::HashSet;

use crate::pairing::ByeReason;
use crate::{History, Outcome, Pairing, PlayerId, Points, Scoring, Side};

/// One player present for the round, with what the pairing rules read.
#[derive(Clone, Debug)]
pub(super) struct SwissPlayer {
    /// Who.
    pub id: PlayerId,
    /// Their pairing number: their place in the initial ranking, from 1.
    pub number: usize,
    /// Points so far, on the classic scale.
    pub score: Points,
    /// Everyone they have played over the board (forfeits do not count).
    pub opponents: HashSet<PlayerId>,
    /// The sides of their games played over the board, first first.
    pub sides: Vec<Side>,
    /// Whether they had a point without playing: a pairing-allocated bye or
    /// a forfeit win (C.04.1 c: not eligible for the bye again).
    pub had_free_point: bool,
    /// Their float in each round so far, first first (C.04.3 A.4).
    pub floats: Vec<Float>,
}

/// How a player's round went against the score groups (C.04.3 A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    /// Paired with a lower score, or did not play and scored (the
    /// pairing-allocated bye, a forfeit win). A round without a game and
    /// without points (absent, not yet entered) is no float, as
    /// bbpPairings reads A.4.b.
    Down,
    /// Paired with a higher score.
    Up,
    /// Paired within their score group, or lost by forfeit.
    None,
}

impl SwissPlayer {
    /// What `history` says of `id`, whose pairing number is `number`.
    pub fn from_history(history: &History, id: PlayerId, number: usize) -> SwissPlayer {
        let mut player = SwissPlayer {
            id,
            number,
            score: history.score(id, Scoring::Classic),
            opponents: HashSet::new(),
            sides: Vec::new(),
            had_free_point: false,
            floats: Vec::new(),
        };
        for (index, round) in history.rounds.iter().enumerate() {
            player.floats.push(float_in(history, index, id));
            match round.line_of(id) {
                Some(Pairing::Bye {
                    reason: ByeReason::PairingAllocated,
                    ..
                }) => player.had_free_point = true,
                Some(line @ Pairing::Game { result, .. }) => {
                    let Some((opponent, side)) = line.opponent_of(id) else {
                        continue;
                    };
                    match result {
                        Some(result) if result.was_played() => {
                            player.opponents.insert(opponent);
                            player.sides.push(side);
                        }
                        Some(result) => {
                            if result.outcome_for(side) == Outcome::ForfeitWin {
                                player.had_free_point = true;
                            }
                        }
                        // A game still going on cannot be in a history
                        // being paired; it is a meeting all the same.
                        None => {
                            player.opponents.insert(opponent);
                        }
                    }
                }
                _ => {}
            }
        }
        player
    }

    /// The float they had `rounds_ago` rounds ago (1: the last round).
    pub fn float_ago(&self, rounds_ago: usize) -> Float {
        self.floats
            .len()
            .checked_sub(rounds_ago)
            .map_or(Float::None, |index| self.floats[index])
    }

    /// First-side games minus second-side games.
    pub fn side_difference(&self) -> i32 {
        self.sides
            .iter()
            .map(|side| if *side == Side::First { 1 } else { -1 })
            .sum()
    }
}

/// The float of `id` in round `index` (from 0) of `history`.
fn float_in(history: &History, index: usize, id: PlayerId) -> Float {
    let line = history.rounds[index].line_of(id);
    let Some((opponent, side)) = line.and_then(|line| line.opponent_of(id)) else {
        return match line {
            Some(Pairing::Bye {
                reason: ByeReason::PairingAllocated,
                ..
            }) => Float::Down,
            // An absence scores nothing, and bbpPairings gives it no float.
            _ => Float::None,
        };
    };
    match line {
        Some(Pairing::Game {
            result: Some(result),
            ..
        }) if !result.was_played() => {
            if result.outcome_for(side) == Outcome::ForfeitWin {
                Float::Down
            } else {
                Float::None
            }
        }
        _ => {
            let mine = history.score_after(id, index, Scoring::Classic);
            let theirs = history.score_after(opponent, index, Scoring::Classic);
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
    }
}
