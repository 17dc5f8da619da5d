//! Just enough XML for renju.net's database: elements, attributes, text and
//! the five entities and character references; comments, processing
//! instructions, CDATA and the DOCTYPE are skipped or kept as text.

use crate::{Location, Problem};

/// One piece of an XML document.
pub(super) enum Event {
    /// `<name attr="value">` (and `<name/>`, which is followed by its `End`).
    Start {
        name: String,
        attributes: Vec<(String, String)>,
        offset: usize,
    },
    /// `</name>`.
    End,
    /// Text between tags, entities resolved.
    Text(String),
}

/// The events of `text`, in order, with end tags checked against start tags.
pub(super) fn events(text: &str) -> Result<Vec<Event>, (Location, Problem)> {
    let line_at = |offset: usize| line_of(text, offset);
    let mut events = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let Some(start) = text[at..].find('<').map(|offset| at + offset) else {
            push_text(&mut events, &text[at..]).map_err(|p| (Location::Line(line_at(at)), p))?;
            break;
        };
        if start > at {
            push_text(&mut events, &text[at..start])
                .map_err(|p| (Location::Line(line_at(at)), p))?;
        }
        let rest = &text[start..];
        let truncated = |what| (Location::Line(line_at(start)), Problem::Truncated(what));
        if let Some(body) = rest.strip_prefix("<!--") {
            let end = body.find("-->").ok_or_else(|| truncated("a comment"))?;
            at = start + 4 + end + 3;
        } else if let Some(body) = rest.strip_prefix("<![CDATA[") {
            let end = body
                .find("]]>")
                .ok_or_else(|| truncated("a CDATA section"))?;
            events.push(Event::Text(body[..end].to_owned()));
            at = start + 9 + end + 3;
        } else if rest.starts_with("<?") || rest.starts_with("<!") {
            let end = rest.find('>').ok_or_else(|| truncated("a declaration"))?;
            at = start + end + 1;
        } else if let Some(body) = rest.strip_prefix("</") {
            let end = body.find('>').ok_or_else(|| truncated("an end tag"))?;
            let name = body[..end].trim().to_owned();
            match open.pop() {
                Some(expected) if expected == name => {}
                _ => {
                    return Err((
                        Location::Line(line_at(start)),
                        Problem::Unexpected {
                            found: format!("</{name}>"),
                            expected: "the end tag of the open element",
                        },
                    ));
                }
            }
            events.push(Event::End);
            at = start + 2 + end + 1;
        } else {
            let end = tag_end(rest).ok_or_else(|| truncated("a tag"))?;
            let inner = &rest[1..end];
            let (inner, closed) = match inner.strip_suffix('/') {
                Some(inner) => (inner, true),
                None => (inner, false),
            };
            let (name, attributes) =
                tag(inner).map_err(|problem| (Location::Line(line_at(start)), problem))?;
            events.push(Event::Start {
                name: name.clone(),
                attributes,
                offset: start,
            });
            if closed {
                events.push(Event::End);
            } else {
                open.push(name);
            }
            at = start + end + 1;
        }
    }
    if let Some(name) = open.last() {
        return Err((
            Location::Whole,
            Problem::Truncated(if name == "database" {
                "the database element"
            } else {
                "an element"
            }),
        ));
    }
    Ok(events)
}

/// The offset of the `>` closing the tag at the start of `rest`, outside
/// quoted attribute values.
fn tag_end(rest: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    for (offset, c) in rest.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(offset),
            _ => {}
        }
    }
    None
}

fn push_text(events: &mut Vec<Event>, raw: &str) -> Result<(), Problem> {
    if raw.trim().is_empty() {
        return Ok(());
    }
    events.push(Event::Text(unescape(raw)?));
    Ok(())
}

/// The line of byte `offset` of `text`, from 1.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    1 + text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// The name and attributes of a start tag's inside.
fn tag(inner: &str) -> Result<(String, Vec<(String, String)>), Problem> {
    let inner = inner.trim();
    let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
    let name = inner[..name_end].to_owned();
    if name.is_empty() {
        return Err(Problem::Unexpected {
            found: "an empty tag".to_owned(),
            expected: "an element name",
        });
    }
    let mut attributes = Vec::new();
    let mut rest = inner[name_end..].trim_start();
    while !rest.is_empty() {
        let bad = || Problem::Unexpected {
            found: format!("{:?}", rest.chars().take(20).collect::<String>()),
            expected: "an attribute name=\"value\"",
        };
        let (key, after) = rest.split_once('=').ok_or_else(bad)?;
        let after = after.trim_start();
        let quote = after
            .chars()
            .next()
            .filter(|&c| c == '"' || c == '\'')
            .ok_or_else(bad)?;
        let value_end = after[1..].find(quote).ok_or_else(bad)?;
        attributes.push((key.trim().to_owned(), unescape(&after[1..=value_end])?));
        rest = after[value_end + 2..].trim_start();
    }
    Ok((name, attributes))
}

/// Resolves `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#...;`.
fn unescape(raw: &str) -> Result<String, Problem> {
    let mut text = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(start) = rest.find('&') {
        text.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let end = after
            .find(';')
            .filter(|&end| end <= 10)
            .ok_or_else(|| Problem::BadValue {
                what: "entity",
                value: after.chars().take(10).collect(),
            })?;
        let entity = &after[..end];
        let character = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').map(|dec| dec.parse().ok()))
                .flatten()
                .and_then(char::from_u32),
        };
        let character = character.ok_or_else(|| Problem::BadValue {
            what: "entity",
            value: entity.to_owned(),
        })?;
        text.push(character);
        rest = &after[end + 1..];
    }
    text.push_str(rest);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_and_entities() {
        let events =
            events("<?xml version=\"1.0\"?><!-- c --><a x=\"1 &amp; 2\" y='&#65;'><b/>t&lt;</a>")
                .unwrap();
        assert_eq!(events.len(), 5);
        let Event::Start {
            name, attributes, ..
        } = &events[0]
        else {
            panic!()
        };
        assert_eq!(name, "a");
        assert_eq!(
            attributes,
            &[
                ("x".to_owned(), "1 & 2".to_owned()),
                ("y".to_owned(), "A".to_owned())
            ]
        );
        assert!(matches!(&events[3], Event::Text(text) if text == "t<"));
    }

    #[test]
    fn broken_documents_are_refused() {
        assert!(matches!(
            events("<a><b></a>"),
            Err((Location::Line(1), Problem::Unexpected { .. }))
        ));
        assert!(matches!(
            events("<a>"),
            Err((Location::Whole, Problem::Truncated(_)))
        ));
        assert!(matches!(
            events("<a x=1>"),
            Err((_, Problem::Unexpected { .. }))
        ));
        assert!(matches!(
            events("<a>&bogus;</a>"),
            Err((_, Problem::BadValue { .. }))
        ));
        assert!(matches!(
            events("\n<a"),
            Err((Location::Line(2), Problem::Truncated(_)))
        ));
    }
}
