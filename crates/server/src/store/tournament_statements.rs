//! The statements of tournaments for each backend, written once: a macro
//! instantiates them for a backend's sqlx types, as `statements.rs` does for
//! games.

/// Defines, in the invoking module, the writes `insert_tournament` and
/// `append_to_tournament` (which the backend's `$writes` calls) and the reads
/// `load_tournament`, `tournament_entries_from`, `finished_games_of` and `running_tournaments` over
/// `$pool`.
macro_rules! tournament_statements {
    (
        connection: $connection:ty,
        pool: $pool:ty $(,)?
    ) => {
        /// Inserts a tournament, or `DuplicateId`.
        async fn insert_tournament(
            connection: &mut $connection,
            tournament: &$crate::store::NewTournament,
        ) -> Result<(), StoreError> {
            let inserted = sqlx::query($crate::store::tournament_sql::INSERT_TOURNAMENT)
                .bind(&tournament.id)
                .bind(&tournament.config_json)
                .bind(tournament.created_at)
                .bind(tournament.organiser_token_hash.as_slice())
                .bind(tournament.wake_at)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if inserted == 0 {
                return Err(StoreError::DuplicateId);
            }
            Ok(())
        }

        /// Checks and advances the sequence, logs the entries and creates the
        /// games; the new sequence. A refusal writes nothing.
        async fn append_to_tournament(
            connection: &mut $connection,
            append: &$crate::store::TournamentAppend,
        ) -> Result<i64, StoreError> {
            use $crate::store::tournament_sql as tsql;
            // A Vec holds at most isize::MAX elements, so the length fits an i64.
            let count = append.entries.len() as i64;
            let advanced = sqlx::query(tsql::ADVANCE_SEQ)
                .bind(count)
                .bind(append.wake_at)
                .bind(append.finished_at)
                .bind(&append.id)
                .bind(append.expected_seq)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if advanced == 0 {
                let seq: Option<(i64,)> = sqlx::query_as(tsql::TOURNAMENT_SEQ)
                    .bind(&append.id)
                    .fetch_optional(&mut *connection)
                    .await?;
                return Err(match seq {
                    None => StoreError::NotFound,
                    Some((actual,)) => StoreError::Conflict {
                        expected_ply: append.expected_seq,
                        actual_ply: actual,
                    },
                });
            }
            for (seq, entry) in (append.expected_seq..).zip(&append.entries) {
                sqlx::query(tsql::INSERT_ENTRY)
                    .bind(&append.id)
                    .bind(seq)
                    .bind(&entry.entry)
                    .bind(entry.at)
                    .execute(&mut *connection)
                    .await?;
            }
            for game in &append.games {
                sqlx::query(tsql::INSERT_TOURNAMENT_GAME)
                    .bind(&game.id)
                    .bind(&game.config_json)
                    .bind(game.created_at)
                    .bind(game.first_token_hash.as_ref().map(|hash| hash.as_slice()))
                    .bind(game.second_token_hash.as_ref().map(|hash| hash.as_slice()))
                    .bind(game.deadline_at)
                    .bind(game.computer.map(|computer| computer.seat.name()))
                    .bind(game.computer.map(|computer| i64::from(computer.level)))
                    .bind(&append.id)
                    .execute(&mut *connection)
                    .await?;
            }
            Ok(append.expected_seq + count)
        }

        /// The tournament `id` with its whole log, or `None`.
        pub(super) async fn load_tournament(
            pool: &$pool,
            id: &str,
        ) -> Result<Option<$crate::store::TournamentRecord>, StoreError> {
            use $crate::store::tournament_sql as tsql;
            let Some(row): Option<$crate::store::tournament_records::TournamentRow> =
                sqlx::query_as(tsql::SELECT_TOURNAMENT)
                    .bind(id)
                    .fetch_optional(pool)
                    .await?
            else {
                return Ok(None);
            };
            let entries: Vec<$crate::store::TournamentEntryRecord> =
                sqlx::query_as(tsql::SELECT_ENTRIES)
                    .bind(id)
                    .bind(row.seq)
                    .fetch_all(pool)
                    .await?;
            row.into_record(entries).map(Some)
        }

        /// The entries of tournament `id` from `from_seq` on.
        pub(super) async fn tournament_entries_from(
            pool: &$pool,
            id: &str,
            from_seq: i64,
        ) -> Result<Vec<$crate::store::TournamentEntryRecord>, StoreError> {
            Ok(
                sqlx::query_as($crate::store::tournament_sql::SELECT_ENTRIES_FROM)
                    .bind(id)
                    .bind(from_seq)
                    .fetch_all(pool)
                    .await?,
            )
        }

        /// The finished games of tournament `id` with their result summaries.
        pub(super) async fn finished_games_of(
            pool: &$pool,
            id: &str,
        ) -> Result<Vec<(String, String)>, StoreError> {
            Ok(
                sqlx::query_as($crate::store::tournament_sql::FINISHED_GAMES_OF)
                    .bind(id)
                    .fetch_all(pool)
                    .await?,
            )
        }

        /// The running tournaments and their wake-ups.
        pub(super) async fn running_tournaments(
            pool: &$pool,
        ) -> Result<Vec<(String, Option<i64>)>, StoreError> {
            Ok(
                sqlx::query_as($crate::store::tournament_sql::RUNNING_TOURNAMENTS)
                    .fetch_all(pool)
                    .await?,
            )
        }
    };
}

pub(super) use tournament_statements;
