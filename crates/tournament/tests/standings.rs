//! The standings and tie-breaks on small tables checked by hand.

use narabe_tournament::{
    ByeReason, Entrant, GameResult, History, Pairing, PlayerId, Points, Round, Scoring, Tiebreak,
    TiebreakValue, standings,
};

fn entrants(n: u32) -> Vec<Entrant> {
    (1..=n)
        .map(|id| Entrant {
            id: PlayerId(id),
            name: format!("p{id}"),
            rating: 0,
        })
        .collect()
}

fn game(first: u32, second: u32, result: GameResult) -> Pairing {
    Pairing::Game {
        first: PlayerId(first),
        second: PlayerId(second),
        result: Some(result),
    }
}

fn bye(player: u32) -> Pairing {
    Pairing::Bye {
        player: PlayerId(player),
        reason: ByeReason::PairingAllocated,
    }
}

fn rounds(lines: Vec<Vec<Pairing>>) -> Vec<Round> {
    lines
        .into_iter()
        .map(|pairings| Round { pairings })
        .collect()
}

/// A four-player round robin: 3 scores 2½; 1 and 2 are level on 1½ after
/// drawing each other; 4 has ½.
fn four_player_round_robin() -> History {
    use GameResult::*;
    History {
        entrants: entrants(4),
        rounds: rounds(vec![
            vec![game(1, 4, FirstWins), game(2, 3, Draw)],
            vec![game(4, 3, SecondWins), game(1, 2, Draw)],
            vec![game(2, 4, Draw), game(3, 1, FirstWins)],
        ]),
    }
}

fn quarters(value: f64) -> Option<TiebreakValue> {
    Some(TiebreakValue((value * 4.0) as u32))
}

#[test]
fn sonneborn_berger_puts_the_player_who_drew_the_winner_ahead() {
    let table = standings(
        &four_player_round_robin(),
        Scoring::Classic,
        &[
            Tiebreak::DirectEncounter,
            Tiebreak::SonnebornBerger,
            Tiebreak::Wins,
        ],
    );
    let order: Vec<u32> = table.iter().map(|row| row.player.0).collect();
    assert_eq!(order, [3, 2, 1, 4]);
    let points: Vec<Points> = table.iter().map(|row| row.points).collect();
    assert_eq!(points, [Points(5), Points(3), Points(3), Points(1)]);
    // 2 and 1 drew each other: the direct encounter leaves them level.
    assert_eq!(table[1].tiebreaks[0], quarters(0.5));
    assert_eq!(table[2].tiebreaks[0], quarters(0.5));
    // 2 drew 3 (2½), 1 (1½) and 4 (½): 1.25 + 0.75 + 0.25; 1 beat 4 and drew 2.
    assert_eq!(table[1].tiebreaks[1], quarters(2.25));
    assert_eq!(table[2].tiebreaks[1], quarters(1.25));
    assert_eq!(table[3].tiebreaks[0], None, "alone on its score");
    let ranks: Vec<usize> = table.iter().map(|row| row.rank).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    assert_eq!(table[2].tally.wins, 1);
    assert_eq!(table[1].tally.draws, 3);
}

#[test]
fn the_order_of_the_tiebreaks_decides() {
    let table = standings(
        &four_player_round_robin(),
        Scoring::Classic,
        &[Tiebreak::Buchholz, Tiebreak::MedianBuchholz, Tiebreak::Wins],
    );
    let order: Vec<u32> = table.iter().map(|row| row.player.0).collect();
    // 1 and 2 both have Buchholz 4½ and median 1½; 1 won a game, 2 none.
    assert_eq!(order, [3, 1, 2, 4]);
    assert_eq!(
        table[1].tiebreaks,
        vec![quarters(4.5), quarters(1.5), quarters(1.0)]
    );
    assert_eq!(
        table[2].tiebreaks,
        vec![quarters(4.5), quarters(1.5), quarters(0.0)]
    );
}

