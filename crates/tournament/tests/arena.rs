//! An arena of 20 simulated players: games of random lengths, everyone paired
//! again as soon as they are free, for an hour of simulated time.

use std::collections::HashMap;

use narabe_tournament::arena::{WaitingPlayer, pair_waiting};
use narabe_tournament::{Outcome, PlayerId, Points, Scoring};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

struct Simulated {
    state: WaitingPlayer,
    strength: u32,
    games: u32,
}

#[test]
fn twenty_players_for_an_hour() {
    let mut rng = StdRng::seed_from_u64(20);
    let mut players: HashMap<PlayerId, Simulated> = (1..=20)
        .map(|id| {
            let id = PlayerId(id);
            let state = WaitingPlayer {
                id,
                score: Points::ZERO,
                firsts: 0,
                seconds: 0,
                last_game: None,
            };
            (
                id,
                Simulated {
                    state,
                    strength: rng.random_range(0..100),
                    games: 0,
                },
            )
        })
        .collect();
    // (end time in seconds, first, second)
    let mut running: Vec<(u32, PlayerId, PlayerId)> = Vec::new();
    let mut waiting: Vec<PlayerId> = players.keys().copied().collect();
    waiting.sort();
    let mut now = 0;
    let mut games = 0;
    while now < 3600 {
        let room: Vec<WaitingPlayer> = waiting.iter().map(|id| players[id].state.clone()).collect();
        let pairs = pair_waiting(&room);
        let mut scores_of_pairs = Vec::new();
        for &(first, second) in &pairs {
            assert_ne!(first, second);
            for (a, b) in [(first, second), (second, first)] {
                let last = players[&a].state.last_game.map(|(opponent, _)| opponent);
                assert_ne!(last, Some(b), "{a} met {b} twice in a row");
            }
            waiting.retain(|&id| id != first && id != second);
            let length = rng.random_range(60..600);
            running.push((now + length, first, second));
            scores_of_pairs.push(
                players[&first]
                    .state
                    .score
                    .max(players[&second].state.score),
            );
            games += 1;
        }
        // Pairs come best scores first.
        assert!(
            scores_of_pairs.windows(2).all(|w| w[0] >= w[1]),
            "{scores_of_pairs:?}"
        );
        // At most one player (or two who just met) can be left waiting.
        assert!(
            waiting.len() <= 2,
            "{} left waiting at {now}",
            waiting.len()
        );

        // The next game to end.
        running.sort_by_key(|&(end, ..)| std::cmp::Reverse(end));
        let Some((end, first, second)) = running.pop() else {
            break;
        };
        now = end;
        let (a, b) = (players[&first].strength, players[&second].strength);
        let roll = rng.random_range(0..(a + b + 20));
        let (first_outcome, second_outcome) = if roll < a {
            (Outcome::Win, Outcome::Loss)
        } else if roll < a + b {
            (Outcome::Loss, Outcome::Win)
        } else {
            (Outcome::Draw, Outcome::Draw)
        };
        for (id, opponent, outcome, started) in [
            (first, second, first_outcome, true),
            (second, first, second_outcome, false),
        ] {
            let player = players.get_mut(&id).unwrap();
            player.state.score += Scoring::Arena.points(outcome);
            if started {
                player.state.firsts += 1;
            } else {
                player.state.seconds += 1;
            }
            player.state.last_game = Some((opponent, started));
            player.games += 1;
            waiting.push(id);
        }
    }
    // Ten boards busy all the time would play about 3600 / 330 * 10 = 109.
    assert!(games > 95, "only {games} games in an hour");
    for player in players.values() {
        let balance = i64::from(player.state.firsts) - i64::from(player.state.seconds);
        assert!(
            balance.abs() <= 2,
            "{}: started {balance:+} more",
            player.state.id
        );
        assert!(
            player.games >= 5,
            "{} played only {}",
            player.state.id,
            player.games
        );
    }
}

#[test]
fn the_only_two_waiting_who_just_met_wait_for_someone_else() {
    let waiting = |id: u32, last: u32| WaitingPlayer {
        id: PlayerId(id),
        score: Points::ZERO,
        firsts: 0,
        seconds: 0,
        last_game: Some((PlayerId(last), id < last)),
    };
    assert!(pair_waiting(&[waiting(1, 2), waiting(2, 1)]).is_empty());
    let pairs = pair_waiting(&[waiting(1, 2), waiting(2, 1), waiting(3, 4)]);
    assert_eq!(pairs.len(), 1);
    assert!(pairs[0].0 == PlayerId(3) || pairs[0].1 == PlayerId(3));
}

#[test]
fn the_player_who_started_fewer_games_starts() {
    let player = |id: u32, firsts: u32, seconds: u32, score: u32| WaitingPlayer {
        id: PlayerId(id),
        score: Points(score),
        firsts,
        seconds,
        last_game: None,
    };
    assert_eq!(
        pair_waiting(&[player(1, 3, 1, 8), player(2, 1, 3, 8)]),
        [(PlayerId(2), PlayerId(1))]
    );
    // Level on starts: the lower score starts.
    assert_eq!(
        pair_waiting(&[player(1, 2, 2, 8), player(2, 2, 2, 4)]),
        [(PlayerId(2), PlayerId(1))]
    );
}
