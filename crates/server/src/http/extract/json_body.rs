//! Request bodies as JSON, with the API's own error shape for every failure.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::http::api_error::ApiError;

/// The largest request body the API reads.
pub(crate) const MAX_BODY_BYTES: usize = 8 * 1024;

/// Parses a request body read by axum (which enforces [`MAX_BODY_BYTES`]) as
/// JSON of type `T`.
///
/// # Errors
///
/// `413 too-large` for an oversized body, `400 bad-request` for anything that
/// is not the expected JSON, naming what is wrong.
pub(crate) fn parse_json<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body_bytes(body, MAX_BODY_BYTES)?;
    serde_json::from_slice(&bytes).map_err(invalid_json)
}

/// The bytes of a request body that axum read under a limit of `limit` bytes.
///
/// # Errors
///
/// `413 too-large` for an oversized body, `400 bad-request` when it could not
/// be read.
pub(crate) fn body_bytes(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge { limit }
        } else {
            ApiError::BadRequest(rejection.body_text())
        }
    })
}

/// The refusal of a body that is not the JSON expected, naming what is wrong.
pub(crate) fn invalid_json(error: serde_json::Error) -> ApiError {
    ApiError::BadRequest(format!("invalid JSON body: {error}"))
}
