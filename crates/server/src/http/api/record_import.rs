//! `POST /api/records/import?format=…&game=…`: a record file read for the
//! analysis board. The body is the file itself; its format is guessed when
//! `format` is left out, and `game` gives the rules of a file that names none
//! (PSQ, Gomocup's, defaults to freestyle). Every game is checked against its
//! rules and answered as a [`RecordView`]: its board moves with their
//! comments, the opening's swaps, declarations and offers left out.

use axum::Json;
use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::extract::rejection::BytesRejection;
use narabe_records::{Format, ReadOptions, guess_format};
use narabe_rules::RuleSet;
use serde::Serialize;
use ts_rs::TS;

use super::record_view::RecordView;
use crate::http::ApiError;
use crate::http::extract::json_body::body_bytes;
use crate::http::extract::within_limit::{Acting, WithinLimit};

/// The largest record file the server reads or writes: a large RenLib
/// library.
pub(crate) const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// The most games one import answers with; a collection's later games are
/// counted but left out.
pub(crate) const MAX_IMPORTED_GAMES: usize = 500;

/// The answer: the games of the file.
#[derive(Debug, Serialize, TS)]
pub(crate) struct ImportedRecords {
    /// The format the file was read as (`sgf`, `lib`, `psq`, `txt`, `rif`,
    /// `playok`, `pos`, `bdt`).
    pub format: String,
    /// How many games the file holds.
    pub games_in_file: usize,
    /// The games, at most [`MAX_IMPORTED_GAMES`] of them, in the file's order.
    pub games: Vec<RecordView>,
}

/// `POST /api/records/import`.
pub(crate) async fn import_record(
    _: WithinLimit<Acting>,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ImportedRecords>, ApiError> {
    let (format, rules) = import_query(query.as_deref())?;
    let bytes = body_bytes(body, MAX_RECORD_BYTES)?;
    if bytes.is_empty() {
        return Err(ApiError::BadRequest(
            "the body is empty: send the record file itself".to_owned(),
        ));
    }
    // Reading and checking a large library takes milliseconds of CPU.
    tokio::task::spawn_blocking(move || imported(&bytes, format, rules))
        .await
        .map_err(|_| ApiError::BadRecord("the file could not be read".to_owned()))?
        .map(Json)
}

/// The games of `bytes`, read as `format` or as the format they look like.
fn imported(
    bytes: &[u8],
    format: Option<Format>,
    rules: Option<RuleSet>,
) -> Result<ImportedRecords, ApiError> {
    let format = format.or_else(|| guess_format(bytes)).ok_or_else(|| {
        ApiError::BadRecord(
            "the file is in no format narabe knows: name it with ?format=".to_owned(),
        )
    })?;
    let options = ReadOptions {
        rules,
        ..ReadOptions::default()
    };
    let records = narabe_records::read(format, bytes, &options)
        .map_err(|error| ApiError::BadRecord(error.to_string()))?;
    Ok(ImportedRecords {
        format: format.name().to_owned(),
        games_in_file: records.len(),
        games: records
            .iter()
            .take(MAX_IMPORTED_GAMES)
            .map(RecordView::of)
            .collect(),
    })
}

/// `format` and `game` from the query, each at most once, nothing else.
fn import_query(query: Option<&str>) -> Result<(Option<Format>, Option<RuleSet>), ApiError> {
    let (mut format, mut rules) = (None, None);
    for pair in query
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let twice = || ApiError::BadRequest(format!("the query names `{key}` twice"));
        match key {
            "format" if format.is_none() => {
                format = Some(value.parse().map_err(
                    |error: narabe_records::ParseFormatError| {
                        ApiError::BadRequest(error.to_string())
                    },
                )?);
            }
            "game" if rules.is_none() => {
                rules = Some(
                    RuleSet::ALL
                        .into_iter()
                        .find(|rules| rules.name() == value)
                        .ok_or_else(|| ApiError::BadRequest(format!("unknown game {value:?}")))?,
                );
            }
            "format" | "game" => return Err(twice()),
            _ => {
                return Err(ApiError::BadRequest(format!(
                    "unknown query parameter {key:?}: only `format` and `game` are read"
                )));
            }
        }
    }
    Ok((format, rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_names_a_format_and_a_game_once_each() {
        assert_eq!(import_query(None), Ok((None, None)));
        assert_eq!(
            import_query(Some("format=psq&game=renju")),
            Ok((Some(Format::Psq), Some(RuleSet::Renju)))
        );
        for bad in [
            "format=doc",
            "game=chess",
            "format=sgf&format=lib",
            "size=15",
        ] {
            assert_eq!(
                import_query(Some(bad)).unwrap_err().code(),
                "bad-request",
                "{bad}"
            );
        }
    }

    #[test]
    fn files_are_read_as_their_format_looks_and_broken_ones_say_where() {
        let games = imported(b"(;GM[4]SZ[15];B[hh];W[hg])(;GM[4];B[hh])", None, None).unwrap();
        assert_eq!((games.format.as_str(), games.games_in_file), ("sgf", 2));
        let error = imported(b"(;GM[4]SZ[15];B[hh];W[hh])", None, None).unwrap_err();
        assert_eq!(error.code(), "bad-record");
        assert!(error.to_string().contains("move 2"), "{error}");
        assert_eq!(
            imported(b"hello", None, None).unwrap_err().code(),
            "bad-record"
        );
        let psq = b"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,7,0\n";
        let renju = imported(psq, None, Some(RuleSet::Renju)).unwrap();
        assert_eq!(renju.games[0].game, "renju");
    }
}
