//! A tournament's life through its session: entries accepted or refused,
//! the steps it asks for, and whole small tournaments played to their end.

use narabe_tournament::session::{
    By, EndReason, Entry, Rejection, RoundPolicy, StartPolicy, Status, Step, System,
    TournamentConfig, TournamentSession,
};
use narabe_tournament::{ByeReason, GameResult, Pairing, PlayerId, Points, Round};

const MINUTE: u64 = 60_000;

fn config(system: System) -> TournamentConfig {
    TournamentConfig {
        system,
        start: StartPolicy::Manual,
        rounds: RoundPolicy::Automatic { break_ms: MINUTE },
        forfeit_after_ms: 5 * MINUTE,
        tiebreaks: Vec::new(),
        max_players: 64,
    }
}

fn join(session: &mut TournamentSession, name: &str, at: u64) -> Result<(), Rejection> {
    session.apply(
        &Entry::Joined {
            name: name.to_owned(),
            rating: 0,
            key: format!("key-{name}"),
        },
        at,
    )
}

/// Logs `round` with a made-up game id for each game to play.
fn log_round(session: &mut TournamentSession, round: &Round, at: u64) -> Vec<Option<String>> {
    let number = session.history().rounds.len() + 1;
    let games: Vec<Option<String>> = round
        .pairings
        .iter()
        .enumerate()
        .map(|(line, pairing)| pairing.is_pending().then(|| format!("r{number}-{line}")))
        .collect();
    session
        .apply(
            &Entry::RoundPaired {
                pairings: round.pairings.clone(),
                games: games.clone(),
            },
            at,
        )
        .expect("the session's own pairing fits");
    games
}

/// Ends every game of the last round: the first player wins, but every
/// third game is a draw.
fn finish_round(session: &mut TournamentSession, games: &[Option<String>], at: u64) {
    for (n, game) in games.iter().flatten().enumerate() {
        let result = if n % 3 == 2 {
            GameResult::Draw
        } else {
            GameResult::FirstWins
        };
        session
            .apply(
                &Entry::GameEnded {
                    game: game.clone(),
                    result,
                },
                at,
            )
            .unwrap();
    }
}

/// Plays the tournament by its steps until it ends; the rounds played.
fn play_through(session: &mut TournamentSession, mut now: u64) -> usize {
    let mut rounds = 0;
    for _ in 0..500 {
        match session.next_step(now) {
            Some(Step::Pair(round)) => {
                let games = log_round(session, &round, now);
                rounds += 1;
                now += MINUTE;
                finish_round(session, &games, now);
            }
            Some(Step::End) => {
                session
                    .apply(
                        &Entry::Ended {
                            reason: EndReason::Completed,
                        },
                        now,
                    )
                    .unwrap();
                return rounds;
            }
            Some(Step::CheckNoShows(_)) => session.no_shows_checked(now),
            Some(Step::Start) => session
                .apply(&Entry::Started { order: Vec::new() }, now)
                .unwrap(),
            None => {
                now = session
                    .wake_at()
                    .expect("a running tournament wakes")
                    .max(now + 1)
            }
        }
    }
    panic!("the tournament did not end");
}

#[test]
fn a_swiss_tournament_runs_its_rounds_with_a_break_between_them() {
    let mut session = TournamentSession::new(config(System::Swiss { rounds: 4 }));
    for name in ["Ann", "Bo", "Cy", "Di", "Ed"] {
        join(&mut session, name, 0).unwrap();
    }
    assert_eq!(session.next_step(0), None, "a manual start waits");
    session
        .apply(&Entry::Started { order: Vec::new() }, 10)
        .unwrap();
    let Some(Step::Pair(first)) = session.next_step(10) else {
        panic!("round 1 is paired at once")
    };
    assert_eq!(first.games().count(), 2);
    assert!(first.pairings.iter().any(|line| matches!(
        line,
        Pairing::Bye {
            reason: ByeReason::PairingAllocated,
            ..
        }
    )));
    let games = log_round(&mut session, &first, 10);
    assert_eq!(session.next_step(20), None, "games go on");
    finish_round(&mut session, &games, 100);
    assert_eq!(session.next_step(100 + MINUTE - 1), None, "the break");
    assert_eq!(session.wake_at(), Some(100 + MINUTE));
    assert!(matches!(
        session.next_step(100 + MINUTE),
        Some(Step::Pair(_))
    ));
    // A late entry joins before the last round.
    join(&mut session, "Fay", 200).unwrap();
    let rounds = play_through(&mut session, 100 + MINUTE);
    assert_eq!(rounds, 3);
    assert_eq!(session.status(), Status::Finished);
    assert_eq!(session.history().rounds.len(), 4);
    let standings = session.standings();
    assert_eq!(standings.len(), 6);
    let total: u32 = standings.iter().map(|row| row.points.0).sum();
    assert!(total > 0);
    assert_eq!(join(&mut session, "Gus", 0), Err(Rejection::JoiningClosed));
}

