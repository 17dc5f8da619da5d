//! A record replayed through the rules: its main line through
//! `narabe_rules::Game` with the file's rules and opening, every variation on
//! the board.

use narabe_rules::capture::captured_by;
use narabe_rules::{
    Action, Board, Color, FoulPolicy, Game, GameConfig, IllegalMove, Move, Opening, Phase, Point,
    Position, Rejection, ResultReason,
};

use crate::tree::board_move;
use crate::{Location, NodeId, Problem, Record};

/// Checks `record` against its rules.
///
/// The main line goes through [`Game`] with the record's rules, board, opening
/// rule (`free` when unknown) and foul policy (`loses` when unknown). Opening
/// steps a format does not record are taken as the file implies: a missing
/// swap decision as `keep`, a missing declaration as the number of offers the
/// record makes (the largest number allowed when it makes none); where
/// fifth-move offers are missing or incomplete, or when a record that names
/// no opening rule places a stone where the default rule would not let it go,
/// the rest of the game is checked by the board rules alone. A board the platform does not offer
/// (Gomocup's 20x20) is checked by the board rules from the start. The game
/// must not go on after it has ended, and the file's result must not
/// contradict the board's. Every variation is checked for stones off the board
/// and on occupied points.
///
/// ```
/// use narabe_records::{GameTree, Location, Problem, Record, Settings, check};
/// use narabe_rules::{Action, IllegalMove, Rejection, RuleSet};
/// let (h8, h9) = (Action::Place("h8".parse()?), Action::Place("h9".parse()?));
/// let tree = GameTree::from_actions(&[h8, h9, h8]);
/// let record = Record::new(Settings::new(RuleSet::Renju), tree);
/// assert_eq!(
///     check(&record),
///     Err((Location::Move(3), Problem::Illegal(Rejection::Illegal(IllegalMove::Occupied("h8".parse()?)))))
/// );
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
///
/// # Errors
///
/// Where the record breaks the rules, and how.
pub fn check(record: &Record) -> Result<(), (Location, Problem)> {
    check_main_line(record)?;
    check_variations(record)
}

/// What replays the main line.
enum Judge {
    /// The whole game, opening protocol included.
    Game(Game),
    /// The board alone, once the opening cannot be followed or the board is
    /// one the platform does not offer.
    Board {
        position: Position,
        resigned: Option<Color>,
    },
}

impl Judge {
    /// The same game judged from here on by its board rules alone.
    fn on_the_board_alone(self) -> Judge {
        match self {
            Judge::Game(game) => Judge::Board {
                position: game.position().clone(),
                resigned: None,
            },
            board => board,
        }
    }

    /// Applies `action`, first taking the opening steps the record leaves out;
    /// `offers` is the number of fifth moves the record offers, the count a
    /// missing declaration stands for.
    fn apply(&mut self, action: Action, offers: u8) -> Result<(), Rejection> {
        if let Judge::Game(game) = self {
            let mut action = action;
            loop {
                let stone = matches!(action, Action::Place(_) | Action::Choose(_) | Action::Pass);
                match game.phase() {
                    Phase::SwapOrKeep
                        if !matches!(action, Action::Swap | Action::Keep | Action::Resign(_)) =>
                    {
                        game.apply_next(Action::Keep)?;
                    }
                    Phase::TaraguchiChoice if stone => game.apply_next(Action::Keep)?,
                    Phase::Declare if !matches!(action, Action::Declare(_) | Action::Resign(_)) => {
                        let most = game.declare_max().unwrap_or(1);
                        let count = if offers == 0 { most } else { offers.min(most) };
                        game.apply_next(Action::Declare(count))?;
                    }
                    Phase::Offer if stone => {
                        *self = Judge::Board {
                            position: game.position().clone(),
                            resigned: None,
                        };
                        return self.apply(action, offers);
                    }
                    Phase::Choose => match action {
                        Action::Place(point) if game.offers().contains(&point) => {
                            action = Action::Choose(point);
                            break;
                        }
                        _ => break,
                    },
                    _ => break,
                }
            }
            if let (Phase::Place | Phase::Swap2Choice, Action::Choose(point)) =
                (game.phase(), action)
            {
                action = Action::Place(point);
            }
            return game.apply_next(action);
        }
        let Judge::Board { position, resigned } = self else {
            unreachable!("handled above")
        };
        let mv = match action {
            Action::Place(point) | Action::Choose(point) => Move::Place(point),
            Action::Pass => Move::Pass,
            Action::Resign(_) => {
                *resigned = Some(position.turn());
                return Ok(());
            }
            Action::Swap | Action::Keep | Action::Declare(_) | Action::Offer(_) => return Ok(()),
        };
        position.play_mut(mv).map_err(|illegal| match illegal {
            IllegalMove::GameOver => Rejection::GameOver,
            illegal @ (IllegalMove::OffBoard(_)
            | IllegalMove::Occupied(_)
            | IllegalMove::Forbidden { .. }) => Rejection::Illegal(illegal),
            IllegalMove::PassNotAllowed => Rejection::PassNotAllowed,
        })
    }

