//! One node of a move tree: the action that leads to it and what is said about
//! the position it reaches.

use std::collections::BTreeMap;

use narabe_rules::{Action, Point};

use crate::{Mark, NodeId};

/// A node of a [`crate::GameTree`]: the action taken to reach it (none for the
/// root, the empty board) and the annotations of the position after it.
///
/// Actions are narabe's (`place`, `pass`, `swap`, `keep`, `declare`, `offer`,
/// `choose`, `resign`), so a record keeps an opening protocol step by step where
/// its format does; stones alternate colours move by move as in
/// `narabe_rules::Game`, so a node's colour follows from its depth in board
/// moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Node {
    pub(crate) action: Option<Action>,
    pub(crate) children: Vec<NodeId>,
    /// The multi-line comment (SGF `C`, RenLib's multi-line comment); lines end
    /// in `\n`.
    pub comment: String,
    /// The one-line comment (RenLib's one-line comment, SGF `N`).
    pub title: String,
    /// RenLib's mark on an interesting move (SGF `HO`).
    pub marked: bool,
    /// RenLib's start flag: the position a library opens on.
    pub start: bool,
    /// Texts drawn on points of this position (RenLib's board texts, SGF `LB`).
    pub labels: BTreeMap<Point, String>,
    /// Shapes drawn on points of this position (SGF `TR`, `CR`, `SQ`, `MA`).
    pub marks: BTreeMap<Point, Mark>,
    /// The thinking time of this move in milliseconds (PSQ).
    pub time_ms: Option<u32>,
}

impl Node {
    /// The action that leads to this node; `None` for the root.
    #[must_use]
    pub const fn action(&self) -> Option<Action> {
        self.action
    }

    /// The children, the main continuation first.
    #[must_use]
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// Whether the node carries no annotation at all.
    #[must_use]
    pub fn is_bare(&self) -> bool {
        self.comment.is_empty()
            && self.title.is_empty()
            && !self.marked
            && !self.start
            && self.labels.is_empty()
            && self.marks.is_empty()
            && self.time_ms.is_none()
    }

    /// Takes over the annotations of `other` that this node lacks, and adds
    /// its comment when both have one: how two copies of one move are merged.
    pub(crate) fn absorb(&mut self, other: Node) {
        if self.comment.is_empty() {
            self.comment = other.comment;
        } else if !other.comment.is_empty() && other.comment != self.comment {
            self.comment.push('\n');
            self.comment.push_str(&other.comment);
        }
        if self.title.is_empty() {
            self.title = other.title;
        }
        self.marked |= other.marked;
        self.start |= other.start;
        for (point, text) in other.labels {
            self.labels.entry(point).or_insert(text);
        }
        for (point, mark) in other.marks {
            self.marks.entry(point).or_insert(mark);
        }
        self.time_ms = self.time_ms.or(other.time_ms);
    }
}
