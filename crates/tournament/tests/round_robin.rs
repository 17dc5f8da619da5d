//! The Berger tables against FIDE's published tables (C.05 Annex 1).

use std::collections::HashSet;

use narabe_tournament::round_robin::{berger_round, schedule};
use narabe_tournament::{ByeReason, Pairing, PlayerId};

/// FIDE's table for 6 players, written out as published.
const SIX: [[(usize, usize); 3]; 5] = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
];

/// FIDE's table for 8 players.
const EIGHT: [[(usize, usize); 4]; 7] = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
];

#[test]
fn six_and_eight_players_follow_the_published_tables() {
    for (round, boards) in SIX.iter().enumerate() {
        assert_eq!(
            berger_round(6, round + 1),
            boards.to_vec(),
            "6 players, round {}",
            round + 1
        );
    }
    for (round, boards) in EIGHT.iter().enumerate() {
        let mut ours = berger_round(8, round + 1);
        let mut theirs = boards.to_vec();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "8 players, round {}", round + 1);
    }
}

fn ids(n: u32) -> Vec<PlayerId> {
    (1..=n).map(PlayerId).collect()
}

fn games(round: &narabe_tournament::Round) -> Vec<(PlayerId, PlayerId)> {
    round
        .pairings
        .iter()
        .filter_map(|line| match *line {
            Pairing::Game { first, second, .. } => Some((first, second)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

#[test]
fn everyone_meets_everyone_once_and_sides_stay_balanced() {
    for n in 2..=17u32 {
        let rounds = schedule(&ids(n), 1);
        let even = n + n % 2;
        assert_eq!(rounds.len() as u32, even - 1, "{n} players");
        let mut met = HashSet::new();
        let mut firsts = vec![0i32; n as usize + 1];
        for round in &rounds {
            let mut seen = HashSet::new();
            for line in &round.pairings {
                match *line {
                    Pairing::Game { first, second, .. } => {
                        assert!(seen.insert(first) && seen.insert(second));
                        assert!(met.insert((first.min(second), first.max(second))));
                        firsts[first.0 as usize] += 1;
                        firsts[second.0 as usize] -= 1;
                    }
                    Pairing::Bye { player, reason } => {
                        assert_eq!(reason, ByeReason::Rest);
                        assert!(seen.insert(player));
                    }
                }
            }
            assert_eq!(seen.len() as u32, n, "everyone is on a line every round");
        }
        assert_eq!(met.len() as u32, n * (n - 1) / 2);
        for (player, balance) in firsts.iter().enumerate().skip(1) {
            assert!(
                balance.abs() <= 1,
                "{n} players: player {player} started {balance:+} more"
            );
        }
    }
}

#[test]
fn the_second_cycle_swaps_the_sides_and_nobody_starts_three_in_a_row_there() {
    for n in 3..=12u32 {
        let rounds = schedule(&ids(n), 2);
        let half = rounds.len() / 2;
        let mut first_cycle: Vec<_> = rounds[..half].iter().flat_map(games).collect();
        let mut second_cycle: Vec<_> = rounds[half..]
            .iter()
            .flat_map(games)
            .map(|(a, b)| (b, a))
            .collect();
        first_cycle.sort();
        second_cycle.sort();
        assert_eq!(first_cycle, second_cycle, "{n} players");
        if n >= 4 {
            for player in ids(n) {
                let side_at = |round: usize| {
                    games(&rounds[round]).iter().find_map(|&(a, b)| {
                        (a == player)
                            .then_some(true)
                            .or((b == player).then_some(false))
                    })
                };
                let turn: Vec<_> = (half - 2..half + 1).filter_map(side_at).collect();
                let all_same = turn.len() == 3 && turn.iter().all(|&s| s == turn[0]);
                assert!(
                    !all_same,
                    "{n} players: {player} has one side three times at the turn"
                );
            }
        }
    }
}
