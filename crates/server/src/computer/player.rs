//! The computer as a player on the server: what it must do at a given moment,
//! the time it may think per level, and the jobs it runs in the engine pool.
//! The policies are documented in `docs/engine-in-server.md`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use narabe_engine::{Engine, EngineOptions, SearchLimits, SearchReport, Strength, decide};
use narabe_game::{Actor, Millis, Session, SessionAction};
use narabe_rules::{Game, Player, Position};

/// The engine's tables per job.
const ENGINE_MEMORY: usize = 32 << 20;
/// Board moves before which the computer never takes a draw offer.
const DRAW_AFTER_MOVES: usize = 50;
/// How close to even (in the engine's evaluation units) a position must be for
/// the computer to take a draw offer: well under one open three (its two
/// open-four points alone count 400 each), so neither side has a real threat
/// to play for.
const DRAWISH_VALUE: i32 = 100;
/// Share of the board filled with stones from which a draw offer is taken
/// whatever the evaluation says (not much can happen any more).
const FULL_BOARD_SHARE: f64 = 0.9;

/// What the computer must do now in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Duty {
    /// An answer that needs no search (a takeback or a rematch, granted).
    Answer(SessionAction),
    /// The next game action: an opening decision or a move.
    Decide,
    /// Weigh the opponent's draw offer.
    WeighDraw,
}

/// What the computer holding `computer` must do now, if anything. The
/// opponent's requests are answered before the computer moves; of the
/// takebacks, the first `takebacks` of the game are granted and the later ones
/// declined, so that takeback loops cannot keep the engine busy.
pub(crate) fn duty(session: &Session, computer: Player, takebacks: usize) -> Option<Duty> {
    let human = computer.other();
    if session.is_over() {
        let asked = session.rematch_offer() == Some(human) && !session.rematch_agreed();
        return asked.then_some(Duty::Answer(SessionAction::RematchAccept));
    }
    if session.takeback_request() == Some(human) {
        // Takebacks are granted, as the big sites' computers do, up to the
        // limit; a request can only exist when the game allows them.
        let granted = session
            .log()
            .iter()
            .filter(|entry| {
                entry.actor == Actor::Seat(computer)
                    && entry.action == SessionAction::TakebackAccept
            })
            .count();
        return Some(Duty::Answer(if granted < takebacks {
            SessionAction::TakebackAccept
        } else {
            SessionAction::TakebackDecline
        }));
    }
    if session.draw_offer() == Some(human) {
        return Some(Duty::WeighDraw);
    }
    (session.game().actor() == Some(computer)).then_some(Duty::Decide)
}

/// The time the engine may think per decision at each level, 1 to 8: from a
/// tenth of a second up to three seconds.
#[must_use]
fn move_time(level: u8) -> Duration {
    const MILLIS: [u64; 8] = [100, 200, 350, 500, 800, 1200, 2000, 3000];
    Duration::from_millis(MILLIS[usize::from(level.clamp(1, 8) - 1)])
}

/// The limits of one decision of the computer at `level`: the level's move
/// time and, with a real-time clock, the bank left (the engine spreads it).
pub(crate) fn limits(
    session: &Session,
    computer: Player,
    level: u8,
    now: Millis,
    stop: Arc<AtomicBool>,
) -> SearchLimits {
    SearchLimits {
        move_time: Some(move_time(level)),
        game_time_left: session
            .clocks()
            .remaining(computer, now)
            .map(Duration::from_millis),
        max_depth: None,
        max_nodes: None,
        stop: Some(stop),
        // A move of a game: level 8 may answer from the opening book.
        opening_book: true,
    }
}

/// A fresh engine at `level`, its choices seeded by `seed`.
fn engine(level: u8, seed: u64) -> Engine {
    Engine::new(EngineOptions {
        strength: Strength::new(level).unwrap_or(Strength::MIN),
        memory_bytes: ENGINE_MEMORY,
        seed,
        // The pool runs one search per core: a search takes one thread.
        threads: 1,
    })
}

/// The job of a duty that needs the engine: run in the pool, it answers the
/// computer's action (`None` when there is nothing to do any more).
pub(crate) fn think(
    duty: Duty,
    game: &Game,
    level: u8,
    seed: u64,
    limits: &SearchLimits,
) -> Option<SessionAction> {
    match duty {
        Duty::Answer(action) => Some(action),
        Duty::Decide => decide(&mut engine(level, seed), game, limits).map(SessionAction::Game),
        Duty::WeighDraw => Some(if drawish(game, level, seed, limits) {
            SessionAction::DrawAccept
        } else {
            SessionAction::DrawDecline
        }),
    }
}

/// Whether the computer takes a draw: the board is nearly full, or enough has
/// been played and the engine sees the position as even.
fn drawish(game: &Game, level: u8, seed: u64, limits: &SearchLimits) -> bool {
    let board = game.board();
    let area = f64::from(board.size().get()).powi(2);
    #[allow(clippy::cast_precision_loss)] // a board has at most 361 points
    if board.stone_count() as f64 >= area * FULL_BOARD_SHARE {
        return true;
    }
    if game.moves().len() < DRAW_AFTER_MOVES || game.position().is_over() {
        return false;
    }
    let report = engine(level, seed).search(game.position(), limits);
    matches!(report.score, narabe_engine::Score::Value(value) if value.abs() <= DRAWISH_VALUE)
}

