//! A position under a rule set: the board, the side to move, captures, passes and
//! the outcome, with moves checked and applied.

use std::fmt;

use crate::capture::captured_by;
use crate::forbidden::{self, BlackVerdict};
use crate::win::winning_row;
use crate::{
    Board, BoardSize, Color, FoulKind, GameConfig, Move, Outcome, OutcomeReason, Point, RuleSet,
};

/// What happens when Black plays a forbidden point in renju (RULES.md Decisions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum FoulPolicy {
    /// The RIF rule: the move stands and White wins at once.
    #[default]
    Loses,
    /// Casual play: the move is rejected with its reason and nothing changes.
    Refused,
}

impl FoulPolicy {
    /// `loses` or `refused`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FoulPolicy::Loses => "loses",
            FoulPolicy::Refused => "refused",
        }
    }
}

impl std::str::FromStr for FoulPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<FoulPolicy, String> {
        match text {
            "loses" => Ok(FoulPolicy::Loses),
            "refused" => Ok(FoulPolicy::Refused),
            _ => Err(format!(
                "unknown foul policy {text:?} (expected loses or refused)"
            )),
        }
    }
}

/// Why a move cannot be played here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The point is not on this board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// The point already holds a stone.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// Black may not play there (renju, policy `refused`).
    #[error("{point} is forbidden for black ({kind})")]
    Forbidden {
        /// The point.
        point: Point,
        /// Why it is forbidden.
        kind: FoulKind,
    },
    /// Passing is not part of this game.
    #[error("passing is not allowed in this game")]
    PassNotAllowed,
}

impl IllegalMove {
    /// The stable code: `game-over`, `off-board`, `occupied`, `forbidden`,
    /// `pass-not-allowed`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            IllegalMove::GameOver => "game-over",
            IllegalMove::OffBoard(_) => "off-board",
            IllegalMove::Occupied(_) => "occupied",
            IllegalMove::Forbidden { .. } => "forbidden",
            IllegalMove::PassNotAllowed => "pass-not-allowed",
        }
    }
}

/// A move that could not be played, with the unchanged position.
#[derive(Clone, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError {
    /// Why the move was rejected.
    pub reason: IllegalMove,
    position: Box<Position>,
}

impl PlayError {
    /// The position, unchanged by the rejected move.
    #[must_use]
    pub fn into_position(self) -> Position {
        *self.position
    }
}

impl fmt::Debug for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayError")
            .field("reason", &self.reason)
            .finish_non_exhaustive()
    }
}

/// Why a position cannot be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The rule set is not played on this board size.
    #[error("{rules} is not played on a {size} board")]
    Size {
        /// The rule set.
        rules: RuleSet,
        /// The refused size.
        size: BoardSize,
    },
}

/// A position: a board under a rule set with the side to move, capture counts,
/// consecutive passes and, once decided, the outcome.
///
/// ```
/// use narabe_rules::{Move, Position, RuleSet, IllegalMove};
/// let position = Position::new(RuleSet::Standard);
/// let position = position.play(Move::Place("h8".parse()?)).unwrap();
/// let error = position.play(Move::Place("h8".parse()?)).unwrap_err();
/// assert!(matches!(error.reason, IllegalMove::Occupied(_)));
/// let position = error.into_position(); // unchanged
/// assert_eq!(position.ply(), 1);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    rules: RuleSet,
    foul_policy: FoulPolicy,
    board: Board,
    turn: Color,
    captures: [u16; 2],
    passes_in_a_row: u8,
    ply: u32,
    outcome: Option<Outcome>,
}

impl Position {
    /// The start of a game of `rules` on its default board, foul policy `loses`.
    #[must_use]
    pub fn new(rules: RuleSet) -> Position {
        Position::empty(rules, rules.default_size(), FoulPolicy::default())
            .expect("the default size is allowed")
    }

    /// The start of a game of `rules` on a `size` board.
    ///
    /// # Errors
    ///
    /// [`PositionError::Size`] when the rules are not played on that size.
    pub fn empty(
        rules: RuleSet,
        size: BoardSize,
        foul_policy: FoulPolicy,
    ) -> Result<Position, PositionError> {
        Position::from_board(rules, foul_policy, Board::new(size), rules.first_color())
    }

