//! The commands a Gomocup manager sends, typed, and the errors of reading them.
//!
//! The protocol is line based: one command a line, keywords in any letter case,
//! lines ending in CR LF, LF or CR. `BOARD` and `YXBOARD` are followed by stone
//! lines `x,y,field` up to `DONE`; those lines are read with
//! [`parse_board_line`], everything else with [`parse_command`].

use crate::gomocup_coord::GomocupCoord;

/// One command line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GomocupCommand {
    /// `START n`: a new game on an n×n board.
    Start {
        /// The number of lines.
        size: u32,
    },
    /// `RECTSTART w,h`: a new game on a rectangular board.
    RectStart {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain plays the first move on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played here; the brain answers its move.
    Turn(GomocupCoord),
    /// `BOARD`: a whole position follows, then the brain answers its move.
    Board,
    /// `YXBOARD`: Yixin's position command: the same lines, but no move is
    /// expected.
    YxBoard,
    /// `DONE` outside a position: nothing to end.
    Done,
    /// `INFO key value`: a setting.
    Info(InfoSetting),
    /// `END`: the brain exits.
    End,
    /// `ABOUT`: the brain describes itself.
    About,
    /// `TAKEBACK x,y`: the stone on this point is taken back.
    Takeback(GomocupCoord),
    /// `YXSHOWFORBID`: Black's forbidden points, in Yixin's format.
    YxShowForbid,
}

/// A setting sent with `INFO`. Times are milliseconds and memory bytes, as the
/// protocol defines them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InfoSetting {
    /// `timeout_turn`: the most time one move may take (0: play as fast as possible).
    TimeoutTurn(u64),
    /// `timeout_match`: the time of the whole game (0: no limit).
    TimeoutMatch(u64),
    /// `time_left`: what remains of the game's time.
    TimeLeft(u64),
    /// `max_memory`: the memory limit (0: no limit).
    MaxMemory(u64),
    /// `game_type`: 0 human opponent, 1 brain, 2 tournament, 3 network tournament.
    GameType(u64),
    /// `rule`: the rule value (see the session for the values understood).
    Rule(u64),
    /// `folder`: a folder for persistent files.
    Folder(String),
    /// `evaluate x,y`: the point under the user's mouse (for debugging brains).
    Evaluate(String),
    /// `max_depth`: Yixin's depth limit (0 or negative: none).
    MaxDepth(u64),
    /// `max_node`: Yixin's node limit (0 or negative: none).
    MaxNode(u64),
    /// `thread_num`: how many threads the brain may search with.
    ThreadNum(u64),
    /// Any other key, which a brain may ignore.
    Other {
        /// The key, lower-cased.
        key: String,
        /// The rest of the line.
        value: String,
    },
}

/// One line inside a `BOARD` or `YXBOARD` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardLine {
    /// A stone: `x,y,field`.
    Stone {
        /// Where.
        coord: GomocupCoord,
        /// 1 own stone, 2 opponent's, 3 winning-line stone of a continuous game.
        field: u32,
    },
    /// `DONE`: the position is complete.
    Done,
}

/// Why a line is not a command the brain can follow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The keyword is not one the brain knows (answered with `UNKNOWN`).
    #[error("unknown command {0:?}")]
    Unknown(String),
    /// A known command with missing or bad arguments (answered with `ERROR`).
    #[error("{command}: {reason}")]
    Malformed {
        /// The command, upper-cased.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn malformed(command: &'static str, reason: impl Into<String>) -> CommandError {
    CommandError::Malformed {
        command,
        reason: reason.into(),
    }
}

