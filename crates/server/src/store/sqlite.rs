//! The SQLite backend: one file beside the server, nothing else to run.
//!
//! The writer has its own single connection (SQLite allows one writer at a time
//! anyway, and the group-commit writer never needs two); reads go through a
//! separate pool, which WAL lets run while the writer commits.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};

use narabe_rules::Player;

use super::sql;
use super::writer::{AppendArgs, WriteBackend, WriterHandle};
use super::{ActionRecord, GameRecord, NewGame, StoreError, TokenHash};

/// The SQLite schema, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");

/// How long a connection waits for a lock held by another connection (a reader
/// during a checkpoint, or another process on the same file) before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Readers in the pool: enough to overlap loads with the writer on a small
/// machine without holding many idle connections.
const READERS: u32 = 4;

/// Opens (creating if needed) the database at `url`, migrates it, and starts the
/// writer. Returns the writer and the read pool.
pub(super) async fn open(url: &str) -> Result<(WriterHandle, SqlitePool), StoreError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        // FULL syncs the WAL at every commit: an acknowledged write survives a
        // power loss, not only a crash of the process. Group commit pays for it.
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(BUSY_TIMEOUT)
        .foreign_keys(true);
    let write_pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options.clone())
        .await?;
    MIGRATOR.run(&write_pool).await?;
    let read_pool = SqlitePoolOptions::new()
        .max_connections(READERS)
        .connect_with(options)
        .await?;
    Ok((WriterHandle::spawn::<SqliteWrites>(write_pool), read_pool))
}

// IMMEDIATE takes the write lock at once: if another process ever writes the
// same file, the busy timeout applies here instead of failing at the first write
// of a half-done group.
super::statements::backend_statements! {
    writes: SqliteWrites,
    database: sqlx::Sqlite,
    connection: SqliteConnection,
    pool: SqlitePool,
    begin: "BEGIN IMMEDIATE",
    append_guarded: append_guarded,
    append_batch: append_batch,
}

/// A batch of appends as one append after another (no round trips to save).
async fn append_batch(
    connection: &mut SqliteConnection,
    appends: &[AppendArgs<'_>],
) -> Result<Vec<Result<i64, StoreError>>, StoreError> {
    let mut outcomes = Vec::with_capacity(appends.len());
    for append in appends {
        let outcome = SqliteWrites::append(
            connection,
            append.id,
            append.expected_ply,
            append.actions,
            append.deadline_at,
        )
        .await;
        if let Err(StoreError::Database(error)) = outcome {
            return Err(StoreError::Database(error));
        }
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// The guarded append as the ply guard followed by one insert per action: SQLite
/// runs in the process, so a statement costs no round trip. Whether the guard
/// passed (when it refuses, nothing is written).
async fn append_guarded(
    connection: &mut SqliteConnection,
    id: &str,
    expected_ply: i64,
    actions: &[ActionRecord],
    deadline_at: Option<i64>,
) -> Result<bool, StoreError> {
    // A Vec holds at most isize::MAX elements, so the length fits an i64.
    let advanced = sqlx::query(sql::ADVANCE_PLY)
        .bind(actions.len() as i64)
        .bind(deadline_at)
        .bind(id)
        .bind(expected_ply)
        .execute(&mut *connection)
        .await?
        .rows_affected();
    if advanced == 0 {
        return Ok(false);
    }
    for (ply, action) in (expected_ply..).zip(actions) {
        sqlx::query(sql::INSERT_ACTION)
            .bind(id)
            .bind(ply)
            .bind(&action.seat)
            .bind(&action.action)
            .bind(action.at)
            .execute(&mut *connection)
            .await?;
    }
    Ok(true)
}

super::tournament_statements::tournament_statements! {
    connection: SqliteConnection,
    pool: SqlitePool,
}

super::bot_statements::bot_statements! {
    connection: SqliteConnection,
    pool: SqlitePool,
}
