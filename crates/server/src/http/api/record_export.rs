//! `POST /api/records/export?format=sgf|lib|psq|txt`: the analysis board's
//! tree written as a record file. The body is a [`RecordView`] (JSON, at most
//! `MAX_RECORD_BYTES`); its moves are checked against the rules, and the
//! answer is the file with its media type and a file name, as a game's
//! download is (`record.rs`).

use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::extract::rejection::BytesRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::record::requested_format;
use super::record_import::MAX_RECORD_BYTES;
use super::record_view::RecordView;
use crate::http::ApiError;
use crate::http::extract::json_body::{body_bytes, invalid_json};
use crate::http::extract::within_limit::{Acting, WithinLimit};

/// `POST /api/records/export`.
pub(crate) async fn export_record(
    _: WithinLimit<Acting>,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let format = requested_format(query.as_deref())?;
    let bytes = body_bytes(body, MAX_RECORD_BYTES)?;
    let file = tokio::task::spawn_blocking(move || {
        let view: RecordView = serde_json::from_slice(&bytes).map_err(invalid_json)?;
        let record = view.record()?;
        narabe_records::write(format, &[record])
            .map_err(|error| ApiError::UnwritableRecord(error.to_string()))
    })
    .await
    .map_err(|_| ApiError::BadRecord("the tree could not be written".to_owned()))??;
    let file_name = format!("narabe-analysis.{}", format.extension());
    Ok((
        [
            (header::CONTENT_TYPE, format.media_type().to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        file,
    )
        .into_response())
}
