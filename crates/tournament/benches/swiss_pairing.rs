//! How long a Swiss round takes to pair, for fields of 16 to 1,000 players,
//! with random results (a few draws and forfeits), and with the first
//! player winning every game: the awkward field of a game with a strong
//! first-player advantage, where each score group's players all need the
//! same side. Each field plays five rounds; the table gives the fifth
//! round's time and the slowest round's (round 2 or 3 usually, when the
//! score groups are largest).
//!
//! `cargo bench -p narabe-tournament --bench swiss_pairing`; without
//! `--bench` (the smoke run of `cargo test`) it pairs 16 and 64 players.

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

/// Plays `rounds` rounds of a field of `players`; the history and how long
/// each round took to pair.
fn field(
    players: u32,
    rounds: usize,
    results: Results,
    rng: &mut StdRng,
) -> (History, Vec<Duration>) {
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
        planned_rounds: rounds + 4,
        initial_side: Side::First,
    };
    let everyone: Vec<PlayerId> = history.entrants.iter().map(|entrant| entrant.id).collect();
    let mut times = Vec::new();
    for _ in 0..rounds {
        let started = Instant::now();
        let mut round = pair_round(&history, &everyone, &options).expect("pairable");
        times.push(started.elapsed());
        assert!(round.games().count() >= players as usize / 2 - 1);
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
    (history, times)
}

fn milliseconds(time: Duration) -> String {
    format!("{:.1} ms", time.as_secs_f64() * 1e3)
}

fn main() {
    let bench = std::env::args().any(|argument| argument == "--bench");
    let sizes: &[u32] = if bench {
        &[16, 64, 128, 129, 250, 1_000]
    } else {
        &[16, 64]
    };
    println!("| players | results | round 5 | slowest round |");
    println!("|---|---|---|---|");
    let models = [
        (Results::Random, "random"),
        (Results::FirstAlwaysWins, "first player always won"),
    ];
    for (results, described) in models {
        for &players in sizes {
            let mut rng = StdRng::seed_from_u64(u64::from(players));
            let (_, times) = field(players, 5, results, &mut rng);
            let (slowest, time) = times
                .iter()
                .enumerate()
                .max_by_key(|(_, time)| **time)
                .expect("five rounds");
            println!(
                "| {players} | {described} | {} | {} (round {}) |",
                milliseconds(times[4]),
                milliseconds(*time),
                slowest + 1
            );
        }
    }
}
