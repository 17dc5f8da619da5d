//! The standings: points first, then the tie-breaks in the organiser's order.

use std::collections::HashMap;

use crate::{History, Outcome, Pairing, PlayerId, Points, Scoring, Tiebreak, TiebreakValue};

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Who.
    pub player: PlayerId,
    /// The place, from 1; players level on points and every tie-break share
    /// it (two thirds, then a fifth).
    pub rank: usize,
    /// Their points.
    pub points: Points,
    /// The tie-breaks' values in the order asked for; `None` where one says
    /// nothing (a direct encounter among players who have not all met).
    pub tiebreaks: Vec<Option<TiebreakValue>>,
    /// Games over the board, and how they went.
    pub tally: Tally,
}

/// A player's games over the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// What the tie-breaks need to know of one player.
struct PlayerFacts {
    points: Points,
    /// One entry a round: the opponent of a game over the board and what it
    /// was for this player, or `None` for a round without one.
    rounds: Vec<Option<(PlayerId, Outcome)>>,
    tally: Tally,
}

/// The standings of everyone who entered, best first. Games still going on
/// count for nothing yet; ties left after every tie-break keep the initial
/// ranking's order.
pub fn standings(history: &History, scoring: Scoring, tiebreaks: &[Tiebreak]) -> Vec<Standing> {
    let ranking = history.initial_ranking();
    let facts: HashMap<PlayerId, PlayerFacts> = ranking
        .iter()
        .map(|&id| (id, player_facts(history, id, scoring)))
        .collect();

    // Groups of players level so far, in order; each split by the next
    // tie-break.
    let mut values: HashMap<PlayerId, Vec<Option<TiebreakValue>>> =
        ranking.iter().map(|&id| (id, Vec::new())).collect();
    let mut order = ranking.clone();
    order.sort_by_key(|id| std::cmp::Reverse(facts[id].points));
    let mut groups = split_by(order, |id| facts[id].points);
    for &tiebreak in tiebreaks {
        let mut next_groups = Vec::with_capacity(groups.len());
        for group in groups {
            let group_values: Vec<(PlayerId, Option<TiebreakValue>)> = group
                .iter()
                .map(|&id| (id, value_of(tiebreak, id, &group, &facts, history, scoring)))
                .collect();
            let mut sorted = group_values.clone();
            sorted.sort_by_key(|&(_, value)| std::cmp::Reverse(value.unwrap_or_default()));
            for (id, value) in group_values {
                values.get_mut(&id).expect("every player").push(value);
            }
            let ids: Vec<PlayerId> = sorted.iter().map(|&(id, _)| id).collect();
            let lookup: HashMap<PlayerId, TiebreakValue> = sorted
                .iter()
                .map(|&(id, value)| (id, value.unwrap_or_default()))
                .collect();
            next_groups.extend(split_by(ids, |id| lookup[id]));
        }
        groups = next_groups;
    }

    let mut rows = Vec::with_capacity(ranking.len());
    for group in groups {
        let rank = rows.len() + 1;
        for id in group {
            rows.push(Standing {
                player: id,
                rank,
                points: facts[&id].points,
                tiebreaks: values.remove(&id).unwrap_or_default(),
                tally: facts[&id].tally,
            });
        }
    }
    rows
}

/// Consecutive runs of equal keys (the input is sorted by that key).
fn split_by<K: PartialEq>(ids: Vec<PlayerId>, key: impl Fn(&PlayerId) -> K) -> Vec<Vec<PlayerId>> {
    let mut groups: Vec<Vec<PlayerId>> = Vec::new();
    for id in ids {
        match groups.last_mut() {
            Some(group) if key(&group[0]) == key(&id) => group.push(id),
            _ => groups.push(vec![id]),
        }
    }
    groups
}

fn player_facts(history: &History, id: PlayerId, scoring: Scoring) -> PlayerFacts {
    let mut rounds = Vec::with_capacity(history.rounds.len());
    let mut tally = Tally::default();
    for round in &history.rounds {
        let line = round.line_of(id);
        if line.is_some_and(Pairing::is_pending) {
            continue;
        }
        let game = line.and_then(|line| match *line {
            Pairing::Game {
                result: Some(result),
                ..
            } if result.was_played() => line
                .opponent_of(id)
                .map(|(opponent, side)| (opponent, result.outcome_for(side))),
            _ => None,
        });
        match game.map(|(_, outcome)| outcome) {
            Some(Outcome::Win) => tally.wins += 1,
            Some(Outcome::Draw) => tally.draws += 1,
            Some(Outcome::Loss) => tally.losses += 1,
            _ => {}
        }
        rounds.push(game);
    }
    PlayerFacts {
        points: history.score(id, scoring),
        rounds,
        tally,
    }
}

/// One tie-break of one player, within the group of players level with them.
fn value_of(
    tiebreak: Tiebreak,
    id: PlayerId,
    group: &[PlayerId],
    facts: &HashMap<PlayerId, PlayerFacts>,
    history: &History,
    scoring: Scoring,
) -> Option<TiebreakValue> {
    let own = &facts[&id];
    let quarters = |points: Points| points.0 * 2;
    let opponent_scores = || -> Vec<u32> {
        own.rounds
            .iter()
            .map(|game| match game {
                Some((opponent, _)) => quarters(facts[opponent].points),
                None => quarters(own.points),
            })
            .collect()
    };
    let value = match tiebreak {
        Tiebreak::Buchholz => opponent_scores().iter().sum(),
        Tiebreak::MedianBuchholz => {
            let mut scores = opponent_scores();
            scores.sort_unstable();
            if scores.len() >= 3 {
                scores[1..scores.len() - 1].iter().sum()
            } else {
                scores.iter().sum()
            }
        }
        Tiebreak::SonnebornBerger => own
            .rounds
            .iter()
            .flatten()
            .map(|(opponent, outcome)| match outcome {
                Outcome::Win => quarters(facts[opponent].points),
                Outcome::Draw => quarters(facts[opponent].points) / 2,
                _ => 0,
            })
            .sum(),
        Tiebreak::Wins => own.tally.wins * 4,
        Tiebreak::DirectEncounter => return direct_encounter(id, group, history, scoring),
    };
    Some(TiebreakValue(value))
}

/// The points `id` scored against the rest of `group`, if every two of the
/// group met (with a result); `None` for a group of one or one not all met.
fn direct_encounter(
    id: PlayerId,
    group: &[PlayerId],
    history: &History,
    scoring: Scoring,
) -> Option<TiebreakValue> {
    if group.len() < 2 {
        return None;
    }
    let met = |a: PlayerId, b: PlayerId| {
        history.rounds.iter().any(|round| {
            round.line_of(a).is_some_and(|line| {
                !line.is_pending()
                    && line
                        .opponent_of(a)
                        .is_some_and(|(opponent, _)| opponent == b)
            })
        })
    };
    let all_met = group
        .iter()
        .enumerate()
        .all(|(i, &a)| group[i + 1..].iter().all(|&b| met(a, b)));
    if !all_met {
        return None;
    }
    let points: Points = history
        .rounds
        .iter()
        .filter_map(|round| round.line_of(id))
        .filter(|line| {
            line.opponent_of(id)
                .is_some_and(|(opponent, _)| group.contains(&opponent))
        })
        .map(|line| scoring.points_of_line(line, id))
        .sum();
    Some(TiebreakValue(points.0 * 2))
}
