//! Random records for the property tests: legal games of every rule set and
//! opening rule played through `narabe_rules::Game`, variations on the board,
//! annotations and settings.

#![allow(dead_code, reason = "each test file uses part of the support")]

use narabe_records::{GameTree, Mark, NodeId, Record, RecordResult, Settings, TimeControl};
use narabe_rules::capture::captured_by;
use narabe_rules::{
    Action, ActionKind, Board, FoulPolicy, Game, GameConfig, Opening, Player, Point, ResultCode,
    RuleSet,
};
use proptest::prelude::*;

/// Everything a random record is made from; proptest shrinks each part.
#[derive(Debug, Clone)]
pub struct Seed {
    pub rules: RuleSet,
    pub size_choice: usize,
    pub opening_choice: usize,
    pub refused: bool,
    pub choices: Vec<u16>,
    pub resign: Option<bool>,
    pub texts: Vec<Option<String>>,
    pub clock: Option<TimeControl>,
    pub result_choice: u8,
    pub variations: Vec<(u16, u16)>,
    pub annotations: Vec<(u16, Annotation)>,
}

/// One node's random annotations.
#[derive(Debug, Clone)]
pub struct Annotation {
    pub comment: String,
    pub title: String,
    pub marked: bool,
    pub start: bool,
    pub labels: Vec<(u16, String)>,
    pub marks: Vec<(u16, u8)>,
    pub time_ms: Option<u32>,
}

/// A name without doubled or surrounding spaces, as every header keeps it.
pub fn name() -> impl Strategy<Value = String> {
    "[A-Z][a-z]{1,6}( [A-Z][a-zé]{1,6})?"
}

fn annotation() -> impl Strategy<Value = Annotation> {
    (
        "[a-zA-Z0-9 ,.é寒星]{0,12}(\n[a-zA-Z0-9 ,.ß]{1,12})?",
        "[a-zA-Z0-9 ,.é寒]{0,10}",
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec((any::<u16>(), "[A-Za-z0-9]{1,3}"), 0..3),
        proptest::collection::vec((any::<u16>(), 0u8..4), 0..3),
        proptest::option::of(0u32..100_000),
    )
        .prop_map(
            |(comment, title, marked, start, labels, marks, time_ms)| Annotation {
                comment,
                title,
                marked,
                start,
                labels,
                marks,
                time_ms,
            },
        )
}

fn clock() -> impl Strategy<Value = Option<TimeControl>> {
    proptest::option::of(prop_oneof![
        Just(TimeControl::Unlimited),
        (0u32..20_000, 0u32..120).prop_map(|(base_seconds, increment_seconds)| {
            TimeControl::Clock {
                base_seconds,
                increment_seconds,
            }
        }),
        (1u8..15).prop_map(TimeControl::DaysPerMove),
    ])
}

pub fn seed() -> impl Strategy<Value = Seed> {
    (
        proptest::sample::select(RuleSet::ALL.to_vec()),
        any::<usize>(),
        any::<usize>(),
        any::<bool>(),
        proptest::collection::vec(any::<u16>(), 0..70),
        proptest::option::of(any::<bool>()),
        proptest::collection::vec(proptest::option::of(name()), 7),
        clock(),
        any::<u8>(),
        proptest::collection::vec((any::<u16>(), any::<u16>()), 0..6),
        proptest::collection::vec((any::<u16>(), annotation()), 0..5),
    )
        .prop_map(
            |(
                rules,
                size_choice,
                opening_choice,
                refused,
                choices,
                resign,
                texts,
                clock,
                result_choice,
                variations,
                annotations,
            )| Seed {
                rules,
                size_choice,
                opening_choice,
                refused,
                choices,
                resign,
                texts,
                clock,
                result_choice,
                variations,
                annotations,
            },
        )
}

/// Plays one random legal action; `false` when none was found.
fn play_one(game: &mut Game, choice: u16) -> bool {
    let open = game.open_actions();
    if open.is_empty() {
        return false;
    }
    let choice = usize::from(choice);
    // Passes are rare, so that games grow.
    let kind = open[choice % open.len()];
    let kind = if kind == ActionKind::Pass && choice % 7 != 0 {
        ActionKind::Place
    } else {
        kind
    };
    let size = game.config().size();
    let zone = game.zone();
    let candidates: Vec<Point> = size
        .points()
        .filter(|&point| game.board().is_empty_at(point))
        .filter(|&point| zone.is_none_or(|zone| zone.contains(point)))
        .collect();
    let try_points = |game: &mut Game, make: fn(Point) -> Action| -> bool {
        if candidates.is_empty() {
            return false;
        }
        // Near the centre, so that rows form and games end now and then.
        let center = size.center();
        let mut near: Vec<Point> = candidates.clone();
        near.sort_by_key(|&point| (point.chebyshev(center), point));
        let window = near.len().min(40);
        for offset in 0..near.len() {
            let point = near[(choice / 3 + offset) % window.max(1)];
            if game.apply_next(make(point)).is_ok() {
                return true;
            }
            if offset > window {
                break;
            }
        }
        near.iter()
            .any(|&point| game.apply_next(make(point)).is_ok())
    };
    match kind {
        ActionKind::Place => try_points(game, Action::Place),
        ActionKind::Offer => try_points(game, Action::Offer),
        ActionKind::Pass => game.apply_next(Action::Pass).is_ok(),
        ActionKind::Swap => game.apply_next(Action::Swap).is_ok(),
        ActionKind::Keep => game.apply_next(Action::Keep).is_ok(),
        ActionKind::Declare => {
            let most = game.declare_max().unwrap_or(1);
            let count = u8::try_from(choice % usize::from(most)).unwrap_or(0) + 1;
            game.apply_next(Action::Declare(count.min(3))).is_ok()
        }
        ActionKind::Choose => {
            let offers = game.offers().to_vec();
            !offers.is_empty()
                && game
                    .apply_next(Action::Choose(offers[choice % offers.len()]))
                    .is_ok()
        }
        ActionKind::Resign => false,
    }
}

