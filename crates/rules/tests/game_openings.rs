//! Scripted games for every opening rule of every game, through [`Game`]: every
//! branch of every protocol (each swap taken or not, Swap2's three options,
//! Taraguchi-10's swap, keep and offer, Yamaguchi and Soosõrv with several
//! numbers), each played to its end; and every opening game of
//! `testdata/openings/`, which the server tests play too.

mod game_script;
mod opening_logs;

use game_script::{check_finished, color, finish_with_five, new_game, play, played, point, take};
use narabe_rules::{ActionKind, Color, Game, Opening, Phase, Player, RuleSet, Zone};
use opening_logs::{OpeningLog, opening_log, opening_logs};

const A: Player = Player::First;
const B: Player = Player::Second;

fn open(game: &Game) -> Vec<ActionKind> {
    game.open_actions()
}

/// The game after `log`, each action taken by the player its comment names.
fn played_log(log: &OpeningLog) -> Game {
    let mut game = Game::new(log.config());
    for step in &log.steps {
        let at = format!("{}.log line {}: {}", log.name, step.line, step.action);
        take(&mut game, step.player, step.action, &at);
    }
    game
}

// ---------------------------------------------------------------- the shared logs

#[test]
fn every_opening_log_reaches_normal_play_as_its_comments_say_and_ends_in_a_five() {
    let logs = opening_logs();
    for log in &logs {
        let mut game = played_log(log);
        let next = log.normal_play;
        assert!(!game.in_opening(), "{}: still in the opening", log.name);
        assert_eq!(game.actor(), Some(next.player), "{}", log.name);
        assert_eq!(color(&game, next.player), next.color, "{}", log.name);
        assert_eq!(game.moves().len() + 1, next.move_number, "{}", log.name);
        assert_eq!(finish_with_five(&mut game), next.player, "{}", log.name);
        check_finished(&game);
    }
    for opening in Opening::ALL {
        assert!(
            logs.iter().any(|log| log.config().opening() == opening),
            "no log plays {opening}"
        );
    }
    for rules in RuleSet::ALL {
        assert!(
            logs.iter().any(|log| log.config().rules() == rules),
            "no log plays {rules}"
        );
    }
}

// ---------------------------------------------------------------- renju free

#[test]
fn renju_free_black_wins_with_five() {
    let mut game = new_game("renju", "free");
    assert_eq!(game.zone(), Some(Zone::Anywhere));
    assert_eq!(open(&game), [ActionKind::Place]);
    play(&mut game, "A place a1\nB place h8\nA place o15");
    assert_eq!(open(&game), [ActionKind::Place, ActionKind::Pass]);
    assert_eq!(game.actor(), Some(B));
    assert_eq!(game.opening_name(), None);
    let winner = finish_with_five(&mut game);
    assert_eq!(winner, B);
    assert_eq!(color(&game, B), Color::White);
    check_finished(&game);
}

// ---------------------------------------------------------------- RIF

#[test]
fn rif_keep_then_offers_choice_and_five() {
    let mut game = played(
        "renju",
        "rif",
        "A place h8\nA place h9\nA place j10\n\
         B keep\nB place m3",
    );
    assert_eq!(game.phase(), Phase::Offer);
    assert_eq!(game.actor(), Some(A));
    assert_eq!(game.offers_due(), 2);
    play(&mut game, "A offer e5");
    assert_eq!(game.offers_due(), 1);
    play(&mut game, "A offer n13");
    assert_eq!(game.phase(), Phase::Choose);
    assert_eq!(game.offers(), [point("e5"), point("n13")]);
    play(&mut game, "B choose n13\nB place k4");
    assert!(game.offers().is_empty());
    assert!(!game.in_opening());
    assert_eq!(game.board().get(point("n13")), Some(Color::Black));
    assert_eq!(game.board().get(point("e5")), None);
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);
}

