//! The group-commit writer: one task owns the write connection and commits many
//! requests with one transaction, so one fsync serves everything that arrived
//! while the previous commit was on disk.
//!
//! Each request still keeps its own guard: it runs inside a savepoint, and a
//! request that is refused (stale ply, unknown game, duplicate id) or fails rolls
//! back to its savepoint alone while the rest of the group commits. Replies go
//! out only after the commit, so an `Ok` always means "on disk".
//!
//! A group whose transaction fails (a full disk, a lost connection) gives its
//! connection back closed, never still inside the transaction, so the next
//! group starts on a fresh connection and the writes heal by themselves once
//! the cause is gone. The outcome of every group goes to the store's health
//! (`health.rs`).

use std::future::Future;

use sqlx::pool::PoolConnection;
use sqlx::{Acquire, Connection as _, Database, Pool};
use tokio::sync::{mpsc, oneshot};
use tracing::warn;

use narabe_rules::Player;

use super::health::StorageHealth;
use super::{ActionRecord, NewGame, StoreError, TokenHash};

/// The most requests one transaction takes. Bounded so one group's latency stays
/// small; under load the next group forms while this one commits.
const MAX_GROUP: usize = 256;

/// Requests waiting for the writer beyond this make senders wait (backpressure
/// instead of unbounded memory).
const INBOX_CAPACITY: usize = 8 * MAX_GROUP;

/// Where the outcome of one write goes.
pub(super) type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

/// The connection type a backend's statements run on (a transaction or a
/// savepoint dereferences to it).
pub(super) type Connection<B> = <<B as WriteBackend>::Database as Database>::Connection;

/// One write for the writer and where its reply goes.
pub(super) enum WriteRequest {
    /// Insert a new game.
    CreateGame { game: NewGame, reply: Reply<()> },
    /// Take an open seat; replies whether this request took it.
    ClaimSeat {
        id: String,
        seat: Player,
        token_hash: TokenHash,
        reply: Reply<bool>,
    },
    /// Append actions at the expected ply; replies the new ply.
    Append {
        id: String,
        expected_ply: i64,
        actions: Vec<ActionRecord>,
        deadline_at: Option<i64>,
        reply: Reply<i64>,
    },
    /// Record the result at the expected ply.
    Finish {
        id: String,
        expected_ply: i64,
        result_json: String,
        finished_at: i64,
        reply: Reply<()>,
    },
    /// Link the rematch game; replies whether this request set the link.
    SetRematch {
        id: String,
        rematch_id: String,
        reply: Reply<bool>,
    },
    /// Delete up to `limit` expired games with their logs; replies their ids.
    DeleteExpired {
        unjoined_before: i64,
        aborted_before: i64,
        limit: i64,
        reply: Reply<Vec<String>>,
    },
    /// Rewrite the probe row at `at`, to learn whether writes work.
    Probe { at: i64, reply: Reply<()> },
    /// Claim or renew the computer's turn; replies `None` when this node
    /// holds it now, else until when another node does.
    ClaimComputerTurn {
        id: String,
        node: String,
        lease_until: i64,
        now: i64,
        reply: Reply<Option<i64>>,
    },
    /// Give up the computer's turn if this node holds it.
    ReleaseComputerTurn {
        id: String,
        node: String,
        reply: Reply<()>,
    },
}

/// What the writer task receives.
enum WriterMessage {
    /// A write to group with the others.
    Write(WriteRequest),
    /// Commit what came before, close the write connection and stop.
    Close { done: oneshot::Sender<()> },
}

