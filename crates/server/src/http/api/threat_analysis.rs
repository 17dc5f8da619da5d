//! `POST /api/analysis/threats`: whether one side wins by continuous fours
//! (VCF) or continuous threats (VCT) in a position of the analysis board, as if
//! it were that side's turn (the question players ask: "does Black have a VCF
//! here?"). Searched like an analysis: the same per-address limit, the same
//! share of the engine pool, a fixed budget and a cache of its own.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use narabe_engine::ThreatKind;
use narabe_rules::{Color, Position};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::analysis::refused;
use super::position_request::{PositionRequest, read_position_body};
use crate::computer::ThreatQuestion;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::GameError;

/// The body: a position, the attacker and the kind of threats.
#[derive(Debug, TS)]
pub(crate) struct ThreatRequest {
    /// The position.
    #[ts(flatten)]
    pub position: PositionRequest,
    /// The attacker, whoever is to move.
    pub side: Color,
    /// `vcf` (fours only) or `vct` (fours and open threes).
    pub kind: ThreatKindView,
}

/// The kind of threats a search may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ThreatKindView {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats: fours and open threes (in pente, where
    /// a capture answers an open three, fours only).
    Vct,
}

impl From<ThreatKindView> for ThreatKind {
    fn from(kind: ThreatKindView) -> ThreatKind {
        match kind {
            ThreatKindView::Vcf => ThreatKind::Vcf,
            ThreatKindView::Vct => ThreatKind::Vct,
        }
    }
}

/// The fields of the body besides the position's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThreatOptions {
    side: Color,
    kind: ThreatKindView,
}

/// The names of [`ThreatOptions`]' fields.
const THREAT_OPTIONS: [&str; 2] = ["side", "kind"];

impl ThreatRequest {
    /// Reads the body.
    fn read(body: Result<Bytes, BytesRejection>) -> Result<ThreatRequest, ApiError> {
        let (position, ThreatOptions { side, kind }) = read_position_body(body, &THREAT_OPTIONS)?;
        Ok(ThreatRequest {
            position,
            side,
            kind,
        })
    }
}

/// The answer.
#[derive(Debug, Serialize, TS)]
pub(crate) struct ThreatAnalysis {
    /// The attacker asked about.
    pub side: Color,
    /// The kind of threats searched.
    pub kind: ThreatKindView,
    /// The winning line: the attacker's threats and the defender's replies
    /// alternating, ending with the five (or the four that cannot be
    /// stopped); `null` when none was found.
    pub line: Option<Vec<String>>,
    /// Whether the search went through every line within its depth (30 fours;
    /// a VCT, 7 threats) before its budget ran out: with no line, there is
    /// then none of that depth; `false` means none was found in the time.
    pub complete: bool,
    /// Time the search took, in milliseconds.
    pub elapsed_ms: u64,
}

/// `POST /api/analysis/threats`.
pub(crate) async fn search_threats(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<ThreatAnalysis>, ApiError> {
    let request = ThreatRequest::read(body)?;
    let position = request.position.position()?;
    if position.is_over() {
        return Err(GameError::NothingToAnalyse.into());
    }
    let question = ThreatQuestion {
        position: with_attacker_to_move(&position, request.side)?,
        kind: request.kind.into(),
    };
    let answer = state
        .analyses
        .search_threat(client, question)
        .await
        .map_err(refused)?;
    Ok(Json(ThreatAnalysis {
        side: request.side,
        kind: request.kind,
        line: answer
            .line
            .map(|line| line.iter().map(ToString::to_string).collect()),
        complete: answer.complete,
        elapsed_ms: u64::try_from(answer.elapsed.as_millis()).unwrap_or(u64::MAX),
    }))
}

/// The stones, captures and rules of `position` with `attacker` to move: all
/// that a threat search looks at, so that the same question reached by other
/// moves is one question for the cache.
fn with_attacker_to_move(position: &Position, attacker: Color) -> Result<Position, ApiError> {
    Position::from_board(
        position.rules(),
        position.foul_policy(),
        position.board().clone(),
        attacker,
    )
    .map(|turned| {
        turned
            .with_captures(Color::Black, position.captures(Color::Black))
            .with_captures(Color::White, position.captures(Color::White))
    })
    .map_err(|error| ApiError::BadSettings(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_and_kind_are_read_beside_the_position() {
        let read = |text: &str| ThreatRequest::read(Ok(Bytes::from(text.to_owned())));
        let request =
            read(r#"{"game": "renju", "moves": ["h8"], "side": "white", "kind": "vct"}"#).unwrap();
        assert_eq!(
            (request.side, request.kind),
            (Color::White, ThreatKindView::Vct)
        );
        for text in [
            r#"{"game": "renju", "side": "red", "kind": "vcf"}"#,
            r#"{"game": "renju", "side": "black", "kind": "vcx"}"#,
            r#"{"game": "renju", "kind": "vcf"}"#,
            r#"{"game": "renju", "side": "black", "kind": "vcf", "depth": 3}"#,
        ] {
            assert_eq!(read(text).unwrap_err().code(), "bad-request", "{text}");
        }
    }

    #[test]
    fn the_question_is_the_board_with_the_attacker_to_move() {
        let position = ["h8", "h9", "i8"].iter().fold(
            Position::new(narabe_rules::RuleSet::Renju),
            |position, point| {
                position
                    .play(narabe_rules::Move::Place(point.parse().unwrap()))
                    .unwrap()
            },
        );
        let turned = with_attacker_to_move(&position, Color::Black).unwrap();
        assert_eq!(turned.turn(), Color::Black);
        assert_eq!(turned.board(), position.board());
        assert_eq!(
            with_attacker_to_move(&position, Color::White)
                .unwrap()
                .turn(),
            Color::White
        );
    }
}
