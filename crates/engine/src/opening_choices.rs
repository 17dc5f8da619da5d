//! The decisions of the opening rules that are not stones: colours (swap or
//! keep, Swap2's and Taraguchi-10's three-way choices), the declared number of
//! fifth moves, which fifth moves to offer and which offer to choose.

use narabe_rules::{Action, Color, Game, Player, Point, Zone};

use crate::decision_value::{ChoiceRng, NEAR_EQUAL, share, value_after, value_for};
use crate::game_player::{clearly_ahead, foul_for_mover, place, stone_candidates};
use crate::{Engine, SearchLimits};

/// Fifth moves weighed at least for an offer (more when more are due).
const OFFER_CANDIDATES: usize = 12;
/// Fifth moves weighed at most for an offer.
const MAX_OFFER_CANDIDATES: usize = 24;

/// The value of the position for the rules' first colour ("Black" of the
/// opening tables).
fn first_colour_value(engine: &mut Engine, game: &Game, limits: &SearchLimits) -> i32 {
    let first = game.config().rules().first_color();
    value_for(engine, game.position(), first, limits)
}

/// The colour `me` would rather hold: the one the search favours, either when
/// they are about equal.
fn preferred_colour(game: &Game, first_value: i32, rng: &mut ChoiceRng) -> Color {
    let first = game.config().rules().first_color();
    if clearly_ahead(first_value) {
        first
    } else if clearly_ahead(-first_value) || rng.below(2) == 0 {
        first.other()
    } else {
        first
    }
}

/// `swap` when `me` would rather hold the other colour, else `keep`.
fn toward(game: &Game, me: Player, colour: Color) -> Action {
    if game.color_of(me) == colour {
        Action::Keep
    } else {
        Action::Swap
    }
}

/// A colour decision: take the colour the search prefers.
pub(crate) fn swap_or_keep(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let value = first_colour_value(engine, game, limits);
    toward(game, me, preferred_colour(game, value, rng))
}

/// Yamaguchi's N (by the opener, before the opponent picks a colour) or
/// Soosõrv's k (by White, before Black may swap): more fifth moves the
/// stronger Black stands, so that neither colour is a gift: 1 when White
/// stands better, 1-2 when even, 2-3 when Black is ahead, 4-6 when far ahead.
pub(crate) fn declare(
    engine: &mut Engine,
    game: &Game,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    // The declaration's limit is the rules': Yamaguchi 10, Soosõrv-8 8.
    let max = game.declare_max().unwrap_or(1);
    let value = first_colour_value(engine, game, limits);
    let count = if value > 10 * NEAR_EQUAL {
        4 + rng.below(3)
    } else if clearly_ahead(value) {
        2 + rng.below(2)
    } else if clearly_ahead(-value) {
        1
    } else {
        1 + rng.below(2)
    };
    Action::Declare(u8::try_from(count).unwrap_or(1).clamp(1, max))
}

/// The next fifth move to offer: among the candidates that may still be
/// offered (never symmetric-equivalent to an offer made), one of the
/// strongest for Black. White will choose the weakest of the offers, so the
/// strongest set is Black's best.
pub(crate) fn offer(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let position = game.position();
    let due = usize::from(game.offers_due()).max(1) + game.offers().len();
    let wanted = (2 * due).clamp(OFFER_CANDIDATES, MAX_OFFER_CANDIDATES);
    let offerable = |point: Point| game.clone().apply(me, Action::Offer(point)).is_ok();
    let candidates: Vec<Point> = stone_candidates(game, Zone::Anywhere, rng, usize::MAX)
        .into_iter()
        .filter(|&point| offerable(point))
        .take(wanted)
        .collect();
    let part = share(limits, candidates.len());
    let black = position.turn();
    let options: Vec<(Point, i32)> = candidates
        .iter()
        .filter_map(|&point| {
            value_after(engine, position, point, black, &part).map(|value| (point, value))
        })
        .collect();
    if let Some(point) = rng.pick_best(&options) {
        return Action::Offer(point);
    }
    // Nothing near the stones is left: any point that may be offered.
    position
        .board()
        .empty_points()
        .find(|&point| !foul_for_mover(position, point) && offerable(point))
        .map_or(Action::Resign(me), Action::Offer)
}

/// White's pick among the offered fifth moves: the best for White.
pub(crate) fn choose(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let position = game.position();
    let offers = game.offers();
    let part = share(limits, offers.len());
    let chooser = game.color_of(me);
    let options: Vec<(Point, i32)> = offers
        .iter()
        .filter_map(|&point| {
            value_after(engine, position, point, chooser, &part).map(|value| (point, value))
        })
        .collect();
    rng.pick_best(&options)
        .or_else(|| offers.first().copied())
        .map_or(Action::Resign(me), Action::Choose)
}

/// Taraguchi-10 step 5, by Black: swap when White stands better, keep when
/// Black does; when even, keep or (one time in three) offer ten fifth moves.
pub(crate) fn taraguchi_choice(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let value = first_colour_value(engine, game, limits);
    if clearly_ahead(-value) {
        Action::Swap
    } else if clearly_ahead(value) || rng.below(3) != 0 {
        Action::Keep
    } else {
        offer(engine, game, me, limits, rng)
    }
}

/// Swap2 step 2, by the second player: take Black when Black stands clearly
/// better, White when White does; when even, place two more stones (one time
/// in three) or pick a colour.
pub(crate) fn swap2_choice(
    engine: &mut Engine,
    game: &Game,
    me: Player,
    limits: &SearchLimits,
    rng: &mut ChoiceRng,
) -> Action {
    let value = first_colour_value(engine, game, limits);
    let first = game.config().rules().first_color();
    if clearly_ahead(value) {
        toward(game, me, first)
    } else if clearly_ahead(-value) {
        toward(game, me, first.other())
    } else if rng.below(3) == 0 {
        place(engine, game, me, limits, rng)
    } else {
        toward(game, me, preferred_colour(game, value, rng))
    }
}