/// The board after the moves from the root to `id`.
fn board_at(tree: &GameTree, id: NodeId, settings: &Settings) -> Board {
    let mut board = Board::new(settings.size);
    let first = settings.rules.first_color();
    let mut moves = 0;
    for node in tree.path_to(id) {
        if let Some(narabe_rules::Move::Place(point)) =
            narabe_records::board_move(tree.node(node).action())
        {
            let color = if moves % 2 == 0 { first } else { first.other() };
            board.put(point, color);
            for stone in captured_by(&board, point, settings.rules) {
                board.remove(stone);
            }
        }
        if narabe_records::board_move(tree.node(node).action()).is_some() {
            moves += 1;
        }
    }
    board
}

pub fn record(seed: &Seed) -> Record {
    let rules = seed.rules;
    let sizes = rules.platform_sizes();
    let size = sizes[seed.size_choice % sizes.len()];
    let openings = Opening::allowed(rules);
    let opening = openings[seed.opening_choice % openings.len()];
    let policy = if seed.refused && rules == RuleSet::Renju {
        FoulPolicy::Refused
    } else {
        FoulPolicy::Loses
    };
    let config = GameConfig::new(rules, size, opening, policy).expect("a platform configuration");
    let mut game = Game::new(config);
    for &choice in &seed.choices {
        if game.is_over() || !play_one(&mut game, choice) {
            break;
        }
    }
    if let Some(first) = seed.resign
        && !game.is_over()
    {
        let player = if first { Player::First } else { Player::Second };
        game.apply(player, Action::Resign(player))
            .expect("resigning is always open");
    }
    let mut settings = Settings::with_size(rules, size);
    settings.opening = Some(opening);
    settings.foul_policy = seed.refused.then_some(policy);
    let text = |index: usize| seed.texts.get(index).cloned().flatten();
    settings.black = text(0);
    settings.white = text(1);
    settings.date = text(2);
    settings.event = text(3);
    settings.round = text(4);
    settings.place = text(5);
    settings.opening_name = text(6);
    settings.time_control = seed.clock;
    settings.result = match game.result() {
        Some(result) => Some(RecordResult {
            winner: result.winner_color,
            reason: Some(ResultCode::from(result.reason)),
        }),
        None => match seed.result_choice % 5 {
            0 => None,
            1 => Some(RecordResult::win(narabe_rules::Color::Black).because(ResultCode::Timeout)),
            2 => Some(RecordResult::draw().because(ResultCode::Agreement)),
            3 => Some(RecordResult::win(narabe_rules::Color::White)),
            _ => Some(RecordResult::draw()),
        },
    };
    let mut tree = GameTree::from_actions(game.log().actions());
    // Variations: alternatives to a main-line move, and lines under them,
    // never a continuation of the main line (which may have ended).
    for &(at, choice) in &seed.variations {
        let nodes = tree.preorder();
        let id = nodes[usize::from(at) % nodes.len()];
        if id == NodeId::ROOT {
            continue;
        }
        // An alternative to a main-line node hangs from its parent, after it;
        // under a variation node the line simply grows.
        let parent = if tree.main_line().contains(&id) {
            tree.parent(id)
        } else {
            id
        };
        // After offers a stone is the choice of one: no place there.
        if matches!(tree.node(parent).action(), Some(Action::Offer(_))) {
            continue;
        }
        let board = board_at(&tree, parent, &settings);
        let empty: Vec<Point> = board.empty_points().collect();
        if empty.is_empty() {
            continue;
        }
        tree.add(
            parent,
            Action::Place(empty[usize::from(choice) % empty.len()]),
        );
    }
    let nodes = tree.preorder();
    for (at, annotation) in &seed.annotations {
        let id = nodes[usize::from(*at) % nodes.len()];
        let node = tree.node_mut(id);
        node.comment = annotation.comment.clone();
        node.title = annotation.title.clone();
        node.marked = annotation.marked;
        node.start = annotation.start;
        node.time_ms = annotation.time_ms;
        let points: Vec<Point> = size.points().collect();
        for (point, text) in &annotation.labels {
            node.labels
                .insert(points[usize::from(*point) % points.len()], text.clone());
        }
        for (point, mark) in &annotation.marks {
            node.marks.insert(
                points[usize::from(*point) % points.len()],
                Mark::ALL[usize::from(*mark)],
            );
        }
    }
    Record::new(settings, tree)
}
