//! RenLib libraries to a record, node by node as RenLib's own reader adds
//! them: a move already in the tree is merged, not repeated.

use narabe_rules::{Action, BoardSize, Point, RuleSet};

use super::flags::{
    BOARD_TEXT, COMMENT, DOWN, EXTENSION, MARK, NO_MOVE, OLD_COMMENT, RIGHT, START,
};
use super::{CENTER, HEADER_LEN, MAGIC, byte_point};
use crate::text_encoding::decode;
use crate::{
    Format, GameTree, Location, NodeId, Problem, ReadError, ReadOptions, Record, Settings,
};

fn error(offset: usize, problem: Problem) -> ReadError {
    ReadError::new(Format::Lib, Location::Byte(offset), problem)
}

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let start = if bytes.starts_with(&MAGIC) || MAGIC.starts_with(bytes) && !bytes.is_empty() {
        if bytes.len() < HEADER_LEN {
            return Err(error(0, Problem::Truncated("the header")));
        }
        let (major, minor) = (bytes[8], bytes[9]);
        if u32::from(major) * 100 + u32::from(minor) > 304 {
            return Err(error(8, Problem::Version { major, minor }));
        }
        HEADER_LEN
    } else if bytes.first() == Some(&CENTER) {
        0
    } else {
        return Err(error(0, Problem::NotThisFormat("a RenLib library")));
    };
    let rules = options.rules.unwrap_or(RuleSet::Renju);
    let mut settings = Settings::with_size(rules, BoardSize::FIFTEEN);
    settings.opening = options.opening;
    let tree = read_tree(bytes, start)?;
    Ok(vec![Record::new(settings, tree)])
}

/// Reads the zero-terminated text at `*at`, taken two bytes at a time as
/// RenLib does.
fn new_text(bytes: &[u8], at: &mut usize, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let mut text = Vec::new();
    loop {
        let Some(pair) = bytes.get(*at..*at + 2) else {
            return Err(error(*at, Problem::Truncated(what)));
        };
        *at += 2;
        if pair[0] == 0 {
            return Ok(text);
        }
        text.push(pair[0]);
        if pair[1] == 0 {
            return Ok(text);
        }
        text.push(pair[1]);
    }
}

/// Reads a comment of RenLib before 3.0: seven-bit Swedish ASCII, its last
/// byte marked by the high bit.
fn old_text(bytes: &[u8], at: &mut usize) -> Result<String, ReadError> {
    let mut text = String::new();
    loop {
        let Some(pair) = bytes.get(*at..*at + 2) else {
            return Err(error(*at, Problem::Truncated("a comment")));
        };
        *at += 2;
        for &byte in pair {
            text.push(match byte & 0x7F {
                b'}' => 'å',
                b'{' => 'ä',
                b'|' => 'ö',
                b']' => 'Å',
                b'[' => 'Ä',
                b'\\' => 'Ö',
                plain => char::from(plain),
            });
            if byte & 0x80 != 0 {
                return Ok(text);
            }
        }
    }
}

/// One-line and multi-line comments, which RenLib separates by byte 8.
fn split_comment(text: &str) -> (String, String) {
    match text.split_once('\u{8}') {
        Some((one, multi)) => (one.to_owned(), multi.replace("\r\n", "\n")),
        None => (text.to_owned(), String::new()),
    }
}

fn read_tree(bytes: &[u8], start: usize) -> Result<GameTree, ReadError> {
    let mut tree = GameTree::new();
    // RenLib's move list: the nodes from the root to the current one.
    let mut path: Vec<NodeId> = vec![NodeId::ROOT];
    // Indexes in `path` of nodes whose sibling follows their subtree.
    let mut pending_siblings: Vec<usize> = Vec::new();
    let mut at = start;
    let mut first = true;
    while at < bytes.len() {
        let offset = at;
        let Some(&[pos, info]) = bytes.get(at..at + 2) else {
            return Err(error(at, Problem::Truncated("a node")));
        };
        at += 2;
        let mut flags = u32::from(info);
        if flags & EXTENSION != 0 {
            let Some(&[high, low]) = bytes.get(at..at + 2) else {
                return Err(error(at, Problem::Truncated("a node's extension")));
            };
            at += 2;
            flags |= ((u32::from(high) << 8) | u32::from(low)) << 8;
        }
        let point: Option<Point> = if pos == 0 {
            None
        } else {
            Some(byte_point(pos).ok_or_else(|| {
                error(
                    offset,
                    Problem::BadValue {
                        what: "point byte",
                        value: format!("0x{pos:02x}"),
                    },
                )
            })?)
        };
        let comment = if flags & COMMENT != 0 {
            Some(decode(&new_text(bytes, &mut at, "a comment")?))
        } else if flags & OLD_COMMENT != 0 {
            Some(old_text(bytes, &mut at)?)
        } else {
            None
        };
        let board_text = if flags & BOARD_TEXT != 0 {
            Some(decode(&new_text(bytes, &mut at, "a board text")?))
        } else {
            None
        };
        let is_root = first && pos == 0;
        first = false;
        let current = *path.last().expect("the root stays");
        let text_only = flags & NO_MOVE != 0 && flags & RIGHT != 0;
        let target = match point {
            _ if is_root => Some(NodeId::ROOT),
            Some(point) if text_only => {
                if let Some(text) = board_text.clone().filter(|text| !text.is_empty()) {
                    tree.node_mut(current).labels.insert(point, text);
                }
                None
            }
            Some(point) => Some(tree.add(current, Action::Place(point))),
            None => Some(tree.add(current, Action::Pass)),
        };
        if let Some(target) = target {
            let node = tree.node_mut(target);
            if let Some((one, multi)) = comment.as_deref().map(split_comment) {
                if node.title.is_empty() {
                    node.title = one;
                }
                if node.comment.is_empty() {
                    node.comment = multi;
                }
            }
            node.marked |= flags & MARK != 0;
            node.start |= flags & START != 0;
            if let (Some(point), Some(text)) = (point, board_text)
                && !is_root
                && !text.is_empty()
            {
                tree.node_mut(current).labels.insert(point, text);
            }
            if !is_root {
                path.push(target);
            }
        } else {
            path.push(current);
        }
        if flags & DOWN != 0 {
            pending_siblings.push(path.len() - 1);
        }
        if flags & RIGHT != 0
            && let Some(index) = pending_siblings.pop()
        {
            path.truncate(index.max(1));
        }
    }
    Ok(tree)
}
