//! One game's engine: its process, what its board holds, the questions the
//! bridge asks it, and what happens when it fails. A crash, a garbled or
//! impossible answer, or silence past the time the clock allows is a
//! failure: the process is ended, a fresh one started, the whole position
//! sent again with `BOARD`, and the question asked once more, a few times at
//! most; after that the game is lost for the engine (the bridge resigns).

use std::time::{Duration, Instant};

use narabe_engine::GomocupCoord;
use narabe_rules::{BoardSize, Color, Point};

use super::clock_budget::Budget;
use crate::gomocup::engine_process::{EngineFailure, EngineProcess};

/// How long a fresh engine may take to answer `START` (loading its tables
/// and weights).
const START_TIMEOUT: Duration = Duration::from_secs(15);

/// How many times a question is asked (a fresh process each time after a
/// failure) before the engine is given up.
pub const ATTEMPTS: usize = 3;

/// A stone on the board: where, and its colour.
pub type Stone = (Point, Color);

/// What the bridge asks the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Its move in the position (`BOARD`, `TURN` or `BEGIN`), with these
    /// points kept out of its search (`YXBLOCK`; none for most moves).
    Move {
        /// Points it may not answer.
        blocked: Vec<Point>,
    },
    /// A stone that leaves the position even (`YXBALANCEONE 0`), out of the
    /// points blocked: an opening stone before the opponent chooses colours,
    /// or White's choice of the least dangerous offered fifth move.
    Balanced {
        /// Points it may not answer.
        blocked: Vec<Point>,
    },
    /// Gomocup's Swap2 question (`SWAP2BOARD`): three opening stones on an
    /// empty board; later `SWAP`, or the stones it would play on.
    Swap2Board,
}

/// What the engine answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Points, in the order it gave them.
    Points(Vec<Point>),
    /// `SWAP`: it would rather not hold the colour to move.
    Swap,
}

/// Why the engine's answer to one question did not serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

/// The settings of a game's engine.
#[derive(Debug, Clone)]
pub struct BrainSettings {
    /// The engine's command line.
    pub command: String,
    /// The board.
    pub size: BoardSize,
    /// The `INFO rule` value.
    pub rule: u32,
}

/// One game's engine.
pub struct Brain {
    settings: BrainSettings,
    process: Option<EngineProcess>,
    /// The stones the engine's board holds, in order, when the bridge knows
    /// (after its own move, its board has it too); `None` after anything that
    /// leaves it unsure (a restart, an opening question), so that the next
    /// move request sends the whole position.
    known: Option<Vec<Stone>>,
    /// Whether points are blocked in the engine now (`YXBLOCK`).
    blocking: bool,
    /// How many processes were started, for the log.
    pub starts: usize,
}

impl Brain {
    /// A brain not started yet: the first question starts it.
    #[must_use]
    pub fn new(settings: BrainSettings) -> Brain {
        Brain {
            settings,
            process: None,
            known: None,
            blocking: false,
            starts: 0,
        }
    }

    /// Asks `question` in the position of `stones` (in move order), the
    /// engine playing `color`, within `budget`; a fresh process after each
    /// failure, [`ATTEMPTS`] times at most. `on_failure` hears each failure
    /// (the bridge logs them).
    ///
    /// # Errors
    ///
    /// The failures, when every attempt failed.
    pub fn ask(
        &mut self,
        stones: &[Stone],
        color: Color,
        question: &Question,
        budget: &Budget,
        mut on_failure: impl FnMut(&Failure),
    ) -> Result<Reply, Vec<Failure>> {
        let mut failures = Vec::new();
        for _ in 0..ATTEMPTS {
            match self.attempt(stones, color, question, budget) {
                Ok(reply) => return Ok(reply),
                Err(failure) => {
                    on_failure(&failure);
                    failures.push(failure);
                    self.restart();
                }
            }
        }
        Err(failures)
    }

    /// Forgets what the engine's board holds, so that the next move request
    /// sends the whole position (after the game's stream broke off: the
    /// bridge may have missed what happened meanwhile).
    pub fn forget(&mut self) {
        self.known = None;
    }

    /// Ends the process: the next question starts a fresh one and sends the
    /// whole position (also after the server refused an answer of the
    /// engine's).
    pub fn restart(&mut self) {
        if let Some(process) = self.process.take() {
            process.finish();
        }
        self.known = None;
        self.blocking = false;
    }

    /// Ends the engine for good.
    pub fn end(mut self) {
        self.restart();
    }

