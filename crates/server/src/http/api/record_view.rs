//! A game record as the analysis board holds it: the game's facts and a flat
//! tree of board moves with their comments. The import endpoint answers with
//! it and the export endpoint reads it (`record_import.rs`, `record_export.rs`).
//!
//! The tree is flat, each node naming its parent, so that a long game does not
//! nest as deep as it is long (JSON parsers limit nesting).

use std::collections::HashMap;

use narabe_records::{GameTree, NodeId, Record, RecordResult, Settings, board_move, move_action};
use narabe_rules::{BoardSize, Move, RuleSet};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::http::ApiError;

/// The most nodes an exported tree may hold.
pub(crate) const MAX_TREE_NODES: usize = 100_000;

/// One game: what the file says about it and its tree of moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordView {
    /// The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
    pub game: String,
    /// The number of lines.
    pub size: u8,
    /// Pente with Keryo's captures.
    #[serde(default)]
    pub keryo: bool,
    /// The player who held Black at the end of the game.
    #[serde(default)]
    pub black: Option<String>,
    /// The player who held White at the end of the game.
    #[serde(default)]
    pub white: Option<String>,
    /// The event or tournament.
    #[serde(default)]
    pub event: Option<String>,
    /// The date, as the file writes it.
    #[serde(default)]
    pub date: Option<String>,
    /// The result in narabe's words (`black five`, `white resignation`,
    /// `draw`).
    #[serde(default)]
    pub result: Option<String>,
    /// The opening's name (`2D Kagetsu`), when the file says.
    #[serde(default)]
    pub opening_name: Option<String>,
    /// The tree: the root (the empty board, no parent, no move) first, then
    /// every node after its parent, siblings in their order (the main
    /// continuation first).
    pub nodes: Vec<TreeNodeView>,
}

/// One node of a [`RecordView`]'s tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct TreeNodeView {
    /// The index of the parent in `nodes`; `null` for the root.
    pub parent: Option<u32>,
    /// The move that leads here: a point (`h8`) or `pass`; `null` for the
    /// root.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The multi-line comment.
    #[serde(default)]
    pub comment: String,
    /// The one-line comment (RenLib's, SGF's `N`).
    #[serde(default)]
    pub title: String,
}

impl RecordView {
    /// The view of `record`: its board moves only (an opening's swaps,
    /// declarations and offers vanish; a chosen fifth move is a move).
    pub(crate) fn of(record: &Record) -> RecordView {
        let tree = record.tree.board_moves_only();
        let order = tree.preorder();
        let index_of: HashMap<NodeId, u32> = order
            .iter()
            .enumerate()
            .map(|(index, &id)| (id, u32::try_from(index).unwrap_or(u32::MAX)))
            .collect();
        let nodes = order
            .iter()
            .map(|&id| {
                let node = tree.node(id);
                TreeNodeView {
                    parent: (id != NodeId::ROOT).then(|| index_of[&tree.parent(id)]),
                    mv: board_move(node.action()).map(|mv| mv.to_string()),
                    comment: node.comment.clone(),
                    title: node.title.clone(),
                }
            })
            .collect();
        let settings = &record.settings;
        let (game, keryo) = match settings.rules {
            RuleSet::KeryoPente => (RuleSet::Pente.name(), true),
            rules => (rules.name(), false),
        };
        RecordView {
            game: game.to_owned(),
            size: settings.size.get(),
            keryo,
            black: settings.black.clone(),
            white: settings.white.clone(),
            event: settings.event.clone(),
            date: settings.date.clone(),
            result: settings.result.map(|result| result.to_string()),
            opening_name: settings.opening_name.clone(),
            nodes,
        }
    }

    /// The record this view describes, checked against its rules.
    ///
    /// # Errors
    ///
    /// `400 bad-request` for a tree that is not one (no root, a parent after
    /// its child, a move that is no point, two siblings with one move) or an
    /// unknown game or result; `422 bad-record` for a move the rules refuse,
    /// with its number.
    pub(crate) fn record(&self) -> Result<Record, ApiError> {
        let rules = match (self.game.as_str(), self.keryo) {
            ("pente", true) => RuleSet::KeryoPente,
            (_, true) => {
                return Err(ApiError::BadRequest(
                    "`keryo` applies to pente only".to_owned(),
                ));
            }
            (game, false) => RuleSet::ALL
                .into_iter()
                .find(|rules| rules.name() == game && *rules != RuleSet::KeryoPente)
                .ok_or_else(|| ApiError::BadRequest(format!("unknown game {game:?}")))?,
        };
        let size = BoardSize::new(self.size)
            .ok_or_else(|| ApiError::BadRequest(format!("no board has {} lines", self.size)))?;
        let mut settings = Settings::with_size(rules, size);
        settings.black.clone_from(&self.black);
        settings.white.clone_from(&self.white);
        settings.event.clone_from(&self.event);
        settings.date.clone_from(&self.date);
        settings.opening_name.clone_from(&self.opening_name);
        settings.result = self
            .result
            .as_deref()
            .map(|text| {
                text.parse::<RecordResult>()
                    .map_err(|error| ApiError::BadRequest(format!("result {text:?}: {error}")))
            })
            .transpose()?;
        let record = Record::new(settings, self.tree()?);
        narabe_records::check(&record)
            .map_err(|(location, problem)| ApiError::BadRecord(format!("{location}: {problem}")))?;
        Ok(record)
    }

