//! The opening book in play: level 8 answers a search for a game's move in a
//! book position with the book's move (in any of the board's orientations,
//! never a foul, and only inside a zone), while lower levels, analyses (of
//! one line or several) and searches held to a depth search for themselves.

use std::time::Duration;

use narabe_engine::opening_book::{BookKey, book_for, book_move};
use narabe_engine::{Engine, EngineOptions, SearchLimits, Strength};
use narabe_rules::{BoardSize, FoulPolicy, Move, Point, Position, RuleSet, Symmetry, Zone};

/// Every position of the renju book, rebuilt from its key text, with its move.
fn renju_book_positions() -> Vec<(Position, Point)> {
    let rules = RuleSet::Renju;
    let book = book_for(rules, BoardSize::FIFTEEN).expect("a book");
    let text = include_str!("../book/renju.txt");
    let mut positions = Vec::new();
    for line in text.lines().filter(|line| line.contains(" : ")) {
        let (key, answer) = line.split_once(" : ").unwrap();
        let mut words = key.split(' ');
        let to_move = words.next().unwrap();
        let mut board = narabe_rules::Board::new(BoardSize::FIFTEEN);
        for stone in words {
            let (point, colour) = stone.split_at(stone.len() - 1);
            let colour = if colour == "b" {
                narabe_rules::Color::Black
            } else {
                narabe_rules::Color::White
            };
            board.put(point.parse().unwrap(), colour);
        }
        let turn = if to_move == "b" {
            narabe_rules::Color::Black
        } else {
            narabe_rules::Color::White
        };
        let position = Position::from_board(rules, FoulPolicy::default(), board, turn)
            .expect("a book position is legal");
        let best: Point = answer.split_whitespace().next().unwrap().parse().unwrap();
        let key = BookKey::of(position.board(), position.turn());
        assert!(book.entry(&key).is_some(), "{line}: its own key");
        positions.push((position, best));
    }
    positions
}

fn engine(strength: Strength) -> Engine {
    Engine::new(EngineOptions {
        strength,
        memory_bytes: 1 << 20,
        ..EngineOptions::default()
    })
}

#[test]
fn level_eight_plays_the_book_move_in_every_orientation() {
    let positions = renju_book_positions();
    assert!(positions.len() >= 26, "the book covers the 26 openings");
    let mut engine = engine(Strength::FULL);
    let limits = SearchLimits::time(Duration::from_secs(5)).with_opening_book();
    for (position, best) in positions.iter().take(40) {
        for symmetry in Symmetry::ALL {
            let board = symmetry.apply_board(position.board());
            let turned = Position::from_board(
                RuleSet::Renju,
                FoulPolicy::default(),
                board,
                position.turn(),
            )
            .unwrap();
            let report = engine.search(&turned, &limits);
            // The book's move, or one the position's own symmetry makes the
            // same: the two lead to the same position.
            let after = |position: &Position, mv: Move| {
                let next = position.clone().play(mv).expect("a legal move");
                BookKey::of(next.board(), next.turn()).text
            };
            assert_eq!(
                after(&turned, report.best_move),
                after(position, Move::Place(*best)),
                "{symmetry:?}"
            );
            assert_eq!(report.nodes, 0, "a book move is not searched");
        }
    }
}

#[test]
fn analyses_depth_limits_and_lower_levels_search_for_themselves() {
    let (position, _) = renju_book_positions().remove(0);
    assert!(book_move(&position).is_some());
    let depth =
        engine(Strength::FULL).search(&position, &SearchLimits::depth(2).with_opening_book());
    assert_eq!(depth.depth, 2, "a depth-limited search searches");
    let lines = engine(Strength::FULL).search_lines(
        &position,
        &SearchLimits::time(Duration::from_millis(300)).with_opening_book(),
        2,
    );
    assert!(lines.nodes > 0, "an analysis of two lines searches");
    let level_seven = engine(Strength::new(7).unwrap()).search(
        &position,
        &SearchLimits::time(Duration::from_millis(200)).with_opening_book(),
    );
    assert!(level_seven.nodes > 0, "level 7 searches");
    let without =
        engine(Strength::FULL).search(&position, &SearchLimits::time(Duration::from_millis(200)));
    assert!(without.nodes > 0, "a search not for a game's move searches");
}

#[test]
fn a_book_move_outside_the_zone_is_not_played() {
    let (position, best) = renju_book_positions().remove(0);
    // A zone of one point that is not the book's move (an empty point next
    // to the stones): the answer is in it.
    let elsewhere = position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| match mv {
            Move::Place(point) if point != best => Some(point),
            _ => None,
        })
        .next()
        .unwrap();
    let zone = Zone::Exactly(elsewhere);
    let report = engine(Strength::FULL).search_in_zone(
        &position,
        &SearchLimits::time(Duration::from_millis(300)).with_opening_book(),
        zone,
    );
    assert_eq!(report.best_move, Move::Place(elsewhere));
}
