//! The opening book: the moves of the engine's own long searches for the
//! positions that follow the 26 canonical renju openings, and in freestyle and
//! standard gomoku the same three-stone starts, kept as text in
//! `crates/engine/book/` (one file a game, written by the example
//! `build_opening_book`), read once, and found under any of the board's
//! eight symmetries.
//!
//! A line of a book file is one position and its move:
//!
//! ```text
//! w h8b h9w h10b : i9 35 10 | j9 g9
//! ```
//!
//! the side to move (`b` or `w`), the stones in the orientation whose text
//! sorts first among the eight (see [`BookKey`]), then after `:` the move in
//! that orientation, the search's score (for the side to move) and depth, and
//! after `|` the other moves the search ranked next, which the builder
//! expands as the opponent's likely replies. `#` starts a comment line.

use std::collections::HashMap;
use std::sync::OnceLock;

use narabe_rules::{Board, BoardSize, Color, Point, Position, RuleSet, Symmetry};

/// The book of renju, 15x15.
const RENJU_BOOK: &str = include_str!("../book/renju.txt");
/// The book of freestyle gomoku, 15x15.
const FREESTYLE_BOOK: &str = include_str!("../book/freestyle.txt");
/// The book of standard gomoku, 15x15.
const STANDARD_BOOK: &str = include_str!("../book/standard.txt");

/// The move a book gives for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookMove {
    /// The move, on the board as it stands.
    pub point: Point,
    /// The value the building search gave the position, for the side to move.
    pub score: i32,
    /// The depth of that search.
    pub depth: u32,
}

/// One entry of a book, in the book's orientation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookEntry {
    /// The move.
    pub best: Point,
    /// The search's value of the position for the side to move.
    pub score: i32,
    /// The search's depth.
    pub depth: u32,
    /// The next best moves, best first.
    pub alternatives: Vec<Point>,
}

/// A position as a book knows it: the side to move and the stones, in the
/// orientation (of the eight symmetries of the square board) whose text sorts
/// first, with the symmetry that takes the board there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookKey {
    /// `b` or `w`, a space, then the stones in index order (row by row from
    /// `a1`), each as its point and colour: `h8b h9w h10b`.
    pub text: String,
    /// The symmetry that takes the board to the book's orientation.
    pub symmetry: Symmetry,
}

impl BookKey {
    /// The key of `board` with `to_move` to play.
    #[must_use]
    pub fn of(board: &Board, to_move: Color) -> BookKey {
        let size = board.size();
        let side = if to_move == Color::Black { 'b' } else { 'w' };
        let mut best: Option<BookKey> = None;
        for symmetry in Symmetry::ALL {
            let mut stones: Vec<(u8, u8, Color)> = board
                .stones()
                .map(|(point, color)| {
                    let image = symmetry.apply(point, size);
                    (image.row(), image.col(), color)
                })
                .collect();
            stones.sort_unstable();
            let mut text = String::with_capacity(2 + 5 * stones.len());
            text.push(side);
            for (row, col, color) in stones {
                let point = Point::new(col, row).expect("a board point");
                text.push(' ');
                text.push_str(&point.to_string());
                text.push(if color == Color::Black { 'b' } else { 'w' });
            }
            if best.as_ref().is_none_or(|key| text < key.text) {
                best = Some(BookKey { text, symmetry });
            }
        }
        best.expect("eight symmetries")
    }

    /// `point` of the book's orientation, on the board as it stands.
    #[must_use]
    pub fn to_board(&self, point: Point, size: BoardSize) -> Point {
        self.symmetry.inverse().apply(point, size)
    }

    /// `point` of the board as it stands, in the book's orientation.
    #[must_use]
    pub fn to_book(&self, point: Point, size: BoardSize) -> Point {
        self.symmetry.apply(point, size)
    }
}

/// The positions of one book.
#[derive(Debug, Default)]
pub struct OpeningBook {
    entries: HashMap<String, BookEntry>,
}

impl OpeningBook {
    /// Reads a book's text; a line that cannot be read is an error naming it.
    ///
    /// # Errors
    ///
    /// The number and text of the first line that is not a book line.
    pub fn parse(text: &str) -> Result<OpeningBook, String> {
        let mut entries = HashMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, entry) =
                parse_line(line).ok_or_else(|| format!("line {}: {line}", number + 1))?;
            entries.insert(key, entry);
        }
        Ok(OpeningBook { entries })
    }

    /// The entry of the position with this key's text.
    #[must_use]
    pub fn entry(&self, key: &BookKey) -> Option<&BookEntry> {
        self.entries.get(&key.text)
    }

    /// How many positions the book holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The book line for `key` and `entry`, as [`OpeningBook::parse`] reads it.
#[must_use]
pub fn book_line(key: &BookKey, entry: &BookEntry) -> String {
    let mut line = format!(
        "{} : {} {} {}",
        key.text, entry.best, entry.score, entry.depth
    );
    if !entry.alternatives.is_empty() {
        line.push_str(" |");
        for point in &entry.alternatives {
            line.push(' ');
            line.push_str(&point.to_string());
        }
    }
    line
}