    /// The process, started and set up when needed.
    fn started(&mut self) -> Result<&mut EngineProcess, Failure> {
        if self.process.is_none() {
            let mut process = EngineProcess::spawn(&self.settings.command).map_err(Failure)?;
            self.starts += 1;
            let size = self.settings.size.get();
            let answer = process
                .send(&format!("START {size}"))
                .and_then(|()| process.answer(Instant::now() + START_TIMEOUT));
            match answer {
                Ok(line) if line.eq_ignore_ascii_case("OK") => {}
                Ok(line) => return Err(Failure(format!("answered {line:?} to START {size}"))),
                Err(failure) => return Err(failed(&failure, "START")),
            }
            process
                .send(&format!("INFO rule {}", self.settings.rule))
                .and_then(|()| process.send("INFO game_type 1"))
                .map_err(|failure| failed(&failure, "INFO"))?;
            self.process = Some(process);
            self.known = Some(Vec::new());
            self.blocking = false;
        }
        Ok(self.process.as_mut().expect("started above"))
    }

    /// One try of [`Brain::ask`] on the process as it is.
    fn attempt(
        &mut self,
        stones: &[Stone],
        color: Color,
        question: &Question,
        budget: &Budget,
    ) -> Result<Reply, Failure> {
        let size = self.settings.size;
        let known = self.known.take();
        let blocking = self.blocking;
        let process = self.started()?;
        let mut lines = budget.info_lines();
        let blocked: &[Point] = match question {
            Question::Move { blocked } | Question::Balanced { blocked } => blocked,
            Question::Swap2Board => &[],
        };
        if blocking {
            lines.push("YXBLOCKRESET".to_owned());
        }
        if !blocked.is_empty() {
            lines.push("YXBLOCK".to_owned());
            lines.extend(
                blocked
                    .iter()
                    .map(|&point| GomocupCoord::from_point(point, size).to_string()),
            );
            lines.push("DONE".to_owned());
        }
        match question {
            Question::Move { .. } => {
                lines.extend(move_request(stones, color, known.as_deref(), size))
            }
            Question::Balanced { .. } => {
                lines.push("YXBOARD".to_owned());
                lines.extend(board_lines(stones, color, size));
                lines.push("DONE".to_owned());
                lines.push("YXBALANCEONE 0".to_owned());
            }
            Question::Swap2Board => {
                lines.push("SWAP2BOARD".to_owned());
                lines.extend(board_lines(stones, color, size));
                lines.push("DONE".to_owned());
            }
        }
        for line in &lines {
            process
                .send(line)
                .map_err(|failure| failed(&failure, line))?;
        }
        let deadline = Instant::now() + budget.wait;
        let mut answer = process.answer(deadline);
        // Some engines say OK to INFO although the protocol asks nothing.
        while answer
            .as_ref()
            .is_ok_and(|line| line.eq_ignore_ascii_case("OK"))
        {
            answer = process.answer(deadline);
        }
        let line = answer.map_err(|failure| match failure {
            EngineFailure::Timeout => {
                Failure(format!("no answer within {} ms", budget.wait.as_millis()))
            }
            EngineFailure::Crashed(why) => Failure(why),
        })?;
        self.blocking = !blocked.is_empty();
        let reply = read_reply(&line, size, stones, blocked, question)?;
        // The engine's own move is on its board; after the other questions
        // its board is whatever its extension left.
        if let (Question::Move { .. }, Reply::Points(points)) = (question, &reply) {
            let mut known = stones.to_vec();
            known.push((points[0], color));
            self.known = Some(known);
        }
        Ok(reply)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.finish();
        }
    }
}

fn failed(failure: &EngineFailure, after: &str) -> Failure {
    match failure {
        EngineFailure::Timeout => Failure(format!("no answer to {after} in time")),
        EngineFailure::Crashed(why) => Failure(format!("{why} (at {after})")),
    }
}

/// The position as `x,y,field` lines in move order: 1 for the engine's
/// stones, 2 for its opponent's.
fn board_lines(stones: &[Stone], color: Color, size: BoardSize) -> Vec<String> {
    stones
        .iter()
        .map(|&(point, stone)| {
            let field = if stone == color { 1 } else { 2 };
            format!("{},{field}", GomocupCoord::from_point(point, size))
        })
        .collect()
}

/// The request of the engine's move: `BEGIN` on an empty board it knows is
/// empty, `TURN` when the opponent's last stone is all its board lacks,
/// else the whole position with `BOARD`.
fn move_request(
    stones: &[Stone],
    color: Color,
    known: Option<&[Stone]>,
    size: BoardSize,
) -> Vec<String> {
    match (known, stones.split_last()) {
        (Some([]), None) => vec!["BEGIN".to_owned()],
        (Some(known), Some((&(last, last_color), before)))
            if known == before && last_color != color =>
        {
            vec![format!("TURN {}", GomocupCoord::from_point(last, size))]
        }
        _ => {
            let mut lines = vec!["BOARD".to_owned()];
            lines.extend(board_lines(stones, color, size));
            lines.push("DONE".to_owned());
            lines
        }
    }
}

