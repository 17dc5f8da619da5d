//! # narabe-engine
//!
//! The computer opponent of narabe: it plays renju, gomoku (freestyle and
//! standard), caro and pente on positions of [`narabe_rules`], at a chosen
//! [`Strength`] and within a time budget ([`SearchLimits`]), and speaks the
//! Gomocup protocol with Yixin's board extensions ([`run_gomocup`], built on the
//! sans-IO [`GomocupSession`]; docs/engine-protocol.md).
//!
//! A search tries, in order: a five on the spot, the forced replies to the
//! opponent's threats, its own VCF ([`find_vcf`]), a defence against the
//! opponent's VCF, its own VCT, and an iterative-deepening principal variation
//! search over an incrementally updated pattern board; [`Engine::search_lines`]
//! answers the best few moves (multi-PV) and [`find_threat_win`] a VCF or VCT
//! on its own, for analysis. See `docs/engine.md`.
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
pub mod engine_board;
pub mod evaluation;
pub mod evaluation_combinations;
pub mod evaluation_features;
mod game_player;
mod gomocup_command;
mod gomocup_coord;
mod gomocup_runner;
mod gomocup_session;
pub mod line_pattern;
pub mod opening_book;
mod opening_choices;
mod principal_variation_search;
mod random;
mod search_limits;
mod search_report;
mod search_team;
mod split_point;
mod strength;
pub mod strength_levels;
mod threat_moves;
mod threat_win;
mod time_manager;
mod transposition_table;
mod unstoppable_threat;
mod vcf_search;
mod vct_search;
mod zobrist;

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
pub use random::SplitMix64;
pub use search_limits::SearchLimits;
pub use search_report::{Score, ScoredLine, SearchReport};
pub use strength::{ParseStrengthError, Strength};
pub use threat_win::{ThreatKind, ThreatLimits, find_threat_win};
pub use vcf_search::{VcfLimits, VcfOutcome, find_vcf};
