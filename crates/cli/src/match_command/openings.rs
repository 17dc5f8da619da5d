//! The openings a match starts its games from: move lists in renju notation,
//! Black first, from a file or a small built-in set.

use narabe_rules::{BoardSize, FoulPolicy, Move, Point, Position, RuleSet};

/// One opening: the stones placed before the engines take over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The moves, Black first and alternating.
    pub moves: Vec<Point>,
}

impl Opening {
    /// The moves as renju notation (`h8 h9 h10`), `-` for none.
    #[must_use]
    pub fn notation(&self) -> String {
        if self.moves.is_empty() {
            return "-".to_owned();
        }
        self.moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The built-in openings as offsets `(columns, rows)` from the centre: six of
/// the 26 renju openings, 1D Kansei, 11D Zuisei, 13D Yūsei, 1I Chōsei, 10I Myōjō
/// and 13I Suisei, the ones least favourable to Black, so that neither colour
/// wins the games by opening knowledge alone and the engines' play decides.
const BUILT_IN: [[(i32, i32); 3]; 6] = [
    [(0, 0), (0, 1), (0, 2)],
    [(0, 0), (0, 1), (0, -2)],
    [(0, 0), (0, 1), (2, -2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 0), (1, 1), (0, -2)],
    [(0, 0), (1, 1), (-2, -2)],
];

/// The built-in openings on a board of `size`, around its centre.
#[must_use]
pub fn built_in_openings(size: BoardSize) -> Vec<Opening> {
    let centre = size.center();
    BUILT_IN
        .iter()
        .map(|offsets| Opening {
            moves: offsets
                .iter()
                .map(|&(columns, rows)| {
                    centre
                        .offset(columns, rows)
                        .expect("the openings fit on a 5x5 board")
                })
                .collect(),
        })
        .collect()
}

/// Reads an openings file: one opening a line, blank lines and lines starting
/// with `#` skipped, `-` for the empty board. Every opening must be legal under
/// `rules` on `size` and leave the game open.
///
/// # Errors
///
/// The first bad line, with its number.
pub fn parse_openings(text: &str, rules: RuleSet, size: BoardSize) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening =
            parse_opening(line, rules, size).map_err(|error| format!("line {number}: {error}"))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("no opening in the file".to_owned());
    }
    Ok(openings)
}

fn parse_opening(line: &str, rules: RuleSet, size: BoardSize) -> Result<Opening, String> {
    let mut moves = Vec::new();
    if line != "-" {
        for word in line.split_whitespace() {
            moves.push(word.parse::<Point>().map_err(|error| error.to_string())?);
        }
    }
    let opening = Opening { moves };
    opening_position(&opening, rules, size)?;
    Ok(opening)
}

/// The position after `opening`, checked move by move.
///
/// # Errors
///
/// An illegal move, or an opening that already ends the game.
pub fn opening_position(
    opening: &Opening,
    rules: RuleSet,
    size: BoardSize,
) -> Result<Position, String> {
    let mut position =
        Position::empty(rules, size, FoulPolicy::Loses).map_err(|error| error.to_string())?;
    for (number, &point) in (1..).zip(&opening.moves) {
        position
            .play_mut(Move::Place(point))
            .map_err(|error| format!("move {number} ({point}): {error}"))?;
        if let Some(outcome) = position.outcome() {
            return Err(format!(
                "the opening ends the game at move {number}: {outcome}"
            ));
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_openings_are_legal_on_every_size() {
        for lines in [15, 19, 20] {
            let size = BoardSize::new(lines).expect("a size");
            for rules in [
                RuleSet::Renju,
                RuleSet::Freestyle,
                RuleSet::Standard,
                RuleSet::Caro,
            ] {
                if !rules.allows_size(size) {
                    continue;
                }
                for opening in built_in_openings(size) {
                    opening_position(&opening, rules, size).expect("legal");
                }
            }
        }
        let fifteen = built_in_openings(BoardSize::FIFTEEN);
        assert_eq!(fifteen[0].notation(), "h8 h9 h10");
        assert_eq!(fifteen[5].notation(), "h8 i9 f6");
    }

    #[test]
    fn a_file_is_read_with_comments_and_checked() {
        let text = "# openings\n\nh8 h9 h10\n-\n  h8 i9  \n";
        let openings = parse_openings(text, RuleSet::Renju, BoardSize::FIFTEEN).expect("good");
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[1].moves, []);
        assert_eq!(openings[2].notation(), "h8 i9");

        let bad = parse_openings("h8 h9\nh8 h8\n", RuleSet::Renju, BoardSize::FIFTEEN);
        assert_eq!(bad, Err("line 2: move 2 (h8): h8 is occupied".to_owned()));
        let bad = parse_openings("h8 zz\n", RuleSet::Renju, BoardSize::FIFTEEN);
        assert!(bad.unwrap_err().starts_with("line 1: "));
        let off = parse_openings("p16\n", RuleSet::Renju, BoardSize::FIFTEEN);
        assert!(off.unwrap_err().contains("off the board"));
        let five = parse_openings(
            "h8 a1 i8 a2 j8 a3 k8 a4 l8\n",
            RuleSet::Renju,
            BoardSize::FIFTEEN,
        );
        assert!(five.unwrap_err().contains("ends the game at move 9"));
        assert!(parse_openings("# nothing\n", RuleSet::Renju, BoardSize::FIFTEEN).is_err());
    }
}
