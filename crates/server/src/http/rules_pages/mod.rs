//! The rules pages: every game and opening rule in English, Czech, Estonian and
//! Russian, written in Markdown under `web/rules/<lang>/<page>.md` and rendered
//! to HTML on request, with their diagrams (see `markdown.rs`).
//!
//! The language is chosen as for every server-rendered page (`PageLanguage`).

mod board_diagram;
mod board_svg;
mod diagrams;
mod drawing;
mod markdown;
mod openings;

use std::sync::LazyLock;

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use narabe_rules::Catalog;
use tracing::error;

pub use crate::http::pages::language::LANGUAGES;
use crate::http::pages::language::{LanguageQuery, PageLanguage};
use crate::http::pages::not_found::{Missing, not_found};
use crate::http::pages::site_page::{SitePage, escape_html};
use crate::http::pages::web_assets::web_text;
use crate::http::pages::words::PageWords;
use crate::http::rules_pages::markdown::{DirectiveError, render_rules_markdown};

/// The platform's catalogue, built once: the rules pages are its games' and
/// opening rules' pages, so that a new opening rule needs no list here.
static CATALOG: LazyLock<Catalog> = LazyLock::new(Catalog::platform);

/// Every rules page: the games' pages in menu order, then the opening rules'
/// pages, each once ([`Catalog::rules_pages`]).
#[must_use]
pub fn pages() -> Vec<&'static str> {
    CATALOG.rules_pages()
}

/// The pages of the games, in menu order.
fn game_pages() -> Vec<&'static str> {
    CATALOG
        .games
        .iter()
        .map(|game| game.rules_page.as_str())
        .collect()
}

/// The opening rules' pages grouped by the family their page names
/// (`renju-rif` is renju's, `gomoku-pro` is gomoku's: freestyle and standard
/// share theirs), in the catalogue's order.
fn opening_groups() -> Vec<(&'static str, Vec<&'static str>)> {
    let games = game_pages();
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for page in pages().into_iter().filter(|page| !games.contains(page)) {
        let family = page.split_once('-').map_or(page, |(family, _)| family);
        match groups.iter_mut().find(|(name, _)| *name == family) {
            Some((_, members)) => members.push(page),
            None => groups.push((family, vec![page])),
        }
    }
    groups
}

/// `GET /rules`: the games, then the opening rules of each game, each page
/// with its one-line summary.
pub async fn rules_index(Query(query): Query<LanguageQuery>, headers: HeaderMap) -> Response {
    let language = PageLanguage::choose(query.lang.as_deref(), &headers);
    let words = PageWords::of(language.code);
    let body = index_html(language.code);
    SitePage {
        title: words.rules_title,
        body: &body,
        main_class: "rules",
        stylesheet: "rules.css",
        language,
        path: "/rules",
    }
    .response(StatusCode::OK)
}

/// The body of `/rules` in `language`.
fn index_html(language: &str) -> String {
    let words = PageWords::of(language);
    let list = |pages: &[&str]| {
        let mut html = String::from("<ul class=\"rules-index\">\n");
        for page in pages {
            let (title, summary) = title_and_summary(language, page);
            html.push_str(&format!(
                "<li><a href=\"/rules/{page}\">{}</a><span class=\"rules-summary\">{}</span></li>\n",
                escape_html(&title),
                escape_html(&summary)
            ));
        }
        html.push_str("</ul>\n");
        html
    };
    let mut body = format!(
        "<h1>{}</h1>\n<p class=\"rules-lead\">{}</p>\n<h2>{}</h2>\n{}<h2>{}</h2>\n",
        escape_html(words.rules_title),
        escape_html(words.rules_intro),
        escape_html(words.games),
        list(&game_pages()),
        escape_html(words.opening_rules),
    );
    let games = game_pages();
    for (group, pages) in opening_groups() {
        let heading = if games.contains(&group) {
            title_and_summary(language, group).0
        } else {
            words.gomoku.to_owned()
        };
        body.push_str(&format!(
            "<h3>{}</h3>\n{}",
            escape_html(&heading),
            list(&pages)
        ));
    }
    body.push_str(&format!(
        "<nav class=\"page-links\"><a href=\"/\">{}</a></nav>",
        escape_html(words.play)
    ));
    body
}

