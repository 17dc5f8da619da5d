//! Boards written as move lists in renju notation (`h8 h9 i8`, Black first).

use crate::{Board, BoardSize, Color, ParsePointError, Point};

/// Why a move list does not describe a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveListError {
    /// A word is not a point.
    #[error("move {number}: {source}")]
    Point {
        /// The 1-based number of the move in the list.
        number: usize,
        /// What is wrong with it.
        source: ParsePointError,
    },
    /// A point lies outside the board.
    #[error("move {number}: {point} is off the {size} board")]
    OffBoard {
        /// The 1-based number of the move in the list.
        number: usize,
        /// The point.
        point: Point,
        /// The board.
        size: BoardSize,
    },
    /// A point is played twice.
    #[error("move {number}: {point} is already occupied")]
    Occupied {
        /// The 1-based number of the move in the list.
        number: usize,
        /// The point.
        point: Point,
    },
}

/// Parses whitespace-separated points, appending them to `out` (which is cleared
/// first). Stops at the first word that is not a point.
///
/// # Errors
///
/// [`MoveListError::Point`] naming the first bad word.
pub fn parse_points(text: &str, out: &mut Vec<Point>) -> Result<(), MoveListError> {
    out.clear();
    for (number, word) in (1..).zip(text.split_ascii_whitespace()) {
        let point = word
            .parse()
            .map_err(|source| MoveListError::Point { number, source })?;
        out.push(point);
    }
    Ok(())
}

/// The board after the moves of `text`, Black first and alternating.
///
/// ```
/// use narabe_rules::{board_from_moves, BoardSize, Color};
/// let board = board_from_moves("h8 h9 i8", BoardSize::FIFTEEN)?;
/// assert_eq!(board.count(Color::Black), 2);
/// # Ok::<(), narabe_rules::MoveListError>(())
/// ```
///
/// # Errors
///
/// A bad word, a point off the board, or a point played twice.
pub fn board_from_moves(text: &str, size: BoardSize) -> Result<Board, MoveListError> {
    let mut points = Vec::new();
    parse_points(text, &mut points)?;
    let mut board = Board::new(size);
    fill_board(&mut board, &points)?;
    Ok(board)
}

/// Places `points` on the empty `board`, Black first and alternating.
///
/// # Errors
///
/// A point off the board or played twice; the board is then partly filled.
pub fn fill_board(board: &mut Board, points: &[Point]) -> Result<(), MoveListError> {
    for ((number, &point), color) in (1..)
        .zip(points)
        .zip([Color::Black, Color::White].into_iter().cycle())
    {
        if !board.size().contains(point) {
            return Err(MoveListError::OffBoard {
                number,
                point,
                size: board.size(),
            });
        }
        if board.get(point).is_some() {
            return Err(MoveListError::Occupied { number, point });
        }
        board.put(point, color);
    }
    Ok(())
}