/// The engine's answer read and checked against the position: points on
/// the board, empty, not blocked, and as many as the question takes.
fn read_reply(
    line: &str,
    size: BoardSize,
    stones: &[Stone],
    blocked: &[Point],
    question: &Question,
) -> Result<Reply, Failure> {
    let keyword = line.split_whitespace().next().unwrap_or_default();
    if keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN") {
        return Err(Failure(format!("answered {line:?} instead of a move")));
    }
    if line.eq_ignore_ascii_case("SWAP") {
        return match question {
            Question::Swap2Board if !stones.is_empty() => Ok(Reply::Swap),
            _ => Err(Failure(
                "answered SWAP where a stone was asked for".to_owned(),
            )),
        };
    }
    let mut points = Vec::new();
    for word in line.split_whitespace() {
        let coord: GomocupCoord = word
            .parse()
            .map_err(|_| Failure(format!("answered {line:?}, which is no move x,y")))?;
        let point = coord
            .to_point(size)
            .ok_or_else(|| Failure(format!("answered {coord}, which is off the board")))?;
        if stones.iter().any(|&(stone, _)| stone == point) || points.contains(&point) {
            return Err(Failure(format!(
                "answered {coord} ({point}), which is taken"
            )));
        }
        if blocked.contains(&point) {
            return Err(Failure(format!(
                "answered {coord} ({point}), which it was told is not allowed"
            )));
        }
        points.push(point);
    }
    let expected: &[usize] = match question {
        Question::Move { .. } | Question::Balanced { .. } => &[1],
        Question::Swap2Board if stones.is_empty() => &[3],
        Question::Swap2Board if stones.len() == 3 => &[1, 2],
        Question::Swap2Board => &[1],
    };
    if !expected.contains(&points.len()) {
        return Err(Failure(format!(
            "answered {line:?}: {} stones where {expected:?} were asked for",
            points.len()
        )));
    }
    Ok(Reply::Points(points))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn the_move_request_sends_only_what_the_engine_lacks() {
        let size = BoardSize::FIFTEEN;
        let h8 = (point("h8"), Color::Black);
        let h9 = (point("h9"), Color::White);
        assert_eq!(move_request(&[], Color::Black, Some(&[]), size), ["BEGIN"]);
        assert_eq!(
            move_request(&[h8, h9], Color::Black, Some(&[h8]), size),
            ["TURN 7,6"]
        );
        // After a restart (nothing known) or a takeback: the whole position.
        assert_eq!(
            move_request(&[h8, h9], Color::Black, None, size),
            ["BOARD", "7,7,1", "7,6,2", "DONE"]
        );
        assert_eq!(
            move_request(&[h8], Color::White, Some(&[h8, h9]), size),
            ["BOARD", "7,7,2", "DONE"]
        );
    }

    #[test]
    fn answers_are_checked_against_the_position() {
        let size = BoardSize::FIFTEEN;
        let stones = [(point("h8"), Color::Black)];
        let a_move = Question::Move {
            blocked: vec![point("a1")],
        };
        assert_eq!(
            read_reply("8,8", size, &stones, &[], &a_move),
            Ok(Reply::Points(vec![point("i7")]))
        );
        for bad in [
            "7,7", "0,14", "15,3", "nonsense", "ERROR no", "SWAP", "1,1 2,2",
        ] {
            assert!(
                read_reply(bad, size, &stones, &[point("a1")], &a_move).is_err(),
                "{bad}"
            );
        }
        let three: Vec<Stone> = ["h8", "h9", "i9"]
            .iter()
            .zip([Color::Black, Color::White, Color::Black])
            .map(|(name, color)| (point(name), color))
            .collect();
        assert_eq!(
            read_reply("swap", size, &three, &[], &Question::Swap2Board),
            Ok(Reply::Swap)
        );
        assert_eq!(
            read_reply("1,1 2,2", size, &three, &[], &Question::Swap2Board),
            Ok(Reply::Points(vec![point("b14"), point("c13")]))
        );
        assert!(read_reply("SWAP", size, &[], &[], &Question::Swap2Board).is_err());
        assert!(read_reply("1,1", size, &[], &[], &Question::Swap2Board).is_err());
    }
}
