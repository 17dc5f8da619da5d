//! The store: where games live between requests and across restarts.
//!
//! [`Store`] is the face of the module: a cloneable handle whose writes go to
//! the group-commit writer (`writer.rs`) and whose reads go to a pool. The SQL
//! is written once (`sql.rs`) and instantiated for each backend's sqlx types
//! (`statements.rs`), so `sqlite.rs` and `postgres.rs` only say how to connect.
//! The records (`records.rs`) are what goes in and comes out; the errors
//! (`error.rs`) tell refusals apart from failures. Tournaments
//! (`tournament*.rs`) and bots with their challenges (`bot*.rs`) have files of
//! their own, laid out the same way.

mod bot_records;
mod bot_sql;
mod bot_statements;
mod bots;
mod change_feed;
mod error;
mod health;
mod postgres;
mod records;
mod sql;
mod sqlite;
mod statements;
mod tournament_records;
mod tournament_sql;
mod tournament_statements;
mod tournaments;
mod writer;

use sqlx::postgres::PgPool;
use sqlx::sqlite::SqlitePool;

use narabe_rules::Player;

pub use bot_records::{
    BotGameRecord, BotRecord, ChallengeAcceptance, ChallengeAnswer, ChallengeRecord,
    ChallengeStatus, Challenger, NewBot, NewChallenge,
};
pub use change_feed::LISTENER_APPLICATION_NAME;
pub(crate) use change_feed::{ChangeFeed, FeedEvent, GameChange, LoggedAction, PresenceChange};
pub use error::StoreError;
pub use health::StorageStatus;
pub(crate) use records::GameTail;
pub use records::{ActionRecord, GameRecord, NewGame, TokenHash};
pub use tournament_records::{
    NewTournament, TournamentAppend, TournamentEntryRecord, TournamentRecord,
};
use writer::{WriteRequest, WriterHandle};

/// A cloneable handle to the game store, on SQLite or PostgreSQL.
///
/// Writes go to one writer task per store that commits them in groups (see
/// `writer.rs`): a write returns `Ok` only once it is committed, and every
/// write that depends on the log checks the ply it expects, so the database is
/// the referee between racing requests, tasks or server nodes. Reads use a
/// separate pool and never wait for the writer.
///
/// Dropping a write's future after sending does not cancel it: the write may
/// still commit.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// use narabe_server::{ActionRecord, NewGame, Store, StoreError};
///
/// let directory = tempfile::tempdir()?;
/// let url = format!("sqlite://{}", directory.path().join("narabe.db").display());
/// let store = Store::open(&url).await?;
/// store
///     .create_game(NewGame {
///         id: "x7Kq".to_owned(),
///         config_json: r#"{"game":"renju"}"#.to_owned(),
///         created_at: 0,
///         first_token_hash: None,
///         second_token_hash: None,
///         deadline_at: None,
///         computer: None,
///     })
///     .await?;
/// let black = ActionRecord::new("first", "place h8", 1_000);
/// assert_eq!(store.append("x7Kq", 0, &[black], None).await?, 1);
///
/// // A writer that still believes the log is empty is refused.
/// let white = ActionRecord::new("second", "place h9", 2_000);
/// let stale = store.append("x7Kq", 0, &[white], None).await;
/// assert_eq!(stale, Err(StoreError::Conflict { expected_ply: 0, actual_ply: 1 }));
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Store {
    writer: WriterHandle,
    readers: Readers,
}

