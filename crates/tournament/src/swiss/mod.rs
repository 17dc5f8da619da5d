//! Swiss pairings by the FIDE Dutch system (C.04.3), where the "colour" is
//! the side: [`Side::First`] (White) starts the opening.
//!
//! [`pair_round`] pairs the next round among the players present:
//! - the field in pairing order: score (classic scale), then pairing number
//!   (the initial ranking, [`History::initial_ranking`]);
//! - the absolute criteria: nobody meets an opponent again (a forfeit is not
//!   a meeting), nobody gets a second point without playing (a
//!   pairing-allocated bye or a forfeit win), no pair of players who must
//!   both have the same side (a side difference beyond ±1, or the same side
//!   twice running);
//! - the pairing-allocated bye to the lowest-ranked eligible player of the
//!   lowest score group whose absence leaves the rest pairable;
//! - score groups from the top, each bracket its residents plus the players
//!   who floated down from above: the moved-down players paired first
//!   (S1) against the residents, then the remainder split in S1 (its upper
//!   half) and S2, S2's orderings and then single exchanges tried in the
//!   Dutch order; the candidate taken leaves the rest of the field pairable
//!   (the completion criterion, an exact maximum matching, `matching.rs`),
//!   has the most pairs, and grants the most colour preferences, then the
//!   most strong ones, the first such in that order;
//! - sides by E.1–E.5, the initial side to the odd pairing numbers of
//!   round 1;
//! - boards ordered by the higher score of the pair, then the sum, then the
//!   higher-ranked player's rank.
//!
//! An `Absent` line (TRF `Z`: absent, paused, withdrawn or not yet entered)
//! is an absence: no points, no side, no bye.

mod colour;
mod dutch;
mod error;
mod matching;
mod player;

pub use error::SwissError;

use std::collections::HashMap;

use crate::{ByeReason, History, Pairing, PlayerId, Round, Side};
use dutch::Field;
use player::SwissPlayer;

/// What a Swiss tournament tells its pairing besides its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissOptions {
    /// How many rounds the tournament has.
    pub planned_rounds: usize,
    /// The side of the first-ranked player in round 1.
    pub initial_side: Side,
}

/// The next round among the players `present`: its games in board order
/// (no results yet), then the pairing-allocated bye if the number present is
/// odd, then an `Absent` line for every other entrant of `history`.
///
/// # Errors
///
/// [`SwissError::NoPairing`] when no pairing satisfies the absolute
/// criteria.
pub fn pair_round(
    history: &History,
    present: &[PlayerId],
    options: &SwissOptions,
) -> Result<Round, SwissError> {
    let numbers: HashMap<PlayerId, usize> = history
        .initial_ranking()
        .into_iter()
        .enumerate()
        .map(|(place, id)| (id, place + 1))
        .collect();
    let mut players: Vec<SwissPlayer> = present
        .iter()
        .filter_map(|&id| numbers.get(&id).map(|&number| (id, number)))
        .map(|(id, number)| SwissPlayer::from_history(history, id, number))
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    players.dedup_by_key(|player| player.id);

    let mut bye = None;
    if players.len() % 2 == 1 {
        let chosen = choose_bye(&players).ok_or(SwissError::NoPairing)?;
        bye = Some(players.remove(chosen).id);
    }
    let field = Field::new(&players);
    let pairs = field.pair().ok_or(SwissError::NoPairing)?;

    let mut games: Vec<(&SwissPlayer, &SwissPlayer)> = pairs
        .into_iter()
        .map(|(a, b)| (&players[a], &players[b]))
        .collect();
    // Board order: the higher score, the higher sum, the better rank.
    games.sort_by(|(a1, b1), (a2, b2)| {
        let key = |a: &SwissPlayer, b: &SwissPlayer| {
            (
                std::cmp::Reverse(a.score.max(b.score)),
                std::cmp::Reverse(a.score + b.score),
            )
        };
        key(a1, b1)
            .cmp(&key(a2, b2))
            .then(a1.number.min(b1.number).cmp(&a2.number.min(b2.number)))
    });
    let mut pairings: Vec<Pairing> = games
        .into_iter()
        .map(|(a, b)| {
            let first = colour::first_player(a, b, options.initial_side);
            let second = if first.id == a.id { b } else { a };
            Pairing::Game {
                first: first.id,
                second: second.id,
                result: None,
            }
        })
        .collect();
    if let Some(player) = bye {
        pairings.push(Pairing::Bye {
            player,
            reason: ByeReason::PairingAllocated,
        });
    }
    for entrant in &history.entrants {
        if !present.contains(&entrant.id) {
            pairings.push(Pairing::Bye {
                player: entrant.id,
                reason: ByeReason::Absent,
            });
        }
    }
    Ok(Round { pairings })
}

/// The index of the player who gets the bye: the lowest in pairing order
/// who had no point without playing and whose absence leaves the others
/// pairable.
fn choose_bye(players: &[SwissPlayer]) -> Option<usize> {
    let field = Field::new(players);
    (0..players.len()).rev().find(|&candidate| {
        !players[candidate].had_free_point && {
            let rest: Vec<usize> = (0..players.len()).filter(|&i| i != candidate).collect();
            field.pairable(&rest)
        }
    })
}
