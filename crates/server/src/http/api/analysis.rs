//! `POST /api/games/{id}/analysis`: the engine's view of a position of a game
//! (best move, evaluation, forced line), computed in the engine pool within a
//! fixed budget, or remembered from an earlier analysis of the same position.
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
    let position = state
        .registry
        .with_game(&id, |handle| async move {
            handle.analysis_position(ply, token).await
        })
        .await?;
    analyse_position(&state, client, position).await.map(Json)
}

/// The analysis of `position` for `client`, through the server's analyses
/// (cache, one per address, the pool's share): the answer of both analysis
/// endpoints.
///
/// # Errors
///
/// `analysis-in-progress`, `busy` or `unavailable` when it was not made.
pub(crate) async fn analyse_position(
    state: &AppState,
    client: std::net::IpAddr,
    position: narabe_rules::Position,
) -> Result<Analysis, ApiError> {
    let moves = position.ply() as usize;
    let to_move = position.turn();
    let report =
        state
            .analyses
            .analyse(client, position)
            .await
            .map_err(|refusal| match refusal {
                AnalysisRefusal::InProgress => ApiError::AnalysisInProgress,
                AnalysisRefusal::Busy => ApiError::AnalysesBusy,
                AnalysisRefusal::Failed => ApiError::AnalysisFailed,
            })?;
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
    })
}
