//! The engine as a player of whole games: the next action of whoever is to
//! act, in every phase of every opening rule, and normal moves from the search.

use narabe_rules::{Action, Color, Game, Move, Phase, Player, Point, Position, Zone};

use crate::decision_value::{ChoiceRng, NEAR_EQUAL, share, value_after};
use crate::opening_choices;
use crate::{Engine, SearchLimits};

/// Opening stones weighed at most, so that a decision stays within its budget.
const STONE_CANDIDATES: usize = 8;

/// The action the player to act in `game` takes next, decided by `engine`
/// within `limits`; `None` once the game is over.
///
/// Every phase of every opening rule is answered, and the answer is always
/// accepted by [`Game::apply`] for [`Game::actor`]:
///
/// - opening stones go inside the zone; a stone that the opponent may still
///   take over by a colour decision aims at a balanced position, any other at
///   the best one for its colour;
/// - swap or keep, Swap2's and Taraguchi-10's choices take the colour the
///   search prefers;
/// - Yamaguchi's N and Soosõrv's k grow with Black's advantage (1 to 3 for a
///   balanced opening);
/// - fifth-move offers are the strongest for Black that are not
///   symmetric-equivalent, because White will pick the weakest of them;
/// - White chooses the offer best for White;
/// - normal moves come from [`Engine::search`], which passes only when nothing
///   better is possible.
///
/// Options about as good as the best vary with the engine's seed.
///
/// ```
/// use narabe_engine::{Engine, EngineOptions, SearchLimits, decide};
/// use narabe_rules::{Game, GameConfig};
/// let config = GameConfig::from_words("renju", None, Some("yamaguchi"), None, false)?;
/// let mut game = Game::new(config);
/// let mut engine = Engine::new(EngineOptions::default());
/// while let Some(action) = decide(&mut engine, &game, &SearchLimits::depth(1)) {
///     game.apply_next(action)?;
///     if game.moves().len() >= 8 {
///         break;
///     }
/// }
/// assert!(!game.in_opening());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn decide(engine: &mut Engine, game: &Game, limits: &SearchLimits) -> Option<Action> {
    let me = game.actor()?;
    let mut rng = ChoiceRng::new(engine.options().seed, game.position());
    let action = match game.phase() {
        Phase::Over => return None,
        Phase::Place => place(engine, game, me, limits, &mut rng),
        Phase::SwapOrKeep => opening_choices::swap_or_keep(engine, game, me, limits, &mut rng),
        Phase::Declare => opening_choices::declare(engine, game, limits, &mut rng),
        Phase::Offer => opening_choices::offer(engine, game, me, limits, &mut rng),
        Phase::Choose => opening_choices::choose(engine, game, me, limits, &mut rng),
        Phase::TaraguchiChoice => {
            opening_choices::taraguchi_choice(engine, game, me, limits, &mut rng)
        }
        Phase::Swap2Choice => opening_choices::swap2_choice(engine, game, me, limits, &mut rng),
    };
    Some(accepted(game, me, action).unwrap_or_else(|| any_accepted(game, me)))
}

/// `action` if the game accepts it from `me`.
fn accepted(game: &Game, me: Player, action: Action) -> Option<Action> {
    game.clone().apply(me, action).ok().map(|()| action)
}

/// Some action the game accepts from `me`: the last resort should a decision
/// ever be refused (it never is in the tests), so the engine never stalls.
fn any_accepted(game: &Game, me: Player) -> Action {
    let points: Vec<Point> = game.config().size().points().collect();
    let tries = [Action::Keep, Action::Declare(1), Action::Pass]
        .into_iter()
        .chain(game.offers().iter().map(|&point| Action::Choose(point)))
        .chain(points.iter().map(|&point| Action::Place(point)))
        .chain(points.iter().map(|&point| Action::Offer(point)));
    for action in tries {
        if accepted(game, me, action).is_some() {
            return action;
        }
    }
    Action::Resign(me)
}