fn parse_line(line: &str) -> Option<(String, BookEntry)> {
    let (key, rest) = line.split_once(" : ")?;
    let (answer, alternatives) = rest.split_once(" |").unwrap_or((rest, ""));
    let mut words = answer.split_whitespace();
    let best = words.next()?.parse().ok()?;
    let score = words.next()?.parse().ok()?;
    let depth = words.next()?.parse().ok()?;
    if words.next().is_some() {
        return None;
    }
    let alternatives = alternatives
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Point>, _>>()
        .ok()?;
    let mut key_words = key.split(' ');
    if !matches!(key_words.next(), Some("b" | "w")) {
        return None;
    }
    for stone in key_words {
        let (point, color) = stone.split_at(stone.len().checked_sub(1)?);
        if !matches!(color, "b" | "w") || point.parse::<Point>().is_err() {
            return None;
        }
    }
    Some((
        key.to_owned(),
        BookEntry {
            best,
            score,
            depth,
            alternatives,
        },
    ))
}

/// The book of `rules` on a board of `size`, if narabe has one.
#[must_use]
pub fn book_for(rules: RuleSet, size: BoardSize) -> Option<&'static OpeningBook> {
    static RENJU: OnceLock<OpeningBook> = OnceLock::new();
    static FREESTYLE: OnceLock<OpeningBook> = OnceLock::new();
    static STANDARD: OnceLock<OpeningBook> = OnceLock::new();
    if size != BoardSize::FIFTEEN {
        return None;
    }
    let (cell, text) = match rules {
        RuleSet::Renju => (&RENJU, RENJU_BOOK),
        RuleSet::Freestyle => (&FREESTYLE, FREESTYLE_BOOK),
        RuleSet::Standard => (&STANDARD, STANDARD_BOOK),
        _ => return None,
    };
    Some(cell.get_or_init(|| {
        OpeningBook::parse(text).unwrap_or_else(|line| panic!("the {} book: {line}", rules.name()))
    }))
}

/// The book's move for `position`, if its book holds the position. The move
/// is not checked against the position: the caller plays it only if it is
/// among its legal moves.
#[must_use]
pub fn book_move(position: &Position) -> Option<BookMove> {
    let board = position.board();
    let book = book_for(position.rules(), board.size())?;
    if book.is_empty() {
        return None;
    }
    let key = BookKey::of(board, position.turn());
    let entry = book.entry(&key)?;
    Some(BookMove {
        point: key.to_board(entry.best, board.size()),
        score: entry.score,
        depth: entry.depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use narabe_rules::Move;

    fn position(moves: &str) -> Position {
        let mut position = Position::new(RuleSet::Renju);
        for word in moves.split_whitespace() {
            position
                .play_mut(Move::Place(word.parse().unwrap()))
                .unwrap();
        }
        position
    }

    #[test]
    fn the_eight_images_of_a_position_share_one_key() {
        let start = position("h8 h9 i10 g7");
        let key = BookKey::of(start.board(), start.turn());
        for symmetry in Symmetry::ALL {
            let image = symmetry.apply_board(start.board());
            assert_eq!(BookKey::of(&image, start.turn()).text, key.text);
        }
        let other_side = BookKey::of(start.board(), Color::White);
        assert_ne!(
            other_side.text, key.text,
            "the side to move is part of the key"
        );
    }

    #[test]
    fn a_book_move_comes_back_on_the_board_as_it_stands() {
        // The move j10 next to the stones of a position, stored in the book's
        // orientation, is found again from every image of the position.
        let start = position("h8 h9 i10");
        let size = BoardSize::FIFTEEN;
        let played: Point = "j10".parse().unwrap();
        let key = BookKey::of(start.board(), start.turn());
        let entry = BookEntry {
            best: key.to_book(played, size),
            score: 12,
            depth: 9,
            alternatives: vec![key.to_book("g9".parse().unwrap(), size)],
        };
        let book = OpeningBook::parse(&book_line(&key, &entry)).unwrap();
        assert_eq!(book.len(), 1);
        for symmetry in Symmetry::ALL {
            let image = symmetry.apply_board(start.board());
            let image_key = BookKey::of(&image, start.turn());
            let found = book.entry(&image_key).expect("the same position");
            assert_eq!(
                image_key.to_board(found.best, size),
                symmetry.apply(played, size)
            );
        }
    }

    #[test]
    fn a_line_that_is_not_a_book_line_is_refused_with_its_number() {
        let error = OpeningBook::parse("# comment\nw h8b h9w : i9 1\n").unwrap_err();
        assert!(error.starts_with("line 2:"), "{error}");
        assert!(OpeningBook::parse("x h8b : i9 1 2\n").is_err());
        assert!(OpeningBook::parse("b h8q : i9 1 2\n").is_err());
        assert!(OpeningBook::parse("b h8b : i9 1 2 | z99\n").is_err());
    }

    #[test]
    fn every_book_of_narabe_reads_and_names_moves_on_empty_points() {
        for rules in [RuleSet::Renju, RuleSet::Freestyle, RuleSet::Standard] {
            let book = book_for(rules, BoardSize::FIFTEEN).expect("a book");
            for (text, entry) in &book.entries {
                let stones: Vec<&str> = text.split(' ').skip(1).collect();
                for point in std::iter::once(entry.best).chain(entry.alternatives.iter().copied()) {
                    let name = point.to_string();
                    assert!(
                        stones.iter().all(|stone| stone[..stone.len() - 1] != name),
                        "{}: {text} answers the taken point {name}",
                        rules.name()
                    );
                }
            }
        }
    }
}
