//! A position that is no game on the server, as the analysis board sends it:
//! the game's rules and board, stones set up on the empty board, and moves
//! played from there. The body of `POST /api/position`, and with fields of
//! their own, of `POST /api/analysis` and `POST /api/analysis/threats`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use narabe_game::SessionRejection;
use narabe_rules::win::winning_row;
use narabe_rules::{
    Board, Color, FoulPolicy, GameConfig, IllegalMove, Move, Point, Position, Rejection,
};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::http::ApiError;
use crate::http::extract::json_body::{invalid_json, parse_json};
use crate::http::extract::unique_keys::UniqueKeys;
use crate::live::GameError;

/// A position by its rules, its set-up stones and its moves.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRequest {
    /// The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
    pub game: String,
    /// The number of lines (the game's default when left out).
    #[serde(default)]
    #[ts(optional)]
    pub size: Option<u8>,
    /// Pente with Keryo's captures.
    #[serde(default)]
    #[ts(optional)]
    pub keryo: Option<bool>,
    /// Stones put on the empty board before the moves, and who moves first
    /// after them (none when left out).
    #[serde(default)]
    #[ts(optional)]
    pub setup: Option<PositionSetup>,
    /// The moves, points (`h8`) or `pass`, in order, colours alternating: from
    /// the empty board the game's first colour first, after a set-up its
    /// `to_move` (none when left out).
    #[serde(default)]
    #[ts(optional = nullable)] // `?: string[]`: absent is empty
    pub moves: Vec<String>,
}

/// Stones set up on the empty board, as an analysis board's editor places
/// them: no move order, no captures.
#[derive(Debug, Clone, Default, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionSetup {
    /// Black's stones (none when left out).
    #[serde(default)]
    #[ts(optional = nullable)] // `?: string[]`: absent is empty
    pub black: Vec<String>,
    /// White's stones (none when left out).
    #[serde(default)]
    #[ts(optional = nullable)] // `?: string[]`: absent is empty
    pub white: Vec<String>,
    /// Who moves next. Left out: Black when Black has no more stones than
    /// White, else White (the turn of a game that alternated from Black).
    #[serde(default)]
    #[ts(optional)]
    pub to_move: Option<Color>,
}

impl PositionRequest {
    /// The position: the set-up stones on the empty board of the game's size
    /// (foul policy `loses`), then the moves.
    ///
    /// # Errors
    ///
    /// `400 bad-request` for a point that does not read, naming it; `422
    /// bad-settings` for an unknown game or a board it is not played on, or
    /// set-up stones that hold a winning row already; `422 off-board`; `409
    /// occupied` for a point set up twice or played on a stone; `409
    /// game-over` for a move after the end.
    pub(crate) fn position(&self) -> Result<Position, ApiError> {
        let config = GameConfig::from_words(
            &self.game,
            self.size,
            None,
            None,
            self.keryo.unwrap_or(false),
        )
        .map_err(|error| ApiError::BadSettings(error.to_string()))?;
        let mut position = match &self.setup {
            None => Position::from_config(config),
            Some(setup) => setup.position(config)?,
        };
        for (index, text) in self.moves.iter().enumerate() {
            let mv: Move = text.parse().map_err(|error| {
                ApiError::BadRequest(format!("move {} ({text:?}): {error}", index + 1))
            })?;
            position.play_mut(mv).map_err(illegal)?;
        }
        Ok(position)
    }

    /// The first three moves as the opening of a renju game would name them:
    /// the set-up stones count as played first (so that a set-up of the three
    /// stones is named too, and none of more than three), then the moves; a
    /// pass among the first three gives no name.
    pub(crate) fn first_three_stones(&self, position: &Position) -> Option<Board> {
        let set_up = self
            .setup
            .as_ref()
            .map_or(0, |setup| setup.black.len() + setup.white.len());
        if set_up > 3 {
            return None;
        }
        let mut board = Board::new(position.board().size());
        if let Some(setup) = &self.setup {
            for (color, texts) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
                for text in texts {
                    board.put(text.parse().ok()?, color);
                }
            }
        }
        let mut color = self.setup.as_ref().map_or_else(
            || position.rules().first_color(),
            |setup| setup.to_move_or_default(),
        );
        for text in self.moves.iter().take(3 - set_up) {
            match text.parse().ok()? {
                Move::Place(point) => board.put(point, color),
                Move::Pass => return None,
            };
            color = color.other();
        }
        (board.stone_count() == 3).then_some(board)
    }
}

