//! Why a file could not be read: where it broke and what was wrong.

use std::fmt;

use narabe_rules::{BoardSize, Color, Rejection, RuleSet};

use crate::{Format, RecordResult};

/// A file that could not be read, with the place where it broke.
///
/// ```
/// use narabe_records::{Format, ReadOptions, read};
/// let error = read(Format::Sgf, b"(;GM[4]SZ[15];B[hh];W[hh])", &ReadOptions::default()).unwrap_err();
/// assert_eq!(error.to_string(), "sgf: move 2: h8 is occupied");
/// let error = read(Format::Lib, b"\xffRenLib\xff\x03\x04", &ReadOptions::default()).unwrap_err();
/// assert_eq!(error.to_string(), "lib: byte 0: the file ends inside the header");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReadError {
    /// The format the file was read as.
    pub format: Format,
    /// The game (from 1) of a file that holds several, when it holds several.
    pub game: Option<usize>,
    /// Where it broke.
    pub location: Location,
    /// What was wrong.
    pub problem: Problem,
}

impl ReadError {
    pub(crate) const fn new(format: Format, location: Location, problem: Problem) -> ReadError {
        ReadError {
            format,
            game: None,
            location,
            problem,
        }
    }

    /// The same error, in game `game` (from 1) of a collection.
    #[must_use]
    pub fn in_game(self, game: usize) -> ReadError {
        ReadError {
            game: Some(game),
            ..self
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.format)?;
        if let Some(game) = self.game {
            write!(f, "game {game}: ")?;
        }
        if self.location != Location::Whole {
            write!(f, "{}: ", self.location)?;
        }
        write!(f, "{}", self.problem)
    }
}

/// Where in a file a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// The file as a whole.
    Whole,
    /// A byte offset from the start of the file, from 0.
    Byte(usize),
    /// A line, from 1.
    Line(usize),
    /// A move of the game, from 1 (stones and passes counted).
    Move(usize),
    /// A move in a variation: its number and the main-line move it branches
    /// from.
    Variation {
        /// The number of the move.
        number: usize,
        /// The move after which the variation leaves the main line.
        after: usize,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Whole => Ok(()),
            Location::Byte(offset) => write!(f, "byte {offset}"),
            Location::Line(line) => write!(f, "line {line}"),
            Location::Move(number) => write!(f, "move {number}"),
            Location::Variation { number, after } => {
                write!(f, "move {number} of a variation after move {after}")
            }
        }
    }
}

/// What was wrong with a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The bytes are not this format at all.
    #[error("this is not {0}")]
    NotThisFormat(&'static str),
    /// The file stops in the middle of something.
    #[error("the file ends inside {0}")]
    Truncated(&'static str),
    /// Something else stands where the format wants a given thing.
    #[error("unexpected {found}: expected {expected}")]
    Unexpected {
        /// What was found, quoted or named.
        found: String,
        /// What the format wants there.
        expected: &'static str,
    },
    /// A value that is not what its field holds.
    #[error("bad {what} {value:?}")]
    BadValue {
        /// The field.
        what: &'static str,
        /// The value found.
        value: String,
    },
    /// A RenLib library newer than the versions narabe knows.
    #[error("RenLib file version {major}.{minor} is newer than 3.4")]
    Version {
        /// The major version.
        major: u8,
        /// The minor version.
        minor: u8,
    },
    /// A board with a number of lines narabe does not play on.
    #[error("a board of {0} lines is not supported (5 to 22)")]
    BoardSize(u32),
    /// A rectangular board.
    #[error("a {width}x{height} board is not square")]
    NotSquare {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A game whose rules are not played on its board.
    #[error("{rules} is not played on a {size} board")]
    RulesSize {
        /// The rules.
        rules: RuleSet,
        /// The board.
        size: BoardSize,
    },
    /// A point outside the board.
    #[error("{0} is off the board")]
    OffBoard(String),
    /// A stone of the colour that did not have the move.
    #[error("a {found} stone where {expected} is to move")]
    WrongColor {
        /// The colour the file gives the stone.
        found: Color,
        /// The colour whose move it is.
        expected: Color,
    },
    /// A feature of the format narabe does not read.
    #[error("{0} are not supported")]
    Unsupported(&'static str),
    /// No game in the file.
    #[error("the file holds no game")]
    NoGame,
    /// Something the format requires is missing.
    #[error("the file does not say {0}")]
    Missing(&'static str),
    /// The rules refuse the move.
    #[error("{0}")]
    Illegal(Rejection),
    /// Moves after the end of the game.
    #[error("the game was over after move {ended_at} ({how}), but the record goes on")]
    PlayedOn {
        /// The move that ended the game.
        ended_at: usize,
        /// How it ended.
        how: String,
    },
    /// The file's result contradicts the board.
    #[error("the board says {board}, but the file gives the result as {file}")]
    ResultContradicts {
        /// What the board decided.
        board: String,
        /// What the file says.
        file: RecordResult,
    },
}
