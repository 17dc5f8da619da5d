//! Every reason a game refuses an action, each checked to leave the game exactly
//! as it was; and fouls under both policies.

mod game_script;

use game_script::{check_finished, new_game, play, played, point, refuse, refuse_next};
use narabe_rules::{
    Action, ActionKind, Color, FoulKind, Game, GameConfig, IllegalMove, Phase, Player, Rejection,
    Zone,
};

const A: Player = Player::First;
const B: Player = Player::Second;

#[test]
fn not_your_turn() {
    let mut game = new_game("renju", "rif");
    assert_eq!(
        refuse(&mut game, B, "place h8"),
        Rejection::NotYourTurn {
            player: B,
            expected: A
        }
    );
    play(&mut game, "A place h8\nA place h9\nA place j10");
    assert_eq!(refuse(&mut game, A, "keep").code(), "not-your-turn");
    // Nobody resigns for the other player.
    assert_eq!(
        refuse(&mut game, A, "resign second"),
        Rejection::NotYourTurn {
            player: A,
            expected: B
        }
    );
}

#[test]
fn wrong_phase() {
    let mut game = new_game("renju", "free");
    for action in ["swap", "keep", "declare 1", "offer h8", "choose h8"] {
        let rejection = refuse_next(&mut game, action);
        assert_eq!(rejection.code(), "wrong-phase", "{action}");
    }
    let mut game = played("renju", "rif", "A place h8\nA place h9\nA place j10");
    assert_eq!(
        refuse_next(&mut game, "place a1"),
        Rejection::WrongPhase {
            action: ActionKind::Place,
            phase: Phase::SwapOrKeep
        }
    );
    assert_eq!(refuse_next(&mut game, "pass").code(), "wrong-phase");
    play(&mut game, "B keep\nB place m3\nA offer a1");
    assert_eq!(refuse_next(&mut game, "choose a1").code(), "wrong-phase");
    assert_eq!(refuse_next(&mut game, "swap").code(), "wrong-phase");
    let mut game = played("renju", "yamaguchi", "A place h8\nA place h9\nA place j10");
    assert_eq!(refuse_next(&mut game, "swap").code(), "wrong-phase");
    assert_eq!(refuse_next(&mut game, "offer a1").code(), "wrong-phase");
}

#[test]
fn outside_zone_in_every_zoned_opening() {
    let h8 = point("h8");
    let mut game = new_game("renju", "rif");
    assert_eq!(
        refuse_next(&mut game, "place h9"),
        Rejection::OutsideZone {
            point: point("h9"),
            zone: Zone::Exactly(h8)
        }
    );
    play(&mut game, "A place h8");
    assert_eq!(refuse_next(&mut game, "place h10").code(), "outside-zone");
    play(&mut game, "A place g7");
    assert_eq!(refuse_next(&mut game, "place k8").code(), "outside-zone");
    play(&mut game, "A place j6");

    let mut game = played("renju", "taraguchi10", "A place h8\nB keep");
    assert_eq!(refuse_next(&mut game, "place j10").code(), "outside-zone");
    play(&mut game, "B place i9\nA keep");
    assert_eq!(refuse_next(&mut game, "place k8").code(), "outside-zone");
    play(&mut game, "A place j8\nB keep");
    assert_eq!(refuse_next(&mut game, "place l8").code(), "outside-zone");
    play(&mut game, "B place k8\nA keep");
    assert_eq!(
        refuse_next(&mut game, "place m8"),
        Rejection::OutsideZone {
            point: point("m8"),
            zone: Zone::Within {
                center: h8,
                distance: 4
            }
        }
    );
    play(&mut game, "A place l8\nB keep\nB place m8");
    assert!(!game.in_opening());

    let mut game = new_game("pente", "tournament");
    assert_eq!(refuse_next(&mut game, "place h8").code(), "outside-zone");
}

