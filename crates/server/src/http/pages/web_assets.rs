//! The browser client (`web/` of the repository), embedded in the binary and
//! served from memory: the pages, the files under `/assets/`, the web app
//! manifest and the favicon.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::bots::BotError;
use crate::game_id::GameId;
use crate::http::api_error::ApiError;
use crate::http::app_state::AppState;
use crate::http::pages::language::PageLanguage;
use crate::http::pages::not_found::{Missing, asked_language, not_found};
use crate::tournaments::TournamentError;

/// Every file of `web/`, read at compile time in release builds and from the
/// disk in debug builds (so editing the client needs no rebuild).
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebFiles;

/// The text of the file at `path` inside `web/`, if it exists and is UTF-8.
pub(crate) fn web_text(path: &str) -> Option<String> {
    let file = WebFiles::get(path)?;
    String::from_utf8(file.data.into_owned()).ok()
}

/// `GET /`: the home page, where a game is created.
pub(crate) async fn home_page() -> Response {
    web_file("index.html")
}

/// `GET /analysis`: the analysis board, which reads the position and the
/// tree from its own URL's fragment.
pub(crate) async fn analysis_page() -> Response {
    web_file("analysis.html")
}

/// `GET /g/{id}`: the game page, which reads the id from its own URL; or the
/// 404 page when the id is malformed or names no game. The check reads the
/// store but starts no game: a wrong link must not wake anything.
pub(crate) async fn game_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let known = match GameId::parse(&id) {
        // A store that cannot answer now is no proof the game is missing:
        // the page then says what the API says.
        Some(id) => state.registry.exists(&id).await.unwrap_or(true),
        None => false,
    };
    if known {
        return web_file("game.html");
    }
    let language = PageLanguage::choose(asked_language(uri.query()).as_deref(), &headers);
    not_found(Missing::Game, language, uri.path())
}

/// `GET /t/{id}`: a tournament's page (players join and play from it,
/// spectators watch, the organiser runs it), or the 404 page when no
/// tournament has the id.
pub(crate) async fn tournament_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    match state.tournaments.get(&id).await {
        Ok(_) | Err(TournamentError::Storage | TournamentError::Gone) => {
            web_file("tournament.html")
        }
        Err(_) => {
            let language = PageLanguage::choose(asked_language(uri.query()).as_deref(), &headers);
            not_found(Missing::Tournament, language, uri.path())
        }
    }
}

/// `GET /bot/{name}`: a bot's page (what it plays, its record, its games,
/// and the form that challenges it), or the 404 page when no bot has the
/// name.
pub(crate) async fn bot_page(
    State(state): State<AppState>,
    Path(name): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    match state.bots.by_name(&name).await {
        Ok(_) | Err(BotError::Storage) => web_file("bot.html"),
        Err(_) => {
            let language = PageLanguage::choose(asked_language(uri.query()).as_deref(), &headers);
            not_found(Missing::Bot, language, uri.path())
        }
    }
}

/// `GET /tournaments/new`: the form that creates a tournament.
pub(crate) async fn new_tournament_page() -> Response {
    web_file("tournament-new.html")
}

/// `GET /manifest.webmanifest`: what makes the site installable (name,
/// start URL, standalone display, colours and icons).
pub(crate) async fn manifest() -> Response {
    web_file("manifest.webmanifest")
}

/// `GET /favicon.ico`: the icon browsers ask for by that name when a page
/// names none (a JSON answer opened in a tab, say).
pub(crate) async fn favicon() -> Response {
    web_file("favicon.ico")
}

/// `GET /assets/{*path}`: a script, style sheet or image of the client. The
/// path arrives percent-decoded, so `..%2f` is a `../` by now: a path that is
/// not plain names joined by `/` is `404 not-found`, never another file.
pub(crate) async fn asset(Path(path): Path<String>) -> Response {
    if !is_plain_path(&path) {
        return ApiError::NoSuchFile.into_response();
    }
    web_file(&format!("assets/{path}"))
}

/// Whether `path` is names joined by single slashes: no `.` or `..` segment,
/// no empty one, no backslash and no control character, so that it cannot
/// climb out of `assets/` however the file lookup reads it.
fn is_plain_path(path: &str) -> bool {
    path.split('/').all(|segment| {
        !segment.is_empty()
            && segment != "."
            && segment != ".."
            && !segment.contains(['\\', ':'])
            && !segment.chars().any(char::is_control)
    })
}

/// The file at `path` inside `web/` with its content type, or `404 not-found`.
/// `Cache-Control: no-cache` makes browsers revalidate, so a new deployment is
/// never mixed with stale modules.
fn web_file(path: &str) -> Response {
    let Some(file) = WebFiles::get(path) else {
        return ApiError::NoSuchFile.into_response();
    };
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// The content type of a client file, from its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("webmanifest") => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::{content_type, is_plain_path};

    #[test]
    fn only_plain_asset_paths_are_looked_up() {
        assert!(is_plain_path("js/api.js"));
        assert!(is_plain_path("icons/icon-192.png"));
        for climbing in [
            "js/../../index.html",
            "../index.html",
            "./js/api.js",
            "js//api.js",
            "/etc/passwd",
            "js\\..\\..\\index.html",
            "js/api.js\u{0}",
            "C:/index.html",
        ] {
            assert!(!is_plain_path(climbing), "{climbing}");
        }
    }

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(
            content_type("assets/js/api.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(
            content_type("assets/css/site.css"),
            "text/css; charset=utf-8"
        );
        assert_eq!(content_type("assets/logo.svg"), "image/svg+xml");
        assert_eq!(content_type("assets/icons/icon-192.png"), "image/png");
        assert_eq!(content_type("favicon.ico"), "image/x-icon");
        assert_eq!(
            content_type("manifest.webmanifest"),
            "application/manifest+json"
        );
        assert_eq!(content_type("README"), "application/octet-stream");
    }
}
