//! The positions a diagram shows: the set-up, then one after each move, each
//! as its stones with their move numbers and the last move.

use narabe_rules::{BoardSize, Color, Move, Point, RuleSet};

use crate::http::{ApiError, PositionRequest};

/// One position to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Frame {
    /// The stones, each with the number of the move that placed it (none for
    /// a set-up stone).
    pub stones: Vec<(Point, Color, Option<u32>)>,
    /// The point of the last move, when it was a stone still on the board.
    pub last: Option<Point>,
}

/// What is drawn: the board and its positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Frames {
    /// The rules (for the file name).
    pub rules: RuleSet,
    /// The board.
    pub size: BoardSize,
    /// The set-up, then the position after each move.
    pub frames: Vec<Frame>,
}

impl Frames {
    /// The positions of `request`, checked by the rules.
    ///
    /// # Errors
    ///
    /// What [`PositionRequest::position`] refuses: an unknown game or board,
    /// a point that does not read, a stone off the board or on a stone, a
    /// move after the end.
    pub(super) fn of(request: &PositionRequest) -> Result<Frames, ApiError> {
        // The whole position first, for the errors of every move.
        request.position()?;
        let start = PositionRequest {
            moves: Vec::new(),
            ..request.clone()
        };
        let mut position = start.position()?;
        let mut numbers: Vec<(Point, u32)> = Vec::new();
        let frame = |position: &narabe_rules::Position, numbers: &[(Point, u32)], last| Frame {
            stones: position
                .board()
                .stones()
                .map(|(point, color)| {
                    let number = numbers
                        .iter()
                        .rev()
                        .find(|(at, _)| *at == point)
                        .map(|&(_, number)| number);
                    (point, color, number)
                })
                .collect(),
            last,
        };
        let mut frames = vec![frame(&position, &numbers, None)];
        for (index, text) in request.moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|error| ApiError::BadRequest(format!("move {text:?}: {error}")))?;
            position.play_mut(mv).map_err(|_| {
                ApiError::BadRequest(format!("move {} ({text}) is refused", index + 1))
            })?;
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let last = match mv {
                Move::Place(point) => {
                    numbers.push((point, number));
                    position.board().get(point).map(|_| point)
                }
                Move::Pass => None,
            };
            frames.push(frame(&position, &numbers, last));
        }
        Ok(Frames {
            rules: position.rules(),
            size: position.board().size(),
            frames,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(game: &str, moves: &[&str]) -> PositionRequest {
        PositionRequest {
            game: game.to_owned(),
            size: None,
            keryo: None,
            setup: None,
            moves: moves.iter().map(|&text| text.to_owned()).collect(),
        }
    }

    #[test]
    fn each_move_makes_a_frame_with_its_numbers_and_captures_remove_stones() {
        let frames = Frames::of(&request("renju", &["h8", "h9", "pass"])).unwrap();
        assert_eq!(frames.frames.len(), 4);
        let h8: Point = "h8".parse().unwrap();
        assert_eq!(frames.frames[1].stones, [(h8, Color::Black, Some(1))]);
        assert_eq!(frames.frames[1].last, Some(h8));
        assert_eq!(frames.frames[3].last, None);
        // Pente: White first; h9 and h10 are taken by h11.
        let pente = Frames::of(&request("pente", &["h8", "h9", "a1", "h10", "h11"])).unwrap();
        assert_eq!(pente.frames.last().unwrap().stones.len(), 3);
        assert_eq!(
            Frames::of(&request("renju", &["h8", "h8"]))
                .unwrap_err()
                .code(),
            "occupied"
        );
    }
}
