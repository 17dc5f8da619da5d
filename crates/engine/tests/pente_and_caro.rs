//! Pente and caro: the engine takes its five or its winning capture, and stops
//! the opponent's winning five or capture.

use narabe_engine::{Engine, EngineOptions, SearchLimits};
use narabe_rules::{Board, BoardSize, Color, FoulPolicy, Move, Position, RuleSet};

fn setup(rules: RuleSet, black: &[&str], white: &[&str], turn: Color) -> Position {
    let mut board = Board::new(BoardSize::NINETEEN);
    for name in black {
        board.put(name.parse().unwrap(), Color::Black);
    }
    for name in white {
        board.put(name.parse().unwrap(), Color::White);
    }
    Position::from_board(rules, FoulPolicy::Loses, board, turn).unwrap()
}

fn best(position: &Position) -> String {
    let mut engine = Engine::new(EngineOptions {
        memory_bytes: 1 << 20,
        ..EngineOptions::default()
    });
    let limits = SearchLimits {
        max_depth: Some(3),
        max_nodes: Some(100_000),
        ..SearchLimits::default()
    };
    match engine.search(position, &limits).best_move {
        Move::Place(point) => point.to_string(),
        Move::Pass => "pass".to_owned(),
    }
}

/// Whether the side to move in `position` can win with its next stone.
fn can_win_at_once(position: &Position) -> bool {
    let winner = position.turn();
    position.legal_moves().into_iter().any(|mv| {
        let mut after = position.clone();
        after.play_mut(mv).is_ok() && after.outcome().is_some_and(|o| o.winner == Some(winner))
    })
}

fn after(position: &Position, point: &str) -> Position {
    let mut next = position.clone();
    next.play_mut(Move::Place(point.parse().unwrap())).unwrap();
    next
}

#[test]
fn pente_takes_a_five() {
    let position = setup(
        RuleSet::Pente,
        &["c3", "d4", "q17"],
        &["h10", "i10", "j10", "k10"],
        Color::White,
    );
    assert!(["g10", "l10"].contains(&best(&position).as_str()));
}

#[test]
fn pente_wins_by_the_tenth_captured_stone() {
    let position = setup(
        RuleSet::Pente,
        &["j10", "k10", "c3"],
        &["i10", "p16"],
        Color::White,
    )
    .with_captures(Color::White, 8);
    assert_eq!(best(&position), "l10");
}

#[test]
fn pente_stops_a_winning_capture() {
    let position = setup(
        RuleSet::Pente,
        &["j10", "k10", "c3"],
        &["i10", "p16"],
        Color::Black,
    )
    .with_captures(Color::White, 8);
    let reply = best(&position);
    assert!(
        !can_win_at_once(&after(&position, &reply)),
        "{reply} lets White capture"
    );
}

#[test]
fn pente_blocks_a_four() {
    let position = setup(
        RuleSet::Pente,
        &["h10", "i10", "j10", "k10", "c3"],
        &["g10", "p16", "q3"],
        Color::White,
    );
    let reply = best(&position);
    assert!(
        !can_win_at_once(&after(&position, &reply)),
        "{reply} leaves Black a five"
    );
}

#[test]
fn caro_takes_a_five_that_counts() {
    // l8 would close a five between two white stones: no win in caro.
    let position = setup(
        RuleSet::Caro,
        &["h8", "i8", "j8", "k8", "c3", "d3", "e3", "f3"],
        &["g8", "m8", "a19", "b19", "c19", "e19", "g19"],
        Color::Black,
    );
    assert!(["b3", "g3"].contains(&best(&position).as_str()));
}

#[test]
fn caro_blocks_a_five_that_counts_and_ignores_one_that_does_not() {
    let open = setup(
        RuleSet::Caro,
        &["h8", "i8", "j8", "k8"],
        &["g8", "a19", "c19"],
        Color::White,
    );
    assert_eq!(best(&open), "l8");
    // Black's l8 would be a five between two white stones: no threat at all,
    // so White need not answer it.
    let blocked = setup(
        RuleSet::Caro,
        &["h8", "i8", "j8", "k8", "r2"],
        &["g8", "m8", "a19", "c19"],
        Color::White,
    );
    assert!(!can_win_at_once(&after(&blocked, "a1")));
}
