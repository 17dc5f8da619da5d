//! narabe's Swiss pairings against an independent implementation of the
//! FIDE Dutch system, `caissify-pairings` 0.5.0 (PyPI; `scripts/test`
//! installs it): random tournaments of 8 to 64 players, odd and even fields,
//! with draws, forfeits, absences, withdrawals and late entries, are paired
//! round by round by [`pair_round`]; their TRF goes to caissify's free
//! pairings checker (`tests/caissify_check.py`), which re-pairs every round
//! from the rounds before it, and the two are compared pair by pair and
//! side by side.
//!
//! Every round is also checked here against the absolute criteria (nobody
//! meets twice over the board, nobody gets a second point without playing,
//! nobody gets a side the colour limits forbid), which must hold always.
//! The share of rounds that agree with caissify is measured and must not
//! fall below what narabe's pairing reached when it was last changed
//! (`AGREEMENT_FLOOR`); the figures and the known differences are in
//! `docs/tournaments.md` and `docs/benchmarks.md`.
//!
//! `NARABE_SWISS_CHECK_TOURNAMENTS` sets the number of tournaments (16 by
//! default); the seeds are fixed, so a failure names a tournament that
//! fails again. `NARABE_SWISS_CHECK_DUMP=<dir>` also writes each
//! tournament's TRF there (`random-<seed>.trf`), for other checkers such as
//! bbpPairings (`scripts/swiss-check-bbppairings`).

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::process::{Command, Stdio};

