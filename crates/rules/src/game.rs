//! A whole game as one state machine: the opening protocol, normal play and the
//! result, driven by [`Action`]s.

use crate::{
    Action, ActionKind, Board, CanonicalOpening, Color, GameConfig, GameLog, GameResult,
    IllegalMove, Move, Opening, Phase, PlayedAction, Player, Point, Position, Rejection,
    ResultReason, RuleSet, Zone,
};

/// A game: its configuration, the position on the board, who holds which colour,
/// where the opening protocol stands, and the log of every accepted action.
///
/// Stones alternate colours move by move (move 1 is the rules' first colour), so
/// the board is always a [`Position`] played move by move; the game decides who
/// acts and where a stone may go. Every action either applies or is refused with
/// a [`Rejection`], and a refused action leaves the game exactly as it was.
///
/// In the opening tables of RULES.md "Black" is the first colour and "White" the
/// other one; in Pente, where the first colour is White, the same tables apply
/// with the colours exchanged.
///
/// ```
/// use narabe_rules::{Action, Game, GameConfig, Phase, Player, Color};
/// let config = GameConfig::from_words("renju", None, Some("rif"), None, false)?;
/// let mut game = Game::new(config);
/// for point in ["h8", "h9", "j10"] {
///     game.apply(Player::First, Action::Place(point.parse()?))?;
/// }
/// assert_eq!(game.phase(), Phase::SwapOrKeep);
/// game.apply(Player::Second, Action::Swap)?;
/// assert_eq!(game.color_of(Player::Second), Color::Black);
/// assert_eq!(game.actor(), Some(Player::First)); // now White: places move 4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    config: GameConfig,
    position: Position,
    /// The colour [`Player::First`] holds now.
    first_holds: Color,
    /// The current step of the opening script, or `None` in normal play.
    step: Option<usize>,
    offers: Vec<Point>,
    declared: Option<u8>,
    moves: Vec<Move>,
    log: GameLog,
    played: Vec<PlayedAction>,
    result: Option<GameResult>,
}

/// Who takes a step of an opening script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// Player A, whatever colour they hold.
    A,
    /// Player B, whatever colour they hold.
    B,
    /// Whoever holds the rules' first colour ("Black" in the tables).
    FirstColor,
    /// Whoever holds the other colour ("White" in the tables).
    SecondColor,
    /// Whoever holds the colour of the stone that is due.
    ToMove,
}

/// Where an opening stone may go, relative to the board centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Area {
    Anywhere,
    Center,
    Within(u8),
    AtLeast(u8),
}

/// How many fifth moves an offer step asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Due {
    Fixed(u8),
    Declared,
}

/// One step of an opening script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A stone, of the colour whose move it is.
    Stone { by: Who, area: Area },
    /// A colour decision.
    SwapOrKeep { by: Who },
    /// A number from 1 to `max`.
    Declare { by: Who, max: u8 },
    /// Taraguchi-10 step 5, by the first colour's holder: `swap` or `keep` go on
    /// with the next step, `offer` jumps to the script's `Offer` step.
    TaraguchiChoice,
    /// Swap2 step 2, by B: `swap` or `keep` end the opening, `place` (move 4)
    /// goes on with the next step.
    Swap2Choice,
    /// The first colour's holder offers fifth moves.
    Offer { due: Due },
    /// The other colour's holder picks one of the offers as move 5.
    Choose,
    /// The opening is over (used where a branch ends before the script does).
    End,
}

use Step::{Choose, End, Swap2Choice, TaraguchiChoice};

const fn stone(by: Who, area: Area) -> Step {
    Step::Stone { by, area }
}

const fn swap_or_keep(by: Who) -> Step {
    Step::SwapOrKeep { by }
}

const fn declare(by: Who, max: u8) -> Step {
    Step::Declare { by, max }
}

const fn offer(due: Due) -> Step {
    Step::Offer { due }
}

const CENTER: Area = Area::Center;
const ANYWHERE: Area = Area::Anywhere;
const A: Who = Who::A;
const B: Who = Who::B;
const BLACK: Who = Who::FirstColor;
const WHITE: Who = Who::SecondColor;
const TO_MOVE: Who = Who::ToMove;

