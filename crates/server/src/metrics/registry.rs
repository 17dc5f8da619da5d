//! The process's counters and its histogram of store commits, bumped where
//! things happen and read by the exposition.
//!
//! One registry per process, as Prometheus client libraries keep their
//! default registry: the places that count (a game's actor, the store's
//! writer, the rate limits) then need no handle passed down to them, and a
//! count is one relaxed atomic add. A process runs one server, so the
//! process's counts are the node's. The gauges (games, sockets, connections,
//! the engine pool) are not kept here: their owners already know them, and
//! the exposition asks them at scrape time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Every count of the process: [`METRICS`].
#[derive(Debug)]
pub(crate) struct Metrics {
    /// Actions accepted and committed on this node, the server's own
    /// (timeouts, credits) included.
    actions: AtomicU64,
    /// The durations of the store writer's group commits.
    store_commits: CommitHistogram,
    /// Group commits whose transaction failed, or in which the storage
    /// failed a request (what turns `/readyz` to not ready).
    store_commits_failed: AtomicU64,
    /// Requests and socket messages refused by a per-address budget, by
    /// [`RefusalReason`].
    refused: [AtomicU64; RefusalReason::ALL.len()],
}

/// The one registry of the process.
pub(crate) static METRICS: Metrics = Metrics::new();

impl Metrics {
    const fn new() -> Metrics {
        Metrics {
            actions: AtomicU64::new(0),
            store_commits: CommitHistogram::new(),
            store_commits_failed: AtomicU64::new(0),
            refused: [const { AtomicU64::new(0) }; RefusalReason::ALL.len()],
        }
    }

    /// Counts `count` actions committed to the store.
    pub(crate) fn count_actions(&self, count: u64) {
        self.actions.fetch_add(count, Ordering::Relaxed);
    }

    /// Records one group commit of the store's writer that took `took`, and
    /// whether it went well.
    pub(crate) fn record_store_commit(&self, took: Duration, ok: bool) {
        self.store_commits.observe(took);
        if !ok {
            self.store_commits_failed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts one refusal by a per-address budget.
    pub(crate) fn count_refusal(&self, reason: RefusalReason) {
        self.refused[reason as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Actions committed so far.
    pub(super) fn actions(&self) -> u64 {
        self.actions.load(Ordering::Relaxed)
    }

    /// The histogram of the group commits.
    pub(super) fn store_commits(&self) -> &CommitHistogram {
        &self.store_commits
    }

    /// Group commits that failed so far.
    pub(super) fn store_commits_failed(&self) -> u64 {
        self.store_commits_failed.load(Ordering::Relaxed)
    }

    /// Refusals so far for `reason`.
    pub(super) fn refusals(&self, reason: RefusalReason) -> u64 {
        self.refused[reason as usize].load(Ordering::Relaxed)
    }
}

/// Which per-address budget refused something: the `reason` label of
/// `narabe_requests_refused_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefusalReason {
    /// The budget of every HTTP request (`--requests-per-second`).
    Requests,
    /// Creating games (`--create-per-minute`).
    Creating,
    /// Actions, over HTTP or the WebSocket (`--actions-per-second`).
    Acting,
    /// QR codes (`--qr-per-minute`).
    QrCodes,
    /// WebSocket messages (`--socket-messages-per-second`).
    SocketMessages,
}

impl RefusalReason {
    /// Every reason, in the order of their counters.
    pub(super) const ALL: [RefusalReason; 5] = [
        RefusalReason::Requests,
        RefusalReason::Creating,
        RefusalReason::Acting,
        RefusalReason::QrCodes,
        RefusalReason::SocketMessages,
    ];

    /// The label's value.
    pub(super) const fn label(self) -> &'static str {
        match self {
            RefusalReason::Requests => "requests",
            RefusalReason::Creating => "creating",
            RefusalReason::Acting => "acting",
            RefusalReason::QrCodes => "qr-codes",
            RefusalReason::SocketMessages => "socket-messages",
        }
    }
}

/// The upper bounds of the commit histogram's buckets, in seconds: from half a
/// millisecond (a SQLite commit on a fast disk) to a second (a disk or a
/// database in trouble). `+Inf` follows them.
pub(super) const COMMIT_BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0,
];

/// A Prometheus histogram of durations without a lock: a counter per bucket
/// (the observations that fell into it alone; the exposition adds them up),
/// one for those over the last bound, and the sum in nanoseconds.
#[derive(Debug)]
pub(super) struct CommitHistogram {
    buckets: [AtomicU64; COMMIT_BUCKETS.len()],
    over: AtomicU64,
    sum_nanos: AtomicU64,
}

/// A reading of a [`CommitHistogram`].
#[derive(Debug, Clone, PartialEq)]
pub(super) struct HistogramReading {
    /// The cumulative count of each bucket of [`COMMIT_BUCKETS`].
    pub(super) cumulative: [u64; COMMIT_BUCKETS.len()],
    /// Every observation (the `+Inf` bucket and `_count`).
    pub(super) count: u64,
    /// The sum of the observations, in seconds.
    pub(super) sum_seconds: f64,
}

impl CommitHistogram {
    const fn new() -> CommitHistogram {
        CommitHistogram {
            buckets: [const { AtomicU64::new(0) }; COMMIT_BUCKETS.len()],
            over: AtomicU64::new(0),
            sum_nanos: AtomicU64::new(0),
        }
    }

    fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        match COMMIT_BUCKETS.iter().position(|bound| seconds <= *bound) {
            Some(index) => self.buckets[index].fetch_add(1, Ordering::Relaxed),
            None => self.over.fetch_add(1, Ordering::Relaxed),
        };
        let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// The buckets added up. Read without a lock, a reading may miss an
    /// observation made meanwhile in one counter and not yet in another;
    /// its buckets are still cumulative and its count their total.
    pub(super) fn read(&self) -> HistogramReading {
        let mut cumulative = [0; COMMIT_BUCKETS.len()];
        let mut running = 0;
        for (total, bucket) in cumulative.iter_mut().zip(&self.buckets) {
            running += bucket.load(Ordering::Relaxed);
            *total = running;
        }
        let count = running + self.over.load(Ordering::Relaxed);
        #[allow(
            clippy::cast_precision_loss,
            reason = "nanoseconds summed in a u64 fit an f64 to far below a nanosecond per second"
        )]
        let sum_seconds = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        HistogramReading {
            cumulative,
            count,
            sum_seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_falls_into_the_first_bucket_that_holds_it_and_every_later_one() {
        let histogram = CommitHistogram::new();
        histogram.observe(Duration::from_micros(300));
        histogram.observe(Duration::from_micros(500));
        histogram.observe(Duration::from_millis(20));
        histogram.observe(Duration::from_secs(3));
        let reading = histogram.read();
        assert_eq!(reading.cumulative[0], 2, "0.5 ms is in the 0.0005 bucket");
        assert_eq!(reading.cumulative[4], 2, "nothing between 0.5 and 10 ms");
        assert_eq!(reading.cumulative[5], 3, "20 ms is in the 0.025 bucket");
        assert_eq!(reading.cumulative[COMMIT_BUCKETS.len() - 1], 3);
        assert_eq!(reading.count, 4, "3 s only in +Inf");
        assert!((reading.sum_seconds - 3.0208).abs() < 1e-9);
    }

    #[test]
    fn refusals_are_counted_by_their_reason() {
        let metrics = Metrics::new();
        metrics.count_refusal(RefusalReason::QrCodes);
        metrics.count_refusal(RefusalReason::QrCodes);
        metrics.count_refusal(RefusalReason::Acting);
        assert_eq!(metrics.refusals(RefusalReason::QrCodes), 2);
        assert_eq!(metrics.refusals(RefusalReason::Acting), 1);
        assert_eq!(metrics.refusals(RefusalReason::Requests), 0);
        for (index, reason) in RefusalReason::ALL.into_iter().enumerate() {
            assert_eq!(reason as usize, index, "ALL is in the counters' order");
        }
    }
}
