//! `GET /api/tournaments/{id}/export?format=trf|csv|txt|sgf|psq|lib`: the
//! tournament report file (FIDE TRF16), the standings as CSV, or every game
//! of the tournament as one record collection.

use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use narabe_records::Format;
use narabe_tournament::session::{System, TournamentSession};
use narabe_tournament::trf::{self, TrfHeader};
use narabe_tournament::{PlayerId, Side};

use super::record::format_parameter;
use crate::game_id::GameId;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::tournaments::TournamentSetup;

/// What an export is.
enum Export {
    Trf,
    Csv,
    Games(Format),
}

/// `GET /api/tournaments/{id}/export`.
pub(crate) async fn export_tournament(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let export = requested_export(query.as_deref())?;
    let handle = state.tournaments.get(&id).await?;
    let (setup, session) = handle.snapshot().await?;
    let (media_type, extension, bytes) = match export {
        Export::Trf => (
            "text/plain; charset=utf-8".to_owned(),
            "trf",
            trf_text(&setup, &session).into_bytes(),
        ),
        Export::Csv => (
            "text/csv; charset=utf-8".to_owned(),
            "csv",
            standings_csv(&session).into_bytes(),
        ),
        Export::Games(format) => {
            let mut records = Vec::new();
            for game in session.games().iter().flatten().flatten() {
                let Some(game_id) = GameId::parse(game) else {
                    continue;
                };
                let record = state
                    .registry
                    .with_game(&game_id, |handle| async move { handle.record().await })
                    .await?;
                records.push(record);
            }
            let bytes = narabe_records::write(format, &records)
                .map_err(|error| ApiError::UnwritableRecord(error.to_string()))?;
            (format.media_type().to_owned(), format.extension(), bytes)
        }
    };
    let file_name = format!("narabe-tournament-{id}.{extension}");
    Ok((
        [
            (header::CONTENT_TYPE, media_type),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

fn requested_export(query: Option<&str>) -> Result<Export, ApiError> {
    Ok(match format_parameter(query)? {
        None | Some("trf") => Export::Trf,
        Some("csv") => Export::Csv,
        Some(other) => {
            let format: Format = other.parse().map_err(|_| {
                ApiError::BadRequest(format!(
                    "unknown format {other:?}: trf, csv, txt, sgf, psq or lib"
                ))
            })?;
            if !format.is_writable() {
                return Err(ApiError::BadRequest(format!(
                    "narabe does not write {} files",
                    format.name()
                )));
            }
            Export::Games(format)
        }
    })
}

/// The TRF16 report of the tournament.
fn trf_text(setup: &TournamentSetup, session: &TournamentSession) -> String {
    let system = match session.config().system {
        System::Swiss { .. } => "Swiss (FIDE Dutch), narabe",
        System::RoundRobin { .. } => "Round robin (Berger tables), narabe",
        System::Arena { .. } => "Arena, narabe",
    };
    let header = TrfHeader {
        name: setup.name.clone(),
        start_date: session.started_at().map(trf_date),
        system: system.to_owned(),
        planned_rounds: session
            .planned_rounds()
            .unwrap_or(session.history().rounds.len()),
        initial_side: session.started_at().map(|_| Side::First),
    };
    let order: Vec<PlayerId> = session.standings().iter().map(|row| row.player).collect();
    trf::write(session.history(), &header, &order)
}

/// `YYYY/MM/DD` of a time in milliseconds since the Unix epoch (UTC).
fn trf_date(at: u64) -> String {
    let days = i64::try_from(at / 86_400_000).unwrap_or(0);
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}/{month:02}/{day:02}")
}

/// The standings as CSV: rank, name, rating, points, each tie-break, wins,
/// draws, losses, state.
fn standings_csv(session: &TournamentSession) -> String {
    let mut out = String::from("rank,name,rating,points");
    for tiebreak in session.tiebreaks() {
        out.push(',');
        out.push_str(tiebreak.abbreviation());
    }
    out.push_str(",wins,draws,losses\r\n");
    for row in session.standings() {
        let Some(player) = session.player(row.player) else {
            continue;
        };
        out.push_str(&format!(
            "{},{},{},{}",
            row.rank,
            csv_field(&player.entrant.name),
            player.entrant.rating,
            row.points
        ));
        for value in &row.tiebreaks {
            out.push(',');
            if let Some(value) = value {
                out.push_str(&value.to_string());
            }
        }
        out.push_str(&format!(
            ",{},{},{}\r\n",
            row.tally.wins, row.tally.draws, row.tally.losses
        ));
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break, and
/// with a leading `=`, `+`, `-` or `@` defused (spreadsheets run those).
fn csv_field(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if defused.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_fields() {
        assert_eq!(trf_date(0), "1970/01/01");
        assert_eq!(trf_date(1_764_547_200_000), "2025/12/01");
        assert_eq!(csv_field("Ann"), "Ann");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
    }
}
