//! One Gomocup protocol session without I/O: it reads the manager's lines one at
//! a time, keeps the board, the rule and the time settings, and says what to
//! answer and when to search. [`crate::run_gomocup`] drives it on real streams.
//!
//! Decisions where managers differ (docs/engine-protocol.md explains them):
//!
//! - `INFO rule`: 0 freestyle, 1 standard (exactly five), 2 and 4 renju (2 is
//!   Yixin's value, which Yixin uses instead of Piskvork's "continuous game"),
//!   8 and 9 caro (Piskvork's caro bit, whose five is exact). Every other value,
//!   continuous games (3, 6, 7, ...) included, is refused with `ERROR` and the
//!   previous rule stays.
//! - `BOARD` and `YXBOARD` stones are `x,y,field` with field 1 own and 2 the
//!   opponent's; field 3 (a winning-line stone of a continuous game) is refused.
//!   Colours come from the counts: as many own stones as the opponent's means the
//!   brain has Black, one fewer means White. Other counts are refused in renju,
//!   where colours matter, and read as "the brain has Black" elsewhere.
//! - `YXSHOWFORBID` lists Black's forbidden points whoever is to move (Rapfi
//!   prints them only when Black is to move), and none outside renju.
//! - A bad command changes nothing: an occupied or off-board `TURN`, a `BOARD`
//!   with a bad line (the old position stays), a `TAKEBACK` of an empty point.

use std::time::Duration;

use narabe_rules::{Board, BoardSize, Color, FoulPolicy, Move, Point, Position, RuleSet};

use crate::gomocup_command::{
    BoardLine, CommandError, GomocupCommand, InfoSetting, parse_board_line, parse_command,
};
use crate::gomocup_coord::GomocupCoord;
use crate::{EngineOptions, Score, SearchLimits, SearchReport};

/// The time a move gets when the manager has sent no `timeout_turn`.
pub const DEFAULT_TIMEOUT_TURN: Duration = Duration::from_secs(5);

/// The budget of a move that must be played "as fast as possible" (a zero
/// `timeout_turn`, or no game time left): the engine still completes its first
/// iteration, so the move is sound.
pub const FAST_MOVE_TIME: Duration = Duration::from_millis(1);

/// The `time_left` value that Piskvork sends for an unlimited game (`i32::MAX`).
const UNLIMITED_TIME_LEFT: u64 = 2_147_483_647;
/// The most search threads `INFO thread_num` may ask for.
const MAX_THREADS: u64 = 64;

/// What the brain says about itself in answer to `ABOUT`.
pub const ABOUT_LINE: &str = concat!(
    "name=\"narabe\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"the narabe developers\", country=\"-\""
);

/// What the caller does after writing the lines of a [`SessionReply`].
#[derive(Debug, Clone)]
pub enum AfterReply {
    /// Wait for the next line.
    Wait,
    /// Search this position within these limits, then hand the report to
    /// [`GomocupSession::finish_search`] and write what it answers.
    Search(Box<SearchRequest>),
    /// The manager said `END`: stop.
    Exit,
}

/// A search the session asks for.
#[derive(Debug, Clone)]
pub struct SearchRequest {
    /// The position, the brain to move.
    pub position: Position,
    /// The budget from the time settings.
    pub limits: SearchLimits,
}

/// The session's answer to one input line.
#[derive(Debug, Clone)]
pub struct SessionReply {
    /// Lines for the manager, in order (without line ends).
    pub lines: Vec<String>,
    /// Whether a new game started (the engine forgets the previous one).
    pub new_game: bool,
    /// What to do next.
    pub after: AfterReply,
}

impl SessionReply {
    fn lines(lines: Vec<String>) -> SessionReply {
        SessionReply {
            lines,
            new_game: false,
            after: AfterReply::Wait,
        }
    }

    fn line(line: impl Into<String>) -> SessionReply {
        SessionReply::lines(vec![line.into()])
    }

    fn error(message: impl std::fmt::Display) -> SessionReply {
        SessionReply::line(format!("ERROR {message}"))
    }

    fn nothing() -> SessionReply {
        SessionReply::lines(Vec::new())
    }
}

/// A stone of the current game, in the order the stones came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stone {
    point: Point,
    color: Color,
}

/// Which block of stone lines is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// `BOARD`: a move is answered after `DONE`.
    Board,
    /// `YXBOARD`: nothing is answered.
    YxBoard,
}

impl BlockKind {
    const fn command(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
        }
    }
}