/// Reads one command line (not inside a position block). Blank lines are not
/// commands: the caller skips them.
///
/// # Errors
///
/// [`CommandError::Unknown`] for an unknown keyword, [`CommandError::Malformed`]
/// for a known one with bad arguments.
pub fn parse_command(line: &str) -> Result<GomocupCommand, CommandError> {
    let line = line.trim();
    let (keyword, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(keyword, rest)| (keyword, rest.trim()));
    let no_arguments = |command: &'static str, parsed: GomocupCommand| {
        if rest.is_empty() {
            Ok(parsed)
        } else {
            Err(malformed(
                command,
                format!("takes no arguments, got {rest:?}"),
            ))
        }
    };
    match keyword.to_ascii_uppercase().as_str() {
        "START" => rest
            .parse::<u32>()
            .map(|size| GomocupCommand::Start { size })
            .map_err(|_| malformed("START", format!("expected a board size, got {rest:?}"))),
        "RECTSTART" => rest
            .parse::<GomocupCoord>()
            .map(|coord| GomocupCommand::RectStart {
                width: coord.x,
                height: coord.y,
            })
            .map_err(|_| malformed("RECTSTART", format!("expected width,height, got {rest:?}"))),
        "RESTART" => no_arguments("RESTART", GomocupCommand::Restart),
        "BEGIN" => no_arguments("BEGIN", GomocupCommand::Begin),
        "TURN" => rest
            .parse()
            .map(GomocupCommand::Turn)
            .map_err(|error| malformed("TURN", error.to_string())),
        "TAKEBACK" => rest
            .parse()
            .map(GomocupCommand::Takeback)
            .map_err(|error| malformed("TAKEBACK", error.to_string())),
        "BOARD" => no_arguments("BOARD", GomocupCommand::Board),
        "YXBOARD" => no_arguments("YXBOARD", GomocupCommand::YxBoard),
        "DONE" => no_arguments("DONE", GomocupCommand::Done),
        "END" => Ok(GomocupCommand::End),
        "ABOUT" => no_arguments("ABOUT", GomocupCommand::About),
        "YXSHOWFORBID" => no_arguments("YXSHOWFORBID", GomocupCommand::YxShowForbid),
        "INFO" => parse_info(rest).map(GomocupCommand::Info),
        _ => Err(CommandError::Unknown(keyword.to_owned())),
    }
}

fn parse_info(rest: &str) -> Result<InfoSetting, CommandError> {
    let (key, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(key, value)| (key, value.trim()));
    if key.is_empty() {
        return Err(malformed("INFO", "expected a key and a value"));
    }
    let key = key.to_ascii_lowercase();
    let number = |key: &str| -> Result<u64, CommandError> {
        parse_info_number(value)
            .ok_or_else(|| malformed("INFO", format!("{key} needs a number, got {value:?}")))
    };
    Ok(match key.as_str() {
        "timeout_turn" => InfoSetting::TimeoutTurn(number(&key)?),
        "timeout_match" => InfoSetting::TimeoutMatch(number(&key)?),
        "time_left" => InfoSetting::TimeLeft(number(&key)?),
        "max_memory" => InfoSetting::MaxMemory(number(&key)?),
        "game_type" => InfoSetting::GameType(number(&key)?),
        "rule" => InfoSetting::Rule(number(&key)?),
        "max_depth" => InfoSetting::MaxDepth(number(&key)?),
        "max_node" => InfoSetting::MaxNode(number(&key)?),
        "thread_num" => InfoSetting::ThreadNum(number(&key)?),
        "folder" => InfoSetting::Folder(value.to_owned()),
        "evaluate" => InfoSetting::Evaluate(value.to_owned()),
        _ => InfoSetting::Other {
            key,
            value: value.to_owned(),
        },
    })
}

/// A decimal number; negative values count as 0 (some managers send a negative
/// `time_left` once the time is gone, and Yixin sends -1 for "no limit").
fn parse_info_number(value: &str) -> Option<u64> {
    let value = value.trim();
    if let Some(negative) = value.strip_prefix('-') {
        return negative.parse::<u64>().ok().map(|_| 0);
    }
    value.parse::<u64>().ok()
}

