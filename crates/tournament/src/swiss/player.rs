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
        };
        for round in &history.rounds {
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

    /// First-side games minus second-side games.
    pub fn side_difference(&self) -> i32 {
        self.sides
            .iter()
            .map(|side| if *side == Side::First { 1 } else { -1 })
            .sum()
    }
}