    /// The start of a game of `config`: its empty board, the first colour to
    /// move.
    ///
    /// Unlike [`Position::empty`] this cannot fail: a [`GameConfig`] only holds a
    /// size the platform offers for its rules ([`RuleSet::platform_sizes`]), and
    /// every such size is one the rules are played on ([`RuleSet::allows_size`]),
    /// which `GameConfig`'s tests check for every rule set and size.
    ///
    /// ```
    /// use narabe_rules::{GameConfig, Position};
    /// let config = GameConfig::from_words("caro", None, None, None, false)?;
    /// assert_eq!(Position::from_config(config).board().size(), config.size());
    /// # Ok::<(), narabe_rules::ConfigError>(())
    /// ```
    #[must_use]
    pub fn from_config(config: GameConfig) -> Position {
        let (rules, size) = (config.rules(), config.size());
        debug_assert!(rules.allows_size(size), "{rules} offered on {size}");
        Position::unchecked(
            rules,
            config.foul_policy(),
            Board::new(size),
            rules.first_color(),
        )
    }

    /// A position with the stones of `board` and `turn` to move, no captures, no
    /// passes and no outcome yet: the outcome is judged from the next move on (a
    /// setup for analysis and the engine protocol; games start from
    /// [`Position::from_config`] and are played move by move).
    ///
    /// # Errors
    ///
    /// [`PositionError::Size`] when the rules are not played on the board's size.
    pub fn from_board(
        rules: RuleSet,
        foul_policy: FoulPolicy,
        board: Board,
        turn: Color,
    ) -> Result<Position, PositionError> {
        if !rules.allows_size(board.size()) {
            return Err(PositionError::Size {
                rules,
                size: board.size(),
            });
        }
        Ok(Position::unchecked(rules, foul_policy, board, turn))
    }

    /// [`Position::from_board`] once the size is known to suit the rules.
    fn unchecked(rules: RuleSet, foul_policy: FoulPolicy, board: Board, turn: Color) -> Position {
        Position {
            rules,
            foul_policy,
            ply: u32::try_from(board.stone_count()).expect("stone count fits"),
            board,
            turn,
            captures: [0, 0],
            passes_in_a_row: 0,
            outcome: None,
        }
    }

    /// Sets the stones captured so far by `color`, for setting up a pente position
    /// in the middle of a game. A count at or past the goal does not end the game
    /// by itself: the outcome is judged from the next move on.
    #[must_use]
    pub const fn with_captures(mut self, color: Color, stones: u16) -> Position {
        self.captures[color.index()] = stones;
        self
    }

    /// The rule set.
    #[must_use]
    pub const fn rules(&self) -> RuleSet {
        self.rules
    }

    /// What a forbidden black move does.
    #[must_use]
    pub const fn foul_policy(&self) -> FoulPolicy {
        self.foul_policy
    }

    /// The stones.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Stones captured so far by `color` (Pente).
    #[must_use]
    pub const fn captures(&self, color: Color) -> u16 {
        self.captures[color.index()]
    }

    /// Moves played so far (stones and passes; stones set up count too).
    #[must_use]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// Passes played one after the other just now.
    #[must_use]
    pub const fn passes_in_a_row(&self) -> u8 {
        self.passes_in_a_row
    }

    /// The outcome once the game has ended.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The verdict for a black stone on `point`, when renju rules restrict Black
    /// and the point is empty; `None` otherwise.
    #[must_use]
    pub fn black_verdict(&self, point: Point) -> Option<BlackVerdict> {
        if self.rules.has_forbidden_moves() {
            forbidden::classify(&self.board, point)
        } else {
            None
        }
    }