// The scripts follow the tables of RULES.md §5 row by row ("Black" is the
// first colour). A stone step by TO_MOVE is placed by the holder of the colour
// whose move it is.

const PRO: &[Step] = &[
    stone(TO_MOVE, CENTER),
    stone(TO_MOVE, ANYWHERE),
    stone(TO_MOVE, Area::AtLeast(3)),
];

const LONG_PRO: &[Step] = &[
    stone(TO_MOVE, CENTER),
    stone(TO_MOVE, ANYWHERE),
    stone(TO_MOVE, Area::AtLeast(4)),
];

/// W1-W2; W3 (holder(White) places move 4) is normal play.
const SWAP1: &[Step] = &[
    stone(A, ANYWHERE),
    stone(A, ANYWHERE),
    stone(A, ANYWHERE),
    swap_or_keep(B),
];

/// X1, X2 (its `place` is move 4), B's move 5, X3; move 6 is normal play.
const SWAP2: &[Step] = &[
    stone(A, ANYWHERE),
    stone(A, ANYWHERE),
    stone(A, ANYWHERE),
    Swap2Choice,
    stone(B, ANYWHERE),
    swap_or_keep(A),
];

/// Pente's `free` opening: the first player starts on the centre (RULES.md
/// Decisions), then normal play.
const PENTE_FREE: &[Step] = &[stone(TO_MOVE, CENTER)];

/// Swap2 in Pente: as [`SWAP2`], with the first stone on the centre.
const PENTE_SWAP2: &[Step] = &[
    stone(A, CENTER),
    stone(A, ANYWHERE),
    stone(A, ANYWHERE),
    Swap2Choice,
    stone(B, ANYWHERE),
    swap_or_keep(A),
];

/// R1-R7.
const RIF: &[Step] = &[
    stone(A, CENTER),
    stone(A, Area::Within(1)),
    stone(A, Area::Within(2)),
    swap_or_keep(B),
    stone(TO_MOVE, ANYWHERE),
    offer(Due::Fixed(2)),
    Choose,
    stone(TO_MOVE, ANYWHERE),
];

/// Y1-Y5.
const YAMAGUCHI: &[Step] = &[
    stone(A, CENTER),
    stone(A, Area::Within(1)),
    stone(A, Area::Within(2)),
    declare(A, 10),
    swap_or_keep(B),
    stone(TO_MOVE, ANYWHERE),
    offer(Due::Declared),
    Choose,
    stone(TO_MOVE, ANYWHERE),
];

/// T1-T7 (after swap or keep at T5), then T8-T9 (after an offer at T5).
const TARAGUCHI10: &[Step] = &[
    stone(A, CENTER),
    swap_or_keep(B),
    stone(TO_MOVE, Area::Within(1)),
    swap_or_keep(BLACK),
    stone(TO_MOVE, Area::Within(2)),
    swap_or_keep(WHITE),
    stone(TO_MOVE, Area::Within(3)),
    TaraguchiChoice,
    stone(TO_MOVE, Area::Within(4)),
    swap_or_keep(WHITE),
    stone(TO_MOVE, ANYWHERE),
    End,
    offer(Due::Fixed(10)),
    Choose,
    stone(TO_MOVE, ANYWHERE),
];

/// S1-S6.
const SOOSORV8: &[Step] = &[
    stone(A, CENTER),
    stone(A, Area::Within(1)),
    stone(A, Area::Within(2)),
    swap_or_keep(B),
    stone(TO_MOVE, ANYWHERE),
    declare(WHITE, 8),
    swap_or_keep(BLACK),
    offer(Due::Declared),
    Choose,
    stone(TO_MOVE, ANYWHERE),
];

/// The opening protocol of `opening` in a game of `rules` as a script of
/// steps; after the last step (or an `End`) the game is in normal play. Pente's
/// first stone always goes on the centre (RULES.md Decisions).
/// Whether `opening` in `rules` lets a player change colours.
pub(crate) fn colors_by_swap(opening: Opening, rules: RuleSet) -> bool {
    script(opening, rules).iter().any(|step| {
        matches!(
            step,
            Step::SwapOrKeep { .. } | TaraguchiChoice | Swap2Choice
        )
    })
}