/// The read pool of the backend in use.
#[derive(Debug, Clone)]
enum Readers {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Store {
    /// Opens the store at `url` and brings its schema up to date.
    ///
    /// `sqlite:PATH` (or `sqlite://PATH`) opens or creates a SQLite file with a
    /// write-ahead log and `synchronous = FULL`; `postgres://...` (or
    /// `postgresql://...`) connects to PostgreSQL. Must be called inside a tokio
    /// runtime, which then runs the writer task.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("sqlite:") {
            let (writer, readers) = sqlite::open(url).await?;
            Ok(Store {
                writer,
                readers: Readers::Sqlite(readers),
            })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let (writer, readers) = postgres::open(url).await?;
            Ok(Store {
                writer,
                readers: Readers::Postgres(readers),
            })
        } else {
            // Only the scheme: the rest of a URL may hold a password.
            let scheme = url.split_once(':').map_or(url, |(scheme, _)| scheme);
            Err(StoreError::UnsupportedUrl(scheme.to_owned()))
        }
    }

    /// Stores a new game with an empty log; [`StoreError::DuplicateId`] if the id
    /// is taken.
    pub async fn create_game(&self, game: NewGame) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::CreateGame { game, reply })
            .await
    }

    /// Gives `seat` to the holder of the token hashed as `token_hash`, only if the
    /// seat is still open. Returns whether this call took the seat: of two racing
    /// claims, exactly one gets `true`.
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: Player,
        token_hash: TokenHash,
    ) -> Result<bool, StoreError> {
        self.writer
            .request(|reply| WriteRequest::ClaimSeat {
                id: id.to_owned(),
                seat,
                token_hash,
                reply,
            })
            .await
    }

    /// Appends `actions` to the log of game `id` if the log has exactly
    /// `expected_ply` actions, and sets the game's next deadline to `deadline_at`.
    ///
    /// Returns the new ply (`expected_ply + actions.len()`). If the log has moved
    /// on, [`StoreError::Conflict`] tells where it is and nothing is written. An
    /// empty `actions` only moves the deadline, under the same guard.
    pub async fn append(
        &self,
        id: &str,
        expected_ply: i64,
        actions: &[ActionRecord],
        deadline_at: Option<i64>,
    ) -> Result<i64, StoreError> {
        self.writer
            .request(|reply| WriteRequest::Append {
                id: id.to_owned(),
                expected_ply,
                actions: actions.to_vec(),
                deadline_at,
                reply,
            })
            .await
    }

    /// Records the result of game `id`, derived from its log at `expected_ply`,
    /// and clears its deadline. [`StoreError::Conflict`] if the log has moved on,
    /// [`StoreError::AlreadyFinished`] if the game already has a result.
    ///
    /// The result is a summary for listings and startup: the log stays the truth,
    /// so a crash between the last append and this call loses nothing that a
    /// replay cannot tell again.
    pub async fn finish(
        &self,
        id: &str,
        expected_ply: i64,
        result_json: &str,
        finished_at: i64,
    ) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::Finish {
                id: id.to_owned(),
                expected_ply,
                result_json: result_json.to_owned(),
                finished_at,
                reply,
            })
            .await
    }

    /// Links game `id` to its rematch `rematch_id` (a game that must already be
    /// stored), only if it has no rematch yet. Returns whether this call set the
    /// link; when two rematches race, the loser finds the winner with [`load`].
    ///
    /// [`load`]: Store::load
    pub async fn set_rematch(&self, id: &str, rematch_id: &str) -> Result<bool, StoreError> {
        self.writer
            .request(|reply| WriteRequest::SetRematch {
                id: id.to_owned(),
                rematch_id: rematch_id.to_owned(),
                reply,
            })
            .await
    }

    /// Deletes, with their logs, up to `limit` expired games (in one
    /// transaction) and returns their ids: the games with a seat that neither
    /// a token nor the computer holds, created before `unjoined_before`, and
    /// the aborted games that ended before `aborted_before` (times in
    /// milliseconds since the Unix epoch). A game that is another game's
    /// rematch is kept.
    pub async fn delete_expired(
        &self,
        unjoined_before: i64,
        aborted_before: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        self.writer
            .request(|reply| WriteRequest::DeleteExpired {
                unjoined_before,
                aborted_before,
                limit,
                reply,
            })
            .await
    }

    /// Claims (or renews) the computer's turn in game `id` for `node` until
    /// `lease_until`, taking it from a node whose lease ran out before `now`
    /// (times in milliseconds since the Unix epoch). `None` when `node`
    /// holds the turn now; otherwise until when another node holds it.
    pub async fn claim_computer_turn(
        &self,
        id: &str,
        node: &str,
        lease_until: i64,
        now: i64,
    ) -> Result<Option<i64>, StoreError> {
        self.writer
            .request(|reply| WriteRequest::ClaimComputerTurn {
                id: id.to_owned(),
                node: node.to_owned(),
                lease_until,
                now,
                reply,
            })
            .await
    }

    /// Gives up the computer's turn in game `id` if `node` holds it.
    pub async fn release_computer_turn(&self, id: &str, node: &str) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::ReleaseComputerTurn {
                id: id.to_owned(),
                node: node.to_owned(),
                reply,
            })
            .await
    }

    /// Whether the store's writes work, as the last committed or failed
    /// group of writes left them, and since when.
    pub fn health(&self) -> StorageStatus {
        self.writer.health().status()
    }

    /// Rewrites the probe row to learn whether writes work now; its outcome
    /// updates [`Store::health`] like any write's.
    pub async fn probe(&self) -> Result<(), StoreError> {
        let at = health::now_millis();
        self.writer
            .request(|reply| WriteRequest::Probe { at, reply })
            .await
    }

    /// The game `id` with its whole log, or `None` if there is no such game.
    pub async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::load(pool, id).await,
            Readers::Postgres(pool) => postgres::load(pool, id).await,
        }
    }

    /// The game `id` as it is now, with its log from `from_ply` on (what a
    /// node that has seen `from_ply` actions has not), or `None` if there is
    /// no such game.
    pub(crate) async fn load_tail(
        &self,
        id: &str,
        from_ply: i64,
    ) -> Result<Option<GameTail>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::load_tail(pool, id, from_ply).await,
            Readers::Postgres(pool) => postgres::load_tail(pool, id, from_ply).await,
        }
    }

    /// Up to `limit` ids of unfinished games whose deadline passed before
    /// `before` (milliseconds since the Unix epoch), soonest first.
    pub(crate) async fn overdue_deadlines(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::overdue_deadlines(pool, before, limit).await,
            Readers::Postgres(pool) => postgres::overdue_deadlines(pool, before, limit).await,
        }
    }

    /// Tells the other nodes sharing this store who of a game's players is
    /// connected to this node (nothing on SQLite, where a node is alone).
    pub(crate) async fn announce_presence(
        &self,
        change: &PresenceChange,
    ) -> Result<(), StoreError> {
        match &self.readers {
            Readers::Sqlite(_) => Ok(()),
            Readers::Postgres(pool) => {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(change_feed::PRESENCE_CHANNEL)
                    .bind(change.payload())
                    .execute(pool)
                    .await?;
                Ok(())
            }
        }
    }

    /// Whether other nodes may write to this store (PostgreSQL): what an actor
    /// holds may then be behind the store.
    pub(crate) fn is_shared(&self) -> bool {
        matches!(self.readers, Readers::Postgres(_))
    }

    /// The changes other writers commit, for a store that several nodes
    /// share: on PostgreSQL a listener on its own connection (see
    /// `change_feed.rs`); `None` on SQLite, which one node alone uses.
    pub(crate) fn change_feed(&self) -> Option<ChangeFeed> {
        match &self.readers {
            Readers::Sqlite(_) => None,
            Readers::Postgres(pool) => Some(change_feed::listen(pool)),
        }
    }

    /// The unfinished games that have a deadline, as `(id, deadline_at)`, soonest
    /// first: the timers a starting server must arm again.
    pub async fn unfinished_with_deadline(&self) -> Result<Vec<(String, i64)>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::unfinished_with_deadline(pool).await,
            Readers::Postgres(pool) => postgres::unfinished_with_deadline(pool).await,
        }
    }

    /// The ids of the unfinished games against the computer that have a
    /// deadline (their clock runs): a starting server wakes them, so that a
    /// computer due to move thinks at once.
    pub async fn unfinished_computer_games_with_deadline(&self) -> Result<Vec<String>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::unfinished_computer_games_with_deadline(pool).await,
            Readers::Postgres(pool) => {
                postgres::unfinished_computer_games_with_deadline(pool).await
            }
        }
    }

    /// Up to `limit` ids of stored games that sort after `after` (`""` for the
    /// first page), in id order.
    pub async fn game_ids_after(&self, after: &str, limit: i64) -> Result<Vec<String>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::game_ids_after(pool, after, limit).await,
            Readers::Postgres(pool) => postgres::game_ids_after(pool, after, limit).await,
        }
    }

    /// The number of stored games.
    pub async fn count_games(&self) -> Result<i64, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::count_games(pool).await,
            Readers::Postgres(pool) => postgres::count_games(pool).await,
        }
    }

    /// Commits the writes already sent, then closes every connection. Writes
    /// after this, from any clone, fail with [`StoreError::Closed`]; so do reads.
    pub async fn close(&self) {
        self.writer.close().await;
        match &self.readers {
            Readers::Sqlite(pool) => pool.close().await,
            Readers::Postgres(pool) => pool.close().await,
        }
    }
}
