//! A stored tournament as the store takes it in and hands it out: its
//! configuration, the organiser's token hash and its log of entries.

use super::{NewGame, StoreError, TokenHash};

/// A tournament about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament {
    /// The URL-safe random id the server made for it.
    pub id: String,
    /// Its configuration as JSON; opaque to the store.
    pub config_json: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The hash of the organiser's token.
    pub organiser_token_hash: TokenHash,
    /// When it must first look at the time (a start at a set time), if ever.
    pub wake_at: Option<i64>,
}

/// One entry of a tournament's log: JSON the server writes, and its time.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentEntryRecord {
    /// The entry as JSON; opaque to the store.
    pub entry: String,
    /// Server time of the entry, milliseconds since the Unix epoch.
    pub at: i64,
}

/// What one append to a tournament's log writes, in one transaction: the
/// entries under the sequence guard, the games they create (a round's
/// pairings and their games stand or fall together), and the tournament's
/// next wake-up and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentAppend {
    /// The tournament.
    pub id: String,
    /// The number of entries its log must have.
    pub expected_seq: i64,
    /// The entries to log from there on.
    pub entries: Vec<TournamentEntryRecord>,
    /// Games to create with the entries, each linked to the tournament.
    pub games: Vec<NewGame>,
    /// When it must next look at the time, if ever (replaces the last).
    pub wake_at: Option<i64>,
    /// Its end, when these entries end it.
    pub finished_at: Option<i64>,
}

/// A stored tournament with its whole log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Its id.
    pub id: String,
    /// The configuration JSON as it was created.
    pub config_json: String,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// The hash of the organiser's token.
    pub organiser_token_hash: TokenHash,
    /// Its log, in order; its length is the sequence the next append expects.
    pub entries: Vec<TournamentEntryRecord>,
    /// When it ended, if it has.
    pub finished_at: Option<i64>,
    /// When it must next look at the time.
    pub wake_at: Option<i64>,
}

/// A tournaments row as read.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct TournamentRow {
    pub(super) id: String,
    pub(super) config: String,
    pub(super) created_at: i64,
    pub(super) seq: i64,
    pub(super) organiser_token_hash: Vec<u8>,
    pub(super) finished_at: Option<i64>,
    pub(super) wake_at: Option<i64>,
}

impl TournamentRow {
    /// The row with its log, checking that the log has `seq` entries.
    pub(super) fn into_record(
        self,
        entries: Vec<TournamentEntryRecord>,
    ) -> Result<TournamentRecord, StoreError> {
        if i64::try_from(entries.len()) != Ok(self.seq) {
            return Err(StoreError::Corrupt(format!(
                "tournament {} is at entry {} but its log has {}",
                self.id,
                self.seq,
                entries.len()
            )));
        }
        let organiser_token_hash: TokenHash = self
            .organiser_token_hash
            .as_slice()
            .try_into()
            .map_err(|_| {
                StoreError::Corrupt(format!("tournament {} has a malformed token hash", self.id))
            })?;
        Ok(TournamentRecord {
            id: self.id,
            config_json: self.config,
            created_at: self.created_at,
            organiser_token_hash,
            entries,
            finished_at: self.finished_at,
            wake_at: self.wake_at,
        })
    }
}