/// The statements of one database behind the generic writer. Each runs on a
/// connection that is inside the group's transaction and the request's savepoint,
/// and returns a refusal as an `Err` so the writer rolls back to the savepoint.
pub(super) trait WriteBackend: 'static {
    /// The sqlx database.
    type Database: Database;

    /// The statement that opens a group's transaction.
    const BEGIN: &'static str;

    /// Inserts a game, or `DuplicateId`.
    fn create_game(
        connection: &mut Connection<Self>,
        game: &NewGame,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Sets the seat's hash if the seat is open; whether it was.
    fn claim_seat(
        connection: &mut Connection<Self>,
        id: &str,
        seat: Player,
        token_hash: &TokenHash,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Checks and advances the ply, inserts the actions; the new ply.
    fn append(
        connection: &mut Connection<Self>,
        id: &str,
        expected_ply: i64,
        actions: &[ActionRecord],
        deadline_at: Option<i64>,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Records the result if the game is at the expected ply and unfinished.
    fn finish(
        connection: &mut Connection<Self>,
        id: &str,
        expected_ply: i64,
        result_json: &str,
        finished_at: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Sets the rematch link if there is none; whether this call set it.
    fn set_rematch(
        connection: &mut Connection<Self>,
        id: &str,
        rematch_id: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Deletes up to `limit` games that have expired (see `sql::EXPIRED_GAMES`)
    /// with their logs; their ids.
    fn delete_expired(
        connection: &mut Connection<Self>,
        unjoined_before: i64,
        aborted_before: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;

    /// Claims or renews the computer's turn for `node` until `lease_until`;
    /// `None` when claimed, else until when another node holds it.
    fn claim_computer_turn(
        connection: &mut Connection<Self>,
        id: &str,
        node: &str,
        lease_until: i64,
        now: i64,
    ) -> impl Future<Output = Result<Option<i64>, StoreError>> + Send;

    /// Gives up the computer's turn if `node` holds it.
    fn release_computer_turn(
        connection: &mut Connection<Self>,
        id: &str,
        node: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Rewrites the one row of the probe table.
    fn probe(
        connection: &mut Connection<Self>,
        at: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// The cloneable sending side of the writer task.
#[derive(Debug, Clone)]
pub(super) struct WriterHandle {
    inbox: mpsc::Sender<WriterMessage>,
    health: StorageHealth,
}

impl WriterHandle {
    /// Starts the writer task of backend `B` on `pool` (which should hold a single
    /// connection: the writer never uses two at once).
    pub(super) fn spawn<B: WriteBackend>(pool: Pool<B::Database>) -> WriterHandle {
        let (inbox, requests) = mpsc::channel(INBOX_CAPACITY);
        let health = StorageHealth::new();
        tokio::spawn(run_writer::<B>(pool, requests, health.clone()));
        WriterHandle { inbox, health }
    }

    /// The state of the writes as the last group left it.
    pub(super) fn health(&self) -> &StorageHealth {
        &self.health
    }

    /// Sends the request that `make` builds around a reply channel and waits until
    /// its group is committed (or refused).
    pub(super) async fn request<T>(
        &self,
        make: impl FnOnce(Reply<T>) -> WriteRequest,
    ) -> Result<T, StoreError> {
        let (reply, outcome) = oneshot::channel();
        self.inbox
            .send(WriterMessage::Write(make(reply)))
            .await
            .map_err(|_| StoreError::Closed)?;
        outcome.await.map_err(|_| StoreError::Closed)?
    }

    /// Asks the writer to commit what it already received and stop; returns once
    /// the write connection is closed (at once if the writer is already gone).
    pub(super) async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.inbox.send(WriterMessage::Close { done }).await.is_ok() {
            // An error means the writer stopped by itself: closed all the same.
            let _ = closed.await;
        }
    }
}

async fn run_writer<B: WriteBackend>(
    pool: Pool<B::Database>,
    mut inbox: mpsc::Receiver<WriterMessage>,
    health: StorageHealth,
) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    // `recv_many` waits for one message and then takes whatever else is already
    // waiting: that is the whole group-commit policy, no timer involved.
    while inbox.recv_many(&mut group, MAX_GROUP).await > 0 {
        let close_at = group
            .iter()
            .position(|message| matches!(message, WriterMessage::Close { .. }));
        let after_close = close_at.map(|index| group.split_off(index));
        let writes = group.drain(..).filter_map(|message| match message {
            WriterMessage::Write(request) => Some(request),
            WriterMessage::Close { .. } => None,
        });
        let started = std::time::Instant::now();
        let committed = commit_group::<B>(&pool, writes).await;
        crate::metrics::METRICS.record_store_commit(started.elapsed(), committed);
        health.record(committed);
        if let Some(after_close) = after_close {
            inbox.close();
            pool.close().await;
            for message in after_close {
                // Writes sent after the close see `Closed` when their reply drops;
                // every close request is acknowledged.
                if let WriterMessage::Close { done } = message {
                    let _ = done.send(());
                }
            }
            return;
        }
    }
    // Every handle is gone.
    pool.close().await;
}

/// A reply that waits for the group's commit: delivers the request's own outcome
/// if the group committed, or the group's failure if it did not.
type PendingReply = Box<dyn FnOnce(Option<&StoreError>) + Send>;

/// What one request's statements came to, besides its outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ran {
    /// It succeeded: its savepoint is released.
    Succeeded,
    /// It was refused (a stale ply, an unknown game): its savepoint is rolled
    /// back, and the database is fine.
    Refused,
    /// The storage failed it (a full disk, say; not a broken constraint): its
    /// savepoint is rolled back, and the store's health turns failing even if
    /// the group commits.
    Failed,
}

/// Parks `outcome` until the commit; also says how the request ran, which
/// decides between releasing and rolling back its savepoint.
fn pending<T: Send + 'static>(
    reply: Reply<T>,
    outcome: Result<T, StoreError>,
) -> (PendingReply, Ran) {
    let ran = match &outcome {
        Ok(_) => Ran::Succeeded,
        Err(StoreError::Database(error)) if is_storage_failure(error) => Ran::Failed,
        Err(_) => Ran::Refused,
    };
    let deliver = Box::new(move |group_failure: Option<&StoreError>| {
        let outcome = match group_failure {
            Some(failure) => Err(failure.clone()),
            None => outcome,
        };
        // A closed receiver means the caller stopped waiting; the write stands.
        let _ = reply.send(outcome);
    });
    (deliver, ran)
}

/// Commits one group and tells each request its outcome; whether the group's
/// transaction committed with no request failed by the database.
async fn commit_group<B: WriteBackend>(
    pool: &Pool<B::Database>,
    mut requests: impl Iterator<Item = WriteRequest> + Send,
) -> bool {
    let mut replies = Vec::with_capacity(MAX_GROUP);
    let committed = apply_group::<B>(pool, &mut requests, &mut replies).await;
    let healthy = committed.as_ref().is_ok_and(|&healthy| healthy);
    let group_failure = committed.err().map(StoreError::from);
    for reply in replies {
        reply(group_failure.as_ref());
    }
    if let Some(failure) = group_failure {
        // Requests the failed transaction never reached fail the same way.
        for request in requests {
            fail(request, &failure);
        }
    }
    healthy
}

/// Runs the requests in one transaction on the write connection and commits.
/// `Ok(false)` when it committed but the database failed a request of it. An
/// `Err` is a failure of the transaction itself: nothing of the group stands, and the connection is closed rather than given back to the pool,
/// since a failed commit or rollback may leave it inside the transaction (every
/// later `BEGIN` would then fail); the pool opens a fresh one for the next group.
async fn apply_group<B: WriteBackend>(
    pool: &Pool<B::Database>,
    requests: &mut (impl Iterator<Item = WriteRequest> + Send),
    replies: &mut Vec<PendingReply>,
) -> Result<bool, sqlx::Error> {
    let mut connection = pool.acquire().await?;
    let outcome = run_transaction::<B>(&mut connection, requests, replies).await;
    if outcome.is_err() || connection.is_in_transaction() {
        replace_connection(connection).await;
    }
    outcome
}

/// Closes a write connection that may still be in a failed transaction
/// (closing rolls it back), so that the pool connects anew.
async fn replace_connection<D: Database>(connection: PoolConnection<D>) {
    if let Err(error) = connection.close().await {
        warn!(%error, "closing the failed write connection failed too");
    }
}

/// Runs the requests in one transaction, each in its own savepoint, and
/// commits; whether no request was failed by the database.
async fn run_transaction<B: WriteBackend>(
    connection: &mut PoolConnection<B::Database>,
    requests: &mut (impl Iterator<Item = WriteRequest> + Send),
    replies: &mut Vec<PendingReply>,
) -> Result<bool, sqlx::Error> {
    let mut healthy = true;
    let mut transaction = connection.begin_with(B::BEGIN).await?;
    for request in requests {
        let mut savepoint = transaction.begin().await?;
        let connection = &mut *savepoint;
        let (reply, ran) = match request {
            WriteRequest::CreateGame { game, reply } => {
                let outcome = B::create_game(connection, &game).await;
                pending(reply, outcome)
            }
            WriteRequest::ClaimSeat {
                id,
                seat,
                token_hash,
                reply,
            } => {
                let outcome = B::claim_seat(connection, &id, seat, &token_hash).await;
                pending(reply, outcome)
            }
            WriteRequest::Append {
                id,
                expected_ply,
                actions,
                deadline_at,
                reply,
            } => {
                let outcome = B::append(connection, &id, expected_ply, &actions, deadline_at).await;
                pending(reply, outcome)
            }
            WriteRequest::Finish {
                id,
                expected_ply,
                result_json,
                finished_at,
                reply,
            } => {
                let outcome =
                    B::finish(connection, &id, expected_ply, &result_json, finished_at).await;
                pending(reply, outcome)
            }
            WriteRequest::SetRematch {
                id,
                rematch_id,
                reply,
            } => {
                let outcome = B::set_rematch(connection, &id, &rematch_id).await;
                pending(reply, outcome)
            }
            WriteRequest::DeleteExpired {
                unjoined_before,
                aborted_before,
                limit,
                reply,
            } => {
                let outcome =
                    B::delete_expired(connection, unjoined_before, aborted_before, limit).await;
                pending(reply, outcome)
            }
            WriteRequest::Probe { at, reply } => {
                let outcome = B::probe(connection, at).await;
                pending(reply, outcome)
            }
            WriteRequest::ClaimComputerTurn {
                id,
                node,
                lease_until,
                now,
                reply,
            } => {
                let outcome =
                    B::claim_computer_turn(connection, &id, &node, lease_until, now).await;
                pending(reply, outcome)
            }
            WriteRequest::ReleaseComputerTurn { id, node, reply } => {
                let outcome = B::release_computer_turn(connection, &id, &node).await;
                pending(reply, outcome)
            }
        };
        // Keep the reply before anything below can fail: on a failed transaction
        // it must still be told.
        replies.push(reply);
        healthy &= ran != Ran::Failed;
        if ran == Ran::Succeeded {
            savepoint.commit().await?;
        } else {
            savepoint.rollback().await?;
        }
    }
    transaction.commit().await?;
    Ok(healthy)
}

/// Whether a statement's error says the storage itself fails (I/O, a full
/// disk, a lost connection) rather than that the request broke a constraint,
/// which is the request's fault and leaves the store healthy.
fn is_storage_failure(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(error) => matches!(error.kind(), sqlx::error::ErrorKind::Other),
        _ => true,
    }
}

/// Tells a request that its group failed before it ran.
fn fail(request: WriteRequest, failure: &StoreError) {
    // Closed receivers are callers that stopped waiting; nothing to tell them.
    match request {
        WriteRequest::CreateGame { reply, .. }
        | WriteRequest::Finish { reply, .. }
        | WriteRequest::Probe { reply, .. }
        | WriteRequest::ReleaseComputerTurn { reply, .. } => {
            let _ = reply.send(Err(failure.clone()));
        }
        WriteRequest::ClaimSeat { reply, .. } | WriteRequest::SetRematch { reply, .. } => {
            let _ = reply.send(Err(failure.clone()));
        }
        WriteRequest::Append { reply, .. } => {
            let _ = reply.send(Err(failure.clone()));
        }
        WriteRequest::DeleteExpired { reply, .. } => {
            let _ = reply.send(Err(failure.clone()));
        }
        WriteRequest::ClaimComputerTurn { reply, .. } => {
            let _ = reply.send(Err(failure.clone()));
        }
    }
}
