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
use super::writer::{WriteBackend, WriterHandle};
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
}