#[test]
fn offers_already_made_too_many_and_not_offered() {
    let mut game = played(
        "renju",
        "rif",
        "A place h8\nA place h9\nA place j10\nB keep\nB place m3\nA offer e5",
    );
    assert_eq!(
        refuse_next(&mut game, "offer e5"),
        Rejection::AlreadyOffered(point("e5"))
    );
    assert_eq!(
        refuse_next(&mut game, "offer h8"),
        Rejection::Illegal(IllegalMove::Occupied(point("h8")))
    );
    assert_eq!(
        refuse_next(&mut game, "offer p1"),
        Rejection::Illegal(IllegalMove::OffBoard(point("p1")))
    );
    play(&mut game, "A offer n13");
    assert_eq!(
        refuse(&mut game, B, "offer a1"),
        Rejection::TooManyOffers(2)
    );
    assert_eq!(
        refuse(&mut game, B, "choose a1"),
        Rejection::NotOffered(point("a1"))
    );
    assert_eq!(refuse(&mut game, B, "choose h8").code(), "not-offered");
    assert_eq!(refuse(&mut game, B, "place a1").code(), "wrong-phase");
    assert_eq!(refuse(&mut game, A, "choose e5").code(), "not-your-turn");
}

#[test]
fn occupied_and_off_board() {
    let mut game = played("freestyle", "free", "A place h8");
    assert_eq!(
        refuse_next(&mut game, "place h8"),
        Rejection::Illegal(IllegalMove::Occupied(point("h8")))
    );
    assert_eq!(
        refuse_next(&mut game, "place p8"),
        Rejection::Illegal(IllegalMove::OffBoard(point("p8")))
    );
    assert_eq!(refuse_next(&mut game, "place h16").code(), "off-board");
    let mut game = new_game("caro", "swap2");
    assert_eq!(refuse_next(&mut game, "place t1").code(), "off-board");
    play(&mut game, "A place s19");
}

#[test]
fn pass_not_allowed() {
    let mut game = new_game("freestyle", "free");
    play(&mut game, "A place h8\nB place h9\nA place h10");
    assert_eq!(refuse_next(&mut game, "pass"), Rejection::PassNotAllowed);
    let mut game = new_game("pente", "tournament");
    assert_eq!(refuse_next(&mut game, "pass").code(), "pass-not-allowed");
    // Renju free: never during moves 1-3.
    let mut game = new_game("renju", "free");
    for (mv, name) in ["h8", "h9", "h10"].iter().enumerate() {
        assert_eq!(
            refuse_next(&mut game, "pass").code(),
            "pass-not-allowed",
            "move {mv}"
        );
        assert!(!game.open_actions().contains(&ActionKind::Pass));
        let who = game_script::letter(game.actor().unwrap());
        play(&mut game, &format!("{who} place {name}"));
    }
    play(&mut game, "B pass\nA place a1");
    // Renju opening rules: not before normal play (move 6 included).
    let mut game = played(
        "renju",
        "rif",
        "A place h8\nA place h9\nA place j10\nB keep",
    );
    assert_eq!(refuse_next(&mut game, "pass").code(), "pass-not-allowed");
    play(
        &mut game,
        "B place m3\nA offer e5\nA offer n13\nB choose e5",
    );
    assert_eq!(refuse_next(&mut game, "pass").code(), "pass-not-allowed");
    play(&mut game, "B place k4\nA pass\nB place a1\nA pass\nB pass");
    assert_eq!(game.result().unwrap().reason.code(), "double-pass");
    check_finished(&game);
}

#[test]
fn count_out_of_range() {
    let mut game = played("renju", "yamaguchi", "A place h8\nA place h9\nA place j10");
    assert_eq!(
        refuse_next(&mut game, "declare 0"),
        Rejection::CountOutOfRange { count: 0, max: 10 }
    );
    assert_eq!(
        refuse_next(&mut game, "declare 11").code(),
        "count-out-of-range"
    );
    play(&mut game, "A declare 10");
    let mut game = played(
        "renju",
        "soosorv8",
        "A place h8\nA place h9\nA place j10\nB keep\nB place m3",
    );
    assert_eq!(
        refuse_next(&mut game, "declare 9"),
        Rejection::CountOutOfRange { count: 9, max: 8 }
    );
    assert_eq!(
        refuse_next(&mut game, "declare 255").code(),
        "count-out-of-range"
    );
    play(&mut game, "B declare 8");
}

