//! Property tests of the game state machine: random action sequences under every
//! configuration never panic, a refused action changes nothing, replaying the
//! log of a random game reproduces it exactly, and the log text round-trips.

use narabe_rules::{
    Action, ActionKind, FoulPolicy, Game, GameConfig, GameLog, GameSnapshot, Opening, Player,
    Point, RuleSet,
};
use proptest::prelude::*;

/// Every configuration the platform allows (both board sizes of gomoku, both
/// foul policies of renju, Keryo-Pente).
fn configs() -> Vec<GameConfig> {
    let mut configs = Vec::new();
    for rules in RuleSet::ALL {
        for &size in rules.platform_sizes() {
            for &opening in Opening::allowed(rules) {
                for policy in [FoulPolicy::Loses, FoulPolicy::Refused] {
                    if policy == FoulPolicy::Refused && rules != RuleSet::Renju {
                        continue;
                    }
                    configs.push(GameConfig::new(rules, size, opening, policy).unwrap());
                }
            }
        }
    }
    configs
}

/// One random step: which player acts (or the actor), a selector for the kind
/// of action, a point and a count.
#[derive(Debug, Clone, Copy)]
struct Step {
    as_actor: bool,
    second: bool,
    selector: u8,
    col: u8,
    row: u8,
    count: u8,
}

fn step() -> impl Strategy<Value = Step> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<u8>(),
        0..21_u8,
        0..21_u8,
        0..12_u8,
    )
        .prop_map(|(as_actor, second, selector, col, row, count)| Step {
            as_actor,
            second,
            selector,
            col,
            row,
            count,
        })
}

/// Turns a random step into an action: mostly one of the open actions, at a
/// point that is often near the centre (so zones and offers are hit), sometimes
/// anything at all.
fn action(game: &Game, step: Step) -> Action {
    let lines = game.config().size().get();
    let center = game.config().size().center();
    let near = |value: u8, centre: u8| -> u8 { (centre + value % 9).saturating_sub(4) };
    let point = if step.selector.is_multiple_of(3) {
        Point::new(step.col, step.row)
    } else {
        Point::new(near(step.col, center.col()), near(step.row, center.row()))
    }
    .unwrap_or(center);
    let point = if step.col > lines {
        Point::new(lines, step.row).unwrap_or(point)
    } else {
        point
    };
    let open = game.open_actions();
    let kind = if step.selector % 16 == 15 || open.is_empty() {
        ActionKind::ALL[usize::from(step.selector / 16) % ActionKind::ALL.len()]
    } else {
        open[usize::from(step.selector / 16) % open.len()]
    };
    match kind {
        ActionKind::Place => Action::Place(point),
        ActionKind::Pass => Action::Pass,
        ActionKind::Swap => Action::Swap,
        ActionKind::Keep => Action::Keep,
        ActionKind::Declare => Action::Declare(step.count),
        ActionKind::Offer => Action::Offer(point),
        ActionKind::Choose => {
            let offers = game.offers();
            if offers.is_empty() || step.count == 0 {
                Action::Choose(point)
            } else {
                Action::Choose(offers[usize::from(step.count) % offers.len()])
            }
        }
        ActionKind::Resign => Action::Resign(if step.second {
            Player::Second
        } else {
            Player::First
        }),
    }
}