impl PositionSetup {
    /// The colour to move after the set-up.
    fn to_move_or_default(&self) -> Color {
        self.to_move
            .unwrap_or(if self.black.len() <= self.white.len() {
                Color::Black
            } else {
                Color::White
            })
    }

    /// The set-up stones on the empty board of `config`, `to_move` to move.
    fn position(&self, config: GameConfig) -> Result<Position, ApiError> {
        let mut board = Board::new(config.size());
        let mut placed = Vec::with_capacity(self.black.len() + self.white.len());
        for (color, texts) in [(Color::Black, &self.black), (Color::White, &self.white)] {
            for (index, text) in texts.iter().enumerate() {
                let point: Point = text.parse().map_err(|error| {
                    ApiError::BadRequest(format!(
                        "set-up {color} stone {} ({text:?}): {error}",
                        index + 1
                    ))
                })?;
                if !config.size().contains(point) {
                    return Err(illegal(IllegalMove::OffBoard(point)));
                }
                if !board.is_empty_at(point) {
                    return Err(illegal(IllegalMove::Occupied(point)));
                }
                board.put(point, color);
                placed.push(point);
            }
        }
        // A position is judged from its next move on, so a row already on the
        // board would never count: such a set-up is refused.
        if let Some(row) = placed
            .iter()
            .find_map(|&point| winning_row(&board, point, config.rules()))
        {
            let points: Vec<String> = row.points().map(|point| point.to_string()).collect();
            return Err(ApiError::BadSettings(format!(
                "the set-up stones hold a winning row already ({}): set up a position \
                 that is not decided",
                points.join(" ")
            )));
        }
        Position::from_board(
            config.rules(),
            FoulPolicy::Loses,
            board,
            self.to_move_or_default(),
        )
        .map_err(|error| ApiError::BadSettings(error.to_string()))
    }
}

/// The refusal of a move or a stone the position does not take.
fn illegal(reason: IllegalMove) -> ApiError {
    GameError::Rejected(SessionRejection::Game(Rejection::Illegal(reason))).into()
}

