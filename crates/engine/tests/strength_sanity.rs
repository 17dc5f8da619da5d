//! Strength sanity: full strength beats level 1 and a "nearest point" player
//! (the placeholder the engine replaced) in a handful of quick games. Every game
//! is deterministic: fixed seeds, depth and node limits, no clock.

use narabe_engine::{Engine, EngineOptions, SearchLimits, Strength};
use narabe_rules::{Color, Move, Point, Position, RuleSet};

/// Whoever plays a side in these games.
enum Player {
    Engine(Box<Engine>),
    NearestPoint,
}

impl Player {
    fn engine(level: u8, seed: u64) -> Player {
        Player::Engine(Box::new(Engine::new(EngineOptions {
            strength: Strength::new(level).unwrap(),
            memory_bytes: 8 << 20,
            seed,
            threads: 1,
        })))
    }

    fn choose(&mut self, position: &Position) -> Move {
        match self {
            Player::Engine(engine) => {
                let limits = SearchLimits {
                    max_depth: Some(3),
                    max_nodes: Some(60_000),
                    ..SearchLimits::default()
                };
                engine.search(position, &limits).best_move
            }
            Player::NearestPoint => nearest_point(position),
        }
    }
}

/// The legal point nearest the stones (ties broken by row then column), as the
/// placeholder search played.
fn nearest_point(position: &Position) -> Move {
    let centre = position.board().size().center();
    position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| match mv {
            Move::Place(point) => Some(point),
            Move::Pass => None,
        })
        .filter(|&point| {
            position.turn() == Color::White
                || !position.black_verdict(point).is_some_and(|v| v.is_foul())
        })
        .min_by_key(|&point: &Point| {
            position
                .board()
                .stones()
                .map(|(stone, _)| stone.chebyshev(point))
                .min()
                .unwrap_or_else(|| point.chebyshev(centre))
        })
        .map_or(Move::Pass, Move::Place)
}

/// Plays a game and answers the winner (None for a draw or the move cap).
fn play_game(
    rules: RuleSet,
    black: &mut Player,
    white: &mut Player,
    opening: &[&str],
) -> Option<Color> {
    let mut position = Position::new(rules);
    for name in opening {
        position
            .play_mut(Move::Place(name.parse().unwrap()))
            .unwrap();
    }
    for _ in 0..150 {
        if let Some(outcome) = position.outcome() {
            return outcome.winner;
        }
        let mover = if position.turn() == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let mv = mover.choose(&position);
        position.play_mut(mv).expect("players answer legal moves");
    }
    position.outcome().and_then(|outcome| outcome.winner)
}

fn full_strength_wins(rules: RuleSet, opponent: impl Fn(u64) -> Player) -> usize {
    let openings: [&[&str]; 2] = [&["h8", "i9"], &["h8", "h9", "j8"]];
    let mut wins = 0;
    for (game, opening) in openings.iter().enumerate() {
        for full_is_black in [true, false] {
            let seed = game as u64 * 2 + u64::from(full_is_black);
            let mut full = Player::engine(8, seed);
            let mut other = opponent(seed + 100);
            let winner = if full_is_black {
                play_game(rules, &mut full, &mut other, opening)
            } else {
                play_game(rules, &mut other, &mut full, opening)
            };
            let full_colour = if full_is_black {
                Color::Black
            } else {
                Color::White
            };
            if winner == Some(full_colour) {
                wins += 1;
            }
        }
    }
    wins
}

#[test]
fn full_strength_beats_the_nearest_point_player() {
    for rules in [RuleSet::Freestyle, RuleSet::Renju] {
        let wins = full_strength_wins(rules, |_| Player::NearestPoint);
        assert_eq!(wins, 4, "{rules}: full strength won {wins} of 4");
    }
}

#[test]
fn full_strength_beats_level_one() {
    for rules in [RuleSet::Standard, RuleSet::Renju] {
        let wins = full_strength_wins(rules, |seed| Player::engine(1, seed));
        assert!(wins >= 3, "{rules}: full strength won {wins} of 4");
    }
}

#[test]
fn level_one_still_completes_fives_and_blocks_fours() {
    let five = {
        let mut position = Position::new(RuleSet::Freestyle);
        for name in ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "o15"] {
            position
                .play_mut(Move::Place(name.parse().unwrap()))
                .unwrap();
        }
        position
    };
    let four = {
        let mut position = Position::new(RuleSet::Freestyle);
        for name in ["h8", "g8", "i8", "a1", "j8", "a3", "k8"] {
            position
                .play_mut(Move::Place(name.parse().unwrap()))
                .unwrap();
        }
        position
    };
    for seed in 0..20 {
        let mut level_one = Player::engine(1, seed);
        let played = level_one.choose(&five);
        assert!(
            played == Move::Place("g8".parse().unwrap())
                || played == Move::Place("l8".parse().unwrap()),
            "seed {seed}: {played:?}"
        );
        assert_eq!(
            level_one.choose(&four),
            Move::Place("l8".parse().unwrap()),
            "seed {seed}"
        );
    }
}

#[test]
fn levels_below_full_vary_with_the_seed_and_repeat_with_it() {
    let mut position = Position::new(RuleSet::Renju);
    for name in ["h8", "i9", "j8", "h9"] {
        position
            .play_mut(Move::Place(name.parse().unwrap()))
            .unwrap();
    }
    let choices: Vec<Move> = (0..12)
        .map(|seed| Player::engine(2, seed).choose(&position))
        .collect();
    let again: Vec<Move> = (0..12)
        .map(|seed| Player::engine(2, seed).choose(&position))
        .collect();
    assert_eq!(choices, again, "the same seed gives the same move");
    let distinct: std::collections::HashSet<String> =
        choices.iter().map(|mv| format!("{mv:?}")).collect();
    assert!(distinct.len() >= 2, "level 2 always chose {distinct:?}");
}
