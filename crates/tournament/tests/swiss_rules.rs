//! The Swiss pairing's rules on small fields checked by hand.

use narabe_tournament::swiss::{SwissError, SwissOptions, pair_round};
use narabe_tournament::{ByeReason, Entrant, GameResult, History, Pairing, PlayerId, Round, Side};

fn history(players: u32) -> History {
    History {
        entrants: (1..=players)
            .map(|id| Entrant {
                id: PlayerId(id),
                name: format!("p{id}"),
                // Higher ids are weaker: the pairing number is the id.
                rating: 3000 - id,
            })
            .collect(),
        rounds: Vec::new(),
    }
}

fn options(rounds: usize) -> SwissOptions {
    SwissOptions {
        planned_rounds: rounds,
        initial_side: Side::First,
    }
}

fn everyone(history: &History) -> Vec<PlayerId> {
    history.entrants.iter().map(|entrant| entrant.id).collect()
}

fn games(round: &Round) -> Vec<(u32, u32)> {
    round
        .pairings
        .iter()
        .filter_map(|line| match *line {
            Pairing::Game { first, second, .. } => Some((first.0, second.0)),
            Pairing::Bye { .. } => None,
        })
        .collect()
}

fn byes(round: &Round) -> Vec<(u32, ByeReason)> {
    round
        .pairings
        .iter()
        .filter_map(|line| match *line {
            Pairing::Bye { player, reason } => Some((player.0, reason)),
            Pairing::Game { .. } => None,
        })
        .collect()
}