/// Reads a body made of a [`PositionRequest`]'s fields and an endpoint's own,
/// named in `own_fields` and read as `T`: duplicate keys are refused as
/// everywhere (`400`), and so is any key that is neither.
///
/// # Errors
///
/// `400 bad-request` (`413 too-large`) for what is not the JSON expected.
pub(crate) fn read_position_body<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    own_fields: &[&str],
) -> Result<(PositionRequest, T), ApiError> {
    let UniqueKeys(value) = parse_json(body)?;
    let Value::Object(mut fields) = value else {
        return Err(ApiError::BadRequest(
            "invalid JSON body: expected an object".to_owned(),
        ));
    };
    let own: Map<String, Value> = own_fields
        .iter()
        .filter_map(|&name| fields.remove_entry(name))
        .collect();
    let position = serde_json::from_value(Value::Object(fields)).map_err(invalid_json)?;
    let own = serde_json::from_value(Value::Object(own)).map_err(invalid_json)?;
    Ok((position, own))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(body: serde_json::Value) -> PositionRequest {
        serde_json::from_value(body).unwrap()
    }

    fn code(result: Result<Position, ApiError>) -> &'static str {
        result.unwrap_err().code()
    }

    #[test]
    fn positions_are_built_move_by_move_and_illegal_ones_refused() {
        let of = |body| request(body).position();
        let position = of(serde_json::json!({"game": "renju", "moves": ["h8", "h9", "i8"]}));
        assert_eq!(position.unwrap().ply(), 3);
        let renju = |moves: &[&str]| of(serde_json::json!({"game": "renju", "moves": moves}));
        assert_eq!(code(renju(&["h8", "h8"])), "occupied");
        assert_eq!(code(renju(&["z99"])), "bad-request");
        assert_eq!(code(renju(&["q3"])), "off-board");
        assert_eq!(
            code(of(serde_json::json!({"game": "chess", "moves": []}))),
            "bad-settings"
        );
        let big = of(serde_json::json!({"game": "freestyle", "size": 19, "moves": ["s19"]}));
        assert_eq!(big.unwrap().ply(), 1);
        assert_eq!(
            of(serde_json::json!({"game": "caro"})).unwrap().ply(),
            0,
            "no moves"
        );
    }

    #[test]
    fn set_up_stones_go_first_and_the_moves_alternate_from_to_move() {
        let of = |setup: serde_json::Value, moves: &[&str]| {
            request(serde_json::json!({"game": "freestyle", "setup": setup, "moves": moves}))
                .position()
        };
        let position = of(
            serde_json::json!({"black": ["h8", "i9"], "white": ["h9"]}),
            &[],
        );
        let position = position.unwrap();
        assert_eq!(position.turn(), Color::White, "Black has more stones");
        assert_eq!(position.ply(), 3);
        let even = of(
            serde_json::json!({"black": ["h8"], "white": ["h9"]}),
            &["a1"],
        )
        .unwrap();
        assert_eq!(even.board().get("a1".parse().unwrap()), Some(Color::Black));
        let chosen = of(
            serde_json::json!({"white": ["h9"], "to_move": "white"}),
            &["a1", "a2"],
        )
        .unwrap();
        assert_eq!(
            chosen.board().get("a1".parse().unwrap()),
            Some(Color::White)
        );
        assert_eq!(
            chosen.board().get("a2".parse().unwrap()),
            Some(Color::Black)
        );
        assert_eq!(
            code(of(
                serde_json::json!({"black": ["h8"], "white": ["h8"]}),
                &[]
            )),
            "occupied"
        );
        assert_eq!(
            code(of(serde_json::json!({"black": ["h8", "h8"]}), &[])),
            "occupied"
        );
        assert_eq!(
            code(of(serde_json::json!({"black": ["p16"]}), &[])),
            "off-board"
        );
        let bad = of(serde_json::json!({"white": ["h8", "here"]}), &[]).unwrap_err();
        assert_eq!(bad.code(), "bad-request");
        assert!(bad.to_string().contains("\"here\""), "{bad}");
        let five = of(
            serde_json::json!({"black": ["a1", "b1", "c1", "d1", "e1"]}),
            &[],
        );
        assert_eq!(code(five), "bad-settings");
        assert_eq!(
            code(of(serde_json::json!({"black": ["h8"]}), &["h8"])),
            "occupied"
        );
    }

    #[test]
    fn the_first_three_stones_count_set_up_stones_first() {
        let first_three = |body: serde_json::Value| {
            let request = request(body);
            let position = request.position().unwrap();
            request
                .first_three_stones(&position)
                .map(|board| board.stone_count())
        };
        assert_eq!(
            first_three(serde_json::json!({"game": "renju", "moves": ["h8", "h9", "i10", "j7"]})),
            Some(3)
        );
        assert_eq!(
            first_three(serde_json::json!({"game": "renju", "moves": ["h8", "h9"]})),
            None
        );
        assert_eq!(
            first_three(serde_json::json!({"game": "renju", "moves": ["h8", "pass", "i10"]})),
            None
        );
        assert_eq!(
            first_three(serde_json::json!({"game": "renju",
                "setup": {"black": ["h8"], "white": ["h9"]}, "moves": ["i10"]})),
            Some(3)
        );
        assert_eq!(
            first_three(serde_json::json!({"game": "renju",
                "setup": {"black": ["h8", "i10", "a1"], "white": ["h9"]}})),
            None
        );
    }

    #[test]
    fn own_fields_are_split_off_and_unknown_ones_refused() {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Own {
            lines: Option<u8>,
        }
        let read =
            |text: &str| read_position_body::<Own>(Ok(Bytes::from(text.to_owned())), &["lines"]);
        let (position, own) = read(r#"{"game": "renju", "moves": [], "lines": 3}"#).unwrap();
        assert_eq!((position.game.as_str(), own.lines), ("renju", Some(3)));
        let (_, own) = read(r#"{"game": "renju"}"#).unwrap();
        assert_eq!(own.lines, None);
        for text in [
            r#"{"game": "renju", "colour": "black"}"#,
            r#"{"game": "renju", "lines": 1, "lines": 2}"#,
            r#"{"game": "renju", "lines": "two"}"#,
            r#"["renju"]"#,
        ] {
            assert_eq!(read(text).unwrap_err().code(), "bad-request", "{text}");
        }
    }
}
