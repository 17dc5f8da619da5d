//! # narabe-records
//!
//! Game records of the five-in-a-row family, read and written without I/O:
//! narabe's own game log with a header, SGF (FF\[4\] GM\[4\], as RenLib, Yixin
//! and ORC write it), RenLib's `.lib` libraries, Piskvork's and Gomocup's
//! PSQ, and, read only, renju.net's `.rif` database, PlayOK's text export,
//! `.pos` and `.bdt`.
//!
//! A [`Record`] is a game's [`Settings`] and a [`GameTree`] of narabe actions
//! with variations and annotations. Reading never panics and never loops; a
//! broken file gets a [`ReadError`] naming the byte, line or move where it
//! broke, and every game read is replayed through `narabe_rules` ([`check()`]).
//!
//! ```
//! use narabe_records::{Format, ReadOptions, guess_format, read, write};
//! let sgf = b"(;FF[4]GM[4]SZ[15]RU[renju]PB[Ann]PW[Bo];B[hh];W[hg](;B[ig]C[main])(;B[gg]))";
//! assert_eq!(guess_format(sgf), Some(Format::Sgf));
//! let records = read(Format::Sgf, sgf, &ReadOptions::default())?;
//! assert_eq!(records[0].settings.black.as_deref(), Some("Ann"));
//! assert_eq!(records[0].tree.main_line().len(), 3);
//! let lib = write(Format::Lib, &records)?;
//! let again = read(Format::Lib, &lib, &ReadOptions::default())?;
//! assert_eq!(again[0].tree.len(), records[0].tree.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod bdt;
mod check;
mod format;
mod guess;
mod implied_opening;
mod mark;
mod narabe_log;
mod node;
mod playok;
mod pos;
mod psq;
mod read_error;
mod read_options;
mod record;
mod record_result;
mod renlib;
mod rif;
mod rule_words;
mod settings;
mod sgf;
mod text_encoding;
mod time_control;
mod tree;
mod write_error;

pub use check::check;
pub use format::{Format, ParseFormatError};
pub use guess::guess_format;
pub use mark::Mark;
pub use node::Node;
pub use read_error::{Location, Problem, ReadError};
pub use read_options::ReadOptions;
pub use record::Record;
pub use record_result::{ParseResultError, RecordResult};
pub use settings::Settings;
pub use time_control::{ParseTimeControlError, TimeControl};
pub use tree::{GameTree, NodeId, board_move, move_action};
pub use write_error::WriteError;

/// Reads every game of a `format` file, each checked against its rules unless
/// `options.check` is off.
///
/// # Errors
///
/// Where the file breaks the format or a game breaks the rules.
pub fn read(format: Format, bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let records = match format {
        Format::NarabeLog => narabe_log::read(bytes, options),
        Format::Sgf => sgf::read(bytes, options),
        Format::Lib => renlib::read(bytes, options),
        Format::Psq => psq::read(bytes, options),
        Format::Rif => rif::read(bytes, options),
        Format::PlayOk => playok::read(bytes, options),
        Format::Pos => pos::read(bytes, options),
        Format::Bdt => bdt::read(bytes, options),
    }?;
    if records.is_empty() {
        return Err(ReadError::new(format, Location::Whole, Problem::NoGame));
    }
    if options.check {
        let many = records.len() > 1;
        for (index, record) in records.iter().enumerate() {
            check(record).map_err(|(location, problem)| {
                let error = ReadError::new(format, location, problem);
                if many {
                    error.in_game(index + 1)
                } else {
                    error
                }
            })?;
        }
    }
    Ok(records)
}

/// Writes `records` as a `format` file.
///
/// SGF holds any number of games; a RenLib library merges them into one tree,
/// as RenLib does when it adds games; narabe's log and PSQ hold one game.
///
/// # Errors
///
/// When the format cannot hold the records: it is not writable, it holds one
/// game and there are several, or the board does not fit it.
pub fn write(format: Format, records: &[Record]) -> Result<Vec<u8>, WriteError> {
    if records.is_empty() {
        return Err(WriteError::NoGame);
    }
    let single = || match records {
        [record] => Ok(record),
        _ => Err(WriteError::ManyGames {
            format,
            games: records.len(),
        }),
    };
    match format {
        Format::NarabeLog => Ok(narabe_log::write(single()?).into_bytes()),
        Format::Sgf => Ok(sgf::write(records).into_bytes()),
        Format::Lib => renlib::write(records),
        Format::Psq => psq::write(single()?).map(String::into_bytes),
        Format::Rif | Format::PlayOk | Format::Pos | Format::Bdt => {
            Err(WriteError::NotWritable(format))
        }
    }
}
