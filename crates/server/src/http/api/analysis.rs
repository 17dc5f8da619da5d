//! `POST /api/games/{id}/analysis`: the engine's view of a position of a game
//! (best move, evaluation, forced line, and on request the best few moves),
//! computed in the engine pool within a fixed budget, or remembered from an
//! earlier analysis of the same position.
//! Who may ask is decided by the game's actor; one analysis runs at a time per
//! address (documented in `docs/engine-in-server.md`).

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use narabe_engine::Score;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::computer::AnalysisRefusal;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::game_path::GamePath;
use crate::http::extract::json_body::parse_json;
use crate::http::extract::seat_token::SeatToken;
use crate::http::extract::within_limit::{Acting, WithinLimit};
use crate::http::{ApiError, AppState};

/// The body: which position to analyse.
#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisRequest {
    /// The number of board moves played in the position (all of them when
    /// left out).
    #[serde(default)]
    #[ts(optional)]
    pub ply: Option<usize>,
    /// How many of the best moves to answer, 1 to 5 (1 when left out).
    #[serde(default)]
    #[ts(optional)]
    pub lines: Option<u8>,
}

/// The most lines an analysis answers.
const MAX_LINES: u8 = 5;

/// The number of lines asked for: 1 when left out.
///
/// # Errors
///
/// `400 bad-request` outside 1 to [`MAX_LINES`].
pub(crate) fn lines_wanted(lines: Option<u8>) -> Result<usize, ApiError> {
    match lines.unwrap_or(1) {
        lines @ 1..=MAX_LINES => Ok(usize::from(lines)),
        other => Err(ApiError::BadRequest(format!(
            "lines is 1 to {MAX_LINES}, not {other}"
        ))),
    }
}

/// The answer.
#[derive(Debug, Serialize, TS)]
pub(crate) struct Analysis {
    /// The board moves of the analysed position.
    pub ply: usize,
    /// The colour to move.
    pub to_move: narabe_rules::Color,
    /// The best move found: a point, or `pass`.
    pub best_move: String,
    /// The evaluation for the side to move.
    pub score: ScoreView,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected continuation, from the best move.
    pub line: Vec<String>,
    /// A forced win (VCF or VCT) for the side to move, move by move, when found.
    pub forced_win: Option<Vec<String>>,
    /// Time the search took, in milliseconds.
    pub elapsed_ms: u64,
    /// The best moves, best first, as many as asked for (fewer when fewer
    /// are worth listing: the replies to a four, the defences against a
    /// VCF); the first is `best_move` with `score` and `line`.
    pub lines: Vec<AnalysisLine>,
}

/// One of the best moves.
#[derive(Debug, Serialize, TS)]
pub(crate) struct AnalysisLine {
    /// The move: a point, or `pass`.
    #[serde(rename = "move")]
    pub first_move: String,
    /// The evaluation after it, for the side that plays it.
    pub score: ScoreView,
    /// The expected continuation, from the move.
    pub line: Vec<String>,
}

/// A score: `{"kind": "value", "value": 35}` (positive is good for the side to
/// move), `{"kind": "win-in", "plies": 7}` or `{"kind": "loss-in", "plies": 4}`.
#[derive(Debug, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum ScoreView {
    /// A heuristic value.
    Value {
        /// Positive is good for the side to move.
        value: i32,
    },
    /// The side to move wins by force.
    WinIn {
        /// Plies to the win.
        plies: u32,
    },
    /// The side to move loses by force.
    LossIn {
        /// Plies to the loss.
        plies: u32,
    },
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> ScoreView {
        match score {
            Score::Value(value) => ScoreView::Value { value },
            Score::WinIn(plies) => ScoreView::WinIn { plies },
            Score::LossIn(plies) => ScoreView::LossIn { plies },
        }
    }
}

/// `POST /api/games/{id}/analysis`.
pub(crate) async fn analyse(
    State(state): State<AppState>,
    _: WithinLimit<Acting>,
    ClientAddress(client): ClientAddress,
    GamePath(id): GamePath,
    token: Option<SeatToken>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Analysis>, ApiError> {
    let token = token.map(|SeatToken(token)| token.hash());
    let request: AnalysisRequest = match body {
        Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => AnalysisRequest::default(),
        body => parse_json(body)?,
    };
    let ply = request.ply;
    let lines = lines_wanted(request.lines)?;
    let position = state
        .registry
        .with_game(&id, |handle| async move {
            handle.analysis_position(ply, token).await
        })
        .await?;
    analyse_position(&state, client, position, lines)
        .await
        .map(Json)
}

/// The analysis of `position` with its best `lines` moves for `client`,
/// through the server's analyses (cache, one per address, the pool's share):
/// the answer of both analysis endpoints.
///
/// # Errors
///
/// `analysis-in-progress`, `busy` or `unavailable` when it was not made.
pub(crate) async fn analyse_position(
    state: &AppState,
    client: std::net::IpAddr,
    position: narabe_rules::Position,
    lines: usize,
) -> Result<Analysis, ApiError> {
    let moves = position.ply() as usize;
    let to_move = position.turn();
    let report = state
        .analyses
        .analyse(client, position, lines)
        .await
        .map_err(refused)?;
    let points = |points: &[narabe_rules::Point]| points.iter().map(ToString::to_string).collect();
    Ok(Analysis {
        ply: moves,
        to_move,
        best_move: report.best_move.to_string(),
        score: report.score.into(),
        depth: report.depth,
        nodes: report.nodes,
        line: points(&report.principal_variation),
        forced_win: report.forced_win.as_deref().map(points),
        elapsed_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
        lines: report
            .lines
            .iter()
            .map(|line| AnalysisLine {
                first_move: line.first_move.to_string(),
                score: line.score.into(),
                line: points(&line.line),
            })
            .collect(),
    })
}

/// The error of an analysis that was not made.
pub(crate) const fn refused(refusal: AnalysisRefusal) -> ApiError {
    match refusal {
        AnalysisRefusal::InProgress => ApiError::AnalysisInProgress,
        AnalysisRefusal::Busy => ApiError::AnalysesBusy,
        AnalysisRefusal::Failed => ApiError::AnalysisFailed,
    }
}
