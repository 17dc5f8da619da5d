//! The syntax of SGF: game trees of nodes of properties, without meaning.

use crate::{Location, Problem};

/// A property: its identifier, its values (unescaped), and the byte where it
/// starts.
pub(super) struct Property {
    pub(super) ident: String,
    pub(super) values: Vec<Vec<u8>>,
    pub(super) offset: usize,
}

/// A node of the parsed collection.
pub(super) struct RawNode {
    pub(super) properties: Vec<Property>,
    pub(super) children: Vec<usize>,
}

impl RawNode {
    /// The values of the first property named `ident`.
    pub(super) fn get(&self, ident: &str) -> Option<&Property> {
        self.properties
            .iter()
            .find(|property| property.ident == ident)
    }
}

/// A parsed collection: every node, and the first node of each game tree.
pub(super) struct Collection {
    pub(super) nodes: Vec<RawNode>,
    pub(super) roots: Vec<usize>,
}

/// The line of byte `offset` in `bytes`, from 1.
pub(super) fn line_of(bytes: &[u8], offset: usize) -> usize {
    1 + bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&byte| byte == b'\n')
        .count()
}

/// Parses `bytes` as an SGF collection. Text before the first `(` and between
/// game trees is skipped, as RenLib does.
pub(super) fn parse(bytes: &[u8]) -> Result<Collection, (Location, Problem)> {
    let error = |offset: usize, problem: Problem| (Location::Line(line_of(bytes, offset)), problem);
    let mut nodes: Vec<RawNode> = Vec::new();
    let mut roots = Vec::new();
    // The node each open game tree hangs from (None at the top).
    let mut open: Vec<(Option<usize>, usize)> = Vec::new();
    let mut current: Option<usize> = None;
    let mut at = 0;
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
                let ident: String = bytes[start..at]
                    .iter()
                    .filter(|byte| !byte.is_ascii_lowercase())
                    .map(|&byte| char::from(byte))
                    .collect();
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
    Ok(Collection { nodes, roots })
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
fn value(bytes: &[u8], at: usize) -> Result<(Vec<u8>, usize), Problem> {
    let mut value = Vec::new();
    let mut index = at + 1;
    while index < bytes.len() {
        match bytes[index] {
            b']' => return Ok((value, index + 1)),
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

    #[test]
    fn structure_and_escapes() {
        let collection =
            parse(b"junk (;FF[4]C[a \\] b\\\nc](;B[hh])(;B[ii]W[jj]))(;GM[4])").unwrap();
        assert_eq!(collection.roots.len(), 2);
        let root = &collection.nodes[collection.roots[0]];
        assert_eq!(root.get("C").unwrap().values[0], b"a ] bc");
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
