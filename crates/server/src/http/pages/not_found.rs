//! The 404 page: an address that names nothing (no route, a game link whose id
//! names no game, a bot's link naming no bot, a rules page that does not exist) gets one sentence in the
//! reader's language and a way home, in the site's frame. Under `/api/` the
//! answer stays the API's JSON error.

use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::http::api_error::ApiError;
use crate::http::pages::language::PageLanguage;
use crate::http::pages::site_page::{SitePage, escape_html};
use crate::http::pages::words::PageWords;

/// What the address should have named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    /// Anything: no route matches.
    Page,
    /// A tournament: `/t/<id>` with an id that is malformed or unknown.
    Tournament,
    /// A game: `/g/<id>` with an id that is malformed or unknown.
    Game,
    /// A bot: `/bot/<name>` with a name no bot has.
    Bot,
    /// A rules page: `/rules/<page>` with a page narabe does not have.
    RulesPage,
}

/// The router's fallback: the 404 page, or the API's JSON `not-found` for a
/// path under `/api/`.
pub(crate) async fn fallback(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::NoSuchEndpoint.into_response();
    }
    let language = PageLanguage::choose(asked_language(uri.query()).as_deref(), &headers);
    not_found(Missing::Page, language, path)
}

/// The `lang` of a query string, read leniently: a 404 page must not fail on
/// a query it cannot parse.
pub(super) fn asked_language(query: Option<&str>) -> Option<String> {
    query?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| *name == "lang")
        .map(|(_, value)| value.to_owned())
}

/// The 404 page for `path` in `language`.
#[must_use]
pub(crate) fn not_found(missing: Missing, language: PageLanguage, path: &str) -> Response {
    let words = PageWords::of(language.code);
    let sentence = match missing {
        Missing::Page => words.not_found_page,
        Missing::Game => words.not_found_game,
        Missing::Tournament => words.not_found_tournament,
        Missing::Bot => words.not_found_bot,
        Missing::RulesPage => words.not_found_rules,
    };
    let body = format!(
        "<p class=\"not-found-code\" aria-hidden=\"true\">404</p>\n\
         <h1>{title}</h1>\n<p class=\"not-found-sentence\">{sentence}</p>\n\
         <p class=\"not-found-ways\"><a class=\"home-link\" href=\"/\">{home}</a>\n\
         <a href=\"/rules\">{rules}</a></p>",
        title = escape_html(words.not_found_title),
        sentence = escape_html(sentence),
        home = escape_html(words.go_home),
        rules = escape_html(words.rules_title),
    );
    SitePage {
        title: words.not_found_title,
        body: &body,
        main_class: "not-found",
        stylesheet: "not-found.css",
        language,
        path,
    }
    .response(StatusCode::NOT_FOUND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_read_from_any_query() {
        assert_eq!(asked_language(Some("lang=ru")).as_deref(), Some("ru"));
        assert_eq!(
            asked_language(Some("a=1&lang=et&lang=cs")).as_deref(),
            Some("et")
        );
        assert_eq!(asked_language(Some("%%%&&=")), None);
        assert_eq!(asked_language(None), None);
    }
}
