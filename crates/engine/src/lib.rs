//! # narabe-engine
//!
//! The computer opponent of narabe: it plays renju, gomoku (freestyle and
//! standard), caro and pente on positions of [`narabe_rules`], at a chosen
//! [`Strength`] and within a time budget ([`SearchLimits`]), and speaks the
//! Gomocup protocol with Yixin's board extensions ([`run_gomocup`], built on the
//! sans-IO [`GomocupSession`]; docs/engine-protocol.md).
//!
//! ```
//! use narabe_engine::{Engine, EngineOptions, SearchLimits};
//! use narabe_rules::{Move, Position, RuleSet};
//! let mut position = Position::new(RuleSet::Renju);
//! position.play_mut(Move::Place("h8".parse()?)).unwrap();
//! let mut engine = Engine::new(EngineOptions::default());
//! let report = engine.search(&position, &SearchLimits::depth(2));
//! assert!(position.check(report.best_move).is_ok());
//! # Ok::<(), narabe_rules::ParsePointError>(())
//! ```

#![forbid(unsafe_code)]

mod decision_value;
mod engine;
mod game_player;
mod gomocup_command;
mod gomocup_coord;
mod gomocup_runner;
mod gomocup_session;
mod opening_choices;
mod search_limits;
mod search_report;
mod strength;

pub use engine::{Engine, EngineOptions};
pub use game_player::decide;
pub use gomocup_command::{
    BoardLine, CommandError, GomocupCommand, InfoSetting, parse_board_line, parse_command,
};
pub use gomocup_coord::{GomocupCoord, ParseCoordError};
pub use gomocup_runner::run_gomocup;
pub use gomocup_session::{
    ABOUT_LINE, AfterReply, DEFAULT_TIMEOUT_TURN, FAST_MOVE_TIME, GomocupSession, SearchRequest,
    SessionReply,
};
pub use search_limits::SearchLimits;
pub use search_report::{Score, SearchReport};
pub use strength::{ParseStrengthError, Strength};
