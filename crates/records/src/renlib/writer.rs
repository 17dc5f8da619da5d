//! A record (or several, merged as RenLib merges games) to a RenLib library.

use narabe_rules::{Action, BoardSize, Point};

use super::flags::{BOARD_TEXT, COMMENT, DOWN, EXTENSION, MARK, NO_MOVE, RIGHT, START};
use super::{CENTER, HEADER_LEN, MAGIC, point_byte};
use crate::text_encoding::encode;
use crate::{Format, GameTree, Node, NodeId, Record, WriteError};

pub(crate) fn write(records: &[Record]) -> Result<Vec<u8>, WriteError> {
    let mut tree = GameTree::new();
    for record in records {
        if record.settings.size != BoardSize::FIFTEEN {
            return Err(WriteError::Size {
                format: Format::Lib,
                allowed: "15x15",
                size: record.settings.size,
            });
        }
        tree.merge(&record.tree.board_moves_only());
    }
    let old_format = is_old_format(&tree);
    let mut out = Vec::with_capacity(HEADER_LEN + 4 * tree.len());
    out.extend_from_slice(&MAGIC);
    out.push(3);
    out.push(if old_format { 0 } else { 4 });
    out.extend_from_slice(&[0xFF; HEADER_LEN - 10]);
    let top = if old_format {
        written_children(&tree, NodeId::ROOT)
    } else {
        vec![Written::Root]
    };
    let mut stack: Vec<(Vec<Written>, usize)> = vec![(top, 0)];
    while let Some((list, next)) = stack.last_mut() {
        let Some(written) = list.get(*next).cloned() else {
            stack.pop();
            continue;
        };
        *next += 1;
        let has_sibling = *next < list.len();
        let children = match &written {
            Written::Root => written_children(&tree, NodeId::ROOT),
            Written::Move(id) => written_children(&tree, *id),
            Written::Text(..) => Vec::new(),
        };
        write_node(&mut out, &tree, &written, has_sibling, children.is_empty());
        if !children.is_empty() {
            stack.push((children, 0));
        }
    }
    Ok(out)
}

/// RenLib writes version 3.0, without the root, when the root carries nothing,
/// every first move is h8 and nobody passes; else version 3.4.
fn is_old_format(tree: &GameTree) -> bool {
    tree.root().is_bare()
        && tree.root().children().iter().all(|&child| {
            tree.node(child)
                .action()
                .and_then(point_of)
                .map(super::point_byte)
                == Some(CENTER)
        })
        && tree
            .preorder()
            .into_iter()
            .all(|id| tree.node(id).action() != Some(Action::Pass))
}

fn point_of(action: Action) -> Option<Point> {
    match action {
        Action::Place(point) => Some(point),
        _ => None,
    }
}

/// A node as the file holds it: the root, a move of the tree, or a board
/// text on a point no move of the position goes to.
#[derive(Clone)]
enum Written {
    Root,
    Move(NodeId),
    Text(Point, String),
}

/// The children of `id` in the file: its moves, then a text-only node for
/// each board text on a point none of them takes.
fn written_children(tree: &GameTree, id: NodeId) -> Vec<Written> {
    let node = tree.node(id);
    let mut children: Vec<Written> = node
        .children()
        .iter()
        .map(|&child| Written::Move(child))
        .collect();
    for (&point, text) in &node.labels {
        let taken = node
            .children()
            .iter()
            .any(|&child| tree.node(child).action().and_then(point_of) == Some(point));
        if !taken && !clean(text).is_empty() {
            children.push(Written::Text(point, text.clone()));
        }
    }
    children
}

/// Text RenLib can hold: no zero byte (the terminator) and no byte 8 (the
/// separator of the two comments).
fn clean(text: &str) -> String {
    text.chars()
        .filter(|&c| c != '\0' && c != '\u{8}')
        .collect()
}

/// Zero-terminated text padded to an even length, as RenLib writes it.
fn push_text(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(bytes);
    out.push(0);
    if (bytes.len() + 1) % 2 == 1 {
        out.push(0);
    }
}

fn write_node(
    out: &mut Vec<u8>,
    tree: &GameTree,
    written: &Written,
    has_sibling: bool,
    leaf: bool,
) {
    let empty = Node::default();
    let (pos, node, board_text, mut flags) = match written {
        Written::Root => (0, tree.root(), None, 0),
        Written::Move(id) => {
            let node = tree.node(*id);
            let point = node.action().and_then(point_of);
            let text = point.and_then(|point| tree.node(tree.parent(*id)).labels.get(&point));
            (point.map_or(0, point_byte), node, text.cloned(), 0)
        }
        Written::Text(point, text) => (point_byte(*point), &empty, Some(text.clone()), NO_MOVE),
    };
    let board_text = board_text
        .map(|text| clean(&text))
        .filter(|text| !text.is_empty());
    if has_sibling {
        flags |= DOWN;
    }
    if leaf {
        flags |= RIGHT;
    }
    if node.marked {
        flags |= MARK;
    }
    if node.start {
        flags |= START;
    }
    let title = clean(&node.title).replace(['\r', '\n'], " ");
    let comment = clean(&node.comment)
        .replace("\r\n", "\n")
        .replace('\n', "\r\n");
    if !title.is_empty() || !comment.is_empty() {
        flags |= COMMENT;
    }
    if board_text.is_some() {
        flags |= EXTENSION | BOARD_TEXT;
    }
    out.push(pos);
    out.push(u8::try_from(flags & 0xFF).expect("one byte"));
    if flags & EXTENSION != 0 {
        out.push(u8::try_from((flags >> 16) & 0xFF).expect("one byte"));
        out.push(u8::try_from((flags >> 8) & 0xFF).expect("one byte"));
    }
    if flags & COMMENT != 0 {
        // One encoding for both parts: the reader decodes them together.
        let text = if comment.is_empty() {
            title
        } else {
            format!("{title}\u{8}{comment}")
        };
        push_text(out, &encode(&text));
    }
    if let Some(text) = board_text {
        push_text(out, &encode(&text));
    }
}
