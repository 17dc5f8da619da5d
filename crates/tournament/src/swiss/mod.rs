//! Swiss pairings by the FIDE Dutch system (C.04.3), where the "colour" is
//! the side: [`Side::First`] (White) starts the opening.
//!
//! [`pair_round`] pairs the next round among the players present:
//! - the field in pairing order: score (classic scale), then pairing number
//!   (the initial ranking, [`History::initial_ranking`], among the players
//!   present);
//! - up to 128 players (`WEIGHED_FIELD_LIMIT`), by the Dutch system's criteria
//!   as the weights of a maximum weighted matching (`dutch.rs`, over the
//!   blossom algorithm of `weighted_matching.rs`), settled bracket by
//!   bracket from the top, as bbpPairings, the FIDE-endorsed engine, does:
//!   the absolute criteria (nobody meets twice, nobody gets a second point
//!   without playing, the colour limits, which topscorers may break in the
//!   last round), completion, the most pairs and moved-down players, the
//!   next bracket's, the bye's candidates, the topscorers' and everyone's
//!   colour preferences, the floats of the last two rounds, and the Dutch
//!   order of exchanges and opponents;
//! - larger fields by the bracket search of `bracket_search.rs`: the same
//!   absolute criteria and completion, the colour preferences, the Dutch
//!   order of candidates within a budget, and the bye to the lowest
//!   eligible player whose absence leaves the rest pairable;
//! - sides by E.1–E.5, "the higher ranked player" by score, then pairing
//!   number (A.2), the initial side to the odd pairing numbers when neither
//!   player has played;
//! - boards ordered by the higher score of the pair, then the sum, then the
//!   higher-ranked player's rank.
//!
//! An `Absent` line (TRF `Z`: absent, paused, withdrawn or not yet entered)
//! is an absence: no points, no side, no bye.

mod bracket_search;
mod colour;
mod dutch;
mod error;
mod matching;
mod player;
mod weighted_matching;
mod wide;

pub use error::SwissError;

use std::collections::HashMap;

use crate::{ByeReason, History, Pairing, PlayerId, Round, Side};
use bracket_search::Field;
use dutch::RoundContext;
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
    players.sort_by_key(|player| player.number);
    players.dedup_by_key(|player| player.id);
    // Pairing numbers count the players in the round: a late entrant is
    // numbered from the round they enter (C.04.2), so round 1 alternates
    // sides by board whoever is yet to come.
    for (place, player) in players.iter_mut().enumerate() {
        player.number = place + 1;
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));

    let (pairs, bye) = pair_players(&players, history.rounds.len(), options)?;

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
            // E.4 and E.5 go by rank (A.2: score, then pairing number).
            let ranks_higher =
                (std::cmp::Reverse(a.score), a.number) < (std::cmp::Reverse(b.score), b.number);
            let (a, b) = if ranks_higher { (a, b) } else { (b, a) };
            let first = colour::first_player(a, b, options.initial_side);
            let second = if first.id == a.id { b } else { a };
            Pairing::Game {
                first: first.id,
                second: second.id,
                result: None,
            }
        })
        .collect();
    if let Some(player) = bye.map(|index| players[index].id) {
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

/// A round's pairs (indices into the players in pairing order) and the
/// index of the player with the bye.
type PairsAndBye = (Vec<(usize, usize)>, Option<usize>);

/// The most players a round may have to be paired by the Dutch weights
/// (`dutch.rs`); a larger field is paired by the bracket search of
/// [`Field`]. Each decision of the weighted pairing solves a weighted
/// matching afresh, O(n³) in the bracket and the next score group, and a
/// bracket takes about one decision per player: 129 players of one score
/// group take ~0.4 s, 250 players some 10 s (docs/benchmarks.md). An
/// incremental matching, as bbpPairings keeps, would lift the limit.
const WEIGHED_FIELD_LIMIT: usize = 128;

/// The pairs (indices into `players`, which are in pairing order) and the
/// bye of a round after `rounds_played` rounds.
///
/// Round 1 gives the bye to the last player in order; later rounds leave
/// the choice to the Dutch weights among the players eligible for it. If
/// the field is too large to weigh ([`WEIGHED_FIELD_LIMIT`]) or the
/// weighted settlement of the brackets cannot pair everyone (it fixes pairs
/// bracket by bracket), the bracket search of [`Field`] pairs the round
/// instead, with the bye to the lowest eligible player whose absence leaves
/// the rest pairable.
fn pair_players(
    players: &[SwissPlayer],
    rounds_played: usize,
    options: &SwissOptions,
) -> Result<PairsAndBye, SwissError> {
    let context = RoundContext {
        rounds_played,
        last_round: rounds_played + 1 >= options.planned_rounds,
    };
    let odd = players.len() % 2 == 1;
    if odd && rounds_played == 0 && players.len() <= WEIGHED_FIELD_LIMIT {
        let bye = players.len() - 1;
        let pairs = dutch::pair(&players[..bye], &context, None).ok_or(SwissError::NoPairing)?;
        return Ok((pairs, Some(bye)));
    }
    let candidates: Option<Vec<bool>> = odd.then(|| {
        let eligible: Vec<bool> = players.iter().map(|p| !p.had_free_point).collect();
        if eligible.contains(&true) {
            eligible
        } else {
            vec![true; players.len()]
        }
    });
    let weighed = players.len() <= WEIGHED_FIELD_LIMIT;
    if weighed && let Some(pairs) = dutch::pair(players, &context, candidates.as_deref()) {
        let bye = (0..players.len()).find(|&v| !pairs.iter().any(|&(a, b)| a == v || b == v));
        return Ok((pairs, bye));
    }
    let bye = if odd {
        Some(choose_bye(players).ok_or(SwissError::NoPairing)?)
    } else {
        None
    };
    let rest: Vec<usize> = (0..players.len()).filter(|&v| Some(v) != bye).collect();
    let chosen: Vec<SwissPlayer> = rest.iter().map(|&v| players[v].clone()).collect();
    let pairs = Field::new(&chosen).pair().ok_or(SwissError::NoPairing)?;
    Ok((
        pairs.into_iter().map(|(a, b)| (rest[a], rest[b])).collect(),
        bye,
    ))
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