/// The largest number `opening` in `rules` lets a player declare (Yamaguchi's
/// N, Soosõrv's k), if it has a declaration.
pub(crate) fn declare_limit(opening: Opening, rules: RuleSet) -> Option<u8> {
    script(opening, rules).iter().find_map(|step| match step {
        Step::Declare { max, .. } => Some(*max),
        _ => None,
    })
}

const fn script(opening: Opening, rules: RuleSet) -> &'static [Step] {
    let pente = matches!(rules, RuleSet::Pente | RuleSet::KeryoPente);
    match opening {
        Opening::Free if pente => PENTE_FREE,
        Opening::Swap2 if pente => PENTE_SWAP2,
        Opening::Free => &[],
        Opening::Pro | Opening::Tournament => PRO,
        Opening::LongPro => LONG_PRO,
        Opening::Swap1 => SWAP1,
        Opening::Swap2 => SWAP2,
        Opening::Rif => RIF,
        Opening::Yamaguchi => YAMAGUCHI,
        Opening::Taraguchi10 => TARAGUCHI10,
        Opening::Soosorv8 => SOOSORV8,
    }
}

impl Game {
    /// A new game: an empty board, Player A holding the first colour.
    #[must_use]
    pub fn new(config: GameConfig) -> Game {
        let position = Position::from_config(config);
        let step = if script(config.opening(), config.rules()).is_empty() {
            None
        } else {
            Some(0)
        };
        Game {
            config,
            first_holds: config.rules().first_color(),
            position,
            step,
            offers: Vec::new(),
            declared: None,
            moves: Vec::new(),
            log: GameLog::default(),
            played: Vec::new(),
            result: None,
        }
    }

    /// Replays `actions` from the start, each as [`Game::apply_next`] does.
    ///
    /// # Errors
    ///
    /// The index (from 0) of the first refused action and why it was refused.
    pub fn replay(config: GameConfig, actions: &[Action]) -> Result<Game, (usize, Rejection)> {
        let mut game = Game::new(config);
        for (index, &action) in actions.iter().enumerate() {
            game.apply_next(action)
                .map_err(|rejection| (index, rejection))?;
        }
        Ok(game)
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The position on the board.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        self.position.board()
    }

    /// Every accepted action so far.
    #[must_use]
    pub const fn log(&self) -> &GameLog {
        &self.log
    }

    /// Every accepted action so far with who took it, the colour they hold
    /// after it, its move number and its captures: the game's move list.
    #[must_use]
    pub fn played(&self) -> &[PlayedAction] {
        &self.played
    }

    /// The board moves played so far, stones and passes, in order (move 1 first).
    /// Offers that were not chosen are not moves.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result, once the game has ended.
    #[must_use]
    pub const fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The colour `player` holds now.
    #[must_use]
    pub fn color_of(&self, player: Player) -> Color {
        match player {
            Player::First => self.first_holds,
            Player::Second => self.first_holds.other(),
        }
    }