#[test]
fn rif_swap_gives_black_to_the_second_player() {
    let mut game = played_log(&opening_log("renju-rif"));
    assert_eq!(color(&game, B), Color::Black);
    assert_eq!(game.actor(), Some(B));
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

// ---------------------------------------------------------------- Yamaguchi

#[test]
fn yamaguchi_with_one_offer_and_a_swap() {
    let mut game = played("renju", "yamaguchi", "A place h8\nA place i9\nA place j8");
    assert_eq!(game.phase(), Phase::Declare);
    play(&mut game, "A declare 1\nB swap\nA place m3");
    assert_eq!(game.declared(), Some(1));
    assert_eq!(
        (game.phase(), game.actor(), game.offers_due()),
        (Phase::Offer, Some(B), 1)
    );
    play(&mut game, "B offer l12");
    assert_eq!(game.phase(), Phase::Choose);
    play(&mut game, "A choose l12\nA place k4");
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn yamaguchi_with_three_offers_kept() {
    let mut game = played_log(&opening_log("renju-yamaguchi"));
    assert_eq!(game.moves().len(), 6);
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);
}

#[test]
fn yamaguchi_with_ten_offers_ends_by_resignation() {
    let mut game = played(
        "renju",
        "yamaguchi",
        "A place h8\nA place h9\nA place j10\nA declare 10\nB keep\nB place m3",
    );
    let offers = [
        "a15", "b13", "c11", "d15", "l13", "m10", "n8", "o4", "k1", "b5",
    ];
    for (made, name) in offers.iter().enumerate() {
        assert_eq!(usize::from(game.offers_due()), 10 - made);
        play(&mut game, &format!("A offer {name}"));
    }
    assert_eq!(game.phase(), Phase::Choose);
    play(&mut game, "B choose o4\nB place k4\nA place g9");
    play(&mut game, "B resign second");
    let result = game.result().unwrap();
    assert_eq!(
        (result.winner, result.reason.code()),
        (Some(A), "resignation")
    );
    check_finished(&game);
}

// ---------------------------------------------------------------- Taraguchi-10

const TARAGUCHI_START: &str =
    "A place h8\nB keep\nB place h9\nA swap\nB place j10\nA keep\nA place k11";

#[test]
fn taraguchi_swaps_after_the_first_moves_and_keep_at_step_five() {
    let mut game = new_game("renju", "taraguchi10");
    assert_eq!(game.zone(), Some(Zone::Exactly(point("h8"))));
    play(&mut game, "A place h8");
    assert_eq!((game.phase(), game.actor()), (Phase::SwapOrKeep, Some(B)));
    play(&mut game, "B keep");
    assert_eq!(
        game.zone().map(|zone| zone.to_string()),
        Some("within 1 of h8".into())
    );
    play(&mut game, "B place h9\nA swap");
    // The swap gave Black to B, who places move 3 inside 5x5.
    assert_eq!((color(&game, B), game.actor()), (Color::Black, Some(B)));
    play(&mut game, "B place j10\nA keep");
    assert_eq!(
        game.zone().map(|zone| zone.to_string()),
        Some("within 3 of h8".into())
    );
    play(&mut game, "A place k11");
    assert_eq!(
        (game.phase(), game.actor()),
        (Phase::TaraguchiChoice, Some(B))
    );
    assert_eq!(
        open(&game),
        [ActionKind::Swap, ActionKind::Keep, ActionKind::Offer]
    );
    play(&mut game, "B keep");
    assert_eq!(
        game.zone().map(|zone| zone.to_string()),
        Some("within 4 of h8".into())
    );
    play(&mut game, "B place d4\nA swap");
    // A is Black again; B (White) places move 6 anywhere, then normal play.
    assert_eq!((color(&game, A), game.actor()), (Color::Black, Some(B)));
    play(&mut game, "B place a1");
    assert!(!game.in_opening());
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);
}

#[test]
fn taraguchi_swap_at_step_five_then_keep() {
    let mut game = played("renju", "taraguchi10", TARAGUCHI_START);
    play(&mut game, "B swap");
    // A now holds Black and places the single fifth move.
    assert_eq!(game.actor(), Some(A));
    play(&mut game, "A place l4\nB keep\nB place a1");
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);
}

