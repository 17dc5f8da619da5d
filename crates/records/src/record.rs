//! A game record: settings and a move tree.

use crate::{GameTree, Settings};

/// One game as a file holds it: its [`Settings`] and its [`GameTree`] (one line
/// for most formats, variations for SGF and RenLib).
///
/// ```
/// use narabe_records::{GameTree, Record, Settings};
/// use narabe_rules::{Action, RuleSet};
/// let tree = GameTree::from_actions(&[Action::Place("h8".parse()?)]);
/// let record = Record::new(Settings::new(RuleSet::Renju), tree);
/// assert_eq!(record.tree.main_line_actions().len(), 1);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The game's settings and facts.
    pub settings: Settings,
    /// The moves, with variations and annotations.
    pub tree: GameTree,
}

impl Record {
    /// A record of `settings` and `tree`.
    #[must_use]
    pub const fn new(settings: Settings, tree: GameTree) -> Record {
        Record { settings, tree }
    }
}