#[test]
fn a_bye_counts_as_an_opponent_with_the_players_own_score() {
    use GameResult::*;
    let history = History {
        entrants: entrants(3),
        rounds: rounds(vec![
            vec![game(1, 2, FirstWins), bye(3)],
            vec![game(3, 1, FirstWins), bye(2)],
        ]),
    };
    let table = standings(&history, Scoring::Classic, &[Tiebreak::Buchholz]);
    let row = |id: u32| table.iter().find(|row| row.player.0 == id).unwrap();
    assert_eq!(row(3).points, Points(4));
    assert_eq!(
        row(3).tiebreaks,
        vec![quarters(3.0)],
        "bye (own 2) + player 1 (1)"
    );
    assert_eq!(
        row(1).tiebreaks,
        vec![quarters(3.0)],
        "player 2 (1) + player 3 (2)"
    );
    assert_eq!(
        row(2).tiebreaks,
        vec![quarters(2.0)],
        "player 1 (1) + bye (own 1)"
    );
}

#[test]
fn a_forfeit_scores_but_is_not_a_game_for_the_tiebreaks() {
    use GameResult::*;
    let history = History {
        entrants: entrants(4),
        rounds: rounds(vec![
            vec![game(1, 2, FirstWinsByForfeit), game(3, 4, FirstWins)],
            vec![game(1, 3, Draw), game(2, 4, SecondWins)],
        ]),
    };
    let table = standings(
        &history,
        Scoring::Classic,
        &[
            Tiebreak::SonnebornBerger,
            Tiebreak::Wins,
            Tiebreak::Buchholz,
        ],
    );
    let row = |id: u32| table.iter().find(|row| row.player.0 == id).unwrap();
    assert_eq!(row(1).points, Points(3));
    assert_eq!(row(1).tally.wins, 0);
    // Sonneborn-Berger: only the draw with 3 (1½) counts: ¾.
    assert_eq!(row(1).tiebreaks[0], quarters(0.75));
    // Buchholz: the forfeit round counts as the own 1½, plus 3's 1½.
    assert_eq!(row(1).tiebreaks[2], quarters(3.0));
}

#[test]
fn players_level_on_everything_share_their_place() {
    use GameResult::*;
    let history = History {
        entrants: entrants(4),
        rounds: rounds(vec![
            vec![game(1, 2, FirstWins), bye(3)],
            vec![game(2, 3, FirstWins), bye(1)],
            vec![game(3, 1, FirstWins), bye(2)],
        ]),
    };
    // Player 4 entered and never played: a lone last.
    let table = standings(
        &history,
        Scoring::Classic,
        &[Tiebreak::DirectEncounter, Tiebreak::Wins],
    );
    let ranks: Vec<(u32, usize)> = table.iter().map(|row| (row.player.0, row.rank)).collect();
    assert_eq!(ranks, [(1, 1), (2, 1), (3, 1), (4, 4)]);
    assert!(
        table[..3]
            .iter()
            .all(|row| row.tiebreaks[0] == quarters(1.0))
    );
}

#[test]
fn games_still_going_on_count_for_nothing_yet() {
    let mut history = four_player_round_robin();
    history.rounds.push(Round {
        pairings: vec![
            Pairing::Game {
                first: PlayerId(4),
                second: PlayerId(1),
                result: None,
            },
            Pairing::Game {
                first: PlayerId(3),
                second: PlayerId(2),
                result: None,
            },
        ],
    });
    let before = standings(
        &four_player_round_robin(),
        Scoring::Classic,
        &[Tiebreak::Buchholz],
    );
    let during = standings(&history, Scoring::Classic, &[Tiebreak::Buchholz]);
    assert_eq!(before, during);
}

#[test]
fn the_arena_scale_doubles_every_result() {
    let table = standings(
        &four_player_round_robin(),
        Scoring::Arena,
        &[Tiebreak::Wins],
    );
    let points: Vec<Points> = table.iter().map(|row| row.points).collect();
    assert_eq!(points, [Points(10), Points(6), Points(6), Points(2)]);
    assert_eq!(Points(10).to_string(), "5.0");
}
