//! The group-commit writer: one task owns the write connection and commits many
//! requests with one transaction, so one fsync serves everything that arrived
//! while the previous commit was on disk.
//!
//! Each request still keeps its own guard. A refusal (stale ply, unknown game,
//! duplicate id) is a statement that changes no row, never a failing statement,
//! so a group first runs without savepoints: one round trip per statement and
//! nothing else, which is most of what a move costs on PostgreSQL. Only when the
//! database fails a statement of the group (a broken constraint, a full disk)
//! is the group rolled back and run again with a savepoint around each request,
//! so that the failing request rolls back alone while the rest commits. Replies
//! go out only after the commit, so an `Ok` always means "on disk".
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
use super::{
    ActionRecord, ChallengeAcceptance, ChallengeAnswer, NewBot, NewChallenge, NewGame,
    NewTournament, StoreError, TokenHash, TournamentAppend,
};

/// The most requests one transaction takes. Bounded so one group's latency stays
/// small; under load the next group forms while this one commits.
const MAX_GROUP: usize = 256;

/// Requests waiting for the writer beyond this make senders wait (backpressure
/// instead of unbounded memory).
const INBOX_CAPACITY: usize = 8 * MAX_GROUP;

/// Where the outcome of one write goes, and the outcome itself until its
/// group has committed.
pub(super) struct Reply<T> {
    sender: oneshot::Sender<Result<T, StoreError>>,
    outcome: Option<Result<T, StoreError>>,
}

impl<T> Reply<T> {
    fn new(sender: oneshot::Sender<Result<T, StoreError>>) -> Reply<T> {
        Reply {
            sender,
            outcome: None,
        }
    }

    /// Keeps the outcome of the request's statements (replacing that of an
    /// earlier, rolled-back run) and says how they ran.
    fn settle(&mut self, outcome: Result<T, StoreError>) -> Ran {
        let ran = match &outcome {
            Ok(_) => Ran::Succeeded,
            Err(error) => ran_of(error),
        };
        self.outcome = Some(outcome);
        ran
    }