/// Plays `steps` on a new game of `config`, checking after each that a refused
/// action left the game unchanged and that the basic invariants hold.
fn play_random(config: GameConfig, steps: &[Step]) -> Result<Game, TestCaseError> {
    let mut game = Game::new(config);
    for &step in steps {
        let action = action(&game, step);
        // Resigning ends everything: keep it rare so games get deep.
        if matches!(action, Action::Resign(_)) && step.count != 0 {
            continue;
        }
        let before = game.clone();
        let outcome = if step.as_actor {
            game.apply_next(action)
        } else {
            let player = if step.second {
                Player::Second
            } else {
                Player::First
            };
            game.apply(player, action)
        };
        match outcome {
            Ok(()) => {
                prop_assert_eq!(game.log().actions().len(), before.log().actions().len() + 1);
                prop_assert_eq!(game.log().actions().last(), Some(&action));
            }
            Err(rejection) => {
                prop_assert_eq!(
                    &game,
                    &before,
                    "refused {} ({}) changed the game",
                    action,
                    rejection
                );
                prop_assert!(!rejection.code().is_empty() && !rejection.to_string().is_empty());
            }
        }
        prop_assert_eq!(game.actor().is_none(), game.is_over());
        prop_assert_eq!(game.open_actions().is_empty(), game.is_over());
        prop_assert!(usize::from(game.offers_due()) + game.offers().len() <= 10);
    }
    Ok(game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_replay_to_the_same_state(
        which in any::<prop::sample::Index>(),
        steps in prop::collection::vec(step(), 0..160),
    ) {
        let configs = configs();
        let config = configs[which.index(configs.len())];
        let game = play_random(config, &steps)?;
        let replayed = Game::replay(config, game.log().actions());
        prop_assert_eq!(replayed.as_ref(), Ok(&game));
        let text = game.log().to_string();
        let parsed = text.parse::<GameLog>();
        prop_assert_eq!(parsed.as_ref(), Ok(game.log()));
        let snapshot = GameSnapshot::of(&game);
        prop_assert_eq!(snapshot.ply, game.log().actions().len());
        prop_assert_eq!(snapshot.phase, game.phase());
        let stones = game.board().stone_count();
        prop_assert_eq!(snapshot.stones.len(), stones);
    }

    #[test]
    fn arbitrary_actions_by_either_player_never_panic(
        which in any::<prop::sample::Index>(),
        actions in prop::collection::vec((any::<bool>(), arbitrary_action()), 0..80),
    ) {
        let configs = configs();
        let mut game = Game::new(configs[which.index(configs.len())]);
        for (second, action) in actions {
            let player = if second { Player::Second } else { Player::First };
            let before = game.clone();
            if game.apply(player, action).is_err() {
                prop_assert_eq!(&game, &before);
            }
        }
    }
}

/// Any action at all, with points anywhere on the largest board.
fn arbitrary_action() -> impl Strategy<Value = Action> {
    let point = (0..22_u8, 0..22_u8).prop_map(|(col, row)| Point::new(col, row).unwrap());
    prop_oneof![
        point.clone().prop_map(Action::Place),
        Just(Action::Pass),
        Just(Action::Swap),
        Just(Action::Keep),
        any::<u8>().prop_map(Action::Declare),
        point.clone().prop_map(Action::Offer),
        point.prop_map(Action::Choose),
        any::<bool>().prop_map(|second| Action::Resign(if second {
            Player::Second
        } else {
            Player::First
        })),
    ]
}

#[test]
fn the_configurations_cover_every_opening_of_every_game() {
    let configs = configs();
    assert_eq!(configs.len(), 5 * 2 + 5 * 2 * 2 + 2 + 3 * 2);
    for opening in Opening::ALL {
        assert!(configs.iter().any(|config| config.opening() == opening));
    }
}

/// The random games above are only worth something if many of them get past
/// the opening and some of them end: check that on a fixed seed.
#[test]
fn random_games_get_deep() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let configs = configs();
    let (mut through, mut over, mut total) = (0, 0, 0);
    for _ in 0..400 {
        let which = any::<prop::sample::Index>()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let steps = prop::collection::vec(step(), 0..160)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let config = configs[which.index(configs.len())];
        let game = play_random(config, &steps).unwrap();
        total += 1;
        if !game.in_opening() {
            through += 1;
        }
        if game.is_over() {
            over += 1;
        }
    }
    assert_eq!(total, 400);
    assert!(
        through > 150,
        "only {through} of {total} games left the opening"
    );
    assert!(over > 30, "only {over} of {total} games ended");
}