#[test]
fn a_round_robin_follows_its_table_and_forfeits_a_withdrawn_players_games() {
    let mut session = TournamentSession::new(config(System::RoundRobin { cycles: 1 }));
    for name in ["Ann", "Bo", "Cy", "Di"] {
        join(&mut session, name, 0).unwrap();
    }
    let order = session.starting_order(|order| order.reverse());
    assert_eq!(order, [PlayerId(4), PlayerId(3), PlayerId(2), PlayerId(1)]);
    assert!(
        session
            .apply(
                &Entry::Started {
                    order: vec![PlayerId(1)]
                },
                0
            )
            .is_err()
    );
    session.apply(&Entry::Started { order }, 0).unwrap();
    assert_eq!(session.planned_rounds(), Some(3));
    assert_eq!(join(&mut session, "Late", 1), Err(Rejection::JoiningClosed));
    assert!(
        session
            .apply(
                &Entry::Paused {
                    player: PlayerId(1)
                },
                1
            )
            .is_err()
    );

    let Some(Step::Pair(first)) = session.next_step(0) else {
        panic!()
    };
    let games = log_round(&mut session, &first, 0);
    finish_round(&mut session, &games, 10);
    session
        .apply(
            &Entry::Withdrew {
                player: PlayerId(2),
                by: By::Player,
            },
            11,
        )
        .unwrap();
    let Some(Step::Pair(second)) = session.next_step(10 + MINUTE) else {
        panic!()
    };
    let forfeited: Vec<&Pairing> = second
        .pairings
        .iter()
        .filter(|line| line.involves(PlayerId(2)))
        .collect();
    assert_eq!(forfeited.len(), 1);
    assert!(!forfeited[0].is_pending(), "scored at once: {forfeited:?}");
    let games = log_round(&mut session, &second, 10 + MINUTE);
    assert_eq!(
        games.iter().flatten().count(),
        1,
        "one game to play, one forfeit"
    );
    // A made-up pairing that is not the table's is refused.
    let wrong = Round {
        pairings: vec![Pairing::Game {
            first: PlayerId(1),
            second: PlayerId(2),
            result: None,
        }],
    };
    finish_round(&mut session, &games, 20 + MINUTE);
    assert!(matches!(
        session.apply(
            &Entry::RoundPaired {
                pairings: wrong.pairings.clone(),
                games: vec![Some("x".to_owned())]
            },
            30 + MINUTE
        ),
        Err(Rejection::Mismatch(_))
    ));
    play_through(&mut session, 20 + 2 * MINUTE);
    assert_eq!(session.status(), Status::Finished);
    let withdrawn = session
        .standings()
        .into_iter()
        .find(|row| row.player == PlayerId(2))
        .unwrap();
    assert_eq!(
        withdrawn.tally.wins + withdrawn.tally.draws + withdrawn.tally.losses,
        1
    );
}