/// A `BOARD`/`YXBOARD` block being read, with the first problem found.
#[derive(Debug, Clone)]
struct PendingBlock {
    kind: BlockKind,
    lines: Vec<(GomocupCoord, u32)>,
    problem: Option<String>,
}

/// The time settings of the game, in milliseconds as the protocol sends them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TimeSettings {
    timeout_turn: Option<u64>,
    timeout_match: u64,
    time_left: Option<u64>,
}

/// A Gomocup protocol session: the board, the rule, the settings.
#[derive(Debug, Clone)]
pub struct GomocupSession {
    base_options: EngineOptions,
    size: Option<BoardSize>,
    rule: RuleSet,
    stones: Vec<Stone>,
    to_move: Color,
    block: Option<PendingBlock>,
    time: TimeSettings,
    max_memory: u64,
    threads: Option<usize>,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    game_type: Option<u64>,
    folder: Option<String>,
}

impl GomocupSession {
    /// A session before `START`, for an engine made with `base_options` (its
    /// memory follows `INFO max_memory`).
    #[must_use]
    pub fn new(base_options: EngineOptions) -> GomocupSession {
        GomocupSession {
            base_options,
            size: None,
            rule: RuleSet::Freestyle,
            stones: Vec::new(),
            to_move: Color::Black,
            block: None,
            time: TimeSettings {
                timeout_turn: None,
                timeout_match: 0,
                time_left: None,
            },
            max_memory: 0,
            threads: None,
            max_depth: None,
            max_nodes: None,
            game_type: None,
            folder: None,
        }
    }

    /// The rule in force.
    #[must_use]
    pub const fn rule(&self) -> RuleSet {
        self.rule
    }

    /// The board size, once `START` has been accepted.
    #[must_use]
    pub const fn size(&self) -> Option<BoardSize> {
        self.size
    }

    /// The colour the brain plays next.
    #[must_use]
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The `game_type` the manager announced, if any.
    #[must_use]
    pub const fn game_type(&self) -> Option<u64> {
        self.game_type
    }

    /// The `folder` the manager announced, if any (narabe keeps no files there).
    #[must_use]
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// The options the engine should have now: the base options with the memory
    /// from `INFO max_memory` and the threads from `INFO thread_num`. A memory
    /// limit keeps a quarter (at most 32 MiB) for the rest of the process; 0
    /// (no limit) keeps the base options' memory.
    #[must_use]
    pub fn engine_options(&self) -> EngineOptions {
        let memory_bytes = if self.max_memory == 0 {
            self.base_options.memory_bytes
        } else {
            let reserve = (self.max_memory / 4).min(32 << 20);
            usize::try_from(self.max_memory - reserve)
                .unwrap_or(usize::MAX)
                .max(1 << 20)
        };
        EngineOptions {
            memory_bytes,
            threads: self.threads.unwrap_or(self.base_options.threads),
            ..self.base_options
        }
    }