#[test]
fn taraguchi_offer_of_ten_fifth_moves() {
    let mut game = played("renju", "taraguchi10", TARAGUCHI_START);
    play(&mut game, "B offer a15");
    assert_eq!((game.phase(), game.offers_due()), (Phase::Offer, 9));
    for name in ["b13", "c11", "d15", "l13", "m10", "n8", "o4", "k1", "b5"] {
        play(&mut game, &format!("B offer {name}"));
    }
    assert_eq!((game.phase(), game.actor()), (Phase::Choose, Some(A)));
    play(&mut game, "A choose m10\nA place a1");
    assert_eq!(game.actor(), Some(B));
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn taraguchi_all_swaps_taken() {
    let mut game = played(
        "renju",
        "taraguchi10",
        "A place h8\nB swap\nA place i9\nB swap\nA place g10\nB swap\nA place e11\n\
         B swap\nA place l4\nB swap\nA place a1",
    );
    assert_eq!((color(&game, B), game.actor()), (Color::Black, Some(B)));
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

// ---------------------------------------------------------------- Soosõrv-8

#[test]
fn soosorv_with_one_offer() {
    let mut game = played(
        "renju",
        "soosorv8",
        "A place h8\nA place h9\nA place h10\nB swap\nA place m3",
    );
    assert_eq!((game.phase(), game.actor()), (Phase::Declare, Some(A)));
    play(
        &mut game,
        "A declare 1\nB keep\nB offer k7\nA choose k7\nA place k4",
    );
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn soosorv_with_four_offers_and_a_swap_after_the_declaration() {
    let mut game = played(
        "renju",
        "soosorv8",
        "A place h8\nA place i9\nA place j9\nB keep\nB place m3\nB declare 4",
    );
    assert_eq!((game.phase(), game.actor()), (Phase::SwapOrKeep, Some(A)));
    play(
        &mut game,
        "A swap\nB offer a15\nB offer b13\nB offer c11\nB offer o4",
    );
    assert_eq!((game.phase(), game.actor()), (Phase::Choose, Some(A)));
    play(&mut game, "A choose c11\nA place k4");
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn soosorv_with_eight_offers_ends_by_a_double_pass() {
    let mut game = played(
        "renju",
        "soosorv8",
        "A place h8\nA place g9\nA place f10\nB keep\nB place m3\nB declare 8\nA keep",
    );
    for name in ["a15", "b13", "c11", "d15", "l13", "m10", "n8", "o4"] {
        play(&mut game, &format!("A offer {name}"));
    }
    play(&mut game, "B choose a15\nB place k4");
    assert_eq!(open(&game), [ActionKind::Place, ActionKind::Pass]);
    play(&mut game, "A pass\nB pass");
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason.code()), (None, "double-pass"));
    check_finished(&game);
}

// ---------------------------------------------------------------- gomoku

#[test]
fn gomoku_free_and_overline_in_freestyle() {
    let mut game = played(
        "freestyle",
        "free",
        "A place c2\nB place c14\nA place d2\nB place e14\nA place e2\nB place g14\n\
         A place g2\nB place i14\nA place h2\nB place k14",
    );
    play(&mut game, "A place f2");
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason.code()), (Some(A), "overline"));
    check_finished(&game);
}

#[test]
fn pro_and_long_pro_keep_the_third_stone_away_from_the_centre() {
    for (game_name, opening, far, near) in [
        ("freestyle", "pro", "k11", "j10"),
        ("standard", "long-pro", "l12", "k11"),
    ] {
        let mut game = played(game_name, opening, "A place h8\nB place h9");
        let refused = game_script::refuse(&mut game, A, &format!("place {near}"));
        assert_eq!(refused.code(), "outside-zone", "{opening}");
        play(&mut game, &format!("A place {far}"));
        assert!(!game.in_opening());
        assert_eq!(finish_with_five(&mut game), B);
        check_finished(&game);
    }
}