/// A page's title (its `# ` line) and summary (the paragraph after it).
fn title_and_summary(language: &str, page: &str) -> (String, String) {
    let text = web_text(&format!("rules/{language}/{page}.md")).unwrap_or_default();
    let title = title_of(&text).unwrap_or(page).to_owned();
    let summary = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    (title, summary)
}

/// The title of a page: its first line without the `# `.
fn title_of(markdown: &str) -> Option<&str> {
    markdown
        .lines()
        .next()
        .map(|line| line.trim_start_matches("# "))
}

/// `GET /rules/{page}`: one page, or the 404 page.
pub async fn rules_page(
    Path(page): Path<String>,
    Query(query): Query<LanguageQuery>,
    headers: HeaderMap,
) -> Response {
    let language = PageLanguage::choose(query.lang.as_deref(), &headers);
    let path = format!("/rules/{page}");
    let markdown = pages()
        .contains(&page.as_str())
        .then(|| web_text(&format!("rules/{}/{page}.md", language.code)))
        .flatten();
    let Some(markdown) = markdown else {
        return not_found(Missing::RulesPage, language, &path);
    };
    match page_html(&markdown, language.code) {
        Ok(body) => SitePage {
            title: title_of(&markdown).unwrap_or(&page),
            body: &body,
            main_class: "rules",
            stylesheet: "rules.css",
            language,
            path: &path,
        }
        .response(StatusCode::OK),
        Err(problem) => {
            // Only a page edited since the tests ran gets here (the tests
            // render every page): say what is wrong rather than hide it.
            error!(page = %page, language = language.code, %problem, "a rules page does not render");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("rules/{}/{page}.md: {problem}\n", language.code),
            )
                .into_response()
        }
    }
}

/// The body of a rules page: its Markdown with the diagrams, and the links
/// back to the other pages and to the game.
///
/// # Errors
///
/// When a diagram directive names nothing.
pub fn page_html(markdown: &str, language: &str) -> Result<String, DirectiveError> {
    let words = PageWords::of(language);
    let mut body = render_rules_markdown(markdown, language)?;
    body.push_str(&format!(
        "<nav class=\"page-links\"><a href=\"/rules\">{}</a> <a href=\"/\">{}</a></nav>",
        escape_html(words.all_rules),
        escape_html(words.play)
    ));
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_exists_in_every_language_and_renders() {
        for (language, _) in LANGUAGES {
            for page in pages() {
                let markdown = web_text(&format!("rules/{language}/{page}.md"));
                assert!(markdown.is_some(), "{language}/{page}");
                let html = page_html(&markdown.unwrap_or_default(), language);
                assert!(html.is_ok(), "{language}/{page}: {html:?}");
                assert!(
                    !html.unwrap_or_default().contains("{{"),
                    "{language}/{page} keeps a directive"
                );
            }
        }
    }

    #[test]
    fn the_groups_hold_every_page_once_in_order() {
        let grouped: Vec<&str> = game_pages()
            .into_iter()
            .chain(opening_groups().into_iter().flat_map(|(_, pages)| pages))
            .collect();
        assert_eq!(grouped, pages());
        let families: Vec<&str> = opening_groups().into_iter().map(|(name, _)| name).collect();
        assert_eq!(families, ["renju", "gomoku", "caro", "pente"]);
    }

    #[test]
    fn the_index_lists_every_page_with_its_summary_under_a_real_title() {
        for (language, _) in LANGUAGES {
            let html = index_html(language);
            assert_eq!(
                html.matches("<li><a href=\"/rules/").count(),
                16,
                "{language}"
            );
            assert_eq!(html.matches("<span class=\"rules-summary\">").count(), 16);
            assert!(
                !html.contains("rules-summary\"></span>"),
                "{language}: a summary is empty"
            );
            assert!(html.starts_with(&format!(
                "<h1>{}</h1>",
                escape_html(PageWords::of(language).rules_title)
            )));
        }
    }
}
