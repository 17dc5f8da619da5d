//! Why records could not be written in a format.

use narabe_rules::BoardSize;

use crate::Format;

/// Records that a format cannot hold.
///
/// ```
/// use narabe_records::{Format, GameTree, Record, Settings, WriteError, write};
/// use narabe_rules::RuleSet;
/// let game = Record::new(Settings::new(RuleSet::Freestyle), GameTree::new());
/// let two = [game.clone(), game];
/// assert_eq!(write(Format::Psq, &two), Err(WriteError::ManyGames { format: Format::Psq, games: 2 }));
/// assert_eq!(write(Format::Rif, &two), Err(WriteError::NotWritable(Format::Rif)));
/// assert!(write(Format::Sgf, &two).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// narabe reads this format but does not write it.
    #[error("narabe does not write {0} files (it writes txt, sgf, lib and psq)")]
    NotWritable(Format),
    /// A one-game format was given several games.
    #[error("a {format} file holds one game, and there are {games}")]
    ManyGames {
        /// The format.
        format: Format,
        /// The number of games given.
        games: usize,
    },
    /// Nothing to write.
    #[error("there is no game to write")]
    NoGame,
    /// A pass, which the format has no way to write.
    #[error("a {format} file cannot hold a pass (move {move_number})")]
    Pass {
        /// The format.
        format: Format,
        /// The number of the pass.
        move_number: usize,
    },
    /// A board the format has no room for.
    #[error("a {format} file holds {allowed} games only, and this one is {size}")]
    Size {
        /// The format.
        format: Format,
        /// The boards it holds.
        allowed: &'static str,
        /// The game's board.
        size: BoardSize,
    },
}