#[test]
fn pro_on_nineteen_lines_uses_its_centre() {
    let config =
        narabe_rules::GameConfig::from_words("freestyle", Some(19), Some("pro"), None, false)
            .unwrap();
    let mut game = Game::new(config);
    assert_eq!(game.zone(), Some(Zone::Exactly(point("j10"))));
    play(&mut game, "A place j10\nB place a19\nA place m13");
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn swap1_keep_and_swap() {
    let mut kept = played("standard", "swap1", "A place h8\nA place h9\nA place a1");
    assert_eq!((kept.phase(), kept.actor()), (Phase::SwapOrKeep, Some(B)));
    play(&mut kept, "B keep\nB place j9");
    assert_eq!(finish_with_five(&mut kept), A);
    check_finished(&kept);

    let mut swapped = played(
        "freestyle",
        "swap1",
        "A place h8\nA place h9\nA place a1\nB swap",
    );
    assert_eq!(
        (color(&swapped, B), swapped.actor()),
        (Color::Black, Some(A))
    );
    play(&mut swapped, "A place j9");
    assert_eq!(finish_with_five(&mut swapped), B);
    check_finished(&swapped);
}

#[test]
fn swap2_option_a_keep_means_b_takes_white() {
    let mut game = played("freestyle", "swap2", "A place h8\nA place h9\nA place j10");
    assert_eq!((game.phase(), game.actor()), (Phase::Swap2Choice, Some(B)));
    assert_eq!(
        open(&game),
        [ActionKind::Place, ActionKind::Swap, ActionKind::Keep]
    );
    play(&mut game, "B keep\nB place k11");
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);
}

#[test]
fn swap2_option_b_swap_means_b_takes_black() {
    let mut game = played(
        "standard",
        "swap2",
        "A place h8\nA place h9\nA place j10\nB swap",
    );
    assert_eq!((color(&game, B), game.actor()), (Color::Black, Some(A)));
    play(&mut game, "A place k11");
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn swap2_option_c_two_more_stones_then_the_first_player_chooses() {
    for (choice, white) in [("keep", B), ("swap", A)] {
        let mut game = played(
            "freestyle",
            "swap2",
            "A place h8\nA place h9\nA place j10\nB place k11\nB place l12",
        );
        assert_eq!(game.moves().len(), 5);
        assert_eq!((game.phase(), game.actor()), (Phase::SwapOrKeep, Some(A)));
        play(&mut game, &format!("A {choice}"));
        assert_eq!(game.holder(Color::White), white, "{choice}");
        assert_eq!(game.actor(), Some(white));
        play(
            &mut game,
            &format!("{} place a1", game_script::letter(white)),
        );
        assert_eq!(finish_with_five(&mut game), white.other());
        check_finished(&game);
    }
}

// ---------------------------------------------------------------- caro

#[test]
fn caro_swap2_and_free() {
    let mut game = played_log(&opening_log("caro-swap2"));
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);

    let mut game = played("caro", "free", "A place j10");
    assert_eq!(finish_with_five(&mut game), B);
    check_finished(&game);
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    let mut game = played(
        "caro",
        "free",
        "A place b2\nB place c2\nA place h2\nB place d2\nA place a19\nB place e2\n\
         A place c19\nB place f2",
    );
    play(&mut game, "A place e19\nB place g2");
    assert!(
        !game.is_over(),
        "a five blocked at both ends does not win in caro"
    );
}

// ---------------------------------------------------------------- pente

#[test]
fn pente_tournament_first_player_holds_white() {
    let mut game = new_game("pente", "tournament");
    assert_eq!(color(&game, A), Color::White);
    assert_eq!(game.zone(), Some(Zone::Exactly(point("j10"))));
    play(&mut game, "A place j10\nB place k11");
    assert_eq!(
        game.zone(),
        Some(Zone::AtLeast {
            center: point("j10"),
            distance: 3
        })
    );
    let refused = game_script::refuse(&mut game, A, "place l12");
    assert_eq!(refused.code(), "outside-zone");
    play(&mut game, "A place j14");
    assert_eq!(game.board().get(point("j14")), Some(Color::White));
    assert_eq!(finish_with_five(&mut game), B);
    assert_eq!(game.result().unwrap().winner_color, Some(Color::Black));
    check_finished(&game);
}