    /// The player holding `color` now.
    #[must_use]
    pub fn holder(&self, color: Color) -> Player {
        if color == self.first_holds {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The current step of the opening script, or `None` in normal play.
    fn current_step(&self) -> Option<Step> {
        self.step.and_then(|index| {
            script(self.config.opening(), self.config.rules())
                .get(index)
                .copied()
        })
    }

    /// The largest number the player who declares may declare now (Yamaguchi's
    /// N, Soosõrv's k), or `None` outside a declaration.
    #[must_use]
    pub fn declare_max(&self) -> Option<u8> {
        match self.current_step() {
            Some(Step::Declare { max, .. }) if !self.is_over() => Some(max),
            _ => None,
        }
    }

    /// Whether the opening rule lets a player change colours (a swap, keep or
    /// Swap2's choice), so that who plays Black is only known once it is done.
    #[must_use]
    pub fn colors_by_swap(&self) -> bool {
        colors_by_swap(self.config.opening(), self.config.rules())
    }

    /// Whether the opening protocol is still under way.
    #[must_use]
    pub fn in_opening(&self) -> bool {
        !self.is_over() && self.current_step().is_some()
    }

    fn resolve(&self, who: Who) -> Player {
        let first_color = self.config.rules().first_color();
        match who {
            Who::A => Player::First,
            Who::B => Player::Second,
            Who::FirstColor => self.holder(first_color),
            Who::SecondColor => self.holder(first_color.other()),
            Who::ToMove => self.holder(self.position.turn()),
        }
    }

    /// Who acts now (besides resigning, which both players may do at any time),
    /// or `None` once the game is over.
    #[must_use]
    pub fn actor(&self) -> Option<Player> {
        if self.is_over() {
            return None;
        }
        let who = match self.current_step() {
            None => Who::ToMove,
            Some(Step::Stone { by, .. } | Step::SwapOrKeep { by } | Step::Declare { by, .. }) => by,
            Some(TaraguchiChoice | Step::Offer { .. }) => Who::FirstColor,
            Some(Choose) => Who::SecondColor,
            Some(Swap2Choice) => Who::B,
            Some(End) => Who::ToMove,
        };
        Some(self.resolve(who))
    }

    /// The phase of the game.
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.is_over() {
            return Phase::Over;
        }
        match self.current_step() {
            None | Some(Step::Stone { .. } | End) => Phase::Place,
            Some(Step::SwapOrKeep { .. }) => Phase::SwapOrKeep,
            Some(Step::Declare { .. }) => Phase::Declare,
            Some(TaraguchiChoice) => Phase::TaraguchiChoice,
            Some(Swap2Choice) => Phase::Swap2Choice,
            Some(Step::Offer { .. }) => Phase::Offer,
            Some(Choose) => Phase::Choose,
        }
    }

    /// Whether a pass would be accepted now: renju only, in normal play, and in
    /// a free opening not during moves 1-3.
    fn pass_allowed(&self) -> bool {
        self.config.rules().allows_pass()
            && self.current_step().is_none()
            && !(self.config.opening() == Opening::Free && self.position.ply() < 3)
    }

    /// The actions the actor may take now, in the order of [`ActionKind::ALL`];
    /// none once the game is over. `resign` is open to both players until the
    /// end and is not listed.
    #[must_use]
    pub fn open_actions(&self) -> Vec<ActionKind> {
        if self.is_over() {
            return Vec::new();
        }
        match self.current_step() {
            None | Some(End) => {
                let mut open = vec![ActionKind::Place];
                if self.pass_allowed() {
                    open.push(ActionKind::Pass);
                }
                open
            }
            Some(Step::Stone { .. }) => vec![ActionKind::Place],
            Some(Step::SwapOrKeep { .. }) => vec![ActionKind::Swap, ActionKind::Keep],
            Some(Step::Declare { .. }) => vec![ActionKind::Declare],
            Some(TaraguchiChoice) => vec![ActionKind::Swap, ActionKind::Keep, ActionKind::Offer],
            Some(Swap2Choice) => vec![ActionKind::Place, ActionKind::Swap, ActionKind::Keep],
            Some(Step::Offer { .. }) => vec![ActionKind::Offer],
            Some(Choose) => vec![ActionKind::Choose],
        }
    }

    fn zone_of(&self, area: Area) -> Zone {
        let center = self.config.size().center();
        match area {
            Area::Anywhere => Zone::Anywhere,
            Area::Center => Zone::Exactly(center),
            Area::Within(distance) => Zone::Within { center, distance },
            Area::AtLeast(distance) => Zone::AtLeast { center, distance },
        }
    }

    /// Where a stone or an offer may go now, when `place` or `offer` is open;
    /// `None` otherwise.
    #[must_use]
    pub fn zone(&self) -> Option<Zone> {
        if self.is_over() {
            return None;
        }
        match self.current_step() {
            Some(Step::Stone { area, .. }) => Some(self.zone_of(area)),
            None | Some(End | TaraguchiChoice | Swap2Choice | Step::Offer { .. }) => {
                Some(Zone::Anywhere)
            }
            Some(Step::SwapOrKeep { .. } | Step::Declare { .. } | Choose) => None,
        }
    }

    /// How many offers an offer step asks for in all.
    fn offers_wanted(&self, due: Due) -> u8 {
        match due {
            Due::Fixed(count) => count,
            Due::Declared => self.declared.unwrap_or(0),
        }
    }

    /// How many fifth moves are still to be offered (0 outside the `offer` phase).
    #[must_use]
    pub fn offers_due(&self) -> u8 {
        match self.current_step() {
            Some(Step::Offer { due }) if !self.is_over() => {
                let made = u8::try_from(self.offers.len()).unwrap_or(u8::MAX);
                self.offers_wanted(due).saturating_sub(made)
            }
            _ => 0,
        }
    }

    /// The fifth moves offered so far, in the order offered; empty once one is
    /// chosen.
    #[must_use]
    pub fn offers(&self) -> &[Point] {
        &self.offers
    }

    /// Every empty point that may not be offered any more because it is
    /// symmetric to an offer already made (RULES.md §6), sorted by row then
    /// column. The offers themselves are not listed.
    #[must_use]
    pub fn excluded_points(&self) -> Vec<Point> {
        let board = self.position.board();
        let mut excluded: Vec<Point> = self
            .offers
            .iter()
            .flat_map(|&offer| crate::symmetric_fifth_moves(board, offer))
            .filter(|point| !self.offers.contains(point))
            .collect();
        excluded.sort_unstable();
        excluded.dedup();
        excluded
    }

    /// The number declared so far (Yamaguchi's N, Soosõrv's k).
    #[must_use]
    pub const fn declared(&self) -> Option<u8> {
        self.declared
    }

    /// The canonical opening (`2I` Kyōgetsu, ...) formed by moves 1-3, once they
    /// are on the board, in the renju opening rules that enforce the 26 openings
    /// (not `free`).
    #[must_use]
    pub fn opening_name(&self) -> Option<CanonicalOpening> {
        if self.config.opening() == Opening::Free || !self.config.rules().has_forbidden_moves() {
            return None;
        }
        let mut board = Board::new(self.config.size());
        let mut color = self.config.rules().first_color();
        for mv in self.moves.iter().take(3) {
            if let Move::Place(point) = mv {
                board.put(*point, color);
            }
            color = color.other();
        }
        if board.stone_count() < 3 {
            return None;
        }
        crate::identify_opening(&board)
    }

    /// Applies `action` taken by `player`.
    ///
    /// Resigning is open to both players at any moment before the end; the
    /// player must name themself (`apply(p, Resign(q))` with `p != q` is
    /// refused with `not-your-turn`). Every other action must come from
    /// [`Game::actor`].
    ///
    /// # Errors
    ///
    /// Why the action is refused; the game is then unchanged.
    pub fn apply(&mut self, player: Player, action: Action) -> Result<(), Rejection> {
        if self.is_over() {
            return Err(Rejection::GameOver);
        }
        if let Action::Resign(loser) = action {
            if player != loser {
                return Err(Rejection::NotYourTurn {
                    player,
                    expected: loser,
                });
            }
            let winner = loser.other();
            self.result = Some(GameResult {
                winner: Some(winner),
                winner_color: Some(self.color_of(winner)),
                reason: ResultReason::Resignation,
            });
            self.record(player, action, None, None, Vec::new());
            return Ok(());
        }
        let Some(actor) = self.actor() else {
            return Err(Rejection::GameOver);
        };
        if player != actor {
            return Err(Rejection::NotYourTurn {
                player,
                expected: actor,
            });
        }
        let moves_before = self.moves.len();
        let enemy_before = self.capturable_stones();
        let stone_color = self.position.turn();
        self.act(action)?;
        let move_number = (self.moves.len() > moves_before).then_some(self.moves.len());
        let stone = match self.moves.last() {
            Some(Move::Place(_)) if move_number.is_some() => Some(stone_color),
            _ => None,
        };
        let captured = match enemy_before {
            Some((color, before)) => before
                .into_iter()
                .filter(|&point| self.board().get(point) != Some(color))
                .collect(),
            None => Vec::new(),
        };
        self.record(player, action, move_number, stone, captured);
        Ok(())
    }

    /// In a game with captures, the colour that a stone of the player to move
    /// could capture and its stones now; `None` where nothing is ever captured.
    fn capturable_stones(&self) -> Option<(Color, Vec<Point>)> {
        self.config.rules().capture_goal()?;
        let enemy = self.position.turn().other();
        Some((enemy, self.board().stones_of(enemy).collect()))
    }

    /// Logs an accepted action and adds it to the move list.
    fn record(
        &mut self,
        player: Player,
        action: Action,
        move_number: Option<usize>,
        stone: Option<Color>,
        captured: Vec<Point>,
    ) {
        self.log.push(action);
        self.played.push(PlayedAction {
            player,
            action,
            color_after: self.color_of(player),
            move_number,
            stone,
            captured,
        });
    }

    /// Applies `action` as the player whose turn it is; a resignation as the
    /// player it names. This is how a log is replayed.
    ///
    /// # Errors
    ///
    /// Why the action is refused; the game is then unchanged.
    pub fn apply_next(&mut self, action: Action) -> Result<(), Rejection> {
        let player = match action {
            Action::Resign(player) => player,
            _ => self.actor().ok_or(Rejection::GameOver)?,
        };
        self.apply(player, action)
    }

    fn wrong_phase(&self, action: Action) -> Rejection {
        Rejection::WrongPhase {
            action: action.kind(),
            phase: self.phase(),
        }
    }

    /// Checks and carries out a non-resign action of the actor.
    fn act(&mut self, action: Action) -> Result<(), Rejection> {
        match (self.current_step(), action) {
            (None | Some(End), Action::Place(point)) => self.place(point, Area::Anywhere),
            (None | Some(End), Action::Pass) => {
                if !self.pass_allowed() {
                    return Err(Rejection::PassNotAllowed);
                }
                self.play(Move::Pass)
            }
            (Some(Step::Stone { area, .. }), Action::Place(point)) => {
                self.place(point, area)?;
                self.advance();
                Ok(())
            }
            (Some(Step::Stone { .. }), Action::Pass) => Err(Rejection::PassNotAllowed),
            (Some(Step::SwapOrKeep { .. } | TaraguchiChoice), Action::Swap | Action::Keep) => {
                self.decide_colors(action);
                self.advance();
                Ok(())
            }
            (Some(Swap2Choice), Action::Swap | Action::Keep) => {
                self.decide_colors(action);
                self.step = None;
                Ok(())
            }
            (Some(Swap2Choice), Action::Place(point)) => {
                self.place(point, Area::Anywhere)?;
                self.advance();
                Ok(())
            }
            (Some(Step::Declare { max, .. }), Action::Declare(count)) => {
                if !(1..=max).contains(&count) {
                    return Err(Rejection::CountOutOfRange { count, max });
                }
                self.declared = Some(count);
                self.advance();
                Ok(())
            }
            (Some(TaraguchiChoice), Action::Offer(point)) => {
                self.check_offer(point)?;
                let script = script(self.config.opening(), self.config.rules());
                let from = self.step.unwrap_or(0);
                let offer_step = script[from..]
                    .iter()
                    .position(|step| matches!(step, Step::Offer { .. }))
                    .map(|offset| from + offset);
                self.offers.push(point);
                self.step = offer_step;
                self.advance_if_offers_complete();
                Ok(())
            }
            (Some(Step::Offer { .. }), Action::Offer(point)) => {
                self.check_offer(point)?;
                self.offers.push(point);
                self.advance_if_offers_complete();
                Ok(())
            }
            (Some(Choose), Action::Offer(_)) => Err(Rejection::TooManyOffers(
                u8::try_from(self.offers.len()).unwrap_or(u8::MAX),
            )),
            (Some(Choose), Action::Choose(point)) => {
                if !self.offers.contains(&point) {
                    return Err(Rejection::NotOffered(point));
                }
                self.play(Move::Place(point))?;
                self.offers.clear();
                self.advance();
                Ok(())
            }
            _ => Err(self.wrong_phase(action)),
        }
    }

    /// Checks a stone on `point` inside `area` and plays it.
    fn place(&mut self, point: Point, area: Area) -> Result<(), Rejection> {
        if !self.config.size().contains(point) {
            return Err(Rejection::Illegal(IllegalMove::OffBoard(point)));
        }
        if !self.position.board().is_empty_at(point) {
            return Err(Rejection::Illegal(IllegalMove::Occupied(point)));
        }
        let zone = self.zone_of(area);
        if !zone.contains(point) {
            return Err(Rejection::OutsideZone { point, zone });
        }
        self.play(Move::Place(point))
    }

    /// Plays a board move, recording it and the result if it ends the game.
    fn play(&mut self, mv: Move) -> Result<(), Rejection> {
        self.position
            .play_mut(mv)
            .map_err(|illegal| match illegal {
                IllegalMove::GameOver => Rejection::GameOver,
                illegal @ (IllegalMove::OffBoard(_)
                | IllegalMove::Occupied(_)
                | IllegalMove::Forbidden { .. }) => Rejection::Illegal(illegal),
                IllegalMove::PassNotAllowed => Rejection::PassNotAllowed,
            })?;
        self.moves.push(mv);
        if let Some(outcome) = self.position.outcome() {
            let winner = outcome.winner.map(|color| self.holder(color));
            self.result = Some(GameResult {
                winner,
                winner_color: outcome.winner,
                reason: ResultReason::Board(outcome.reason),
            });
        }
        Ok(())
    }

    /// Checks that `point` may be offered as a fifth move next to the offers
    /// already made.
    fn check_offer(&self, point: Point) -> Result<(), Rejection> {
        if !self.config.size().contains(point) {
            return Err(Rejection::Illegal(IllegalMove::OffBoard(point)));
        }
        let board = self.position.board();
        if !board.is_empty_at(point) {
            return Err(Rejection::Illegal(IllegalMove::Occupied(point)));
        }
        if self.offers.contains(&point) {
            return Err(Rejection::AlreadyOffered(point));
        }
        if let Some(&earlier) = self
            .offers
            .iter()
            .find(|&&earlier| crate::fifth_moves_equivalent(board, point, earlier))
        {
            return Err(Rejection::SymmetricOffer { point, earlier });
        }
        Ok(())
    }

    fn decide_colors(&mut self, action: Action) {
        if action == Action::Swap {
            self.first_holds = self.first_holds.other();
        }
    }

    fn advance_if_offers_complete(&mut self) {
        if let Some(Step::Offer { due }) = self.current_step()
            && self.offers.len() >= usize::from(self.offers_wanted(due))
        {
            self.advance();
        }
    }

    /// Moves to the next step of the script; past its end, or onto an `End`,
    /// to normal play.
    fn advance(&mut self) {
        let next = self.step.map(|index| index + 1);
        self.step = next.filter(|&index| {
            script(self.config.opening(), self.config.rules())
                .get(index)
                .is_some_and(|step| *step != End)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_are_well_formed() {
        for (opening, rules) in Opening::ALL.into_iter().flat_map(|opening| {
            crate::RuleSet::ALL
                .into_iter()
                .filter(move |&rules| opening.is_allowed_in(rules))
                .map(move |rules| (opening, rules))
        }) {
            let steps = script(opening, rules);
            assert_ne!(steps.first(), Some(&End), "{opening}");
            for (index, step) in steps.iter().enumerate() {
                match step {
                    Step::Offer { .. } => {
                        assert_eq!(steps.get(index + 1), Some(&Choose), "{opening}");
                    }
                    TaraguchiChoice => assert!(
                        steps[index..]
                            .iter()
                            .any(|step| matches!(step, Step::Offer { .. })),
                        "{opening}"
                    ),
                    Step::Declare { max, .. } => assert!(*max >= 1, "{opening}"),
                    _ => {}
                }
            }
            // Every protocol places move 1 first (Swap2's choice comes after stones).
            if let Some(first) = steps.first() {
                assert!(matches!(first, Step::Stone { .. }), "{opening}");
            }
        }
    }

    #[test]
    fn a_new_game_of_each_opening() {
        for rules in crate::RuleSet::ALL {
            for &opening in Opening::allowed(rules) {
                let config =
                    GameConfig::new(rules, rules.default_size(), opening, Default::default())
                        .unwrap();
                let game = Game::new(config);
                assert_eq!(game.actor(), Some(Player::First));
                assert_eq!(game.phase(), Phase::Place);
                assert_eq!(game.color_of(Player::First), rules.first_color());
                let pente = matches!(rules, crate::RuleSet::Pente | crate::RuleSet::KeryoPente);
                assert_eq!(game.in_opening(), opening != Opening::Free || pente);
                assert_eq!(game.position().board().size(), config.size());
            }
        }
    }
}