/// Plays `round` with the first player winning every game.
fn first_players_win(mut round: Round) -> Round {
    for line in &mut round.pairings {
        if let Pairing::Game { result, .. } = line {
            *result = Some(GameResult::FirstWins);
        }
    }
    round
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_sides() {
    let history = history(8);
    let round = pair_round(&history, &everyone(&history), &options(5)).unwrap();
    // 1-5, 6-2, 3-7, 8-4: the odd pairing numbers get the initial side.
    assert_eq!(games(&round), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert!(byes(&round).is_empty());

    let round = pair_round(&history, &everyone(&history), &{
        let mut options = options(5);
        options.initial_side = Side::Second;
        options
    })
    .unwrap();
    assert_eq!(games(&round), vec![(5, 1), (2, 6), (7, 3), (4, 8)]);
}

#[test]
fn round_two_pairs_the_winners_and_gives_everyone_the_other_side() {
    let mut history = history(8);
    let first = pair_round(&history, &everyone(&history), &options(5)).unwrap();
    history.rounds.push(first_players_win(first));
    // Winners 1, 6, 3, 8 (by pairing number: 1, 3, 6, 8); losers 2, 4, 5, 7.
    let round = pair_round(&history, &everyone(&history), &options(5)).unwrap();
    let pairs = games(&round);
    assert_eq!(pairs.len(), 4);
    let winners = [1, 3, 6, 8];
    for (a, b) in &pairs {
        assert_eq!(winners.contains(a), winners.contains(b), "{pairs:?}");
    }
    // S1 {1, 3} against S2 {6, 8}: 1-6, 3-8, each with the side they lacked.
    assert!(
        pairs.contains(&(6, 1)) || pairs.contains(&(1, 6)),
        "{pairs:?}"
    );
    for (first, second) in &pairs {
        let had_first = |player: u32| games(&history.rounds[0]).iter().any(|&(f, _)| f == player);
        assert!(
            !had_first(*first) || had_first(*second),
            "{first} starts twice while {second} never did: {pairs:?}"
        );
    }
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_and_never_twice_to_anyone() {
    let mut history = history(5);
    let mut had_bye = Vec::new();
    for _ in 0..4 {
        let round = pair_round(&history, &everyone(&history), &options(4)).unwrap();
        let bye: Vec<_> = byes(&round);
        assert_eq!(bye.len(), 1, "{round:?}");
        assert_eq!(bye[0].1, ByeReason::PairingAllocated);
        assert!(!had_bye.contains(&bye[0].0), "a second bye: {round:?}");
        had_bye.push(bye[0].0);
        history.rounds.push(first_players_win(round));
    }
    // Round 1: the lowest pairing number present gets it.
    assert_eq!(had_bye[0], 5);
}

#[test]
fn nobody_meets_the_same_opponent_twice() {
    let mut history = history(8);
    let mut met = std::collections::HashSet::new();
    for _ in 0..5 {
        let round = pair_round(&history, &everyone(&history), &options(5)).unwrap();
        for (a, b) in games(&round) {
            assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} meet again");
        }
        history.rounds.push(first_players_win(round));
    }
    assert_eq!(met.len(), 20);
}

#[test]
fn absent_players_get_an_absence_and_no_game() {
    let history = history(6);
    let present: Vec<PlayerId> = [1, 2, 4, 5].into_iter().map(PlayerId).collect();
    let round = pair_round(&history, &present, &options(3)).unwrap();
    assert_eq!(games(&round).len(), 2);
    assert_eq!(
        byes(&round),
        vec![(3, ByeReason::Absent), (6, ByeReason::Absent)]
    );
}

#[test]
fn a_late_entry_and_a_withdrawal_are_paired_from_the_next_round() {
    let mut history = history(7);
    // Player 7 enters late: absent in round 1.
    let present: Vec<PlayerId> = (1..=6).map(PlayerId).collect();
    let round = pair_round(&history, &present, &options(3)).unwrap();
    assert!(byes(&round).contains(&(7, ByeReason::Absent)));
    history.rounds.push(first_players_win(round));
    // Round 2: 7 plays, 1 has withdrawn.
    let present: Vec<PlayerId> = (2..=7).map(PlayerId).collect();
    let round = pair_round(&history, &present, &options(3)).unwrap();
    let pairs = games(&round);
    assert_eq!(pairs.len(), 3);
    assert!(pairs.iter().any(|&(a, b)| a == 7 || b == 7));
    assert!(!pairs.iter().any(|&(a, b)| a == 1 || b == 1));
    assert!(byes(&round).contains(&(1, ByeReason::Absent)));
}

#[test]
fn nobody_gets_the_same_side_three_times_running() {
    let mut history = history(10);
    let mut sides: std::collections::HashMap<u32, Vec<Side>> = Default::default();
    for _ in 0..7 {
        let round = pair_round(&history, &everyone(&history), &options(7)).unwrap();
        for (first, second) in games(&round) {
            sides.entry(first).or_default().push(Side::First);
            sides.entry(second).or_default().push(Side::Second);
        }
        history.rounds.push(first_players_win(round));
    }
    for (player, sides) in &sides {
        for three in sides.windows(3) {
            assert!(
                !(three[0] == three[1] && three[1] == three[2]),
                "{player}: {sides:?}"
            );
        }
        let difference: i32 = sides
            .iter()
            .map(|side| if *side == Side::First { 1 } else { -1 })
            .sum();
        assert!(difference.abs() <= 2, "{player}: {sides:?}");
    }
}

#[test]
fn a_field_that_cannot_be_paired_is_an_error_not_a_rematch() {
    let mut history = history(2);
    let round = pair_round(&history, &everyone(&history), &options(2)).unwrap();
    history.rounds.push(first_players_win(round));
    assert_eq!(
        pair_round(&history, &everyone(&history), &options(2)),
        Err(SwissError::NoPairing)
    );
    assert!(!SwissError::NoPairing.to_string().is_empty());
}

#[test]
fn a_large_round_where_every_winner_wants_the_same_side_is_paired() {
    // Every first player lost round 1, so in round 2 every winner wants to
    // start and every loser too: no bracket can grant every preference.
    let mut history = history(250);
    let mut round = pair_round(&history, &everyone(&history), &options(5)).unwrap();
    for line in &mut round.pairings {
        if let Pairing::Game { result, .. } = line {
            *result = Some(GameResult::SecondWins);
        }
    }
    history.rounds.push(round);
    let round = pair_round(&history, &everyone(&history), &options(5)).unwrap();
    assert_eq!(games(&round).len(), 125);
}

#[test]
fn forty_players_whose_second_player_always_wins_are_paired_for_four_rounds() {
    // After two such rounds a quarter of the field must start and a
    // quarter must not, and those of one kind may not meet each other.
    let mut history = history(40);
    for _ in 0..4 {
        let mut round = pair_round(&history, &everyone(&history), &options(4))
            .unwrap_or_else(|e| panic!("round {}: {e}", history.rounds.len() + 1));
        for line in &mut round.pairings {
            if let Pairing::Game { result, .. } = line {
                *result = Some(GameResult::SecondWins);
            }
        }
        history.rounds.push(round);
    }
}

/// Seven rounds of a field of `players` (even) in which the first player
/// wins every game: everyone is paired in every round, nobody meets twice,
/// nobody has the same side three times running.
fn first_player_always_wins_for_seven_rounds(players: u32) {
    // The field of a game with a strong first-player advantage: each score
    // group's players all need the same side, so most of a bracket may not
    // meet, and only an exact completion check pairs everyone.
    let mut history = history(players);
    let mut met = std::collections::HashSet::new();
    for _ in 0..7 {
        let round = pair_round(&history, &everyone(&history), &options(7))
            .unwrap_or_else(|e| panic!("round {}: {e}", history.rounds.len() + 1));
        let pairs = games(&round);
        assert_eq!(
            pairs.len(),
            players as usize / 2,
            "round {}",
            history.rounds.len() + 1
        );
        for (a, b) in pairs {
            assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} met twice");
        }
        history.rounds.push(first_players_win(round));
    }
    for entrant in &history.entrants {
        let sides: Vec<Side> = history
            .rounds
            .iter()
            .filter_map(|round| round.line_of(entrant.id)?.opponent_of(entrant.id))
            .map(|(_, side)| side)
            .collect();
        for three in sides.windows(3) {
            assert!(!(three[0] == three[1] && three[1] == three[2]), "{sides:?}");
        }
    }
}

#[test]
fn a_field_where_the_first_player_always_wins_is_paired_in_full_by_the_dutch_weights() {
    first_player_always_wins_for_seven_rounds(100);
}

#[test]
fn a_field_where_the_first_player_always_wins_is_paired_in_full_by_the_bracket_search() {
    // Beyond 128 players the bracket search pairs (swiss/mod.rs).
    first_player_always_wins_for_seven_rounds(200);
}