/// Reads one line inside a `BOARD` or `YXBOARD` block: `x,y,field` or `DONE`.
///
/// # Errors
///
/// [`CommandError::Malformed`] naming the block's command when the line is
/// neither.
pub fn parse_board_line(command: &'static str, line: &str) -> Result<BoardLine, CommandError> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let bad = || malformed(command, format!("expected x,y,field or DONE, got {line:?}"));
    let (coord, field) = line.rsplit_once(',').ok_or_else(bad)?;
    let coord: GomocupCoord = coord.parse().map_err(|_| bad())?;
    let field = field.trim().parse::<u32>().map_err(|_| bad())?;
    Ok(BoardLine::Stone { coord, field })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coord(x: u32, y: u32) -> GomocupCoord {
        GomocupCoord { x, y }
    }

    #[test]
    fn reads_every_command_in_any_case() {
        let cases = [
            ("START 15", GomocupCommand::Start { size: 15 }),
            ("start 20\r", GomocupCommand::Start { size: 20 }),
            (
                "RECTSTART 20,15",
                GomocupCommand::RectStart {
                    width: 20,
                    height: 15,
                },
            ),
            ("RESTART", GomocupCommand::Restart),
            ("BEGIN", GomocupCommand::Begin),
            ("TURN 10,11", GomocupCommand::Turn(coord(10, 11))),
            ("  turn 3, 4  ", GomocupCommand::Turn(coord(3, 4))),
            ("BOARD", GomocupCommand::Board),
            ("yxboard", GomocupCommand::YxBoard),
            ("DONE", GomocupCommand::Done),
            ("END", GomocupCommand::End),
            ("ABOUT", GomocupCommand::About),
            ("TAKEBACK 7,7", GomocupCommand::Takeback(coord(7, 7))),
            ("YXSHOWFORBID", GomocupCommand::YxShowForbid),
            (
                "INFO timeout_turn 5000",
                GomocupCommand::Info(InfoSetting::TimeoutTurn(5000)),
            ),
            (
                "INFO TIME_LEFT -20",
                GomocupCommand::Info(InfoSetting::TimeLeft(0)),
            ),
            ("INFO rule 4", GomocupCommand::Info(InfoSetting::Rule(4))),
            (
                "INFO folder C:\\My Brains\\x",
                GomocupCommand::Info(InfoSetting::Folder("C:\\My Brains\\x".into())),
            ),
            (
                "INFO thread_num 4",
                GomocupCommand::Info(InfoSetting::ThreadNum(4)),
            ),
            (
                "INFO hash_size 4",
                GomocupCommand::Info(InfoSetting::Other {
                    key: "hash_size".into(),
                    value: "4".into(),
                }),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(parse_command(line), Ok(expected), "{line:?}");
        }
    }

    #[test]
    fn unknown_and_malformed_lines_are_told_apart() {
        assert_eq!(
            parse_command("SWAP2BOARD"),
            Err(CommandError::Unknown("SWAP2BOARD".into()))
        );
        for bad in [
            "START",
            "START fifteen",
            "START -15",
            "TURN",
            "TURN 7",
            "TURN a,b",
            "RECTSTART 20",
            "BEGIN now",
            "TAKEBACK",
            "INFO",
            "INFO timeout_turn soon",
        ] {
            assert!(
                matches!(parse_command(bad), Err(CommandError::Malformed { .. })),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn reads_board_lines() {
        assert_eq!(
            parse_board_line("BOARD", "10,10,1"),
            Ok(BoardLine::Stone {
                coord: coord(10, 10),
                field: 1
            })
        );
        assert_eq!(parse_board_line("BOARD", "done\r"), Ok(BoardLine::Done));
        for bad in ["10,10", "10,10,x", "a,b,1", "", "TURN 1,2"] {
            assert!(parse_board_line("BOARD", bad).is_err(), "{bad:?}");
        }
    }
}
