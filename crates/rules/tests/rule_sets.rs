//! Win conditions, captures, fouls, passes and draws of every rule set, played
//! through [`Position`]: the caro positions of RULES.md's test data, the minimal
//! pente tests of RULES.md §8 and the renju end conditions of §3.7 and §4.

use narabe_rules::{
    Board, BoardSize, Color, FoulKind, FoulPolicy, IllegalMove, Move, Outcome, OutcomeReason,
    Point, Position, RuleSet,
};

fn point(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn board(size: BoardSize, black: &str, white: &str) -> Board {
    let mut board = Board::new(size);
    for name in black.split_whitespace() {
        assert!(board.put(point(name), Color::Black));
    }
    for name in white.split_whitespace() {
        assert!(board.put(point(name), Color::White));
    }
    board
}

/// The outcome after `color` plays `at` on the set-up board.
fn outcome_after(rules: RuleSet, board: Board, color: Color, at: &str) -> Option<Outcome> {
    let mut position = Position::from_board(rules, FoulPolicy::Loses, board, color).unwrap();
    position.play_mut(Move::Place(point(at))).unwrap();
    position.outcome()
}

fn wins(rules: RuleSet, board: &Board, at: &str) -> bool {
    match outcome_after(rules, board.clone(), Color::Black, at) {
        Some(outcome) => {
            assert_eq!(outcome.winner, Some(Color::Black));
            true
        }
        None => false,
    }
}

// --- Caro (RULES.md test data, the Caro-5 flavour of the Decisions table) ---

#[test]
fn caro_overline_never_wins() {
    let position = board(BoardSize::FIFTEEN, "b9 b11 b12 b13 b14", "");
    assert!(
        wins(RuleSet::Caro, &position, "b15"),
        "exact five, b10 empty"
    );
    assert!(!wins(RuleSet::Caro, &position, "b10"), "six");
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    let position = board(
        BoardSize::FIFTEEN,
        "b10 b12 b13 b14 f8 g9 i11 j12 n4 n5 n6 n8",
        "b9 b15 e7 k13 n3",
    );
    assert!(!wins(RuleSet::Caro, &position, "b11"), "O at b9 and b15");
    assert!(!wins(RuleSet::Caro, &position, "h10"), "O at e7 and k13");
    assert!(wins(RuleSet::Caro, &position, "n7"), "n9 empty");
    for rules in [RuleSet::Freestyle, RuleSet::Standard] {
        assert!(wins(rules, &position, "b11"), "{rules} ignores blocks");
    }
}

#[test]
fn caro_blocked_overlines_do_not_win() {
    let position = board(
        BoardSize::FIFTEEN,
        "a10 a12 a13 a14 e7 f8 g9 i11 j12 o4 o5 o6 o8 o9",
        "a9 a15 d6 k13 o3",
    );
    assert!(!wins(RuleSet::Caro, &position, "a11"));
    assert!(!wins(RuleSet::Caro, &position, "h10"), "six");
    assert!(!wins(RuleSet::Caro, &position, "o7"), "six");
}

#[test]
fn caro_the_board_edge_does_not_block() {
    // Fives touching an edge, the other end blocked by an enemy stone.
    let cases = [
        ("a11 a12 a13 a14", "a10", "a15"),
        ("a2 a3 a4 a5", "a6", "a1"),
        ("b1 c1 d1 e1", "f1", "a1"),
        ("k15 l15 m15 n15", "j15", "o15"),
        ("b14 c13 d12 e11", "f10", "a15"),
        ("k1 l2 m3 n4", "j15", "o5"),
        ("n2 m3 l4 k5", "j6", "o1"),
        ("o11 o12 o13 o14", "o10", "o15"),
    ];
    for (black, white, at) in cases {
        let position = board(BoardSize::FIFTEEN, black, white);
        assert!(
            wins(RuleSet::Caro, &position, at),
            "{black} + {at} against {white}"
        );
    }
    // Open fives in the middle win too.
    let open = board(BoardSize::NINETEEN, "h10 i10 k10 l10", "");
    assert!(wins(RuleSet::Caro, &open, "j10"));
    let one_side = board(BoardSize::NINETEEN, "h10 i10 k10 l10", "g10");
    assert!(wins(RuleSet::Caro, &one_side, "j10"));
    let both_sides = board(BoardSize::NINETEEN, "h10 i10 k10 l10", "g10 m10");
    assert!(!wins(RuleSet::Caro, &both_sides, "j10"));
}

// --- Gomoku ---

#[test]
fn standard_six_neither_wins_nor_loses_and_play_goes_on() {
    let position = board(BoardSize::FIFTEEN, "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
    let mut game =
        Position::from_board(RuleSet::Standard, FoulPolicy::Loses, position, Color::Black).unwrap();
    game.play_mut(Move::Place(point("f8"))).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.turn(), Color::White);
    game.play_mut(Move::Place(point("o1"))).unwrap();
}

#[test]
fn white_wins_in_standard_with_exactly_five() {
    let position = board(BoardSize::FIFTEEN, "a1 a3 a5 a7", "c8 d8 e8 f8");
    let outcome = outcome_after(RuleSet::Standard, position, Color::White, "g8").unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason.code(), "five");
}

