//! The PostgreSQL backend, for several server nodes sharing one database.
//!
//! Each node runs the same group-commit writer as with SQLite, on a single
//! connection: one commit (one WAL flush) per group. Across nodes the ply guard
//! of every write keeps the log consistent, since PostgreSQL row locks make two
//! guarded updates of the same game take turns.

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};

use narabe_rules::Player;

use super::sql;
use super::writer::{AppendArgs, WriteBackend, WriterHandle};
use super::{ActionRecord, GameRecord, NewGame, StoreError, TokenHash};

/// The PostgreSQL schema, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// Connections in the read pool of one node.
const READERS: u32 = 8;

/// Connects to the database at `url`, migrates it (sqlx takes an advisory lock,
/// so nodes starting together migrate once), and starts the writer. Returns the
/// writer and the read pool.
pub(super) async fn open(url: &str) -> Result<(WriterHandle, PgPool), StoreError> {
    let options = PgConnectOptions::from_str(url)?;
    // The pool of one reconnects the writer if the server drops its connection.
    let write_pool = PgPoolOptions::new()
        .max_connections(1)
        .connect_with(options.clone())
        .await?;
    MIGRATOR.run(&write_pool).await?;
    let read_pool = PgPoolOptions::new()
        .max_connections(READERS)
        .connect_with(options)
        .await?;
    Ok((WriterHandle::spawn::<PostgresWrites>(write_pool), read_pool))
}

// READ COMMITTED: a guarded UPDATE that meets a row another node is changing
// waits for that node's commit and then re-checks its WHERE against the new row,
// so the ply guard holds across nodes.
super::statements::backend_statements! {
    writes: PostgresWrites,
    database: sqlx::Postgres,
    connection: PgConnection,
    pool: PgPool,
    begin: "BEGIN",
    append_guarded: append_guarded,
    append_batch: append_batch,
}

/// A batch of appends to different games in one statement
/// (`sql::ADVANCE_PLIES_AND_LOG`): one round trip for the whole batch, and one
/// more for each refused append, to learn why.
async fn append_batch(
    connection: &mut PgConnection,
    appends: &[AppendArgs<'_>],
) -> Result<Vec<Result<i64, StoreError>>, StoreError> {
    let ids: Vec<&str> = appends.iter().map(|append| append.id).collect();
    let expected_plies: Vec<i64> = appends.iter().map(|append| append.expected_ply).collect();
    // A Vec holds at most isize::MAX elements, so a length fits an i64.
    let counts: Vec<i64> = appends
        .iter()
        .map(|append| append.actions.len() as i64)
        .collect();
    let deadlines: Vec<Option<i64>> = appends.iter().map(|append| append.deadline_at).collect();
    let logged = || {
        appends.iter().flat_map(|append| {
            (0_i64..)
                .zip(append.actions)
                .map(move |(offset, action)| (append.id, offset, action))
        })
    };
    let logged_games: Vec<&str> = logged().map(|(id, _, _)| id).collect();
    let offsets: Vec<i64> = logged().map(|(_, offset, _)| offset).collect();
    let seats: Vec<&str> = logged()
        .map(|(_, _, action)| action.seat.as_str())
        .collect();
    let texts: Vec<&str> = logged()
        .map(|(_, _, action)| action.action.as_str())
        .collect();
    let times: Vec<i64> = logged().map(|(_, _, action)| action.at).collect();
    let advanced: Vec<(String,)> = sqlx::query_as(sql::ADVANCE_PLIES_AND_LOG)
        .bind(ids)
        .bind(expected_plies)
        .bind(&counts)
        .bind(deadlines)
        .bind(logged_games)
        .bind(offsets)
        .bind(seats)
        .bind(texts)
        .bind(times)
        .fetch_all(&mut *connection)
        .await?;
    let advanced: std::collections::HashSet<String> =
        advanced.into_iter().map(|(id,)| id).collect();
    let mut outcomes = Vec::with_capacity(appends.len());
    for (append, count) in appends.iter().zip(counts) {
        outcomes.push(if advanced.contains(append.id) {
            Ok(append.expected_ply + count)
        } else {
            Err(append_refusal(connection, append.id, append.expected_ply).await?)
        });
    }
    Ok(outcomes)
}

/// The guarded append in one statement (`sql::ADVANCE_PLY_AND_LOG`), one round
/// trip to the database however many actions; an append of no action (a
/// deadline moved) is the ply guard alone. Whether the guard passed (when it
/// refuses, nothing is written).
async fn append_guarded(
    connection: &mut PgConnection,
    id: &str,
    expected_ply: i64,
    actions: &[ActionRecord],
    deadline_at: Option<i64>,
) -> Result<bool, StoreError> {
    // A Vec holds at most isize::MAX elements, so the length fits an i64.
    let count = actions.len() as i64;
    let statement = if actions.is_empty() {
        sqlx::query(sql::ADVANCE_PLY)
    } else {
        sqlx::query(sql::ADVANCE_PLY_AND_LOG)
    };
    let statement = statement
        .bind(count)
        .bind(deadline_at)
        .bind(id)
        .bind(expected_ply);
    let statement = if actions.is_empty() {
        statement
    } else {
        let seats: Vec<&str> = actions.iter().map(|action| action.seat.as_str()).collect();
        let texts: Vec<&str> = actions
            .iter()
            .map(|action| action.action.as_str())
            .collect();
        let times: Vec<i64> = actions.iter().map(|action| action.at).collect();
        statement.bind(seats).bind(texts).bind(times)
    };
    let affected = statement.execute(&mut *connection).await?.rows_affected();
    // The guard's row alone, or one row per action logged.
    let passed = if actions.is_empty() { 1 } else { count as u64 };
    Ok(affected == passed)
}

super::tournament_statements::tournament_statements! {
    connection: PgConnection,
    pool: PgPool,
}

super::bot_statements::bot_statements! {
    connection: PgConnection,
    pool: PgPool,
}