    /// The tree the flat nodes describe.
    fn tree(&self) -> Result<GameTree, ApiError> {
        let bad = |message: String| Err(ApiError::BadRequest(message));
        if self.nodes.len() > MAX_TREE_NODES {
            return bad(format!("a tree holds at most {MAX_TREE_NODES} nodes"));
        }
        match self.nodes.first() {
            Some(TreeNodeView {
                parent: None,
                mv: None,
                ..
            }) => {}
            _ => return bad("node 0 must be the root: no parent and no move".to_owned()),
        }
        let mut tree = GameTree::new();
        let mut ids = Vec::with_capacity(self.nodes.len());
        ids.push(NodeId::ROOT);
        for (index, node) in self.nodes.iter().enumerate().skip(1) {
            let parent = match node.parent {
                Some(parent) if (parent as usize) < index => ids[parent as usize],
                _ => return bad(format!("node {index}: its parent must come before it")),
            };
            let Some(text) = node.mv.as_deref() else {
                return bad(format!("node {index}: only the root has no move"));
            };
            let mv: Move = text.parse().map_err(|error| {
                ApiError::BadRequest(format!("node {index} ({text:?}): {error}"))
            })?;
            let before = tree.len();
            let id = tree.add(parent, move_action(mv));
            if tree.len() == before {
                return bad(format!("node {index}: {text} is already a sibling's move"));
            }
            ids.push(id);
        }
        for (node, &id) in self.nodes.iter().zip(&ids) {
            let target = tree.node_mut(id);
            target.comment.clone_from(&node.comment);
            target.title.clone_from(&node.title);
        }
        Ok(tree)
    }
}

#[cfg(test)]
mod tests {
    use narabe_records::{Format, ReadOptions, read};

    use super::*;

    fn sgf(text: &str) -> Record {
        read(Format::Sgf, text.as_bytes(), &ReadOptions::default())
            .unwrap()
            .remove(0)
    }

    #[test]
    fn a_tree_goes_flat_and_back_with_its_comments() {
        let record =
            sgf("(;GM[4]SZ[15]RU[renju]PB[Ann]C[start];B[hh];W[hg]C[two](;B[ig]N[main])(;B[gg]))");
        let view = RecordView::of(&record);
        assert_eq!(view.game, "renju");
        assert_eq!(view.black.as_deref(), Some("Ann"));
        let moves: Vec<_> = view.nodes.iter().map(|node| node.mv.as_deref()).collect();
        assert_eq!(
            moves,
            [None, Some("h8"), Some("h9"), Some("i9"), Some("g9")]
        );
        let parents: Vec<_> = view.nodes.iter().map(|node| node.parent).collect();
        assert_eq!(parents, [None, Some(0), Some(1), Some(2), Some(2)]);
        assert_eq!(view.nodes[0].comment, "start");
        assert_eq!(view.nodes[3].title, "main");
        let back = view.record().unwrap();
        assert_eq!(back.tree, record.tree);
        assert_eq!(RecordView::of(&back), view);
    }

    #[test]
    fn broken_trees_and_illegal_moves_are_refused() {
        let view = RecordView::of(&sgf("(;GM[4]SZ[15];B[hh];W[hg])"));
        let code = |view: &RecordView| view.record().unwrap_err().code();
        let mut twice = view.clone();
        twice.nodes[2].mv = Some("h8".to_owned());
        assert_eq!(code(&twice), "bad-record");
        let mut orphan = view.clone();
        orphan.nodes[1].parent = Some(2);
        assert_eq!(code(&orphan), "bad-request");
        let mut sibling = view.clone();
        sibling.nodes[2].parent = Some(0);
        sibling.nodes[2].mv = Some("h8".to_owned());
        assert_eq!(code(&sibling), "bad-request");
        let mut no_root = view.clone();
        no_root.nodes.remove(0);
        assert_eq!(code(&no_root), "bad-request");
        let mut bad_point = view.clone();
        bad_point.nodes[1].mv = Some("zz".to_owned());
        assert_eq!(code(&bad_point), "bad-request");
        let mut chess = view;
        chess.game = "chess".to_owned();
        assert_eq!(code(&chess), "bad-request");
    }
}
