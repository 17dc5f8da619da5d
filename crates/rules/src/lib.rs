//! # narabe-rules
//!
//! The rule book of narabe as code: points and renju notation, boards, the rule
//! sets of gomoku (freestyle and standard), renju, caro and pente, win detection,
//! pente captures and renju forbidden moves with the recursive "real three" rule.
//! Everything that decides a rule lives here, once; the server, the engine and the
//! browser ask this crate.
//!
//! ```
//! use narabe_rules::{Move, Position, RuleSet};
//! let mut position = Position::new(RuleSet::Renju);
//! for name in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
//!     position.play_mut(Move::Place(name.parse()?)).unwrap();
//! }
//! assert_eq!(position.outcome().map(|o| o.winner), Some(Some(narabe_rules::Color::Black)));
//! # Ok::<(), narabe_rules::ParsePointError>(())
//! ```

#![forbid(unsafe_code)]

mod action;
mod board;
mod board_size;
pub mod capture;
pub mod catalog;
mod color;
mod direction;
mod fifth_move;
pub mod forbidden;
pub mod foul_explanation;
mod game;
mod game_config;
mod game_log;
mod game_result;
pub mod game_snapshot;
mod grid;
mod lattice_isometry;
mod move_list;
mod moves;
mod opening;
mod opening_name;
mod outcome;
mod phase;
mod played_action;
mod player;
mod point;
mod position;
mod rejection;
mod result_code;
mod row;
mod rule_set;
mod symmetry;
pub mod win;
mod zone;

pub use action::{Action, ActionKind, ParseActionError};
pub use board::Board;
pub use board_size::BoardSize;
pub use catalog::Catalog;
pub use color::{Color, ParseColorError};
pub use direction::Direction;
pub use fifth_move::{canonical_pattern, fifth_moves_equivalent, symmetric_fifth_moves};
pub use forbidden::{BlackVerdict, FoulKind};
pub use game::Game;
pub use game_config::{ConfigError, GameConfig};
pub use game_log::{GameLog, LogError, log_lines};
pub use game_result::{GameResult, ResultReason};
pub use game_snapshot::GameSnapshot;
pub use move_list::{MoveListError, board_from_moves, fill_board, parse_points};
pub use moves::Move;
pub use opening::{Opening, ParseOpeningError};
pub use opening_name::{CanonicalOpening, identify_opening};
pub use outcome::{Outcome, OutcomeReason};
pub use phase::Phase;
pub use played_action::PlayedAction;
pub use player::{ParsePlayerError, Player};
pub use point::{ParsePointError, Point};
pub use position::{FoulPolicy, IllegalMove, PlayError, Position, PositionError};
pub use rejection::Rejection;
pub use result_code::ResultCode;
pub use row::Row;
pub use rule_set::{ParseRuleSetError, RuleSet};
pub use symmetry::Symmetry;
pub use zone::{Zone, ZoneKind};