#[test]
fn full_board_is_a_draw() {
    // A 5x5 board filled without a five in any line.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."];
    let mut setup = Board::new(BoardSize::MIN);
    for (row, text) in (0u8..).zip(rows.iter().rev()) {
        for (col, mark) in (0u8..).zip(text.chars()) {
            let at = Point::new(col, row).unwrap();
            match mark {
                'X' => assert!(setup.put(at, Color::Black)),
                'O' => assert!(setup.put(at, Color::White)),
                _ => {}
            }
        }
    }
    let outcome = outcome_after(RuleSet::Freestyle, setup, Color::Black, "e1").unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, OutcomeReason::FullBoard);
}

// --- Pente (RULES.md §8 minimal tests, through whole moves) ---

#[test]
fn pente_first_player_is_white_and_captures_count() {
    let mut game = Position::new(RuleSet::Pente);
    assert_eq!(game.turn(), Color::White);
    assert_eq!(game.board().size(), BoardSize::NINETEEN);
    // White j10, Black k10, White a1, Black l10, White m10 takes k10 and l10.
    for name in ["j10", "k10", "a1", "l10", "m10"] {
        game.play_mut(Move::Place(point(name))).unwrap();
    }
    assert_eq!(game.captures(Color::White), 2);
    assert_eq!(game.board().get(point("k10")), None);
    assert_eq!(game.board().get(point("l10")), None);
    // Emptied points may be played again.
    game.play_mut(Move::Place(point("k10"))).unwrap();
    assert_eq!(game.board().get(point("k10")), Some(Color::Black));
}

#[test]
fn pente_fifth_pair_wins() {
    let setup = board(BoardSize::NINETEEN, "g10", "h10 i10");
    let mut game = Position::from_board(RuleSet::Pente, FoulPolicy::Loses, setup, Color::Black)
        .unwrap()
        .with_captures(Color::Black, 8);
    game.play_mut(Move::Place(point("j10"))).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, OutcomeReason::Captures(10));
}

#[test]
fn keryo_pente_needs_fifteen() {
    let setup = board(BoardSize::NINETEEN, "g10", "h10 i10 j10");
    let game =
        Position::from_board(RuleSet::KeryoPente, FoulPolicy::Loses, setup, Color::Black).unwrap();
    let mut twelve = game.clone().with_captures(Color::Black, 9);
    twelve.play_mut(Move::Place(point("k10"))).unwrap();
    assert_eq!(twelve.captures(Color::Black), 12);
    assert_eq!(twelve.outcome(), None);
    let mut fifteen = game.with_captures(Color::Black, 12);
    fifteen.play_mut(Move::Place(point("k10"))).unwrap();
    assert_eq!(
        fifteen.outcome().map(|o| o.reason),
        Some(OutcomeReason::Captures(15))
    );
}

#[test]
fn pente_six_in_a_row_wins_and_a_capture_completes_a_five() {
    let six = board(BoardSize::NINETEEN, "c3 d3 e3 g3 h3", "");
    assert!(wins(RuleSet::Pente, &six, "f3"));
    // Black j10 completes f10..j10 while capturing the pair j11 j12: the row stands.
    let both = board(BoardSize::NINETEEN, "f10 g10 h10 i10 j13", "j11 j12");
    let outcome = outcome_after(RuleSet::Pente, both, Color::Black, "j10").unwrap();
    assert_eq!(outcome.reason.code(), "five");
}

// --- Renju end conditions ---