    /// Sends the kept outcome, or the group's failure if the group did not
    /// commit.
    fn deliver(self, group_failure: Option<&StoreError>) {
        let outcome = match (group_failure, self.outcome) {
            (None, Some(outcome)) => outcome,
            (Some(failure), _) => Err(failure.clone()),
            // Unreachable: a committed group ran every request. Closed is what
            // the caller would see had the writer stopped.
            (None, None) => Err(StoreError::Closed),
        };
        // A closed receiver means the caller stopped waiting; the write stands.
        let _ = self.sender.send(outcome);
    }
}

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
    /// Insert a new tournament.
    CreateTournament {
        tournament: NewTournament,
        reply: Reply<()>,
    },
    /// Append to a tournament's log under its sequence guard, with the games
    /// the entries create; replies the new sequence.
    AppendTournament {
        append: TournamentAppend,
        reply: Reply<i64>,
    },
    /// Insert a new bot.
    CreateBot { bot: NewBot, reply: Reply<()> },
    /// Revoke a bot's key; replies whether this request did.
    RevokeBot {
        id: String,
        at: i64,
        reply: Reply<bool>,
    },
    /// Insert a new challenge.
    CreateChallenge {
        challenge: NewChallenge,
        reply: Reply<()>,
    },
    /// Decline or cancel an open challenge; replies whether it was open.
    AnswerChallenge {
        answer: ChallengeAnswer,
        reply: Reply<bool>,
    },
    /// Accept an open challenge and create its game; replies whether it was
    /// open.
    AcceptChallenge {
        acceptance: Box<ChallengeAcceptance>,
        reply: Reply<bool>,
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
/// connection that is inside the group's transaction (and, when the group is run
/// again after a failed statement, inside the request's savepoint). A refusal is
/// returned as an `Err` other than `StoreError::Database` and must have changed
/// nothing: the first run of a group has no savepoint to roll back to.
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

    /// Appends to several different games at once, each under its own ply
    /// guard; each one's outcome as `append` would give it, in order. An `Err`
    /// is a failed statement, and then none of them stands.
    fn append_batch(
        connection: &mut Connection<Self>,
        appends: &[AppendArgs<'_>],
    ) -> impl Future<Output = Result<Vec<Result<i64, StoreError>>, StoreError>> + Send;

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

    /// Inserts a tournament, or `DuplicateId`.
    fn create_tournament(
        connection: &mut Connection<Self>,
        tournament: &NewTournament,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Checks and advances a tournament's sequence, logs the entries and
    /// creates the games; the new sequence.
    fn append_tournament(
        connection: &mut Connection<Self>,
        append: &TournamentAppend,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Inserts a bot, or `DuplicateId` when its name or key is taken.
    fn create_bot(
        connection: &mut Connection<Self>,
        bot: &NewBot,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Revokes a bot's key; whether this call did.
    fn revoke_bot(
        connection: &mut Connection<Self>,
        id: &str,
        at: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Inserts a challenge, or `DuplicateId`.
    fn create_challenge(
        connection: &mut Connection<Self>,
        challenge: &NewChallenge,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Declines or cancels a challenge still open; whether it was.
    fn answer_challenge(
        connection: &mut Connection<Self>,
        answer: &ChallengeAnswer,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Accepts a challenge still open and creates its game; whether it was
    /// open.
    fn accept_challenge(
        connection: &mut Connection<Self>,
        acceptance: &ChallengeAcceptance,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Rewrites the one row of the probe table.
    fn probe(
        connection: &mut Connection<Self>,
        at: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// The arguments of one append in a batch (`WriteBackend::append_batch`).
#[derive(Debug, Clone, Copy)]
pub(super) struct AppendArgs<'a> {
    /// The game.
    pub(super) id: &'a str,
    /// The ply its log must be at.
    pub(super) expected_ply: i64,
    /// The actions to log from that ply on.
    pub(super) actions: &'a [ActionRecord],
    /// The game's next deadline.
    pub(super) deadline_at: Option<i64>,
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
        let (sender, outcome) = oneshot::channel();
        self.inbox
            .send(WriterMessage::Write(make(Reply::new(sender))))
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

/// What one request's statements came to, besides its outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ran {
    /// It succeeded.
    Succeeded,
    /// It was refused (a stale ply, an unknown game) by a statement that
    /// changed nothing; the database is fine and the transaction goes on.
    Refused,
    /// The database failed a statement of it for a broken constraint: the
    /// store is healthy, but the request must roll back alone.
    Broke,
    /// The storage failed it (a full disk, say): it rolls back alone, and the
    /// store's health turns failing even if the group commits.
    Failed,
}

/// How a group's requests are guarded inside its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Guard {
    /// No savepoints: the first run, abandoned at the first failed statement.
    None,
    /// A savepoint around each request: the second run, after a failed
    /// statement, where a failing request rolls back alone.
    SavepointEach,
}

/// How one run of a group's transaction ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    /// Committed; whether no request was failed by the storage.
    Committed { healthy: bool },
    /// A statement failed in a run without savepoints: rolled back, nothing of
    /// it stands, and the group must run again with savepoints.
    RolledBack,
}

/// Commits one group and tells each request its outcome; whether the group's
/// transaction committed with no request failed by the storage.
async fn commit_group<B: WriteBackend>(
    pool: &Pool<B::Database>,
    requests: impl Iterator<Item = WriteRequest> + Send,
) -> bool {
    let mut requests: Vec<WriteRequest> = requests.collect();
    let committed = apply_group::<B>(pool, &mut requests).await;
    let healthy = committed.as_ref().is_ok_and(|&healthy| healthy);
    let group_failure = committed.err().map(StoreError::from);
    for request in requests {
        request.deliver(group_failure.as_ref());
    }
    healthy
}

/// Runs the requests in one transaction on the write connection and commits,
/// first without savepoints and, if a statement failed, once more with one per
/// request. `Ok(false)` when it committed but the storage failed a request of
/// it. An `Err` is a failure of the transaction itself: nothing of the group
/// stands, and the connection is closed rather than given back to the pool,
/// since a failed commit or rollback may leave it inside the transaction (every
/// later `BEGIN` would then fail); the pool opens a fresh one for the next group.
async fn apply_group<B: WriteBackend>(
    pool: &Pool<B::Database>,
    requests: &mut [WriteRequest],
) -> Result<bool, sqlx::Error> {
    let mut connection = pool.acquire().await?;
    let mut outcome = run_transaction::<B>(&mut connection, requests, Guard::None).await;
    if matches!(outcome, Ok(Run::RolledBack)) {
        outcome = run_transaction::<B>(&mut connection, requests, Guard::SavepointEach).await;
    }
    if outcome.is_err() || connection.is_in_transaction() {
        replace_connection(connection).await;
    }
    match outcome? {
        Run::Committed { healthy } => Ok(healthy),
        // A run with savepoints never gives up on a failed statement.
        Run::RolledBack => Ok(false),
    }
}

/// Closes a write connection that may still be in a failed transaction
/// (closing rolls it back), so that the pool connects anew.
async fn replace_connection<D: Database>(connection: PoolConnection<D>) {
    if let Err(error) = connection.close().await {
        warn!(%error, "closing the failed write connection failed too");
    }
}

/// Runs the requests in one transaction, guarded as `guard` says, and commits
/// unless a statement failed in a run without savepoints.
async fn run_transaction<B: WriteBackend>(
    connection: &mut PoolConnection<B::Database>,
    requests: &mut [WriteRequest],
    guard: Guard,
) -> Result<Run, sqlx::Error> {
    let mut transaction = connection.begin_with(B::BEGIN).await?;
    let healthy = match guard {
        Guard::None => {
            if !run_unguarded::<B>(&mut transaction, requests).await? {
                transaction.rollback().await?;
                return Ok(Run::RolledBack);
            }
            true
        }
        Guard::SavepointEach => run_with_savepoints::<B>(&mut transaction, requests).await?,
    };
    transaction.commit().await?;
    Ok(Run::Committed { healthy })
}

/// Runs the requests with no savepoint, each run of appends to different games
/// as one batch; whether no statement failed (at the first failure it stops,
/// and the transaction must be rolled back).
async fn run_unguarded<B: WriteBackend>(
    connection: &mut Connection<B>,
    requests: &mut [WriteRequest],
) -> Result<bool, sqlx::Error> {
    let mut start = 0;
    while start < requests.len() {
        let end = start + distinct_appends(&requests[start..]);
        let ran = if end - start >= 2 {
            run_append_batch::<B>(connection, &mut requests[start..end]).await
        } else {
            requests[start].run::<B>(connection).await
        };
        if matches!(ran, Ran::Broke | Ran::Failed) {
            return Ok(false);
        }
        start = end.max(start + 1);
    }
    Ok(true)
}

/// Runs the requests each in its own savepoint, so that a failed one rolls
/// back alone; whether no request was failed by the storage.
async fn run_with_savepoints<B: WriteBackend>(
    transaction: &mut sqlx::Transaction<'_, B::Database>,
    requests: &mut [WriteRequest],
) -> Result<bool, sqlx::Error> {
    let mut healthy = true;
    for request in requests.iter_mut() {
        let mut savepoint = transaction.begin().await?;
        let ran = request.run::<B>(&mut savepoint).await;
        if matches!(ran, Ran::Succeeded | Ran::Refused) {
            savepoint.commit().await?;
        } else {
            savepoint.rollback().await?;
        }
        healthy &= ran != Ran::Failed;
    }
    Ok(healthy)
}

/// How many requests from the first are appends to games that differ from
/// each other (at most `MAX_GROUP`, zero if the first is no append).
fn distinct_appends(requests: &[WriteRequest]) -> usize {
    let mut games = std::collections::HashSet::new();
    requests
        .iter()
        .take_while(|request| match request {
            WriteRequest::Append { id, .. } => games.insert(id.as_str()),
            _ => false,
        })
        .count()
}

/// Runs appends to different games as one batch and keeps each outcome in its
/// reply; how the batch ran (a failed statement fails it whole).
async fn run_append_batch<B: WriteBackend>(
    connection: &mut Connection<B>,
    appends: &mut [WriteRequest],
) -> Ran {
    let arguments: Vec<AppendArgs<'_>> = appends
        .iter()
        .filter_map(|request| match request {
            WriteRequest::Append {
                id,
                expected_ply,
                actions,
                deadline_at,
                ..
            } => Some(AppendArgs {
                id,
                expected_ply: *expected_ply,
                actions,
                deadline_at: *deadline_at,
            }),
            _ => None,
        })
        .collect();
    let outcomes = match B::append_batch(connection, &arguments).await {
        Ok(outcomes) if outcomes.len() == appends.len() => outcomes,
        // A backend that lost count: run again, one request at a time.
        Ok(_) => return Ran::Failed,
        Err(error) => return ran_of(&error),
    };
    for (request, outcome) in appends.iter_mut().zip(outcomes) {
        if let WriteRequest::Append { reply, .. } = request {
            reply.settle(outcome);
        }
    }
    Ran::Succeeded
}

impl WriteRequest {
    /// Runs this request's statements on `connection` and keeps their outcome
    /// in its reply.
    async fn run<B: WriteBackend>(&mut self, connection: &mut Connection<B>) -> Ran {
        match self {
            WriteRequest::CreateGame { game, reply } => {
                reply.settle(B::create_game(connection, game).await)
            }
            WriteRequest::ClaimSeat {
                id,
                seat,
                token_hash,
                reply,
            } => reply.settle(B::claim_seat(connection, id, *seat, token_hash).await),
            WriteRequest::Append {
                id,
                expected_ply,
                actions,
                deadline_at,
                reply,
            } => {
                reply.settle(B::append(connection, id, *expected_ply, actions, *deadline_at).await)
            }
            WriteRequest::Finish {
                id,
                expected_ply,
                result_json,
                finished_at,
                reply,
            } => reply
                .settle(B::finish(connection, id, *expected_ply, result_json, *finished_at).await),
            WriteRequest::SetRematch {
                id,
                rematch_id,
                reply,
            } => reply.settle(B::set_rematch(connection, id, rematch_id).await),
            WriteRequest::DeleteExpired {
                unjoined_before,
                aborted_before,
                limit,
                reply,
            } => reply.settle(
                B::delete_expired(connection, *unjoined_before, *aborted_before, *limit).await,
            ),
            WriteRequest::Probe { at, reply } => reply.settle(B::probe(connection, *at).await),
            WriteRequest::ClaimComputerTurn {
                id,
                node,
                lease_until,
                now,
                reply,
            } => {
                reply.settle(B::claim_computer_turn(connection, id, node, *lease_until, *now).await)
            }
            WriteRequest::ReleaseComputerTurn { id, node, reply } => {
                reply.settle(B::release_computer_turn(connection, id, node).await)
            }
            WriteRequest::CreateTournament { tournament, reply } => {
                reply.settle(B::create_tournament(connection, tournament).await)
            }
            WriteRequest::AppendTournament { append, reply } => {
                reply.settle(B::append_tournament(connection, append).await)
            }
            WriteRequest::CreateBot { bot, reply } => {
                reply.settle(B::create_bot(connection, bot).await)
            }
            WriteRequest::RevokeBot { id, at, reply } => {
                reply.settle(B::revoke_bot(connection, id, *at).await)
            }
            WriteRequest::CreateChallenge { challenge, reply } => {
                reply.settle(B::create_challenge(connection, challenge).await)
            }
            WriteRequest::AnswerChallenge { answer, reply } => {
                reply.settle(B::answer_challenge(connection, answer).await)
            }
            WriteRequest::AcceptChallenge { acceptance, reply } => {
                reply.settle(B::accept_challenge(connection, acceptance).await)
            }
        }
    }

    /// Tells the caller the outcome, or the group's failure.
    fn deliver(self, group_failure: Option<&StoreError>) {
        match self {
            WriteRequest::CreateGame { reply, .. }
            | WriteRequest::Finish { reply, .. }
            | WriteRequest::Probe { reply, .. }
            | WriteRequest::ReleaseComputerTurn { reply, .. }
            | WriteRequest::CreateTournament { reply, .. }
            | WriteRequest::CreateBot { reply, .. }
            | WriteRequest::CreateChallenge { reply, .. } => reply.deliver(group_failure),
            WriteRequest::RevokeBot { reply, .. }
            | WriteRequest::AnswerChallenge { reply, .. }
            | WriteRequest::AcceptChallenge { reply, .. } => reply.deliver(group_failure),
            WriteRequest::AppendTournament { reply, .. } => reply.deliver(group_failure),
            WriteRequest::ClaimSeat { reply, .. } | WriteRequest::SetRematch { reply, .. } => {
                reply.deliver(group_failure)
            }
            WriteRequest::Append { reply, .. } => reply.deliver(group_failure),
            WriteRequest::DeleteExpired { reply, .. } => reply.deliver(group_failure),
            WriteRequest::ClaimComputerTurn { reply, .. } => reply.deliver(group_failure),
        }
    }
}

/// How a request that ended in `error` ran.
fn ran_of(error: &StoreError) -> Ran {
    match error {
        StoreError::Database(error) if is_storage_failure(error) => Ran::Failed,
        StoreError::Database(_) => Ran::Broke,
        _ => Ran::Refused,
    }
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