    /// Every point where Black may not play (empty outside renju), sorted by row
    /// then column. It concerns the board, whoever is to move.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rules.has_forbidden_moves() {
            forbidden::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Every move the side to move may play, points sorted by row then column and
    /// `pass` last where allowed; none once the game is over. Under the `loses`
    /// policy Black's forbidden points are included: they can be played, and lose.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let refused = if self.turn == Color::Black
            && self.rules.has_forbidden_moves()
            && self.foul_policy == FoulPolicy::Refused
        {
            self.forbidden_points()
        } else {
            Vec::new()
        };
        let mut moves: Vec<Move> = self
            .board
            .empty_points()
            .filter(|point| refused.binary_search(point).is_err())
            .map(Move::Place)
            .collect();
        if self.rules.allows_pass() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// Checks `mv` without playing it.
    ///
    /// # Errors
    ///
    /// Why the move is illegal here.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass if !self.rules.allows_pass() => Err(IllegalMove::PassNotAllowed),
            Move::Pass => Ok(()),
            Move::Place(point) => {
                if !self.board.size().contains(point) {
                    return Err(IllegalMove::OffBoard(point));
                }
                if !self.board.is_empty_at(point) {
                    return Err(IllegalMove::Occupied(point));
                }
                if let Some(kind) = self.refused_foul(point) {
                    return Err(IllegalMove::Forbidden { point, kind });
                }
                Ok(())
            }
        }
    }

    /// The foul that the `refused` policy rejects on `point`, if any.
    fn refused_foul(&self, point: Point) -> Option<FoulKind> {
        if self.turn != Color::Black || self.foul_policy != FoulPolicy::Refused {
            return None;
        }
        match self.black_verdict(point) {
            Some(BlackVerdict::Foul(kind)) => Some(kind),
            _ => None,
        }
    }

    /// Plays `mv`, consuming the position.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] holding the reason and the unchanged position.
    pub fn play(mut self, mv: Move) -> Result<Position, PlayError> {
        match self.play_mut(mv) {
            Ok(()) => Ok(self),
            Err(reason) => Err(PlayError {
                reason,
                position: Box::new(self),
            }),
        }
    }

    /// Plays `mv` in place; on error the position is unchanged.
    ///
    /// # Errors
    ///
    /// Why the move is illegal here.
    pub fn play_mut(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let mover = self.turn;
        match mv {
            Move::Pass => {
                self.passes_in_a_row += 1;
                if self.passes_in_a_row >= 2 {
                    self.outcome = Some(Outcome {
                        winner: None,
                        reason: OutcomeReason::DoublePass,
                    });
                }
            }
            Move::Place(point) => {
                self.passes_in_a_row = 0;
                let verdict = if mover == Color::Black {
                    self.black_verdict(point)
                } else {
                    None
                };
                self.board.put(point, mover);
                self.after_stone(point, mover, verdict);
            }
        }
        self.turn = mover.other();
        self.ply += 1;
        Ok(())
    }

    /// Captures and the outcome after `mover`'s stone landed on `point`; `verdict`
    /// is the renju verdict for that point taken before the stone was placed.
    fn after_stone(&mut self, point: Point, mover: Color, verdict: Option<BlackVerdict>) {
        if let Some(BlackVerdict::Foul(kind)) = verdict {
            self.outcome = Some(Outcome {
                winner: Some(Color::White),
                reason: OutcomeReason::Foul { point, kind },
            });
            return;
        }
        let taken = captured_by(&self.board, point, self.rules);
        for &stone in &taken {
            self.board.remove(stone);
        }
        let captured = &mut self.captures[mover.index()];
        *captured += u16::try_from(taken.len()).expect("few stones per move");
        let captured = *captured;
        self.outcome = if let Some(row) = winning_row(&self.board, point, self.rules) {
            Some(Outcome {
                winner: Some(mover),
                reason: OutcomeReason::Row(row),
            })
        } else if self
            .rules
            .capture_goal()
            .is_some_and(|goal| captured >= goal)
        {
            Some(Outcome {
                winner: Some(mover),
                reason: OutcomeReason::Captures(captured),
            })
        } else if self.board.is_full() {
            Some(Outcome {
                winner: None,
                reason: OutcomeReason::FullBoard,
            })
        } else {
            None
        };
    }
}
