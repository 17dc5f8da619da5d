//! The syntax of SGF: game trees of nodes of properties, without meaning.
//! Identifiers and values borrow the input unless they must be rewritten
//! (escapes, FF\[3\]'s lower-case letters), so that a large collection costs
//! few allocations.

use std::borrow::Cow;

use crate::{Location, Problem};

/// A property: its identifier, its values (unescaped), and the byte where it
/// starts.
pub(super) struct Property<'a> {
    pub(super) ident: Cow<'a, str>,
    pub(super) values: Vec<Cow<'a, [u8]>>,
    pub(super) offset: usize,
}

/// A node of the parsed collection.
pub(super) struct RawNode<'a> {
    pub(super) properties: Vec<Property<'a>>,
    pub(super) children: Vec<usize>,
}

impl RawNode<'_> {
    /// The values of the first property named `ident`.
    pub(super) fn get(&self, ident: &str) -> Option<&Property<'_>> {
        self.properties
            .iter()
            .find(|property| property.ident == ident)
    }
}

/// A parsed collection: every node, and the first node of each game tree.
pub(super) struct Collection<'a> {
    pub(super) nodes: Vec<RawNode<'a>>,
    pub(super) roots: Vec<usize>,
}

/// The line of byte `offset` in `bytes`, from 1.
pub(super) fn line_of(bytes: &[u8], offset: usize) -> usize {
    1 + bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&byte| byte == b'\n')
        .count()
}

/// Parses the next game tree of an SGF collection from byte `from` on, and
/// gives the offset after it; `None` when no game tree is left. Text before a
/// game tree is skipped, as RenLib does. One tree at a time, so that a large
/// collection is never held whole.
pub(super) fn parse_tree(
    bytes: &[u8],
    from: usize,
) -> Result<Option<(Collection<'_>, usize)>, (Location, Problem)> {
    let error = |offset: usize, problem: Problem| (Location::Line(line_of(bytes, offset)), problem);
    let mut nodes: Vec<RawNode> = Vec::new();
    let mut roots = Vec::new();
    // The node each open game tree hangs from (None at the top).
    let mut open: Vec<(Option<usize>, usize)> = Vec::new();
    let mut current: Option<usize> = None;
    let mut at = from;
    while at < bytes.len() {
        let byte = bytes[at];
        if byte.is_ascii_whitespace() {
            at += 1;
            continue;
        }
        if open.is_empty() && byte != b'(' {
            at += 1;
            continue;
        }
        match byte {
            b'(' => {
                open.push((current, at));
                at += 1;
            }
            b')' => {
                let (parent, _) = open.pop().expect("inside a game tree");
                current = parent;
                at += 1;
                if open.is_empty() && !roots.is_empty() {
                    return Ok(Some((Collection { nodes, roots }, at)));
                }
            }
            b';' => {
                let id = nodes.len();
                nodes.push(RawNode {
                    properties: Vec::new(),
                    children: Vec::new(),
                });
                match current {
                    Some(parent) => nodes[parent].children.push(id),
                    None => roots.push(id),
                }
                current = Some(id);
                at += 1;
            }
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => {
                let start = at;
                let Some(node) =
                    current.filter(|_| open.last().is_some_and(|&(parent, _)| parent != current))
                else {
                    return Err(error(
                        start,
                        Problem::Unexpected {
                            found: format!("{:?}", char::from(byte)),
                            expected: "';' before a property",
                        },
                    ));
                };
                while at < bytes.len() && bytes[at].is_ascii_alphanumeric() {
                    at += 1;
                }
                // FF[3] allowed lower-case letters inside identifiers (`AddBlack`).
                let name = &bytes[start..at];
                let ident: Cow<'_, str> = if name.iter().any(u8::is_ascii_lowercase) {
                    Cow::Owned(
                        name.iter()
                            .filter(|byte| !byte.is_ascii_lowercase())
                            .map(|&byte| char::from(byte))
                            .collect(),
                    )
                } else {
                    Cow::Borrowed(std::str::from_utf8(name).expect("ASCII letters and digits"))
                };
                let mut values = Vec::new();
                loop {
                    while at < bytes.len() && bytes[at].is_ascii_whitespace() {
                        at += 1;
                    }
                    if at >= bytes.len() || bytes[at] != b'[' {
                        break;
                    }
                    let (value, next) = value(bytes, at).map_err(|problem| error(at, problem))?;
                    values.push(value);
                    at = next;
                }
                if values.is_empty() {
                    return Err(error(
                        at,
                        Problem::Unexpected {
                            found: found_at(bytes, at),
                            expected: "'[' and a value after the property name",
                        },
                    ));
                }
                nodes[node].properties.push(Property {
                    ident,
                    values,
                    offset: start,
                });
            }
            _ => {
                return Err(error(
                    at,
                    Problem::Unexpected {
                        found: found_at(bytes, at),
                        expected: "'(', ';', ')' or a property",
                    },
                ));
            }
        }
    }
    if let Some(&(_, start)) = open.first() {
        return Err(error(start, Problem::Truncated("a game tree opened here")));
    }
    Ok(None)
}

