//! The report of a run: human-readable text, or one JSON line.

use std::fmt;

use serde::Serialize;

use super::hostile::HostileReport;
use super::memory::MemoryReading;
use super::stats::{ErrorCounts, LatencySummary};

/// Everything a run reports.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Games created.
    pub games: usize,
    /// Games whose two sockets were connected and welcomed.
    pub games_ready: usize,
    /// WebSockets opened (two per game).
    pub sockets: usize,
    /// Source addresses the clients were spread over.
    pub sources: usize,
    /// Seconds spent creating and joining games over HTTP.
    pub setup_seconds: f64,
    /// Requests refused with `429` during setup and sent again.
    pub setup_rate_limited_retries: u64,
    /// Seconds spent opening the sockets.
    pub connect_seconds: f64,
    /// Seconds moves were released.
    pub duration_seconds: f64,
    /// The target rate, moves per second in total.
    pub target_rate: f64,
    /// Moves sent.
    pub moves_sent: u64,
    /// Moves acknowledged.
    pub moves_acked: u64,
    /// Moves the ticker could not release because no game was ready.
    pub moves_starved: u64,
    /// Acks per second of play.
    pub throughput: f64,
    /// Send to ack on the mover's socket, in milliseconds.
    pub round_trip_ms: LatencySummary,
    /// In an abuse run, the round trip while the hostile address worked
    /// (`round_trip_ms` is then the calm half).
    pub round_trip_hostile_ms: Option<LatencySummary>,
    /// With computer probes: from a person's move to the computer's reply
    /// (the calm half in an abuse run), in milliseconds.
    pub computer_reply_ms: Option<LatencySummary>,
    /// In an abuse run with probes: the computer's replies while the hostile
    /// address worked.
    pub computer_reply_hostile_ms: Option<LatencySummary>,
    /// Games the probes played against the computer.
    pub computer_games: u64,
    /// What the hostile address got, by activity (abuse runs only).
    pub hostile: Option<HostileReport>,
    /// Send to the event on the opponent's socket, in milliseconds.
    pub fan_out_ms: LatencySummary,
    /// Snapshots received mid-run (a client fell behind the broadcast).
    pub resyncs: u64,
    /// Every error together.
    pub errors: u64,
    /// Errors by kind.
    pub errors_by_kind: ErrorCounts,
    /// The spawned server's peak resident set in MiB (`None` with `--url`).
    pub server_peak_rss_mib: Option<f64>,
    /// The spawned server's resident set at the end in MiB (`None` with `--url`).
    pub server_final_rss_mib: Option<f64>,
    /// The load test's own peak resident set in MiB.
    pub client_peak_rss_mib: Option<f64>,
    /// Whether Ctrl-C cut the run short.
    pub interrupted: bool,
}

/// KiB to MiB, for reports.
#[must_use]
pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The server memory figures of a reading, or none.
#[must_use]
pub fn server_memory(reading: Option<MemoryReading>) -> (Option<f64>, Option<f64>) {
    reading.map_or((None, None), |reading| {
        (Some(mib(reading.peak_kib)), Some(mib(reading.rss_kib)))
    })
}

impl Report {
    /// The report as one line of JSON.
    #[must_use]
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("reports serialise")
    }
}

fn ms(value: Option<f64>) -> String {
    value.map_or_else(|| "n/a".to_owned(), |ms| format!("{ms:.1} ms"))
}

fn latency_line(f: &mut fmt::Formatter<'_>, name: &str, summary: &LatencySummary) -> fmt::Result {
    writeln!(
        f,
        "  {name} p50 {}  p90 {}  p99 {}  max {}  ({} samples)",
        ms(summary.p50),
        ms(summary.p90),
        ms(summary.p99),
        ms(summary.max),
        summary.samples
    )
}

fn megabytes(value: Option<f64>) -> String {
    value.map_or_else(|| "n/a".to_owned(), |mib| format!("{mib:.1} MiB"))
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "narabe load test{}",
            if self.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        )?;
        writeln!(
            f,
            "  games      {} ({} ready), {} sockets from {} source addresses",
            self.games, self.games_ready, self.sockets, self.sources
        )?;
        writeln!(
            f,
            "  setup      {:.1} s over HTTP ({} rate-limited retries), {:.1} s to connect",
            self.setup_seconds, self.setup_rate_limited_retries, self.connect_seconds
        )?;
        writeln!(
            f,
            "  play       {:.1} s at a target of {} moves/s",
            self.duration_seconds, self.target_rate
        )?;
        writeln!(
            f,
            "  moves      {} sent, {} acked, {} not released (no game ready)",
            self.moves_sent, self.moves_acked, self.moves_starved
        )?;
        writeln!(f, "  throughput {:.1} acks/s", self.throughput)?;
        let calm = if self.round_trip_hostile_ms.is_some() {
            " (calm)"
        } else {
            ""
        };
        latency_line(f, &format!("round trip{calm}"), &self.round_trip_ms)?;
        if let Some(hostile) = &self.round_trip_hostile_ms {
            latency_line(f, "round trip (hostile)", hostile)?;
        }
        if let Some(replies) = &self.computer_reply_ms {
            latency_line(f, &format!("computer reply{calm}"), replies)?;
        }
        if let Some(replies) = &self.computer_reply_hostile_ms {
            latency_line(f, "computer reply (hostile)", replies)?;
        }
        if self.computer_reply_ms.is_some() {
            writeln!(
                f,
                "  computer games {} played by the probes",
                self.computer_games
            )?;
        }
        if let Some(hostile) = &self.hostile {
            for (activity, counts) in hostile {
                writeln!(
                    f,
                    "  hostile {activity:<12} {} accepted, {} limited, {} failed",
                    counts.accepted, counts.limited, counts.failed
                )?;
            }
        }
        let fan = &self.fan_out_ms;
        writeln!(
            f,
            "  fan-out    p50 {}  p99 {}  max {}  ({} resyncs)",
            ms(fan.p50),
            ms(fan.p99),
            ms(fan.max),
            self.resyncs
        )?;
        if self.errors == 0 {
            writeln!(f, "  errors     none")?;
        } else {
            let kinds: Vec<String> = self
                .errors_by_kind
                .iter()
                .map(|(kind, count)| format!("{kind} {count}"))
                .collect();
            writeln!(f, "  errors     {} ({})", self.errors, kinds.join(", "))?;
        }
        writeln!(
            f,
            "  server     peak {}, final {}",
            megabytes(self.server_peak_rss_mib),
            megabytes(self.server_final_rss_mib)
        )?;
        write!(
            f,
            "  client     peak {}",
            megabytes(self.client_peak_rss_mib)
        )
    }
}
