//! A rules page's Markdown to HTML, with the diagram directives replaced by
//! drawings. A directive is a line of its own:
//!
//! - `{{diagram <name>}} <caption>`: the position `<name>` of
//!   [`DIAGRAMS`](super::diagrams::DIAGRAMS) with its verdict and the
//!   caption (inline Markdown, in the page's language);
//! - `{{openings direct}}`, `{{openings indirect}}`: the 13 canonical renju
//!   openings of the family, each with its code and name.
//!
//! Consecutive directive lines make one grid of diagrams. Anything else that
//! starts with `{{` is an error, so a misspelt name fails the tests instead
//! of rendering as text.

use std::fmt::Write as _;

use super::diagrams::{DiagramError, NamedDiagram, Verdict};
use super::openings::{OpeningFamily, opening_drawing};
use crate::http::pages::site_page::escape_html;

/// Why a page cannot be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DirectiveError {
    /// `{{diagram x}}` names no diagram of the table.
    #[error("line {line}: no diagram is called `{name}`")]
    UnknownDiagram {
        /// The line, from 1.
        line: usize,
        /// The name.
        name: String,
    },
    /// `{{diagram x}}` without a caption.
    #[error("line {line}: the diagram `{name}` needs a caption after the braces")]
    MissingCaption {
        /// The line, from 1.
        line: usize,
        /// The name.
        name: String,
    },
    /// `{{openings x}}` names no family.
    #[error("line {line}: `{family}` is not `direct` or `indirect`")]
    UnknownFamily {
        /// The line, from 1.
        line: usize,
        /// What was written.
        family: String,
    },
    /// `{{...}}` that is no directive at all.
    #[error("line {line}: `{text}` is not a directive")]
    UnknownDirective {
        /// The line, from 1.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// The table entry of a diagram is wrong.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
}

/// The HTML of a rules page written in `language`.
///
/// # Errors
///
/// When a directive names nothing (see the module documentation).
pub(super) fn render_rules_markdown(
    markdown: &str,
    language: &str,
) -> Result<String, DirectiveError> {
    let mut html = String::new();
    let mut text = String::new();
    let mut figures = String::new();
    for (index, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("{{") {
            if figures.is_empty() {
                html.push_str(&markdown_html(&text));
                text.clear();
            }
            directive(line.trim(), index + 1, language, &mut figures)?;
        } else {
            if !figures.is_empty() {
                flush_figures(&mut figures, &mut html);
            }
            text.push_str(line);
            text.push('\n');
        }
    }
    flush_figures(&mut figures, &mut html);
    html.push_str(&markdown_html(&text));
    Ok(html)
}

/// Appends the figures gathered so far as one grid and empties them.
fn flush_figures(figures: &mut String, html: &mut String) {
    if figures.is_empty() {
        return;
    }
    let grid = if figures.contains("class=\"diagram opening\"") {
        "diagrams openings"
    } else {
        "diagrams"
    };
    let _ = writeln!(html, "<div class=\"{grid}\">{figures}</div>");
    figures.clear();
}

/// Appends the figures of one directive line.
fn directive(
    line: &str,
    number: usize,
    language: &str,
    figures: &mut String,
) -> Result<(), DirectiveError> {
    let unknown = || DirectiveError::UnknownDirective {
        line: number,
        text: line.to_owned(),
    };
    let (inside, after) = line
        .strip_prefix("{{")
        .and_then(|rest| rest.split_once("}}"))
        .ok_or_else(unknown)?;
    let mut words = inside.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("diagram"), Some(name), None) => {
            let diagram =
                NamedDiagram::find(name).ok_or_else(|| DirectiveError::UnknownDiagram {
                    line: number,
                    name: name.to_owned(),
                })?;
            let caption = after.trim();
            if caption.is_empty() {
                return Err(DirectiveError::MissingCaption {
                    line: number,
                    name: name.to_owned(),
                });
            }
            let drawing = diagram.drawing(language)?;
            let _ = write!(
                figures,
                "<figure class=\"diagram\" id=\"diagram-{name}\">{}<figcaption>\
                 <strong class=\"verdict {}\">{}</strong> {}</figcaption></figure>",
                drawing.to_svg(),
                verdict_class(diagram),
                escape_html(&diagram.verdict_label(language)),
                inline_markdown_html(&keep_point_ranges_together(caption)),
            );
            Ok(())
        }
        (Some("openings"), Some(family), None) if after.trim().is_empty() => {
            let family =
                OpeningFamily::from_name(family).ok_or_else(|| DirectiveError::UnknownFamily {
                    line: number,
                    family: family.to_owned(),
                })?;
            for opening in family.openings() {
                let _ = write!(
                    figures,
                    "<figure class=\"diagram opening\" id=\"opening-{}\">{}<figcaption>\
                     <strong>{}</strong> {} <span lang=\"ja\">{}</span></figcaption></figure>",
                    opening.code(),
                    opening_drawing(opening, language).to_svg(),
                    opening.code(),
                    opening.name(),
                    opening.kanji(),
                );
            }
            Ok(())
        }
        _ => Err(unknown()),
    }
}