fn found_at(bytes: &[u8], at: usize) -> String {
    match bytes.get(at) {
        None => "the end of the file".to_owned(),
        Some(&byte) if byte.is_ascii_graphic() => format!("{:?}", char::from(byte)),
        Some(&byte) => format!("byte 0x{byte:02x}"),
    }
}

/// The value that starts with the `[` at `at`, unescaped, and the offset after
/// its `]`.
fn value(bytes: &[u8], at: usize) -> Result<(Cow<'_, [u8]>, usize), Problem> {
    let start = at + 1;
    let end = bytes[start..]
        .iter()
        .position(|&byte| byte == b']' || byte == b'\\')
        .map(|offset| start + offset);
    match end {
        Some(end) if bytes[end] == b']' => return Ok((Cow::Borrowed(&bytes[start..end]), end + 1)),
        None => return Err(Problem::Truncated("a property value")),
        Some(_) => {}
    }
    let mut value = Vec::new();
    let mut index = start;
    while index < bytes.len() {
        match bytes[index] {
            b']' => return Ok((Cow::Owned(value), index + 1)),
            b'\\' => {
                index += 1;
                match bytes.get(index) {
                    // A soft line break: nothing.
                    Some(b'\n') => {
                        if bytes.get(index + 1) == Some(&b'\r') {
                            index += 1;
                        }
                    }
                    Some(b'\r') => {
                        if bytes.get(index + 1) == Some(&b'\n') {
                            index += 1;
                        }
                    }
                    Some(&escaped) => value.push(escaped),
                    None => break,
                }
            }
            other => value.push(other),
        }
        index += 1;
    }
    Err(Problem::Truncated("a property value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game tree of `bytes`.
    fn parse(bytes: &[u8]) -> Result<Vec<Collection<'_>>, (Location, Problem)> {
        let mut trees = Vec::new();
        let mut at = 0;
        while let Some((tree, next)) = parse_tree(bytes, at)? {
            trees.push(tree);
            at = next;
        }
        Ok(trees)
    }

    #[test]
    fn structure_and_escapes() {
        let collection =
            parse(b"junk (;FF[4]C[a \\] b\\\nc](;B[hh])(;B[ii]W[jj]))(;GM[4])").unwrap();
        assert_eq!(collection.len(), 2);
        let root = &collection[0].nodes[collection[0].roots[0]];
        assert_eq!(&*root.get("C").unwrap().values[0], b"a ] bc");
        assert_eq!(root.children.len(), 2);
    }

    #[test]
    fn broken_files_name_their_line() {
        let (location, problem) = parse(b"(;FF[4]\n;B[hh").err().unwrap();
        assert_eq!(location, Location::Line(2));
        assert_eq!(problem, Problem::Truncated("a property value"));
        assert!(matches!(
            parse(b"(;B[hh]"),
            Err((Location::Line(1), Problem::Truncated(_)))
        ));
        assert!(matches!(
            parse(b"(B[hh])"),
            Err((_, Problem::Unexpected { .. }))
        ));
        assert!(matches!(
            parse(b"(;B[hh]%)"),
            Err((_, Problem::Unexpected { .. }))
        ));
    }
}