#[test]
fn pente_wins_by_five_pair_captures() {
    let mut game = played(
        "pente",
        "tournament",
        "A place j10\nB place k11\nA place j14",
    );
    // B (Black) captures five pairs of A's (White) stones, one per row.
    let fillers_b = ["l12", "n12", "p12", "r12", "l14"];
    let fillers_a = ["b17", "d17", "f17", "h17"];
    for (round, row) in [2, 4, 6, 8, 18].iter().enumerate() {
        play(
            &mut game,
            &format!(
                "B place b{row}\nA place c{row}\nB place {}\nA place d{row}\nB place e{row}",
                fillers_b[round]
            ),
        );
        assert_eq!(game.board().get(point(&format!("c{row}"))), None);
        if round < 4 {
            assert_eq!(
                game.position().captures(Color::Black),
                2 * (round as u16 + 1)
            );
            play(&mut game, &format!("A place {}", fillers_a[round]));
        }
    }
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason.code()), (Some(B), "captures"));
    check_finished(&game);
}

#[test]
fn keryo_pente_captures_three_and_swap2_in_pente() {
    let config =
        narabe_rules::GameConfig::from_words("pente", None, Some("tournament"), None, true)
            .unwrap();
    let mut game = Game::new(config);
    play(
        &mut game,
        "A place j10\nB place b2\nA place c15\nB place s19\nA place c2\nB place s17\n\
         A place d2\nB place s15\nA place e2\nB place f2",
    );
    assert_eq!(game.position().captures(Color::Black), 3);
    play(&mut game, "A resign first");
    check_finished(&game);

    // Swap2 in pente: A places White, Black, White; B's keep takes the second
    // colour, Black, and places move 4.
    let mut game = played(
        "pente",
        "swap2",
        "A place j10\nA place j11\nA place k12\nB keep",
    );
    assert_eq!((color(&game, B), game.actor()), (Color::Black, Some(B)));
    play(&mut game, "B place a1");
    assert_eq!(finish_with_five(&mut game), A);
    check_finished(&game);

    // Pente's first stone goes on the centre in every opening (RULES.md
    // Decisions), in free play and in Swap2 too.
    let mut free = new_game("pente", "free");
    assert_eq!(free.zone(), Some(narabe_rules::Zone::Exactly(point("j10"))));
    let refused = free.apply(A, narabe_rules::Action::Place(point("a1")));
    assert_eq!(refused.map_err(|r| r.code()), Err("outside-zone"));
    let mut swap2 = new_game("pente", "swap2");
    let refused = swap2.apply(A, narabe_rules::Action::Place(point("a1")));
    assert_eq!(refused.map_err(|r| r.code()), Err("outside-zone"));
    play(&mut free, "A place j10");
    assert!(!free.in_opening(), "after the centre stone, free play");
    assert_eq!(free.zone(), Some(narabe_rules::Zone::Anywhere));
    assert_eq!(finish_with_five(&mut free), B);
    check_finished(&free);
}

#[test]
fn a_full_board_is_a_draw() {
    // Black where (col + 2 row) mod 4 < 2: no five anywhere, 113 black and 112
    // white stones.
    let points: Vec<narabe_rules::Point> = narabe_rules::BoardSize::FIFTEEN.points().collect();
    let is_black = |p: &narabe_rules::Point| (u32::from(p.col()) + 2 * u32::from(p.row())) % 4 < 2;
    let black: Vec<_> = points.iter().filter(|p| is_black(p)).collect();
    let white: Vec<_> = points.iter().filter(|p| !is_black(p)).collect();
    assert_eq!((black.len(), white.len()), (113, 112));
    let mut game = new_game("freestyle", "free");
    for (index, stone) in black.iter().enumerate() {
        play(&mut game, &format!("A place {stone}"));
        if let Some(point) = white.get(index) {
            play(&mut game, &format!("B place {point}"));
        }
    }
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason.code()), (None, "full-board"));
    check_finished(&game);
}