fn verdict_class(diagram: &NamedDiagram) -> &'static str {
    match diagram.verdict {
        Verdict::Forbidden(_) => "forbidden",
        Verdict::Allowed => "allowed",
        Verdict::FiveOverFoul(_) => "five",
    }
}

/// Markdown blocks as HTML: tables, and `{#id}` after a heading for anchors
/// other pages link to.
fn markdown_html(markdown: &str) -> String {
    let options =
        pulldown_cmark::Options::ENABLE_TABLES | pulldown_cmark::Options::ENABLE_HEADING_ATTRIBUTES;
    let mut html = String::new();
    pulldown_cmark::html::push_html(
        &mut html,
        pulldown_cmark::Parser::new_ext(markdown, options),
    );
    html
}

/// The text with a word joiner on both sides of every dash between two points
/// (`f8–h8`), so a narrow caption never breaks a range of points in two.
fn keep_point_ranges_together(text: &str) -> String {
    let characters: Vec<char> = text.chars().collect();
    let mut kept = String::with_capacity(text.len());
    for (at, &character) in characters.iter().enumerate() {
        let between_points = character == '–'
            && at > 0
            && characters[at - 1].is_ascii_digit()
            && characters
                .get(at + 1)
                .is_some_and(|next| next.is_ascii_lowercase());
        if between_points {
            kept.push_str("\u{2060}–\u{2060}");
        } else {
            kept.push(character);
        }
    }
    kept
}

/// One line of Markdown as inline HTML (a caption), without its paragraph.
fn inline_markdown_html(markdown: &str) -> String {
    let html = markdown_html(markdown);
    let trimmed = html.trim();
    trimmed
        .strip_prefix("<p>")
        .and_then(|rest| rest.strip_suffix("</p>"))
        .unwrap_or(trimmed)
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_become_figures_and_markdown_stays_markdown() {
        let page = "# Title\n\nText with *emphasis*.\n\n\
                    {{diagram renju-overline}} Six in a row at **h8**.\n\
                    {{diagram renju-double-three}} Two threes.\n\nAfter.\n\n{{openings indirect}}\n";
        let html = render_rules_markdown(page, "en").unwrap();
        assert!(html.contains("<h1>Title</h1>"));
        assert!(html.contains("<em>emphasis</em>"));
        assert_eq!(html.matches("<div class=\"diagrams\">").count(), 1);
        assert_eq!(html.matches("<figure class=\"diagram\"").count(), 2);
        assert!(html.contains("Forbidden: overline</strong> Six in a row at <strong>h8</strong>."));
        assert!(html.contains("<p>After.</p>"));
        assert_eq!(
            html.matches("<figure class=\"diagram opening\"").count(),
            13
        );
        assert!(html.contains("<strong>2I</strong> Kyōgetsu"));
        assert!(!html.contains("{{"), "{html}");
    }

    #[test]
    fn a_range_of_points_is_never_broken_across_lines() {
        assert_eq!(
            keep_point_ranges_together("f8–h8 and h8–j10 – done"),
            "f8\u{2060}–\u{2060}h8 and h8\u{2060}–\u{2060}j10 – done"
        );
    }

    #[test]
    fn a_heading_can_carry_an_anchor() {
        let html = render_rules_markdown("## The openings {#openings}\n", "en").unwrap();
        assert!(
            html.contains("<h2 id=\"openings\">The openings</h2>"),
            "{html}"
        );
    }

    #[test]
    fn directives_that_name_nothing_are_errors() {
        let error = |page: &str| render_rules_markdown(page, "en").unwrap_err();
        assert!(matches!(
            error("a\n\n{{diagram renju-nothing}} Caption.\n"),
            DirectiveError::UnknownDiagram { line: 3, .. }
        ));
        assert!(matches!(
            error("{{diagram renju-overline}}\n"),
            DirectiveError::MissingCaption { .. }
        ));
        assert!(matches!(
            error("{{openings sideways}}\n"),
            DirectiveError::UnknownFamily { .. }
        ));
        for page in ["{{picture x}}\n", "{{diagram}}\n", "{{openings direct\n"] {
            assert!(
                matches!(error(page), DirectiveError::UnknownDirective { .. }),
                "{page}"
            );
        }
    }
}
