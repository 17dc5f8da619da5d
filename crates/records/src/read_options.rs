//! What a reader assumes where a file says nothing.

use narabe_rules::{Opening, RuleSet};

/// The reader's assumptions for files that do not say everything, and whether
/// each game is checked against the rules.
///
/// Formats of one program's own game know their rules (RenLib's `.lib`, `.pos`
/// and `.bdt` are renju; PSQ defaults to freestyle, Gomocup's main rule);
/// `rules` replaces that default when the file itself names none.
///
/// ```
/// use narabe_records::{Format, ReadOptions, read};
/// use narabe_rules::RuleSet;
/// let psq = b"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,7,0\n";
/// let options = ReadOptions { rules: Some(RuleSet::Renju), ..ReadOptions::default() };
/// assert_eq!(read(Format::Psq, psq, &options)?[0].settings.rules, RuleSet::Renju);
/// assert_eq!(read(Format::Psq, psq, &ReadOptions::default())?[0].settings.rules, RuleSet::Freestyle);
/// # Ok::<(), narabe_records::ReadError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    /// The rules of a game whose file names none.
    pub rules: Option<RuleSet>,
    /// The opening rule of a game whose file names none.
    pub opening: Option<Opening>,
    /// Whether each game is replayed through `narabe_rules` (the default).
    pub check: bool,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            rules: None,
            opening: None,
            check: true,
        }
    }
}
