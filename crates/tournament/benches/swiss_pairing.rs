//! How long one Swiss round takes to pair, for fields of 16 to 1,000
//! players, after four rounds of random results (a few draws and forfeits),
//! and after four rounds that the first player always won: the awkward
//! field of a game with a strong first-player advantage, where each score
//! group's players all need the same side.
//!
//! `cargo bench -p narabe-tournament --bench swiss_pairing`; without
//! `--bench` (the smoke run of `cargo test`) it pairs 16 and 64 players once.

use std::time::{Duration, Instant};

use narabe_tournament::swiss::{SwissOptions, pair_round};
use narabe_tournament::{Entrant, GameResult, History, Pairing, PlayerId, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How the simulated games end.
#[derive(Clone, Copy)]
enum Results {
    /// Mostly decisive, either side, a few draws and forfeits.
    Random,
    /// The first player wins every game.
    FirstAlwaysWins,
}

fn field(players: u32, rounds: usize, results: Results, rng: &mut StdRng) -> History {
    let mut history = History {
        entrants: (1..=players)
            .map(|id| Entrant {
                id: PlayerId(id),
                name: format!("p{id}"),
                rating: rng.random_range(1000..2400),
            })
            .collect(),
        rounds: Vec::new(),
    };
    let options = SwissOptions {
        planned_rounds: rounds + 1,
        initial_side: Side::First,
    };
    let everyone: Vec<PlayerId> = history.entrants.iter().map(|entrant| entrant.id).collect();
    for _ in 0..rounds {
        let mut round = pair_round(&history, &everyone, &options).expect("pairable");
        for line in &mut round.pairings {
            if let Pairing::Game { result, .. } = line {
                *result = Some(match results {
                    Results::FirstAlwaysWins => GameResult::FirstWins,
                    Results::Random => match rng.random_range(0..100) {
                        0..45 => GameResult::FirstWins,
                        45..85 => GameResult::SecondWins,
                        85..98 => GameResult::Draw,
                        _ => GameResult::SecondWinsByForfeit,
                    },
                });
            }
        }
        history.rounds.push(round);
    }
    history
}

fn main() {
    let bench = std::env::args().any(|argument| argument == "--bench");
    let sizes: &[u32] = if bench {
        &[16, 64, 250, 1_000]
    } else {
        &[16, 64]
    };
    let repeats = if bench { 5 } else { 1 };
    println!("| players | results so far | round paired | time to pair it (median of {repeats}) |");
    println!("|---|---|---|---|");
    let models = [
        (Results::Random, "random"),
        (Results::FirstAlwaysWins, "first player always won"),
    ];
    for (results, described) in models {
        for &players in sizes {
            let mut rng = StdRng::seed_from_u64(u64::from(players));
            let history = field(players, 4, results, &mut rng);
            let everyone: Vec<PlayerId> =
                history.entrants.iter().map(|entrant| entrant.id).collect();
            let options = SwissOptions {
                planned_rounds: 9,
                initial_side: Side::First,
            };
            let mut times: Vec<Duration> = (0..repeats)
                .map(|_| {
                    let started = Instant::now();
                    let round = pair_round(&history, &everyone, &options).expect("pairable");
                    let took = started.elapsed();
                    assert!(round.games().count() >= players as usize / 2 - 1);
                    took
                })
                .collect();
            times.sort();
            println!(
                "| {players} | {described} | 5 | {:.1} ms |",
                times[times.len() / 2].as_secs_f64() * 1e3
            );
        }
    }
}