    /// The position on the board with the brain to move, once a game started.
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        let size = self.size?;
        let mut board = Board::new(size);
        for stone in &self.stones {
            board.put(stone.point, stone.color);
        }
        Position::from_board(self.rule, FoulPolicy::Loses, board, self.to_move).ok()
    }

    /// Answers one line from the manager.
    pub fn handle_line(&mut self, line: &str) -> SessionReply {
        let line = line.trim();
        if line.is_empty() {
            // The protocol's managers ignore empty lines; so does the brain.
            return SessionReply::nothing();
        }
        if let Some(block) = self.block.as_mut() {
            match parse_board_line(block.kind.command(), line) {
                Ok(BoardLine::Done) => return self.finish_block(),
                Ok(BoardLine::Stone { coord, field }) => {
                    block.lines.push((coord, field));
                    return SessionReply::nothing();
                }
                Err(error) => match parse_command(line) {
                    // A command in the middle of the block: the manager gave up on
                    // it. Say so and follow the command.
                    Ok(command) => {
                        let kind = block.kind.command();
                        self.block = None;
                        let mut reply = self.handle_command(command);
                        reply.lines.insert(
                            0,
                            format!("ERROR {kind} was not ended by DONE; the board is unchanged"),
                        );
                        return reply;
                    }
                    Err(_) => {
                        block.problem.get_or_insert(error.to_string());
                        return SessionReply::nothing();
                    }
                },
            }
        }
        match parse_command(line) {
            Ok(command) => self.handle_command(command),
            Err(CommandError::Unknown(keyword)) => {
                SessionReply::line(format!("UNKNOWN command {keyword} is not supported"))
            }
            Err(error @ CommandError::Malformed { .. }) => SessionReply::error(error),
        }
    }

    fn handle_command(&mut self, command: GomocupCommand) -> SessionReply {
        match command {
            GomocupCommand::Start { size } => self.start(size),
            GomocupCommand::RectStart { width, height } => SessionReply::error(format!(
                "rectangular boards ({width}x{height}) are not supported; narabe plays square \
                 boards of 5 to 22 lines (START n)"
            )),
            GomocupCommand::Restart => match self.size {
                Some(_) => self.new_game(),
                None => no_game(),
            },
            GomocupCommand::Begin => self.begin(),
            GomocupCommand::Turn(coord) => self.turn(coord),
            GomocupCommand::Board => self.open_block(BlockKind::Board),
            GomocupCommand::YxBoard => self.open_block(BlockKind::YxBoard),
            GomocupCommand::Done => SessionReply::error("DONE without BOARD or YXBOARD"),
            GomocupCommand::Info(setting) => self.info(setting),
            GomocupCommand::End => SessionReply {
                lines: Vec::new(),
                new_game: false,
                after: AfterReply::Exit,
            },
            GomocupCommand::About => SessionReply::line(ABOUT_LINE),
            GomocupCommand::Takeback(coord) => self.takeback(coord),
            GomocupCommand::YxShowForbid => self.show_forbidden(),
        }
    }

    fn start(&mut self, size: u32) -> SessionReply {
        let Some(board_size) = u8::try_from(size).ok().and_then(BoardSize::new) else {
            return SessionReply::error(format!(
                "unsupported board size {size}: narabe plays boards of 5 to 22 lines"
            ));
        };
        if !self.rule.allows_size(board_size) {
            return SessionReply::error(format!(
                "unsupported board size {size}: {} is played on 15x15 only",
                self.rule
            ));
        }
        self.size = Some(board_size);
        // The pattern tables are built now, not inside the first timed search.
        crate::Engine::warm_up(self.rule);
        self.new_game()
    }

    fn new_game(&mut self) -> SessionReply {
        self.stones.clear();
        self.to_move = Color::Black;
        self.block = None;
        SessionReply {
            lines: vec!["OK".to_owned()],
            new_game: true,
            after: AfterReply::Wait,
        }
    }

    fn begin(&mut self) -> SessionReply {
        if self.size.is_none() {
            return no_game();
        }
        if !self.stones.is_empty() {
            return SessionReply::error(
                "BEGIN needs an empty board: send RESTART first, or BOARD for a position",
            );
        }
        self.search_reply(Vec::new())
    }

    fn turn(&mut self, coord: GomocupCoord) -> SessionReply {
        let Some(size) = self.size else {
            return no_game();
        };
        let Some(point) = coord.to_point(size) else {
            return SessionReply::error(format!("{coord} is off the {size} board"));
        };
        if self.stones.iter().any(|stone| stone.point == point) {
            return SessionReply::error(format!("{coord} is occupied"));
        }
        self.stones.push(Stone {
            point,
            color: self.to_move,
        });
        self.to_move = !self.to_move;
        self.search_reply(Vec::new())
    }

    fn open_block(&mut self, kind: BlockKind) -> SessionReply {
        if self.size.is_none() {
            return no_game();
        }
        self.block = Some(PendingBlock {
            kind,
            lines: Vec::new(),
            problem: None,
        });
        SessionReply::nothing()
    }

    fn finish_block(&mut self) -> SessionReply {
        let Some(block) = self.block.take() else {
            return SessionReply::nothing();
        };
        let size = self.size.expect("a block opens only after START");
        let command = block.kind.command();
        let stones = match block.problem {
            Some(problem) => Err(problem),
            None => self.block_stones(&block.lines, size, command),
        };
        let (stones, own) = match stones {
            Ok(stones) => stones,
            Err(problem) => {
                return SessionReply::error(format!("{problem}; the board is unchanged"));
            }
        };
        self.stones = stones;
        self.to_move = own;
        match block.kind {
            BlockKind::Board => self.search_reply(Vec::new()),
            BlockKind::YxBoard => SessionReply::nothing(),
        }
    }

    /// The stones of a block with their colours, and the brain's colour.
    fn block_stones(
        &self,
        lines: &[(GomocupCoord, u32)],
        size: BoardSize,
        command: &str,
    ) -> Result<(Vec<Stone>, Color), String> {
        let own_count = lines.iter().filter(|(_, field)| *field == 1).count();
        let opponent_count = lines.iter().filter(|(_, field)| *field == 2).count();
        let own = if own_count == opponent_count {
            Color::Black
        } else if opponent_count == own_count + 1 {
            Color::White
        } else if self.rule.has_forbidden_moves() {
            return Err(format!(
                "{command}: {own_count} own and {opponent_count} opponent stones cannot come \
                 from alternating moves, and renju needs to know which stones are Black"
            ));
        } else {
            // Outside renju the colours do not change the rules: any assignment
            // plays the same game.
            Color::Black
        };
        let mut stones: Vec<Stone> = Vec::with_capacity(lines.len());
        for &(coord, field) in lines {
            let color = match field {
                1 => own,
                2 => !own,
                3 => {
                    return Err(format!(
                        "{command}: field 3 at {coord} belongs to continuous games, which \
                         narabe does not play"
                    ));
                }
                _ => {
                    return Err(format!(
                        "{command}: field {field} at {coord} is neither 1 (own) nor 2 (opponent)"
                    ));
                }
            };
            let point = coord
                .to_point(size)
                .ok_or_else(|| format!("{command}: {coord} is off the {size} board"))?;
            if stones.iter().any(|stone| stone.point == point) {
                return Err(format!("{command}: {coord} is given twice"));
            }
            stones.push(Stone { point, color });
        }
        Ok((stones, own))
    }

    fn takeback(&mut self, coord: GomocupCoord) -> SessionReply {
        let Some(size) = self.size else {
            return no_game();
        };
        let Some(point) = coord.to_point(size) else {
            return SessionReply::error(format!("{coord} is off the {size} board"));
        };
        let Some(index) = self.stones.iter().rposition(|stone| stone.point == point) else {
            return SessionReply::error(format!("there is no stone to take back at {coord}"));
        };
        let stone = self.stones.remove(index);
        // The player whose stone went back plays again.
        self.to_move = stone.color;
        SessionReply::line("OK")
    }

    fn show_forbidden(&self) -> SessionReply {
        let (Some(size), Some(position)) = (self.size, self.position()) else {
            return no_game();
        };
        let mut coords: Vec<GomocupCoord> = position
            .forbidden_points()
            .into_iter()
            .map(|point| GomocupCoord::from_point(point, size))
            .collect();
        // Yixin lists the points as the manager draws them: by row from the top,
        // then by column.
        coords.sort_by_key(|coord| (coord.y, coord.x));
        let digits: String = coords
            .into_iter()
            .map(GomocupCoord::two_digit_pair)
            .collect();
        SessionReply::line(format!("FORBID {digits}."))
    }

    fn info(&mut self, setting: InfoSetting) -> SessionReply {
        match setting {
            InfoSetting::TimeoutTurn(ms) => self.time.timeout_turn = Some(ms),
            InfoSetting::TimeoutMatch(ms) => self.time.timeout_match = ms,
            InfoSetting::TimeLeft(ms) => self.time.time_left = Some(ms),
            InfoSetting::MaxMemory(bytes) => self.max_memory = bytes,
            InfoSetting::ThreadNum(threads) => {
                self.threads = usize::try_from(threads.clamp(1, MAX_THREADS)).ok();
            }
            InfoSetting::GameType(kind) => self.game_type = Some(kind),
            InfoSetting::Folder(folder) => self.folder = Some(folder),
            InfoSetting::MaxDepth(depth) => {
                self.max_depth = u32::try_from(depth).ok().filter(|depth| *depth > 0);
            }
            InfoSetting::MaxNode(nodes) => self.max_nodes = Some(nodes).filter(|nodes| *nodes > 0),
            InfoSetting::Rule(value) => return self.set_rule(value),
            // The protocol lets a brain ignore settings it does not use.
            InfoSetting::Evaluate(_) | InfoSetting::Other { .. } => {}
        }
        SessionReply::nothing()
    }

    fn set_rule(&mut self, value: u64) -> SessionReply {
        let rule = match value {
            0 => RuleSet::Freestyle,
            1 => RuleSet::Standard,
            2 | 4 => RuleSet::Renju,
            8 | 9 => RuleSet::Caro,
            _ => {
                return SessionReply::error(format!(
                    "unsupported rule {value}: narabe plays 0 (freestyle), 1 (exactly five), \
                     2 or 4 (renju) and 8 (caro); continuous games are not supported; the rule \
                     stays {}",
                    self.rule
                ));
            }
        };
        if let Some(size) = self.size
            && !rule.allows_size(size)
        {
            return SessionReply::error(format!(
                "rule {value} ({rule}) is not played on a {size} board; the rule stays {}",
                self.rule
            ));
        }
        self.rule = rule;
        crate::Engine::warm_up(rule);
        SessionReply::nothing()
    }

    /// The limits of the brain's next search from the time settings.
    #[must_use]
    pub fn search_limits(&self) -> SearchLimits {
        let turn = self
            .time
            .timeout_turn
            .map_or(DEFAULT_TIMEOUT_TURN, Duration::from_millis);
        let move_time = if turn.is_zero() {
            FAST_MOVE_TIME
        } else {
            turn.saturating_sub(safety_margin(turn)).max(FAST_MOVE_TIME)
        };
        let game_time_left = if self.time.timeout_match == 0 {
            None
        } else {
            match self.time.time_left.unwrap_or(self.time.timeout_match) {
                UNLIMITED_TIME_LEFT.. => None,
                left => {
                    let left = Duration::from_millis(left);
                    Some(left.saturating_sub(safety_margin(left)).max(FAST_MOVE_TIME))
                }
            }
        };
        SearchLimits {
            move_time: Some(move_time),
            game_time_left,
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
            stop: None,
            opening_book: true,
        }
    }

    fn search_reply(&self, lines: Vec<String>) -> SessionReply {
        let Some(position) = self.position() else {
            return no_game();
        };
        if position.board().is_full() {
            return SessionReply::error("the board is full: there is no move to play");
        }
        SessionReply {
            lines,
            new_game: false,
            after: AfterReply::Search(Box::new(SearchRequest {
                position,
                limits: self.search_limits(),
            })),
        }
    }

    /// Plays the move the engine found and says it: a `MESSAGE` line with the
    /// search's figures, then `x,y`. The time spent comes off `time_left`, so a
    /// manager that does not send it every move still gets a sound budget.
    pub fn finish_search(&mut self, report: &SearchReport) -> Vec<String> {
        let Some(size) = self.size else {
            return vec!["ERROR no game: send START first".to_owned()];
        };
        let Move::Place(point) = report.best_move else {
            return vec!["ERROR the engine found no stone to play".to_owned()];
        };
        if self.stones.iter().any(|stone| stone.point == point) {
            return vec![format!("ERROR the engine chose the occupied point {point}")];
        }
        self.stones.push(Stone {
            point,
            color: self.to_move,
        });
        self.to_move = !self.to_move;
        if self.time.timeout_match > 0 {
            let spent = u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX);
            let left = self.time.time_left.unwrap_or(self.time.timeout_match);
            if left < UNLIMITED_TIME_LEFT {
                self.time.time_left = Some(left.saturating_sub(spent));
            }
        }
        vec![
            search_message(report, size),
            GomocupCoord::from_point(point, size).to_string(),
        ]
    }
}