#[test]
fn an_arena_pairs_whoever_is_free_until_its_time_is_up() {
    let mut session = TournamentSession::new(config(System::Arena { minutes: 30 }));
    for name in ["Ann", "Bo", "Cy", "Di", "Ed"] {
        join(&mut session, name, 0).unwrap();
    }
    session
        .apply(&Entry::Started { order: Vec::new() }, 0)
        .unwrap();
    assert_eq!(session.arena_ends_at(), Some(30 * MINUTE));
    let Some(Step::Pair(batch)) = session.next_step(0) else {
        panic!()
    };
    assert_eq!(
        batch.pairings.len(),
        2,
        "five players: two games, one waits"
    );
    let games = log_round(&mut session, &batch, 0);
    assert_eq!(session.next_step(1), None, "one player alone waits");
    // A player arriving late is paired with the one waiting.
    join(&mut session, "Fay", 5).unwrap();
    let Some(Step::Pair(late)) = session.next_step(5) else {
        panic!()
    };
    assert_eq!(late.pairings.len(), 1);
    log_round(&mut session, &late, 5);
    // The first batch's games end; their players are paired again.
    finish_round(&mut session, &games, 10 * MINUTE);
    // The late game is past its no-show time: looked at first.
    assert!(
        matches!(session.next_step(10 * MINUTE), Some(Step::CheckNoShows(games)) if games.len() == 1)
    );
    session.no_shows_checked(10 * MINUTE);
    let Some(Step::Pair(again)) = session.next_step(10 * MINUTE) else {
        panic!()
    };
    assert_eq!(again.pairings.len(), 2);
    let busy = Round {
        pairings: again.pairings.clone(),
    };
    log_round(&mut session, &busy, 10 * MINUTE);
    // Someone still playing cannot be paired twice.
    assert!(
        session
            .apply(
                &Entry::RoundPaired {
                    pairings: again.pairings.clone(),
                    games: vec![Some("a".into()), Some("b".into())]
                },
                11 * MINUTE
            )
            .is_err()
    );
    // At the end, games going on are waited for.
    assert!(matches!(
        session.next_step(31 * MINUTE),
        Some(Step::CheckNoShows(_))
    ));
    session.no_shows_checked(31 * MINUTE);
    assert_eq!(session.next_step(31 * MINUTE), None);
    let pending: Vec<String> = session
        .games()
        .iter()
        .flatten()
        .flatten()
        .filter(|game| {
            let (round, line) = session.line_of_game(game).unwrap();
            session.history().rounds[round - 1].pairings[line].is_pending()
        })
        .cloned()
        .collect();
    for game in pending {
        session
            .apply(
                &Entry::GameEnded {
                    game,
                    result: GameResult::SecondWins,
                },
                31 * MINUTE,
            )
            .unwrap();
    }
    assert_eq!(session.next_step(31 * MINUTE), Some(Step::End));
    // Arena scoring: 2 a win.
    let best = &session.standings()[0];
    assert!(best.points >= Points(4));
}

#[test]
fn a_player_who_does_not_show_up_is_looked_for_once_the_time_has_passed() {
    let mut session = TournamentSession::new(config(System::Swiss { rounds: 3 }));
    for name in ["Ann", "Bo"] {
        join(&mut session, name, 0).unwrap();
    }
    session
        .apply(&Entry::Started { order: Vec::new() }, 0)
        .unwrap();
    let Some(Step::Pair(round)) = session.next_step(0) else {
        panic!()
    };
    let games = log_round(&mut session, &round, 1_000);
    assert_eq!(session.wake_at(), Some(1_000 + 5 * MINUTE));
    assert_eq!(session.next_step(1_000 + 5 * MINUTE - 1), None);
    let due = session.next_step(1_000 + 5 * MINUTE);
    assert_eq!(
        due,
        Some(Step::CheckNoShows(vec![games[0].clone().unwrap()]))
    );
    session.no_shows_checked(1_000 + 5 * MINUTE);
    assert_eq!(session.next_step(1_000 + 5 * MINUTE), None, "checked once");
    assert_eq!(
        session.wake_at(),
        None,
        "nothing left to wake for until a result"
    );
    // A forfeit counts as such.
    session
        .apply(
            &Entry::GameEnded {
                game: games[0].clone().unwrap(),
                result: GameResult::SecondWinsByForfeit,
            },
            1_000 + 5 * MINUTE,
        )
        .unwrap();
    assert!(session.next_step(1_000 + 6 * MINUTE).is_some());
}

