//! `GET /api/games/{id}/record?format=txt|sgf|lib|psq`: the game as a file to
//! download, in narabe's log with a header (the default), SGF, RenLib or PSQ
//! (`narabe-records`), with the format's media type and a file name.

use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use narabe_records::Format;

use crate::http::extract::game_path::GamePath;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};

/// `GET /api/games/{id}/record`.
pub(crate) async fn game_record(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    GamePath(id): GamePath,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let format = requested_format(query.as_deref())?;
    let record = state
        .registry
        .with_game(&id, |handle| async move { handle.record().await })
        .await?;
    let bytes = narabe_records::write(format, &[record])
        .map_err(|error| ApiError::UnwritableRecord(error.to_string()))?;
    let file_name = format!("narabe-{id}.{}", format.extension());
    Ok((
        [
            (header::CONTENT_TYPE, format.media_type().to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// The format of `?format=` (`txt` when left out): one narabe writes.
pub(super) fn requested_format(query: Option<&str>) -> Result<Format, ApiError> {
    let Some(value) = format_parameter(query)? else {
        return Ok(Format::NarabeLog);
    };
    let format: Format = value
        .parse()
        .map_err(|error: narabe_records::ParseFormatError| {
            ApiError::BadRequest(error.to_string())
        })?;
    if !format.is_writable() {
        return Err(ApiError::BadRequest(format!(
            "narabe does not write {} files: ask for txt, sgf, lib or psq",
            format.name()
        )));
    }
    Ok(format)
}

/// The value of `?format=` (the last one given), if any, in a query that
/// may hold nothing else.
pub(super) fn format_parameter(query: Option<&str>) -> Result<Option<&str>, ApiError> {
    let mut format = None;
    for pair in query
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if key != "format" {
            return Err(ApiError::BadRequest(format!(
                "unknown query parameter {key:?}: only `format` is read"
            )));
        }
        format = Some(value);
    }
    Ok(format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_read_from_the_query() {
        assert_eq!(requested_format(None), Ok(Format::NarabeLog));
        assert_eq!(requested_format(Some("format=sgf")), Ok(Format::Sgf));
        assert_eq!(requested_format(Some("format=lib")), Ok(Format::Lib));
        assert_eq!(requested_format(Some("format=log")), Ok(Format::NarabeLog));
        for bad in ["format=rif", "format=doc", "fmt=sgf", "format="] {
            assert!(requested_format(Some(bad)).is_err(), "{bad}");
        }
    }
}
