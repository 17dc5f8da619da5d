//! The record formats narabe reads and writes, and their names.

use std::fmt;
use std::str::FromStr;

/// A game record format.
///
/// Every format has one name used by `narabe convert --from/--to` and the
/// server's `?format=`; a few have aliases (`log` for `txt`, `xml` for `rif`,
/// `renlib` for `lib`).
///
/// ```
/// use narabe_records::Format;
/// let format: Format = "sgf".parse()?;
/// assert_eq!(format, Format::Sgf);
/// assert!(format.is_writable());
/// assert!(!Format::Rif.is_writable());
/// assert_eq!("log".parse::<Format>()?, Format::NarabeLog);
/// assert_eq!(Format::Lib.extension(), "lib");
/// # Ok::<(), narabe_records::ParseFormatError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// narabe's game log (docs/game-log.md) with a `#` header: one game, its
    /// main line.
    NarabeLog,
    /// SGF FF\[4\] GM\[4\], as RenLib, Yixin and ORC write it: collections,
    /// variations, comments, labels and marks.
    Sgf,
    /// RenLib's `.lib` library: one 15x15 tree with comments, marks and board
    /// texts.
    Lib,
    /// Piskvork's and Gomocup's `.psq`: one game, the time of each move.
    Psq,
    /// renju.net's `.rif` XML database (read only).
    Rif,
    /// PlayOK's text export (read only).
    PlayOk,
    /// The binary `.pos` of zjrenju and RenLib (read only).
    Pos,
    /// RenLib's `.bdt` text database, one game a line (read only).
    Bdt,
}

impl Format {
    /// Every format, the writable ones first.
    pub const ALL: [Format; 8] = [
        Format::NarabeLog,
        Format::Sgf,
        Format::Lib,
        Format::Psq,
        Format::Rif,
        Format::PlayOk,
        Format::Pos,
        Format::Bdt,
    ];

    /// The formats narabe can write.
    pub const WRITABLE: [Format; 4] = [Format::NarabeLog, Format::Sgf, Format::Lib, Format::Psq];

    /// The name: `txt`, `sgf`, `lib`, `psq`, `rif`, `playok`, `pos`, `bdt`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::NarabeLog => "txt",
            Format::Sgf => "sgf",
            Format::Lib => "lib",
            Format::Psq => "psq",
            Format::Rif => "rif",
            Format::PlayOk => "playok",
            Format::Pos => "pos",
            Format::Bdt => "bdt",
        }
    }

    /// The usual file name extension, without the dot.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            Format::PlayOk => "txt",
            other => other.name(),
        }
    }

    /// The media type a server sends a written record with.
    #[must_use]
    pub const fn media_type(self) -> &'static str {
        match self {
            Format::NarabeLog | Format::PlayOk | Format::Psq | Format::Bdt => {
                "text/plain; charset=utf-8"
            }
            Format::Sgf => "application/x-go-sgf",
            Format::Rif => "application/xml",
            Format::Lib | Format::Pos => "application/octet-stream",
        }
    }

    /// Whether narabe can write this format.
    #[must_use]
    pub fn is_writable(self) -> bool {
        Format::WRITABLE.contains(&self)
    }

    /// Whether a file of this format can hold more than one game.
    #[must_use]
    pub const fn holds_many_games(self) -> bool {
        matches!(
            self,
            Format::Sgf | Format::Rif | Format::PlayOk | Format::Bdt | Format::Lib
        )
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no record format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown record format {0:?} (expected txt, sgf, lib, psq, rif, playok, pos or bdt)")]
pub struct ParseFormatError(pub String);

impl FromStr for Format {
    type Err = ParseFormatError;

    fn from_str(text: &str) -> Result<Format, ParseFormatError> {
        let lower = text.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "log" | "narabe" => Some(Format::NarabeLog),
            "xml" => Some(Format::Rif),
            "renlib" => Some(Format::Lib),
            _ => None,
        };
        alias
            .or_else(|| {
                Format::ALL
                    .into_iter()
                    .find(|format| format.name() == lower)
            })
            .ok_or_else(|| ParseFormatError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for format in Format::ALL {
            assert_eq!(format.name().parse(), Ok(format));
            assert_eq!(format.to_string().to_uppercase().parse(), Ok(format));
        }
        assert!("pgn".parse::<Format>().is_err());
    }
}