    /// How the game ended, once it has: the winning colour (none for a draw)
    /// and a description.
    fn ending(&self) -> Option<(Option<Color>, String)> {
        match self {
            Judge::Game(game) => {
                let result = game.result()?;
                let how = match (result.reason, game.position().outcome()) {
                    (ResultReason::Board(_), Some(outcome)) => outcome.to_string(),
                    _ => match result.winner_color {
                        Some(color) => format!("{} resigned", color.other()),
                        None => result.to_string(),
                    },
                };
                Some((result.winner_color, how))
            }
            Judge::Board { position, resigned } => {
                if let Some(loser) = resigned {
                    return Some((Some(loser.other()), format!("{loser} resigned")));
                }
                position
                    .outcome()
                    .map(|outcome| (outcome.winner, outcome.to_string()))
            }
        }
    }
}

fn check_main_line(record: &Record) -> Result<(), (Location, Problem)> {
    let settings = &record.settings;
    let policy = settings.foul_policy.unwrap_or(FoulPolicy::Loses);
    let opening = settings.opening.unwrap_or(Opening::Free);
    let mut judge = match GameConfig::new(settings.rules, settings.size, opening, policy) {
        Ok(config) => Judge::Game(Game::new(config)),
        Err(_) => Judge::Board {
            position: Position::empty(settings.rules, settings.size, policy).map_err(|_| {
                (
                    Location::Whole,
                    Problem::RulesSize {
                        rules: settings.rules,
                        size: settings.size,
                    },
                )
            })?,
            resigned: None,
        },
    };
    let actions = record.tree.main_line_actions();
    let offers = actions
        .iter()
        .filter(|action| matches!(action, Action::Offer(_)))
        .count();
    let offers = u8::try_from(offers).unwrap_or(u8::MAX);
    let mut moves = 0;
    let mut ended: Option<(usize, Option<Color>, String)> = None;
    for action in actions {
        let number = moves + 1;
        if let Some((ended_at, _, how)) = &ended {
            return Err((
                Location::Move(number),
                Problem::PlayedOn {
                    ended_at: *ended_at,
                    how: how.clone(),
                },
            ));
        }
        match judge.apply(action, offers) {
            // A file that names no opening rule may follow one the default
            // does not (Pente's Swap2 starts anywhere, its free opening on
            // the centre): its stones are then checked by the board alone.
            Err(Rejection::OutsideZone { .. }) if settings.opening.is_none() => {
                judge = judge.on_the_board_alone();
                judge
                    .apply(action, offers)
                    .map_err(|rejection| (Location::Move(number), Problem::Illegal(rejection)))?;
            }
            result => {
                result
                    .map_err(|rejection| (Location::Move(number), Problem::Illegal(rejection)))?;
            }
        }
        if board_move(Some(action)).is_some() {
            moves += 1;
        }
        if let Some((winner, how)) = judge.ending() {
            ended = Some((moves.max(1), winner, how));
        }
    }
    if let (Some((ended_at, winner, how)), Some(result)) = (ended, settings.result)
        && result.winner != winner
    {
        return Err((
            Location::Move(ended_at),
            Problem::ResultContradicts {
                board: how,
                file: result,
            },
        ));
    }
    Ok(())
}

/// One node being walked through: the stone it put and the stones that stone
/// captured, to take back on the way up.
struct Step {
    node: NodeId,
    next_child: usize,
    moves: usize,
    placed: Option<(Point, Vec<Point>)>,
    /// The main-line move after which this node's line left the main line.
    left_main_after: Option<usize>,
}

fn check_variations(record: &Record) -> Result<(), (Location, Problem)> {
    let tree = &record.tree;
    let rules = record.settings.rules;
    let first = rules.first_color();
    let mut board = Board::new(record.settings.size);
    let mut stack = vec![Step {
        node: NodeId::ROOT,
        next_child: 0,
        moves: 0,
        placed: None,
        left_main_after: None,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(&child) = tree.node(top.node).children().get(top.next_child) else {
            let done = stack.pop().expect("the top exists");
            if let Some((point, captured)) = done.placed {
                let color = board.get(point).unwrap_or(first);
                board.remove(point);
                for stone in captured {
                    board.put(stone, color.other());
                }
            }
            continue;
        };
        let first_child = top.next_child == 0;
        top.next_child += 1;
        let moves = top.moves;
        let left_main_after = top.left_main_after.or((!first_child).then_some(moves));
        let mv = board_move(tree.node(child).action());
        let location = || match left_main_after {
            Some(after) => Location::Variation {
                number: moves + 1,
                after,
            },
            None => Location::Move(moves + 1),
        };
        let placed = match mv {
            Some(Move::Place(point)) => {
                if !board.size().contains(point) {
                    return Err((
                        location(),
                        Problem::Illegal(Rejection::Illegal(IllegalMove::OffBoard(point))),
                    ));
                }
                if board.get(point).is_some() {
                    return Err((
                        location(),
                        Problem::Illegal(Rejection::Illegal(IllegalMove::Occupied(point))),
                    ));
                }
                let color = if moves % 2 == 0 { first } else { first.other() };
                board.put(point, color);
                let captured = captured_by(&board, point, rules);
                for &stone in &captured {
                    board.remove(stone);
                }
                Some((point, captured))
            }
            _ => None,
        };
        stack.push(Step {
            node: child,
            next_child: 0,
            moves: moves + usize::from(mv.is_some()),
            placed,
            left_main_after,
        });
    }
    Ok(())
}