/// What is kept back from a time budget for reading, writing and the process
/// switch, on top of the search's own margin: a twentieth, at least 5 ms and
/// at most 100 ms (a pipe and a process switch take well under a millisecond
/// on an idle machine; the two margins together leave 15% of a 200 ms turn).
fn safety_margin(budget: Duration) -> Duration {
    (budget / 20).clamp(Duration::from_millis(5), Duration::from_millis(100))
}

fn no_game() -> SessionReply {
    SessionReply::error("no game: send START first")
}

/// `MESSAGE depth 6 score 35 nodes 12000 time 90ms pv 7,7 8,8`.
fn search_message(report: &SearchReport, size: BoardSize) -> String {
    let score = match report.score {
        Score::Value(value) => value.to_string(),
        Score::WinIn(plies) => format!("win-in-{plies}"),
        Score::LossIn(plies) => format!("loss-in-{plies}"),
    };
    let coords = |points: &[Point]| -> String {
        points
            .iter()
            .map(|point| GomocupCoord::from_point(*point, size).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut message = format!(
        "MESSAGE depth {} score {score} nodes {} time {}ms pv {}",
        report.depth,
        report.nodes,
        report.elapsed.as_millis(),
        coords(&report.principal_variation)
    );
    if let Some(win) = &report.forced_win {
        message.push_str(" forced-win ");
        message.push_str(&coords(win));
    }
    message
}