/// A seed for the engine's choices in game `id` at `version`, so that games
/// differ from one another.
pub(crate) fn seed(id: &str, version: u64) -> u64 {
    // FNV-1a: stable and enough to spread the choices.
    id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    }) ^ version.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The position after the first `ply` board moves of `game` (all of them when
/// `None`), or `None` when the game has fewer moves.
pub(crate) fn position_at(game: &Game, ply: Option<usize>) -> Option<Position> {
    let moves = game.moves();
    let ply = ply.unwrap_or(moves.len());
    let config = game.config();
    let mut position = Position::empty(config.rules(), config.size(), config.foul_policy()).ok()?;
    for &mv in moves.get(..ply)? {
        position.play_mut(mv).ok()?;
    }
    Some(position)
}

/// The analysis budget: the time one search may take.
const ANALYSIS_TIME: Duration = Duration::from_millis(1500);

/// Searches `position` for an analysis of its best `lines` moves at full
/// strength within [`ANALYSIS_TIME`], its choices seeded by the position itself
/// (so that the same position gets the same kind of answer whichever game it
/// comes from).
pub(crate) fn analyse(position: &Position, lines: usize) -> SearchReport {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    position.hash(&mut hasher);
    engine(Strength::FULL.level(), hasher.finish()).search_lines(
        position,
        &SearchLimits::time(ANALYSIS_TIME),
        lines,
    )
}

#[cfg(test)]
mod tests {
    use narabe_game::SessionConfig;
    use narabe_rules::{Action, GameConfig};

    use super::*;

    fn session(takebacks: bool) -> Session {
        let mut config = SessionConfig::untimed(GameConfig::default());
        config.takebacks = takebacks;
        Session::new(config)
    }

    fn act(session: &mut Session, player: Player, action: &str) {
        let action: SessionAction = action.parse().unwrap();
        session.apply(Actor::Seat(player), action, 1_000).unwrap();
    }

    #[test]
    fn the_computer_moves_when_it_is_its_turn_only() {
        let mut session = session(false);
        assert_eq!(duty(&session, Player::First, 5), Some(Duty::Decide));
        assert_eq!(duty(&session, Player::Second, 5), None);
        act(&mut session, Player::First, "place h8");
        assert_eq!(duty(&session, Player::Second, 5), Some(Duty::Decide));
    }

    #[test]
    fn requests_are_answered_before_moving() {
        let mut session = session(true);
        act(&mut session, Player::First, "place h8");
        act(&mut session, Player::Second, "place h9");
        act(&mut session, Player::First, "draw offer");
        assert_eq!(duty(&session, Player::Second, 5), Some(Duty::WeighDraw));
        act(&mut session, Player::Second, "draw decline");
        act(&mut session, Player::First, "takeback request");
        assert_eq!(
            duty(&session, Player::Second, 5),
            Some(Duty::Answer(SessionAction::TakebackAccept))
        );
    }

    #[test]
    fn takebacks_beyond_the_limit_are_declined() {
        let mut session = session(true);
        act(&mut session, Player::First, "place h8");
        act(&mut session, Player::Second, "place h9");
        for _ in 0..2 {
            act(&mut session, Player::First, "place h10");
            act(&mut session, Player::First, "takeback request");
            assert_eq!(
                duty(&session, Player::Second, 2),
                Some(Duty::Answer(SessionAction::TakebackAccept))
            );
            act(&mut session, Player::Second, "takeback accept");
        }
        act(&mut session, Player::First, "place h10");
        act(&mut session, Player::First, "takeback request");
        assert_eq!(
            duty(&session, Player::Second, 2),
            Some(Duty::Answer(SessionAction::TakebackDecline))
        );
    }

    #[test]
    fn a_rematch_offer_is_accepted_once_the_game_is_over() {
        let mut session = session(false);
        session
            .apply(
                Actor::Seat(Player::First),
                SessionAction::Game(Action::Resign(Player::First)),
                1_000,
            )
            .unwrap();
        assert_eq!(duty(&session, Player::Second, 5), None);
        act(&mut session, Player::First, "rematch offer");
        assert_eq!(
            duty(&session, Player::Second, 5),
            Some(Duty::Answer(SessionAction::RematchAccept))
        );
    }

    #[test]
    fn higher_levels_think_longer() {
        for level in 1..8 {
            assert!(move_time(level) < move_time(level + 1));
        }
        assert_eq!(move_time(0), move_time(1));
    }

    #[test]
    fn early_draw_offers_are_declined() {
        let mut game = Game::new(GameConfig::default());
        for point in ["h8", "h9", "i8"] {
            game.apply_next(Action::Place(point.parse().unwrap()))
                .unwrap();
        }
        assert!(!drawish(&game, 1, 0, &SearchLimits::depth(1)));
    }

    #[test]
    fn positions_of_earlier_plies_are_rebuilt() {
        let mut game = Game::new(GameConfig::default());
        for point in ["h8", "h9", "i8"] {
            game.apply_next(Action::Place(point.parse().unwrap()))
                .unwrap();
        }
        assert_eq!(position_at(&game, None).unwrap().ply(), 3);
        assert_eq!(
            position_at(&game, Some(1)).unwrap().board().stone_count(),
            1
        );
        assert!(position_at(&game, Some(4)).is_none());
    }
}