#[test]
fn game_over_refuses_everything_even_resignation() {
    let mut game = played("renju", "free", "A place h8\nB resign second");
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.zone(), None);
    for action in ["place a1", "pass", "swap", "resign first", "resign second"] {
        assert_eq!(refuse(&mut game, A, action), Rejection::GameOver);
        assert_eq!(refuse(&mut game, B, action), Rejection::GameOver);
    }
    assert_eq!(game.apply_next(Action::Pass), Err(Rejection::GameOver));
}

#[test]
fn resignation_is_open_to_both_players_at_any_moment() {
    // Not on their turn, in the middle of a protocol step.
    let mut game = played("renju", "taraguchi10", "A place h8");
    assert_eq!(game.actor(), Some(B));
    play_resign(&mut game, A);
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(B));
    assert_eq!(result.winner_color, Some(Color::White));
    check_finished(&game);

    let mut game = played(
        "pente",
        "swap2",
        "A place j10\nA place a1\nA place s19\nB swap",
    );
    play_resign(&mut game, B);
    assert_eq!(game.result().unwrap().winner_color, Some(Color::Black));
}

fn play_resign(game: &mut Game, loser: Player) {
    game.apply(loser, Action::Resign(loser))
        .expect("resigning is always open");
}

// ---------------------------------------------------------------- fouls

/// Black g8, h7, h9, i8 (and spaced white stones on the a file): h8 is a
/// double-three.
const DOUBLE_THREE: &str = "A place g8\nB place a1\nA place h7\nB place a3\nA place h9\nB place a5\nA place i8\nB place a7";

#[test]
fn a_foul_loses_under_the_rif_policy() {
    let mut game = played("renju", "free", DOUBLE_THREE);
    assert!(game.position().forbidden_points().contains(&point("h8")));
    play(&mut game, "A place h8");
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason.code()), (Some(B), "foul"));
    assert_eq!(result.winner_color, Some(Color::White));
    assert_eq!(game.board().get(point("h8")), Some(Color::Black));
    check_finished(&game);
}

#[test]
fn a_foul_is_refused_under_the_casual_policy() {
    let config = GameConfig::from_words("renju", None, None, Some("refused"), false).unwrap();
    let mut game = Game::new(config);
    play(&mut game, DOUBLE_THREE);
    assert_eq!(
        refuse_next(&mut game, "place h8"),
        Rejection::Illegal(IllegalMove::Forbidden {
            point: point("h8"),
            kind: FoulKind::DoubleThree
        })
    );
    play(&mut game, "A place j10");
    assert!(!game.is_over());
    // White may play the point.
    play(&mut game, "B place h8");
}

#[test]
fn a_foul_by_the_second_player_holding_black_after_a_swap() {
    let mut game = played(
        "renju",
        "rif",
        "A place h8\nA place h9\nA place j10\nB swap\nA place a15\n\
         B offer j7\nB offer o1\nA choose j7\nA place a13",
    );
    // B now holds Black: build a double-three away from the opening stones.
    play(
        &mut game,
        "B place c8\nA place a11\nB place d7\nA place a9\nB place d9\nA place a7\nB place e8\nA place a5",
    );
    // Black c8, d7, d9, e8: d8 is a double-three.
    play(&mut game, "B place d8");
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(A));
    assert_eq!(result.winner_color, Some(Color::White));
    assert_eq!(result.reason.code(), "foul");
    check_finished(&game);
}

#[test]
fn every_rejection_code_is_distinct_and_documented() {
    let mut codes = Rejection::CODES.to_vec();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), Rejection::CODES.len());
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/game-log.md"),
    )
    .expect("docs/game-log.md");
    for code in Rejection::CODES {
        assert!(
            doc.contains(&format!("`{code}`")),
            "{code} is not documented"
        );
    }
}