use narabe_tournament::swiss::{SwissOptions, pair_round};
use narabe_tournament::trf::{self, TrfHeader};
use narabe_tournament::{
    ByeReason, Entrant, GameResult, History, Pairing, PlayerId, Scoring, Side, standings,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The least share of rounds (pairs, byes and sides) that must agree with
/// caissify's: every one. Since the Dutch criteria became edge weights of
/// a maximum weighted matching (`swiss/dutch.rs`), all 99 rounds of the
/// default 16 tournaments agree, and so did 940 of 940 rounds over 150
/// tournaments (`NARABE_SWISS_CHECK_TOURNAMENTS=150`), once the checker
/// script reads two rules as bbpPairings does (`caissify_check.py`).
const AGREEMENT_FLOOR: f64 = 1.0;

/// A random tournament: who plays when, and the results.
struct Simulation {
    history: History,
    /// The round (from 1) each player enters in.
    enters: HashMap<PlayerId, usize>,
    /// The round after which a player withdraws, if they do.
    withdraws: HashMap<PlayerId, usize>,
    /// Rounds a player misses.
    misses: HashSet<(PlayerId, usize)>,
    rounds: usize,
}

fn simulation(seed: u64) -> Simulation {
    let mut rng = StdRng::seed_from_u64(seed);
    let players = rng.random_range(8..=64u32);
    let rounds = rng.random_range(4..=9usize).min(players as usize / 2);
    let entrants: Vec<Entrant> = (1..=players)
        .map(|id| Entrant {
            id: PlayerId(id),
            name: format!("Player {id}"),
            rating: rng.random_range(1000..2400),
        })
        .collect();
    let mut enters = HashMap::new();
    let mut withdraws = HashMap::new();
    let mut misses = HashSet::new();
    for entrant in &entrants {
        let roll = rng.random_range(0..100);
        enters.insert(
            entrant.id,
            if roll < 8 { rng.random_range(2..=3) } else { 1 },
        );
        if rng.random_range(0..100) < 6 {
            withdraws.insert(entrant.id, rng.random_range(1..rounds));
        }
        for round in 2..=rounds {
            if rng.random_range(0..100) < 3 {
                misses.insert((entrant.id, round));
            }
        }
    }
    Simulation {
        history: History {
            entrants,
            rounds: Vec::new(),
        },
        enters,
        withdraws,
        misses,
        rounds,
    }
}

fn random_result(rng: &mut StdRng) -> GameResult {
    match rng.random_range(0..100) {
        0..40 => GameResult::FirstWins,
        40..75 => GameResult::SecondWins,
        75..96 => GameResult::Draw,
        96..98 => GameResult::FirstWinsByForfeit,
        _ => GameResult::SecondWinsByForfeit,
    }
}

/// The absolute criteria, checked on the round just paired. In the last
/// round (`last`) a topscorer (more than half the points so far) may break
/// the colour limits (C.04.3 C.3 binds non-topscorers only).
fn check_absolute_criteria(
    history: &History,
    round: &narabe_tournament::Round,
    last: bool,
    seed: u64,
) {
    let number = history.rounds.len() + 1;
    let topscorer = |player: PlayerId| {
        last && history.score(player, Scoring::Classic).0 > history.rounds.len() as u32
    };
    let mut met = HashSet::new();
    let mut free_point = HashSet::new();
    let mut sides: HashMap<PlayerId, Vec<Side>> = HashMap::new();
    for past in &history.rounds {
        for line in &past.pairings {
            match *line {
                Pairing::Game {
                    first,
                    second,
                    result: Some(result),
                } => {
                    if result.was_played() {
                        met.insert((first.min(second), first.max(second)));
                        sides.entry(first).or_default().push(Side::First);
                        sides.entry(second).or_default().push(Side::Second);
                    } else if result == GameResult::FirstWinsByForfeit {
                        free_point.insert(first);
                    } else if result == GameResult::SecondWinsByForfeit {
                        free_point.insert(second);
                    }
                }
                Pairing::Bye {
                    player,
                    reason: ByeReason::PairingAllocated,
                } => {
                    free_point.insert(player);
                }
                _ => {}
            }
        }
    }
    for line in &round.pairings {
        match *line {
            Pairing::Game { first, second, .. } => {
                assert!(
                    !met.contains(&(first.min(second), first.max(second))),
                    "seed {seed}, round {number}: {first} and {second} meet again"
                );
                for (player, side) in [(first, Side::First), (second, Side::Second)] {
                    let mut history = sides.get(&player).cloned().unwrap_or_default();
                    history.push(side);
                    let difference: i32 = history
                        .iter()
                        .map(|side| if *side == Side::First { 1 } else { -1 })
                        .sum();
                    let three = history.len() >= 3
                        && history[history.len() - 3..].iter().all(|s| *s == side);
                    assert!(
                        (difference.abs() <= 2 && !three) || topscorer(player),
                        "seed {seed}, round {number}: {player} gets {side:?} against the colour limits ({history:?})"
                    );
                }
            }
            Pairing::Bye {
                player,
                reason: ByeReason::PairingAllocated,
            } => assert!(
                !free_point.contains(&player),
                "seed {seed}, round {number}: {player} gets a second point without playing"
            ),
            Pairing::Bye { .. } => {}
        }
    }
}

/// Plays a whole random tournament; its TRF.
fn play(seed: u64) -> (String, usize) {
    let mut simulation = simulation(seed);
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let options = SwissOptions {
        planned_rounds: simulation.rounds,
        initial_side: Side::First,
    };
    for number in 1..=simulation.rounds {
        let present: Vec<PlayerId> = simulation
            .history
            .entrants
            .iter()
            .map(|entrant| entrant.id)
            .filter(|id| simulation.enters[id] <= number)
            .filter(|id| {
                simulation
                    .withdraws
                    .get(id)
                    .is_none_or(|&after| number <= after)
            })
            .filter(|id| !simulation.misses.contains(&(*id, number)))
            .collect();
        let Ok(mut round) = pair_round(&simulation.history, &present, &options) else {
            break;
        };
        check_absolute_criteria(
            &simulation.history,
            &round,
            number == simulation.rounds,
            seed,
        );
        for line in &mut round.pairings {
            if let Pairing::Game { result, .. } = line {
                *result = Some(random_result(&mut rng));
            }
        }
        simulation.history.rounds.push(round);
    }
    let order: Vec<PlayerId> = standings(&simulation.history, Scoring::Classic, &[])
        .into_iter()
        .map(|standing| standing.player)
        .collect();
    let header = TrfHeader {
        name: format!("Random {seed}"),
        start_date: None,
        system: "Swiss, FIDE Dutch".to_owned(),
        planned_rounds: simulation.rounds,
        initial_side: Some(Side::First),
    };
    let rounds = simulation.history.rounds.len();
    (trf::write(&simulation.history, &header, &order), rounds)
}

/// caissify's report on a TRF file.
fn caissify(trf_text: &str) -> serde_json::Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/caissify_check.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (scripts/test installs caissify-pairings)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(trf_text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|_| {
        panic!(
            "caissify's checker gave no report: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert!(
        report.get("error").is_none(),
        "caissify-pairings is needed ({}): scripts/test installs it",
        report["error"]
    );
    report
}

#[test]
fn random_swiss_tournaments_pair_as_caissify_pairs_them() {
    let tournaments: u64 = std::env::var("NARABE_SWISS_CHECK_TOURNAMENTS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(16);
    let mut compared = 0;
    let mut agreed = 0;
    let mut sides_differ = 0;
    let mut first_differences = Vec::new();
    for seed in 1..=tournaments {
        let (trf_text, rounds) = play(seed);
        if let Ok(dir) = std::env::var("NARABE_SWISS_CHECK_DUMP") {
            std::fs::write(format!("{dir}/random-{seed}.trf"), &trf_text).unwrap();
        }
        let report = caissify(&trf_text);
        let checked = report["rounds"].as_array().unwrap();
        assert_eq!(
            checked.len(),
            rounds,
            "seed {seed}: caissify read every round"
        );
        for round in checked {
            compared += 1;
            let pairs_agree = round["match"].as_bool().unwrap();
            let colours = round["colour_mismatches"].as_array().unwrap();
            if pairs_agree && colours.is_empty() {
                agreed += 1;
            } else {
                if pairs_agree {
                    sides_differ += 1;
                }
                if first_differences.len() < 12 {
                    first_differences.push(format!(
                        "seed {seed} round {}: {} {}",
                        round["round"], round["discrepancies"], round["colour_mismatches"]
                    ));
                }
            }
        }
    }
    let share = agreed as f64 / compared as f64;
    println!(
        "{tournaments} tournaments, {compared} rounds: {agreed} agree with caissify ({:.1}%), \
         {sides_differ} with the same pairs but other sides",
        share * 100.0
    );
    for difference in &first_differences {
        println!("  {difference}");
    }
    assert!(
        share >= AGREEMENT_FLOOR,
        "only {:.1}% of the rounds agree with caissify ({:.1}% did): {first_differences:#?}",
        share * 100.0,
        AGREEMENT_FLOOR * 100.0
    );
}
