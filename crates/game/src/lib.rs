//! # narabe-game
//!
//! A sans-IO game session: seats, clocks, draw offers, takebacks, abort,
//! resignation, claims and rematch around a [`narabe_rules`] game. Time is a
//! parameter of every call; there is no tokio and no database here. The server
//! drives one [`Session`] per live game and stores its log.

#![forbid(unsafe_code)]

mod clocks;
mod request_limits;
mod session;
mod session_action;
mod session_action_kind;
mod session_config;
mod session_rejection;
mod session_result;
mod session_snapshot;
mod time_control;

pub use clocks::Clocks;
pub use request_limits::Request;
pub use session::{CLAIM_AFTER_MS, LogEntry, Session};
pub use session_action::{Actor, ParseSessionActionError, SessionAction};
pub use session_action_kind::SessionActionKind;
pub use session_config::{SessionConfig, SessionSettings, SettingsError};
pub use session_rejection::SessionRejection;
pub use session_result::{SessionEnd, SessionResult};
pub use session_snapshot::{ClockSnapshot, OpenActionsSnapshot, SessionSnapshot};
pub use time_control::{DAY_MS, Millis, ParseTimeControlError, TimeControl};
