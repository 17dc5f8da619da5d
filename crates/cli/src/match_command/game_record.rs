//! What one game of a match came to, and its two written forms: the result line
//! printed as the match goes and the line of the `--records` file.

use narabe_records::{Format, GameTree, NodeId, Record, RecordResult, Settings, WriteError};
use narabe_rules::{BoardSize, Color, Move, RuleSet};

use super::openings::Opening;

/// One of the two engines of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The `--first` engine, whose score the match reports.
    First,
    /// The `--second` engine.
    Second,
}

impl Side {
    /// `first` or `second`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// The other engine.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// Why a game ended: a short code for machines and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndReason {
    /// `five`, `overline`, `foul`, `full-board`, `illegal-move`, `unparsable`,
    /// `engine-error`, `timeout`, `match-time`, `crash` or `start-failed`.
    pub code: &'static str,
    /// What happened, naming the engine and the move.
    pub detail: String,
}

/// The first engine's result in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstResult {
    /// The first engine won.
    Win,
    /// A draw.
    Draw,
    /// The second engine won.
    Loss,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based game number.
    pub number: usize,
    /// The opening it started from.
    pub opening: Opening,
    /// The engine that had Black.
    pub black: Side,
    /// Every move, the opening's included, in order (`pass` where the referee
    /// passed for a renju Black left with nothing but forbidden points).
    pub moves: Vec<Move>,
    /// The milliseconds each move took its engine, beside `moves`; none for the
    /// opening's moves and the referee's passes.
    pub times: Vec<Option<u32>>,
    /// The winning colour, `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
}

impl GameRecord {
    /// The engine playing `color`.
    #[must_use]
    pub const fn side_of(&self, color: Color) -> Side {
        match color {
            Color::Black => self.black,
            Color::White => self.black.other(),
        }
    }

    /// The first engine's result.
    #[must_use]
    pub fn first_result(&self) -> FirstResult {
        match self.winner.map(|color| self.side_of(color)) {
            Some(Side::First) => FirstResult::Win,
            Some(Side::Second) => FirstResult::Loss,
            None => FirstResult::Draw,
        }
    }

    /// `1-0` (Black won), `0-1` (White won) or `1/2-1/2`.
    #[must_use]
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The line printed when the game ends, e.g.
    /// `game 3: black=second white=first opening=h8 h9 h10 result=0-1 reason=timeout moves=17: …`.
    #[must_use]
    pub fn summary_line(&self) -> String {
        format!(
            "game {}: black={} white={} opening={} result={} reason={} moves={}: {}",
            self.number,
            self.black.name(),
            self.black.other().name(),
            self.opening.notation(),
            self.result(),
            self.reason.code,
            self.moves.len(),
            self.reason.detail
        )
    }

    /// The line of the records file: tab-separated game number, opening, black
    /// engine, white engine, moves, result, reason code and detail.
    #[must_use]
    pub fn record_line(&self) -> String {
        let moves = self
            .moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.number,
            self.opening.notation(),
            self.black.name(),
            self.black.other().name(),
            if moves.is_empty() { "-" } else { &moves },
            self.result(),
            self.reason.code,
            self.reason.detail.replace(['\t', '\n'], " ")
        )
    }
}

impl GameRecord {
    /// The game as Piskvork's PSQ file (`--psq`): the board, each move with
    /// its engine's time, and the engines' command lines as the players'
    /// names, Black first.
    ///
    /// # Errors
    ///
    /// A game with a pass, which PSQ cannot hold.
    pub fn psq(
        &self,
        rules: RuleSet,
        size: BoardSize,
        engines: [&str; 2],
    ) -> Result<String, WriteError> {
        let mut settings = Settings::with_size(rules, size);
        let [first, second] = engines;
        let (black, white) = match self.black {
            Side::First => (first, second),
            Side::Second => (second, first),
        };
        settings.black = Some(black.to_owned());
        settings.white = Some(white.to_owned());
        settings.result = Some(match self.winner {
            Some(color) => RecordResult::win(color),
            None => RecordResult::draw(),
        });
        let mut tree = GameTree::new();
        let mut at = NodeId::ROOT;
        for (index, mv) in self.moves.iter().enumerate() {
            at = tree.add(at, narabe_records::move_action(*mv));
            tree.node_mut(at).time_ms = self.times.get(index).copied().flatten();
        }
        let bytes = narabe_records::write(Format::Psq, &[Record::new(settings, tree)])?;
        Ok(String::from_utf8(bytes).expect("PSQ is text"))
    }
}

/// The header of the records file.
pub const RECORDS_HEADER: &str = "# game\topening\tblack\twhite\tmoves\tresult\treason\tdetail";
