//! The store's tournaments: created, appended to under the sequence guard
//! (with the games a round creates, in the same transaction) and read.

use super::writer::WriteRequest;
use super::{
    NewTournament, Readers, Store, StoreError, TournamentAppend, TournamentEntryRecord,
    TournamentRecord, postgres, sqlite,
};

impl Store {
    /// Stores a new tournament with an empty log; [`StoreError::DuplicateId`]
    /// if the id is taken.
    pub async fn create_tournament(&self, tournament: NewTournament) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::CreateTournament { tournament, reply })
            .await
    }

    /// Appends entries to a tournament's log if it has exactly
    /// `append.expected_seq` entries, creating `append.games` with them in
    /// the same transaction; the new length. [`StoreError::Conflict`] (with
    /// the sequence as the ply) when the log has moved on: nothing is written.
    pub async fn append_tournament(&self, append: TournamentAppend) -> Result<i64, StoreError> {
        self.writer
            .request(|reply| WriteRequest::AppendTournament { append, reply })
            .await
    }

    /// The tournament `id` with its whole log, or `None`.
    pub async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::load_tournament(pool, id).await,
            Readers::Postgres(pool) => postgres::load_tournament(pool, id).await,
        }
    }

    /// The entries of tournament `id` from entry `from_seq` on (those a node
    /// that has replayed `from_seq` entries has not seen). Entries are only
    /// ever appended, so a read that races an append sees a prefix.
    pub async fn tournament_entries_from(
        &self,
        id: &str,
        from_seq: i64,
    ) -> Result<Vec<TournamentEntryRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::tournament_entries_from(pool, id, from_seq).await,
            Readers::Postgres(pool) => postgres::tournament_entries_from(pool, id, from_seq).await,
        }
    }

    /// The finished games of tournament `id`: `(game id, result summary JSON)`.
    pub async fn finished_games_of(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::finished_games_of(pool, id).await,
            Readers::Postgres(pool) => postgres::finished_games_of(pool, id).await,
        }
    }

    /// The tournaments that have not ended, with when each must look at the
    /// time: what a starting server wakes.
    pub async fn running_tournaments(&self) -> Result<Vec<(String, Option<i64>)>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::running_tournaments(pool).await,
            Readers::Postgres(pool) => postgres::running_tournaments(pool).await,
        }
    }
}
