//! The game's move list as the snapshot carries it: every action in effect with
//! who took it, the colour they hold after it, the board move it made and what
//! it captured; and the result's highlights (the winning row, the losing foul
//! with its lines).

mod game_script;

use game_script::{played, point};
use narabe_rules::foul_explanation::LineShape;
use narabe_rules::{Action, ActionKind, Color, FoulKind, GameSnapshot, Phase, Player, ResultCode};

#[test]
fn the_record_lists_every_step_of_the_opening_with_its_player_and_colour() {
    let game = played(
        "renju",
        "yamaguchi",
        "A place h8\nA place h9\nA place j10\nA declare 2\nB swap\nA place i9\nB offer g7\nB offer h6\nA choose g7",
    );
    let record = game.played();
    let summary: Vec<(Player, String, Color, Option<usize>)> = record
        .iter()
        .map(|played| {
            (
                played.player,
                played.action.to_string(),
                played.color_after,
                played.move_number,
            )
        })
        .collect();
    use Color::{Black, White};
    use Player::{First, Second};
    assert_eq!(
        summary,
        [
            (First, "place h8".to_owned(), Black, Some(1)),
            (First, "place h9".to_owned(), Black, Some(2)),
            (First, "place j10".to_owned(), Black, Some(3)),
            (First, "declare 2".to_owned(), Black, None),
            (Second, "swap".to_owned(), Black, None),
            (First, "place i9".to_owned(), White, Some(4)),
            (Second, "offer g7".to_owned(), Black, None),
            (Second, "offer h6".to_owned(), Black, None),
            (First, "choose g7".to_owned(), White, Some(5)),
        ]
    );
    let snapshot = GameSnapshot::of(&game);
    assert_eq!(snapshot.record.len(), record.len());
    let swap = &snapshot.record[4];
    assert_eq!(
        (swap.player, swap.kind, swap.color),
        (Player::Second, ActionKind::Swap, Color::Black)
    );
    assert_eq!(snapshot.record[8].move_number, Some(5));
    assert_eq!(snapshot.record[8].kind, ActionKind::Choose);
    // One player placed moves 1-3 of both colours.
    let stones: Vec<Option<Color>> = snapshot.record.iter().map(|p| p.stone).collect();
    let (black, white) = (Some(Color::Black), Some(Color::White));
    assert_eq!(
        stones,
        [black, white, black, None, None, white, None, None, black]
    );
    assert_eq!(snapshot.turn, Color::White, "move 6 is White's");
    assert!(snapshot.config.colors_by_swap);
    assert_eq!(snapshot.declare_max, None);
}

#[test]
fn the_snapshot_says_the_declaration_limit_and_whether_colours_are_swapped() {
    let yamaguchi = played("renju", "yamaguchi", "A place h8\nA place h9\nA place j10");
    assert_eq!(GameSnapshot::of(&yamaguchi).declare_max, Some(10));
    let soosorv = played(
        "renju",
        "soosorv8",
        "A place h8\nA place h9\nA place j10\nB keep\nB place i9",
    );
    assert_eq!(GameSnapshot::of(&soosorv).phase, Phase::Declare);
    assert_eq!(GameSnapshot::of(&soosorv).declare_max, Some(8));
    let free = played("renju", "free", "A place h8");
    let snapshot = GameSnapshot::of(&free);
    assert!(!snapshot.config.colors_by_swap);
    assert_eq!((snapshot.turn, snapshot.declare_max), (Color::White, None));
    let pente = GameSnapshot::of(&played("pente", "tournament", ""));
    assert_eq!(pente.turn, Color::White, "Pente's first stone is White");
}

#[test]
fn passes_are_board_moves_and_a_resignation_closes_the_record() {
    let game = played(
        "renju",
        "free",
        "A place h8\nB place h9\nA place i9\nB pass\nA pass\n",
    );
    assert!(game.is_over(), "two passes end the game");
    let numbers: Vec<Option<usize>> = game.played().iter().map(|p| p.move_number).collect();
    assert_eq!(numbers, [Some(1), Some(2), Some(3), Some(4), Some(5)]);
    let resigned = played("renju", "free", "A place h8\nB resign second");
    let last = resigned.played().last().unwrap();
    assert_eq!(
        (last.player, last.action, last.move_number),
        (Player::Second, Action::Resign(Player::Second), None)
    );
}

#[test]
fn a_pente_move_records_the_stones_it_captured() {
    // White (first) starts on the centre; Black's pair on j11-j12 is flanked
    // by White on j10 and j13.
    let game = played(
        "pente",
        "free",
        "A place j10\nB place j11\nA place a1\nB place j12\nA place j13",
    );
    let last = game.played().last().unwrap();
    assert_eq!(last.captured, [point("j11"), point("j12")]);
    assert!(game.played()[..4].iter().all(|p| p.captured.is_empty()));
    let snapshot = GameSnapshot::of(&game);
    assert_eq!(snapshot.record[4].captured, ["j11", "j12"]);
}

#[test]
fn the_result_names_the_winning_row_for_the_board_to_highlight() {
    let game = played(
        "freestyle",
        "free",
        "A place h8\nB place a1\nA place h9\nB place a2\nA place h10\nB place a3\nA place h11\nB place a4\nA place h12",
    );
    let result = GameSnapshot::of(&game).result.unwrap();
    assert_eq!(result.reason, ResultCode::Five);
    assert_eq!(result.row, ["h8", "h9", "h10", "h11", "h12"]);
    assert_eq!(result.foul, None);
}

#[test]
fn the_result_of_a_foul_explains_it_on_the_board_it_was_played_on() {
    // h8 makes two open threes (g8-h8-i8 and h7-h8-h9).
    let game = played(
        "renju",
        "free",
        "A place g8\nB place a1\nA place h7\nB place a3\nA place h9\nB place a5\nA place i8\nB place a7\nA place h8",
    );
    let result = GameSnapshot::of(&game).result.unwrap();
    assert_eq!(result.reason, ResultCode::Foul);
    assert!(result.row.is_empty());
    let foul = result.foul.expect("the foul is explained");
    assert_eq!(
        (foul.point.as_str(), foul.kind),
        ("h8", FoulKind::DoubleThree)
    );
    assert_eq!(foul.lines.len(), 2);
    assert!(foul.lines.iter().all(|line| line.shape == LineShape::Three));
    assert!(
        foul.lines
            .iter()
            .all(|line| line.stones.iter().any(|stone| stone == "h8"))
    );
}
