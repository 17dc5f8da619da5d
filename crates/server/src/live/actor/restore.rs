//! Bringing a stored game back to life: its log replayed through the rules
//! and the session, at start and after a conflicting write.

use narabe_game::{Actor, LogEntry, Millis, Session, SessionAction, SessionConfig};
use narabe_rules::Player;

use super::GameActor;
use crate::live::game_setup::GameSetup;
use crate::{ActionRecord, GameRecord};

/// Why a stored game could not be brought back to life.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RestoreError {
    /// The configuration JSON does not parse or validate.
    #[error("bad stored configuration: {0}")]
    Setup(String),
    /// An action of the log does not parse or apply.
    #[error("bad stored log at ply {0}: {1}")]
    Log(usize, String),
}

/// The setup and the session of a stored game: its configuration read and
/// checked, its log replayed.
pub(in crate::live) fn restore_game(
    record: &GameRecord,
) -> Result<(GameSetup, Session), RestoreError> {
    let setup: GameSetup = serde_json::from_str(&record.config_json)
        .map_err(|error| RestoreError::Setup(error.to_string()))?;
    let config = setup
        .settings
        .validate_stored()
        .map_err(|error| RestoreError::Setup(error.to_string()))?;
    let session = restore_session(config, record)?;
    Ok((setup, session))
}

/// The session of a stored game: its log replayed through the rules and the
/// session (every entry checked again).
pub(super) fn restore_session(
    config: SessionConfig,
    record: &GameRecord,
) -> Result<Session, RestoreError> {
    let mut entries = Vec::with_capacity(record.actions.len());
    for (ply, row) in record.actions.iter().enumerate() {
        entries.push(log_entry(row).map_err(|error| RestoreError::Log(ply, error))?);
    }
    Session::restore(config, entries)
        .map_err(|(ply, rejection)| RestoreError::Log(ply, rejection.to_string()))
}

/// A stored log row read back as the session's entry; why not, when it does
/// not parse.
pub(super) fn log_entry(row: &ActionRecord) -> Result<LogEntry, String> {
    let actor = row
        .seat
        .parse::<Actor>()
        .map_err(|error| error.to_string())?;
    let action = row
        .action
        .parse::<SessionAction>()
        .map_err(|error| error.to_string())?;
    let at = Millis::try_from(row.at).map_err(|error| error.to_string())?;
    Ok(LogEntry { actor, action, at })
}

impl GameActor {
    pub(super) fn reload(&mut self, record: GameRecord) -> Result<(), RestoreError> {
        let mut session = restore_session(*self.session.config(), &record)?;
        // Presence is not in the log: it carries over from the session replaced.
        for player in Player::ALL {
            if let Some(since) = self.session.absent_since(player) {
                session.set_present(player, false, since);
            }
        }
        self.session = session;
        self.seats = [record.first_token_hash, record.second_token_hash];
        self.rematch_id = record.rematch_id;
        self.broadcast_snapshot();
        self.engage_computer();
        Ok(())
    }
}
