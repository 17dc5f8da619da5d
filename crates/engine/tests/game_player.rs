//! Two engines play whole games of every game and opening rule through
//! `Game::apply`: every decision is accepted, offers are never symmetric, and
//! the choices vary with the seed.

use std::collections::HashSet;

use narabe_engine::{Engine, EngineOptions, SearchLimits, Strength, decide};
use narabe_rules::{
    Action, FoulPolicy, Game, GameConfig, Opening, Phase, Player, RuleSet, fifth_moves_equivalent,
};

/// Board moves after which a game is stopped (the placeholder search is weak,
/// and the opening is what these tests are about).
const MOVE_CAP: usize = 60;

fn engines(seed: u64) -> [Engine; 2] {
    let options = |seed| EngineOptions {
        strength: Strength::MIN,
        memory_bytes: 1 << 20,
        seed,
        threads: 1,
    };
    [
        Engine::new(options(seed)),
        Engine::new(options(seed.wrapping_mul(31).wrapping_add(7))),
    ]
}

fn configs() -> Vec<GameConfig> {
    let mut configs = Vec::new();
    for rules in RuleSet::ALL {
        for &opening in Opening::allowed(rules) {
            let policies: &[FoulPolicy] = if rules.has_forbidden_moves() {
                &[FoulPolicy::Loses, FoulPolicy::Refused]
            } else {
                &[FoulPolicy::Loses]
            };
            for &policy in policies {
                configs.push(
                    GameConfig::new(rules, rules.default_size(), opening, policy)
                        .unwrap_or_else(|error| panic!("{rules} {opening}: {error}")),
                );
            }
        }
    }
    configs
}

/// Plays a game between two engines; the log of actions.
fn play(config: GameConfig, seed: u64) -> Vec<Action> {
    let mut game = Game::new(config);
    let mut players = engines(seed);
    let limits = SearchLimits::depth(1);
    let mut steps = 0;
    while !game.is_over() && game.moves().len() < MOVE_CAP {
        steps += 1;
        assert!(steps < 400, "{config}: the game does not progress");
        let actor = game.actor().expect("a game not over has an actor");
        let phase = game.phase();
        let offers_before = game.offers().to_vec();
        let board_before = game.board().clone();
        let action = decide(&mut players[actor.index()], &game, &limits)
            .expect("a game not over has a next action");
        assert!(
            !matches!(action, Action::Resign(_)),
            "{config} seed {seed}: resigned in phase {phase}"
        );
        if let Action::Offer(point) = action {
            for &earlier in &offers_before {
                assert!(
                    !fifth_moves_equivalent(&board_before, point, earlier),
                    "{config}: offered {point} after the equivalent {earlier}"
                );
            }
        }
        if let Err(rejection) = game.apply(actor, action) {
            panic!(
                "{config} seed {seed}: {action} by {actor} in phase {phase} refused: {rejection}\nlog: {}",
                game.log()
            );
        }
    }
    game.log().actions().to_vec()
}

#[test]
fn every_opening_of_every_game_is_played_without_a_rejection() {
    for config in configs() {
        for seed in [1, 2, 3] {
            let log = play(config, seed);
            assert!(!log.is_empty(), "{config}");
        }
    }
}

#[test]
fn every_opening_ends_in_normal_play_or_a_result() {
    for config in configs() {
        let mut game = Game::new(config);
        for action in play(config, 5) {
            game.apply_next(action).unwrap();
        }
        assert!(
            game.is_over() || !game.in_opening(),
            "{config}: still in the opening after {} moves",
            game.moves().len()
        );
    }
}

#[test]
fn choices_vary_with_the_seed() {
    for opening in ["yamaguchi", "swap2", "taraguchi10", "soosorv8"] {
        let game = if opening == "swap2" {
            "standard"
        } else {
            "renju"
        };
        let config = GameConfig::from_words(game, None, Some(opening), None, false).unwrap();
        let openings: HashSet<Vec<String>> = (0..8)
            .map(|seed| {
                play(config, seed)
                    .iter()
                    .take(8)
                    .map(ToString::to_string)
                    .collect()
            })
            .collect();
        assert!(
            openings.len() > 1,
            "{opening}: every seed opened the same way: {openings:?}"
        );
    }
}

#[test]
fn yamaguchi_declares_a_sensible_number_and_offers_that_many() {
    let config = GameConfig::from_words("renju", None, Some("yamaguchi"), None, false).unwrap();
    for seed in 0..6 {
        let mut game = Game::new(config);
        let mut players = engines(seed);
        let limits = SearchLimits::depth(1);
        let mut offered = 0;
        while game.in_opening() {
            let actor = game.actor().unwrap();
            let action = decide(&mut players[actor.index()], &game, &limits).unwrap();
            match action {
                Action::Declare(count) => assert!((1..=6).contains(&count), "declared {count}"),
                Action::Offer(_) => offered += 1,
                _ => {}
            }
            game.apply(actor, action).unwrap();
        }
        assert_eq!(Some(offered), game.declared());
    }
}

#[test]
fn taraguchi_ten_offers_are_pairwise_distinct_positions() {
    let config = GameConfig::from_words("renju", None, Some("taraguchi10"), None, false).unwrap();
    let mut saw_offers = false;
    for seed in 0..12 {
        let mut game = Game::new(config);
        let mut players = engines(seed);
        let limits = SearchLimits::depth(1);
        while game.in_opening() {
            let actor = game.actor().unwrap();
            let action = decide(&mut players[actor.index()], &game, &limits).unwrap();
            game.apply(actor, action).unwrap();
            if game.phase() == Phase::Choose {
                saw_offers = true;
                let offers = game.offers();
                assert_eq!(offers.len(), 10);
                for (index, &p) in offers.iter().enumerate() {
                    for &q in &offers[index + 1..] {
                        assert!(!fifth_moves_equivalent(game.board(), p, q), "{p} ~ {q}");
                    }
                }
            }
        }
    }
    assert!(saw_offers, "no seed chose to offer ten fifth moves");
}

#[test]
fn a_finished_game_has_no_next_action() {
    let config = GameConfig::from_words("freestyle", None, None, None, false).unwrap();
    let mut game = Game::new(config);
    game.apply(Player::First, Action::Resign(Player::First))
        .unwrap();
    let mut engine = Engine::new(EngineOptions::default());
    assert_eq!(decide(&mut engine, &game, &SearchLimits::depth(1)), None);
}

#[test]
fn swap2_choices_vary_across_seeds() {
    let config = GameConfig::from_words("freestyle", None, Some("swap2"), None, false).unwrap();
    let mut choices = HashSet::new();
    for seed in 0..16 {
        let log = play(config, seed);
        // The fourth action is the second player's Swap2 choice.
        choices.insert(match log[3] {
            Action::Place(_) => "place",
            Action::Swap => "swap",
            Action::Keep => "keep",
            other => panic!("{other} at the Swap2 choice"),
        });
    }
    assert!(choices.len() >= 2, "{choices:?}");
}