#[test]
fn bad_entries_are_refused_and_change_nothing() {
    let mut session = TournamentSession::new(TournamentConfig {
        max_players: 2,
        ..config(System::Swiss { rounds: 2 })
    });
    join(&mut session, "Ann", 0).unwrap();
    assert_eq!(
        join(&mut session, " ann ", 0),
        Err(Rejection::NameTaken("ann".to_owned()))
    );
    assert!(matches!(
        join(&mut session, "", 0),
        Err(Rejection::BadName { .. })
    ));
    assert!(matches!(
        join(&mut session, "a\u{7}b", 0),
        Err(Rejection::BadName { .. })
    ));
    assert!(matches!(
        join(&mut session, &"x".repeat(25), 0),
        Err(Rejection::BadName { .. })
    ));
    assert_eq!(
        session.apply(&Entry::Started { order: Vec::new() }, 0),
        Err(Rejection::TooFewPlayers)
    );
    join(&mut session, "Bo", 0).unwrap();
    assert_eq!(join(&mut session, "Cy", 0), Err(Rejection::Full { max: 2 }));
    let before = session.entry_count();
    assert!(session.apply(&Entry::Halted, 0).is_err(), "not running");
    assert!(
        session
            .apply(
                &Entry::GameEnded {
                    game: "none".into(),
                    result: GameResult::Draw
                },
                0
            )
            .is_err()
    );
    assert!(
        session
            .apply(&Entry::Announced { text: "  ".into() }, 0)
            .is_err()
    );
    assert!(
        session
            .apply(
                &Entry::Resumed {
                    player: PlayerId(1)
                },
                0
            )
            .is_err()
    );
    assert!(
        session
            .apply(
                &Entry::Withdrew {
                    player: PlayerId(9),
                    by: By::Organiser
                },
                0
            )
            .is_err()
    );
    assert_eq!(session.entry_count(), before);
    session
        .apply(&Entry::Started { order: Vec::new() }, 0)
        .unwrap();
    session.apply(&Entry::Halted, 0).unwrap();
    assert_eq!(session.next_step(10 * MINUTE), None, "halted: no pairing");
    session.apply(&Entry::Continued, 0).unwrap();
    assert!(matches!(session.next_step(0), Some(Step::Pair(_))));
    session
        .apply(
            &Entry::Ended {
                reason: EndReason::Organiser,
            },
            0,
        )
        .unwrap();
    assert!(
        session
            .apply(
                &Entry::Ended {
                    reason: EndReason::Organiser
                },
                0
            )
            .is_err()
    );
    assert_eq!(session.next_step(0), None);
}

#[test]
fn the_organiser_adjusts_a_result_on_record() {
    let mut session = TournamentSession::new(config(System::Swiss { rounds: 1 }));
    for name in ["Ann", "Bo"] {
        join(&mut session, name, 0).unwrap();
    }
    session
        .apply(&Entry::Started { order: Vec::new() }, 0)
        .unwrap();
    let Some(Step::Pair(round)) = session.next_step(0) else {
        panic!()
    };
    let games = log_round(&mut session, &round, 0);
    let adjust = |result| Entry::ResultAdjusted {
        round: 1,
        line: 0,
        result,
        reason: "the clock was set wrong".to_owned(),
    };
    session.apply(&adjust(GameResult::Draw), 5).unwrap();
    assert_eq!(session.adjustments().len(), 1);
    // The game's own end no longer counts: the organiser's word stands.
    assert!(
        session
            .apply(
                &Entry::GameEnded {
                    game: games[0].clone().unwrap(),
                    result: GameResult::FirstWins
                },
                6
            )
            .is_err()
    );
    assert!(
        session
            .apply(
                &Entry::ResultAdjusted {
                    round: 2,
                    line: 0,
                    result: GameResult::Draw,
                    reason: "x".into()
                },
                7
            )
            .is_err()
    );
    assert_eq!(session.next_step(7), Some(Step::End));
    let points: Vec<Points> = session.standings().iter().map(|row| row.points).collect();
    assert_eq!(points, [Points::HALF, Points::HALF]);
}

#[test]
fn a_start_at_a_time_waits_for_two_players() {
    let mut session = TournamentSession::new(TournamentConfig {
        start: StartPolicy::At { at: 1_000 },
        ..config(System::Swiss { rounds: 3 })
    });
    assert_eq!(session.wake_at(), Some(1_000));
    join(&mut session, "Ann", 0).unwrap();
    assert_eq!(session.next_step(2_000), None, "one player");
    join(&mut session, "Bo", 0).unwrap();
    assert_eq!(session.next_step(999), None);
    assert_eq!(session.next_step(1_000), Some(Step::Start));
}
