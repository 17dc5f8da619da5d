//! The rules pages: every game and opening rule in English, Czech, Estonian and
//! Russian, written in Markdown under `web/rules/<lang>/<page>.md` and rendered
//! to HTML on request.
//!
//! The language is the one asked for with `?lang=` (then remembered in a
//! cookie), else the remembered one, else the first of the browser's
//! `Accept-Language` that narabe speaks, else English.

use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::api_error::ApiError;
use crate::web_assets::web_text;

/// The languages of the pages, with their own names.
pub const LANGUAGES: [(&str, &str); 4] = [
    ("en", "English"),
    ("cs", "Čeština"),
    ("et", "Eesti"),
    ("ru", "Русский"),
];

/// Every page: the five games, then the opening rules.
pub const PAGES: [&str; 16] = [
    "renju",
    "freestyle",
    "standard",
    "caro",
    "pente",
    "renju-rif",
    "renju-yamaguchi",
    "renju-taraguchi10",
    "renju-soosorv8",
    "gomoku-pro",
    "gomoku-long-pro",
    "gomoku-swap1",
    "gomoku-swap2",
    "caro-swap2",
    "pente-tournament",
    "pente-swap2",
];

/// The cookie that remembers the language.
const LANGUAGE_COOKIE: &str = "lang";

/// The query of a rules page.
#[derive(Debug, Deserialize)]
pub struct LanguageQuery {
    /// `en`, `cs`, `et` or `ru`.
    #[serde(default)]
    lang: Option<String>,
}

/// `GET /rules`: the list of every page.
pub async fn rules_index(Query(query): Query<LanguageQuery>, headers: HeaderMap) -> Response {
    let language = choose_language(query.lang.as_deref(), &headers);
    let mut list = String::from("<ul class=\"rules-index\">");
    for page in PAGES {
        let title = web_text(&format!("rules/{language}/{page}.md"))
            .and_then(|text| {
                text.lines()
                    .next()
                    .map(|line| line.trim_start_matches("# ").to_owned())
            })
            .unwrap_or_else(|| page.to_owned());
        list.push_str(&format!(
            "<li><a href=\"/rules/{page}\">{}</a></li>",
            escape(&title)
        ));
    }
    list.push_str("</ul>");
    page_response("narabe", &list, language, "/rules", query.lang.is_some())
}

/// `GET /rules/{page}`: one page, or `404 not-found`.
pub async fn rules_page(
    Path(page): Path<String>,
    Query(query): Query<LanguageQuery>,
    headers: HeaderMap,
) -> Response {
    if !PAGES.contains(&page.as_str()) {
        return ApiError::new(StatusCode::NOT_FOUND, "not-found", "no such rules page")
            .into_response();
    }
    let language = choose_language(query.lang.as_deref(), &headers);
    let Some(markdown) = web_text(&format!("rules/{language}/{page}.md")) else {
        return ApiError::new(StatusCode::NOT_FOUND, "not-found", "no such rules page")
            .into_response();
    };
    let title = markdown
        .lines()
        .next()
        .unwrap_or_default()
        .trim_start_matches("# ")
        .to_owned();
    let parser = pulldown_cmark::Parser::new_ext(&markdown, pulldown_cmark::Options::ENABLE_TABLES);
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, parser);
    page_response(
        &title,
        &body,
        language,
        &format!("/rules/{page}"),
        query.lang.is_some(),
    )
}

/// The language of a request (see the module documentation).
fn choose_language(asked: Option<&str>, headers: &HeaderMap) -> &'static str {
    let known = |code: &str| {
        LANGUAGES
            .iter()
            .map(|(known, _)| *known)
            .find(|known| known.eq_ignore_ascii_case(code))
    };
    if let Some(language) = asked.and_then(known) {
        return language;
    }
    let header_text = |name: header::HeaderName| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let remembered = header_text(header::COOKIE)
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == LANGUAGE_COOKIE)
        .and_then(|(_, value)| known(value));
    if let Some(language) = remembered {
        return language;
    }
    header_text(header::ACCEPT_LANGUAGE)
        .split(',')
        .filter_map(|range| range.split(';').next())
        .filter_map(|tag| known(tag.trim().split('-').next().unwrap_or_default()))
        .next()
        .unwrap_or("en")
}

/// A whole HTML page around `body`, with links to the other languages; when the
/// language was asked for, the answer remembers it.
fn page_response(title: &str, body: &str, language: &str, path: &str, remember: bool) -> Response {
    let mut switcher = String::new();
    for (code, name) in LANGUAGES {
        if code == language {
            switcher.push_str(&format!("<strong lang=\"{code}\">{name}</strong> "));
        } else {
            switcher.push_str(&format!(
                "<a lang=\"{code}\" hreflang=\"{code}\" href=\"{path}?lang={code}\">{name}</a> "
            ));
        }
    }
    let html = format!(
        "<!doctype html>\n<html lang=\"{language}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · narabe</title>\n\
         <link rel=\"stylesheet\" href=\"/assets/css/site.css\">\n\
         <link rel=\"stylesheet\" href=\"/assets/css/rules.css\">\n</head>\n<body>\n\
         <header class=\"site-header\"><a class=\"brand\" href=\"/\">narabe</a>\n\
         <nav aria-label=\"language\">{switcher}</nav></header>\n\
         <main class=\"rules\">\n{body}\n<p><a href=\"/rules\">⟵ /rules</a> · <a href=\"/\">narabe</a></p>\n</main>\n\
         </body>\n</html>\n",
        title = escape(title),
    );
    let mut response = html.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if remember
        && let Ok(cookie) = HeaderValue::from_str(&format!(
            "{LANGUAGE_COOKIE}={language}; Path=/; Max-Age=31536000; SameSite=Lax"
        ))
    {
        headers.insert(header::SET_COOKIE, cookie);
    }
    response
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn the_language_is_asked_then_remembered_then_the_browsers() {
        let none = HeaderMap::new();
        assert_eq!(choose_language(None, &none), "en");
        assert_eq!(choose_language(Some("CS"), &none), "cs");
        assert_eq!(choose_language(Some("de"), &none), "en");
        let browser = headers(&[(header::ACCEPT_LANGUAGE, "de-DE,ru;q=0.8,et;q=0.5")]);
        assert_eq!(choose_language(None, &browser), "ru");
        let both = headers(&[
            (header::ACCEPT_LANGUAGE, "ru"),
            (header::COOKIE, "theme=dark; lang=et"),
        ]);
        assert_eq!(choose_language(None, &both), "et");
        assert_eq!(choose_language(Some("cs"), &both), "cs");
    }

    #[test]
    fn every_page_exists_in_every_language() {
        for (language, _) in LANGUAGES {
            for page in PAGES {
                assert!(
                    web_text(&format!("rules/{language}/{page}.md")).is_some(),
                    "{language}/{page}"
                );
            }
        }
    }
}
