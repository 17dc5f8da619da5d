//! `GET /api/catalog`: the platform's games, their board sizes and opening
//! rules (defaults first), rules pages and the numbers a client shows, from
//! the rules crate (`narabe_rules::Catalog`). The web client carries the same
//! data in the generated `web/assets/js/catalog.js`; other clients (bots, a
//! phone app) read it here.

use axum::Json;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use narabe_rules::Catalog;

/// `GET /api/catalog`.
pub(crate) async fn catalog() -> Response {
    let mut response = Json(Catalog::platform()).into_response();
    // The catalogue changes only with a new version of the server.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    response
}
