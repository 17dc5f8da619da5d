//! `POST /api/position`: the facts of any position, as the analysis board
//! shows them after every move, from the rules crate alone (no engine, so it
//! is cheap and under the ordinary request budget only): the stones, the
//! captures, the outcome, Black's forbidden points explained, and the name of
//! a canonical renju opening.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use narabe_rules::foul_explanation::explain;
use narabe_rules::game_snapshot::{CapturesSnapshot, FoulSnapshot};
use narabe_rules::{
    Color, OutcomeReason, Point, Position, ResultCode, ResultReason, RuleSet, identify_opening,
};
use serde::Serialize;
use ts_rs::TS;

use super::position_request::PositionRequest;
use crate::http::ApiError;
use crate::http::extract::json_body::parse_json;

/// The answer: what the board shows.
#[derive(Debug, Serialize, TS)]
pub(crate) struct PositionFacts {
    /// Moves played, set-up stones counted (each set-up stone is one).
    pub ply: u32,
    /// The colour to move (after the end: the one that would have been).
    pub to_move: Color,
    /// The stones on the board (captured ones taken off), by row then column.
    pub stones: StonesView,
    /// The stones captured by each colour (pente).
    pub captures: CapturesSnapshot,
    /// How the position ended, or `null` while it goes on.
    pub outcome: Option<OutcomeView>,
    /// Black's forbidden points (renju, while the position goes on; else
    /// empty), by row then column.
    pub forbidden: Vec<String>,
    /// Why each of `forbidden` is forbidden, in the same order: the same
    /// explanations as a game's `fouls`.
    pub fouls: Vec<FoulSnapshot>,
    /// The name of the canonical renju opening (`Kagetsu`, `Kyōgetsu`) the
    /// first three stones form in any orientation, in renju; else `null`.
    pub opening_name: Option<String>,
}

/// The stones of each colour.
#[derive(Debug, Serialize, TS)]
pub(crate) struct StonesView {
    /// Black's.
    pub black: Vec<String>,
    /// White's.
    pub white: Vec<String>,
}

/// The end of a position.
#[derive(Debug, Serialize, TS)]
pub(crate) struct OutcomeView {
    /// The winner, or `null` for a draw.
    pub winner: Option<Color>,
    /// Why: `five`, `overline`, `foul`, `captures`, `double-pass` or
    /// `full-board`.
    pub reason: ResultCode,
    /// The points of the winning row, or the black stones of the foul's shape
    /// (its lines together, the foul's point included); empty otherwise.
    pub line: Vec<String>,
    /// The foul that lost, explained on the board without its stone; `null`
    /// unless `reason` is `foul`.
    pub foul: Option<FoulSnapshot>,
}

/// `POST /api/position`.
pub(crate) async fn position_facts(
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PositionFacts>, ApiError> {
    let request: PositionRequest = parse_json(body)?;
    let position = request.position()?;
    let opening_name = if position.rules() == RuleSet::Renju {
        request
            .first_three_stones(&position)
            .and_then(|board| identify_opening(&board))
            .map(|opening| opening.name().to_owned())
    } else {
        None
    };
    Ok(Json(facts_of(&position, opening_name)))
}

/// The facts of `position`.
fn facts_of(position: &Position, opening_name: Option<String>) -> PositionFacts {
    let board = position.board();
    let forbidden = if position.is_over() {
        Vec::new()
    } else {
        position.forbidden_points()
    };
    PositionFacts {
        ply: position.ply(),
        to_move: position.turn(),
        stones: StonesView {
            black: names(board.stones_of(Color::Black)),
            white: names(board.stones_of(Color::White)),
        },
        captures: CapturesSnapshot {
            black: position.captures(Color::Black),
            white: position.captures(Color::White),
        },
        outcome: position.outcome().map(|outcome| {
            let foul = match outcome.reason {
                OutcomeReason::Foul { point, .. } => {
                    // Under `loses` the foul's stone stays on the board.
                    let mut before = board.clone();
                    before.remove(point);
                    explain(&before, point)
                }
                _ => None,
            };
            let line = match (outcome.reason, &foul) {
                (OutcomeReason::Row(row), _) => names(row.points()),
                (_, Some(foul)) => {
                    let mut stones: Vec<Point> = foul
                        .lines
                        .iter()
                        .flat_map(|line| line.stones.iter().copied())
                        .collect();
                    stones.sort_unstable();
                    stones.dedup();
                    names(stones)
                }
                _ => Vec::new(),
            };
            OutcomeView {
                winner: outcome.winner,
                reason: ResultReason::Board(outcome.reason).into(),
                line,
                foul: foul.as_ref().map(FoulSnapshot::of),
            }
        }),
        fouls: forbidden
            .iter()
            .filter_map(|&point| explain(board, point))
            .map(|foul| FoulSnapshot::of(&foul))
            .collect(),
        forbidden: names(forbidden),
        opening_name,
    }
}

fn names(points: impl IntoIterator<Item = Point>) -> Vec<String> {
    points.into_iter().map(|point| point.to_string()).collect()
}
