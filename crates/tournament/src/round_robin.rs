//! Round robin by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! The players get Berger numbers 1..n in the order given (the server draws
//! that order by lot when the tournament starts). With an odd field a phantom
//! player n+1 is added and whoever meets it rests that round. Round r pairs
//! the phantom-or-last player n with the first of a ring of the others that
//! turns by n/2 places a round, and the rest of the ring from both ends;
//! player n starts the opening in the even rounds.
//!
//! A double round robin plays the table twice with the sides swapped in the
//! second cycle, and, as C.05 recommends, swaps the last two rounds of the
//! first cycle so that nobody starts three games in a row on the same side at
//! the turn of the cycles.

use crate::pairing::ByeReason;
use crate::{Pairing, PlayerId, Round};

/// The whole schedule: every round of `cycles` cycles (1 or 2) for the
/// players in Berger order. Fewer than two players have no games.
pub fn schedule(players: &[PlayerId], cycles: usize) -> Vec<Round> {
    let n = players.len() + players.len() % 2;
    if players.len() < 2 {
        return Vec::new();
    }
    let player = |number: usize| players.get(number - 1).copied();
    let mut first_cycle: Vec<Round> = (1..n)
        .map(|round| {
            let mut pairings = Vec::with_capacity(n / 2);
            let mut rests = Vec::new();
            for (a, b) in berger_round(n, round) {
                match (player(a), player(b)) {
                    (Some(first), Some(second)) => pairings.push(Pairing::Game {
                        first,
                        second,
                        result: None,
                    }),
                    (Some(alone), None) | (None, Some(alone)) => rests.push(Pairing::Bye {
                        player: alone,
                        reason: ByeReason::Rest,
                    }),
                    (None, None) => unreachable!("only one phantom"),
                }
            }
            pairings.extend(rests);
            Round { pairings }
        })
        .collect();
    if cycles < 2 {
        return first_cycle;
    }
    if first_cycle.len() >= 3 {
        let last = first_cycle.len() - 1;
        first_cycle.swap(last - 1, last);
    }
    let second_cycle: Vec<Round> = first_cycle
        .iter()
        .map(|round| Round {
            pairings: round.pairings.iter().map(swapped).collect(),
        })
        .collect();
    first_cycle.into_iter().chain(second_cycle).collect()
}

/// The Berger numbers of round `round` (from 1) of an even field of `n`:
/// (first, second) per board, board 1 first.
pub fn berger_round(n: usize, round: usize) -> Vec<(usize, usize)> {
    debug_assert!(n >= 2 && n.is_multiple_of(2) && (1..n).contains(&round));
    let ring_size = n - 1;
    let shift = (round - 1) * (n / 2);
    let ring = |index: usize| (index + shift) % ring_size + 1;
    let mut boards = Vec::with_capacity(n / 2);
    boards.push(if round.is_multiple_of(2) {
        (n, ring(0))
    } else {
        (ring(0), n)
    });
    for board in 1..n / 2 {
        boards.push((ring(board), ring(ring_size - board)));
    }
    boards
}

/// The same line with the sides swapped.
fn swapped(line: &Pairing) -> Pairing {
    match *line {
        Pairing::Game { first, second, .. } => Pairing::Game {
            first: second,
            second: first,
            result: None,
        },
        ref bye => bye.clone(),
    }
}