fn renju_with(policy: FoulPolicy) -> Position {
    // Black g8 h7 h9 i8 (and White far away): h8 is a double-three.
    let setup = board(BoardSize::FIFTEEN, "g8 h7 h9 i8", "a1 a3 a5 a7");
    Position::from_board(RuleSet::Renju, policy, setup, Color::Black).unwrap()
}

#[test]
fn renju_foul_loses_under_the_default_policy() {
    let mut game = renju_with(FoulPolicy::Loses);
    game.play_mut(Move::Place(point("h8"))).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(
        outcome.reason,
        OutcomeReason::Foul {
            point: point("h8"),
            kind: FoulKind::DoubleThree
        }
    );
    assert_eq!(
        game.board().get(point("h8")),
        Some(Color::Black),
        "the move stands"
    );
    assert_eq!(
        game.play_mut(Move::Place(point("o15"))),
        Err(IllegalMove::GameOver)
    );
}

#[test]
fn renju_foul_is_refused_under_the_casual_policy() {
    let game = renju_with(FoulPolicy::Refused);
    let before = game.clone();
    let error = game.play(Move::Place(point("h8"))).unwrap_err();
    assert_eq!(
        error.reason,
        IllegalMove::Forbidden {
            point: point("h8"),
            kind: FoulKind::DoubleThree
        }
    );
    assert_eq!(error.into_position(), before);
    assert!(!before.legal_moves().contains(&Move::Place(point("h8"))));
    assert!(
        renju_with(FoulPolicy::Loses)
            .legal_moves()
            .contains(&Move::Place(point("h8")))
    );
}

#[test]
fn renju_white_is_never_restricted_and_wins_with_an_overline() {
    let setup = board(BoardSize::FIFTEEN, "a1 a3 a5 a7 a9", "c8 d8 e8 g8 h8");
    let outcome = outcome_after(RuleSet::Renju, setup, Color::White, "f8").unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason.code(), "overline");
    // The same shape for Black is a foul.
    let swapped = board(BoardSize::FIFTEEN, "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
    let outcome = outcome_after(RuleSet::Renju, swapped, Color::Black, "f8").unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason.code(), "foul");
}

#[test]
fn renju_exact_five_beats_a_foul_made_by_the_same_stone() {
    // C2: exact five on row 8 plus an overline on column h.
    let setup = board(
        BoardSize::FIFTEEN,
        "d8 e8 f8 g8 h6 h7 h9 h10 h11",
        "a1 a3 a5 a7 a9 a11 a13 o1 o3",
    );
    let outcome = outcome_after(RuleSet::Renju, setup, Color::Black, "h8").unwrap();
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason.code(), "five");
}

#[test]
fn renju_two_passes_draw_and_other_games_refuse_passes() {
    let mut game = Position::new(RuleSet::Renju);
    game.play_mut(Move::Place(point("h8"))).unwrap();
    game.play_mut(Move::Pass).unwrap();
    assert_eq!(game.outcome(), None);
    game.play_mut(Move::Place(point("h9"))).unwrap();
    assert_eq!(game.passes_in_a_row(), 0, "a stone resets the count");
    game.play_mut(Move::Pass).unwrap();
    game.play_mut(Move::Pass).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: OutcomeReason::DoublePass
        })
    );
    for rules in [
        RuleSet::Freestyle,
        RuleSet::Standard,
        RuleSet::Caro,
        RuleSet::Pente,
    ] {
        let mut game = Position::new(rules);
        assert_eq!(
            game.play_mut(Move::Pass),
            Err(IllegalMove::PassNotAllowed),
            "{rules}"
        );
        assert!(!game.legal_moves().contains(&Move::Pass));
    }
}

#[test]
fn off_board_and_occupied_are_refused_without_change() {
    let mut game = Position::new(RuleSet::Freestyle);
    game.play_mut(Move::Place(point("h8"))).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play_mut(Move::Place(point("p1"))),
        Err(IllegalMove::OffBoard(point("p1")))
    );
    assert_eq!(
        game.play_mut(Move::Place(point("h8"))),
        Err(IllegalMove::Occupied(point("h8")))
    );
    assert_eq!(game, before);
    assert_eq!(game.legal_moves().len(), 224);
}

#[test]
fn sizes_are_checked() {
    assert!(Position::empty(RuleSet::Renju, BoardSize::NINETEEN, FoulPolicy::Loses).is_err());
    assert!(
        Position::empty(
            RuleSet::Freestyle,
            BoardSize::new(20).unwrap(),
            FoulPolicy::Loses
        )
        .is_ok()
    );
}