/// A stone (or, in normal renju play, a pass) for the player to act.
pub(crate) fn place(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let zone = game.zone().unwrap_or(Zone::Anywhere);
    if let Zone::Exactly(point) = zone {
        return Action::Place(point);
    }
    let position = game.position();
    let candidates = stone_candidates(game, zone, rng, STONE_CANDIDATES);
    let balanced = candidates
        .first()
        .is_some_and(|&point| opponent_decides_colours_after(game, me, point));
    if balanced {
        // The opponent may take this stone's colour: aim at a position that is
        // as good for one colour as for the other.
        let part = share(limits, candidates.len());
        let options: Vec<(Point, i32)> = candidates
            .iter()
            .filter_map(|&point| {
                value_after(engine, position, point, position.turn(), &part)
                    .map(|value| (point, -value.saturating_abs()))
            })
            .collect();
        return rng
            .pick_best(&options)
            .map_or_else(|| any_accepted(game, me), Action::Place);
    }
    if zone == Zone::Anywhere {
        let report = engine.search(position, limits);
        let action = match report.best_move {
            Move::Place(point) => Action::Place(point),
            Move::Pass => Action::Pass,
        };
        if !is_foul(position, action) && accepted(game, me, action).is_some() {
            return action;
        }
    }
    // A zone the search does not know (Pro's third stone) or a refused answer:
    // the best candidate for the stone's colour.
    let part = share(limits, candidates.len());
    let options: Vec<(Point, i32)> = candidates
        .iter()
        .filter_map(|&point| {
            value_after(engine, position, point, position.turn(), &part).map(|value| (point, value))
        })
        .collect();
    rng.pick_best(&options)
        .map_or_else(|| any_accepted(game, me), Action::Place)
}

/// Whether `action` is a stone on a point forbidden to the colour to move.
fn is_foul(position: &Position, action: Action) -> bool {
    match action {
        Action::Place(point) => foul_for_mover(position, point),
        _ => false,
    }
}

/// Whether a stone of the colour to move on `point` is a renju foul.
pub(crate) fn foul_for_mover(position: &Position, point: Point) -> bool {
    position.turn() == Color::Black
        && position
            .black_verdict(point)
            .is_some_and(narabe_rules::BlackVerdict::is_foul)
}

/// Up to `limit` empty points of `zone` where the colour to move may put a
/// stone without a foul, nearest the stones first (the centre on an empty
/// board), the seed ordering points at the same distance.
pub(crate) fn stone_candidates(
    game: &Game,
    zone: Zone,
    rng: &mut ChoiceRng,
    limit: usize,
) -> Vec<Point> {
    let position = game.position();
    let board = position.board();
    let centre = game.config().size().center();
    let mut points: Vec<(u8, u64, Point)> = board
        .empty_points()
        .filter(|&point| zone.contains(point) && !foul_for_mover(position, point))
        .map(|point| {
            let distance = board
                .stones()
                .map(|(stone, _)| stone.chebyshev(point))
                .min()
                .unwrap_or_else(|| point.chebyshev(centre));
            (distance, rng.next_u64(), point)
        })
        .collect();
    points.sort_unstable();
    points
        .into_iter()
        .take(limit)
        .map(|(_, _, point)| point)
        .collect()
}

/// Whether, after `me` puts a stone on `point` (and any further opening stones
/// and numbers that are `me`'s to give), the opponent decides the colours.
fn opponent_decides_colours_after(game: &Game, me: Player, point: Point) -> bool {
    let mut next = game.clone();
    if next.apply(me, Action::Place(point)).is_err() {
        return false;
    }
    for _ in 0..8 {
        let mine = next.actor() == Some(me);
        match next.phase() {
            Phase::SwapOrKeep | Phase::Swap2Choice | Phase::TaraguchiChoice => return !mine,
            Phase::Declare if mine => {
                if next.apply(me, Action::Declare(1)).is_err() {
                    return false;
                }
            }
            Phase::Place if mine && next.in_opening() => {
                let zone = next.zone().unwrap_or(Zone::Anywhere);
                let Some(&stone) = next
                    .config()
                    .size()
                    .points()
                    .filter(|&point| zone.contains(point) && next.board().is_empty_at(point))
                    .collect::<Vec<_>>()
                    .first()
                else {
                    return false;
                };
                if next.apply(me, Action::Place(stone)).is_err() {
                    return false;
                }
            }
            _ => return false,
        }
    }
    false
}

/// Whether `value` is clearly in favour of its colour.
pub(crate) const fn clearly_ahead(value: i32) -> bool {
    value > NEAR_EQUAL
}
