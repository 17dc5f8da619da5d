//! `GET /qr.svg?text=...`: a QR code of one of the server's own links, drawn
//! as SVG, for the share screen (a friend at the same table scans the invite
//! link from the screen instead of typing it).
//!
//! The server encodes only links under its own public URL and at most
//! [`MAX_QR_TEXT`] bytes, so the endpoint cannot be used to draw anything else
//! under the site's name. The text is encoded and answered, never stored on
//! disk; the codes drawn lately are kept in memory
//! ([`QrCache`](crate::http::pages::qr_cache::QrCache)), and each
//! address may ask for only so many codes a minute.

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::Deserialize;

use crate::http::api_error::ApiError;
use crate::http::app_state::AppState;
use crate::http::extract::within_limit::{DrawingQrCodes, WithinLimit};

/// The longest text the endpoint encodes, in bytes: an invite link with a long
/// public URL fits many times over.
pub(super) const MAX_QR_TEXT: usize = 512;

/// The query of `GET /qr.svg`.
#[derive(Debug, Deserialize)]
pub(crate) struct QrQuery {
    /// The link to encode.
    text: String,
}

/// `GET /qr.svg?text=<link>`: the QR code of `link` as SVG (error correction
/// level M, the usual four-module quiet zone). `422 bad-qr-text` for a text
/// that is not one of this server's links or is too long; `429 rate-limited`
/// beyond the address's QR budget.
pub(crate) async fn qr_svg(
    State(state): State<AppState>,
    _: WithinLimit<DrawingQrCodes>,
    query: Result<Query<QrQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) =
        query.map_err(|_| ApiError::BadRequest("the query must be `?text=<link>`".to_owned()))?;
    let text = query.text;
    if text.len() > MAX_QR_TEXT {
        return Err(ApiError::BadQrText(format!("at most {MAX_QR_TEXT} bytes")));
    }
    let prefix = format!("{}/", state.public_url.trim_end_matches('/'));
    if !text.starts_with(&prefix) {
        return Err(ApiError::BadQrText(format!(
            "only links under {prefix} are encoded"
        )));
    }
    let image = match state.qr_cache.get(&text) {
        Some(image) => image,
        None => {
            // Milliseconds of CPU: off the threads that serve the sockets.
            let drawn = text.clone();
            let image = tokio::task::spawn_blocking(move || draw(&drawn))
                .await
                .map_err(|_| ApiError::BadQrText("the code could not be drawn".to_owned()))??;
            state.qr_cache.insert(&text, image.clone());
            image
        }
    };
    let mut response = image.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    // Invite links are secrets of their seat: no shared cache keeps one.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    Ok(response)
}

/// The QR code of `text` as SVG.
fn draw(text: &str) -> Result<Bytes, ApiError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|error| ApiError::BadQrText(error.to_string()))?;
    let image = code
        .render::<svg::Color<'_>>()
        .module_dimensions(1, 1)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build();
    Ok(Bytes::from(image))
}
