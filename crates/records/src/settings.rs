//! What a record says about its game besides the moves.

use narabe_rules::{BoardSize, FoulPolicy, Opening, RuleSet};

use crate::{RecordResult, TimeControl};

/// A game's settings and facts: the rules, the board, the opening rule when
/// known, the players, where and when, the clock and the result.
///
/// The players are named by the colour they held at the end of the game (after
/// any swap), as every format other than narabe's own names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The game's rules (the file's, or the reader's default when it says none).
    pub rules: RuleSet,
    /// The board.
    pub size: BoardSize,
    /// The opening rule, when the file says.
    pub opening: Option<Opening>,
    /// What a forbidden black move did (renju), when the file says.
    pub foul_policy: Option<FoulPolicy>,
    /// The name of the opening played (`Kansei`, `2I`), when the file says.
    pub opening_name: Option<String>,
    /// The player who held Black.
    pub black: Option<String>,
    /// The player who held White.
    pub white: Option<String>,
    /// The date, as the file writes it (`2026-12-01`, `2026.12.01`).
    pub date: Option<String>,
    /// The event or tournament.
    pub event: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// Where the game was played (a city, a server).
    pub place: Option<String>,
    /// The clock.
    pub time_control: Option<TimeControl>,
    /// The result.
    pub result: Option<RecordResult>,
}

impl Settings {
    /// The settings of a game of `rules` on its default board, nothing else
    /// known.
    #[must_use]
    pub fn new(rules: RuleSet) -> Settings {
        Settings::with_size(rules, rules.default_size())
    }

    /// The settings of a game of `rules` on a `size` board, nothing else known.
    #[must_use]
    pub const fn with_size(rules: RuleSet, size: BoardSize) -> Settings {
        Settings {
            rules,
            size,
            opening: None,
            foul_policy: None,
            opening_name: None,
            black: None,
            white: None,
            date: None,
            event: None,
            round: None,
            place: None,
            time_control: None,
            result: None,
        }
    }
}
