//! `narabe loadtest`: plays many concurrent games against a server on this
//! machine at a given total move rate and reports latency, throughput, errors
//! and memory.
//!
//! By default it starts its own server (this binary as `narabe serve` on a free
//! loopback port with a temporary data directory); `--url` points it at a running
//! one instead, which must be on a loopback address. The server's per-address
//! rate limits stay on: creation is relaxed on the spawned server (thousands of
//! games come from a few addresses), but the action limit is not, and the
//! clients are spread over `--sources` loopback addresses so that each address
//! sends a realistic share of the moves.

mod conductor;
mod memory;
mod player;
mod quiet;
mod report;
mod setup;
mod sources;
mod spawn;
mod stats;
mod target;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use tokio::sync::{Semaphore, mpsc, watch};
use tokio::time::Instant;

use conductor::{Plan, conduct};
use memory::MemorySampler;
use player::SocketSpec;
use report::{Report, mib, server_memory};
use setup::Seat;
use spawn::SpawnedServer;
use target::Target;

/// The board of the load-test games (renju, 15x15).
const BOARD_SIZE: u8 = 15;
/// Sockets connecting at once.
const CONNECTING_AT_ONCE: usize = 128;
/// The default per-address action limit of `narabe serve`, for the warning when
/// one source address would exceed it.
const DEFAULT_ACTIONS_PER_SECOND: f64 = 20.0;

/// The options of `narabe loadtest`.
#[derive(Debug, Clone, clap::Args)]
pub struct LoadtestArgs {
    /// Concurrent games (two WebSockets each).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Total moves per second over all games.
    #[arg(long, default_value_t = 50.0)]
    pub rate: f64,
    /// Seconds of play (setup comes on top).
    #[arg(long, default_value_t = 30.0)]
    pub duration: f64,
    /// A running server to load (loopback only: 127.0.0.0/8, [::1] or
    /// localhost), e.g. `http://127.0.0.1:8080`. Without it the load test starts
    /// its own server and stops it at the end.
    #[arg(long)]
    pub url: Option<String>,
    /// Loopback source addresses to spread the clients over (127.0.0.2, ...).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..=250))]
    pub sources: u16,
    /// Moves per game at most (a game that has played them idles).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=224))]
    pub moves_per_game: u32,
    /// Seconds the setup (creating, joining, connecting) may take before the
    /// run is abandoned.
    #[arg(long, default_value_t = 300.0)]
    pub setup_timeout: f64,
    /// Prints the report as one JSON line instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the load test; the exit status is non-zero when any error occurred (1)
/// or the run could not be set up (2).
pub fn run(args: &LoadtestArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("narabe loadtest: cannot start the runtime: {error}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(load_test(args)) {
        Ok(report) => {
            if args.json {
                println!("{}", report.to_json_line());
            } else {
                println!("{report}");
            }
            if report.errors == 0 && !report.interrupted {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(error) => {
            eprintln!("narabe loadtest: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn seconds(value: f64, name: &str) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|duration| !duration.is_zero())
        .with_context(|| format!("--{name} must be a positive number of seconds"))
}

async fn load_test(args: &LoadtestArgs) -> anyhow::Result<Report> {
    let duration = seconds(args.duration, "duration")?;
    let setup_timeout = seconds(args.setup_timeout, "setup-timeout")?;
    if !(args.rate.is_finite() && args.rate > 0.0) {
        bail!("--rate must be a positive number of moves per second");
    }
    // The target is checked before anything is started or sent.
    let (target, server) = match &args.url {
        Some(url) => (target::resolve(url).await?, None),
        None => {
            let server = tokio::task::spawn_blocking(SpawnedServer::start)
                .await
                .context("the server start panicked")??;
            (Target { addr: server.addr }, Some(server))
        }
    };
    let sampler = server
        .as_ref()
        .map(|server| MemorySampler::start(server.pid()));
    let (interrupt, interrupted) = watch::channel(false);
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            eprintln!("narabe loadtest: interrupted, finishing");
            let _ = interrupt.send(true);
        }
    });
    let sources = sources::source_addresses(target.addr.ip(), args.sources);
    let games = args.games as usize;
    let per_source = args.rate / sources.len().min(games) as f64;
    if per_source > DEFAULT_ACTIONS_PER_SECOND {
        eprintln!(
            "narabe loadtest: warning: {per_source:.1} moves/s per source address exceeds the \
             default action limit of {DEFAULT_ACTIONS_PER_SECOND}/s: use more --sources"
        );
    }
    let setup_deadline = Instant::now() + setup_timeout;
    eprintln!(
        "narabe loadtest: server at {}; creating and joining {games} games",
        target.base_url()
    );
    let setup_started = Instant::now();
    let base = target.base_url();
    let mut stop = interrupted.clone();
    let setup = tokio::select! {
        setup = setup::prepare_games(&base, games, &sources, setup_deadline) => setup?,
        _ = stop.wait_for(|&stop| stop) => bail!("interrupted during the setup"),
    };
    let setup_time = setup_started.elapsed();
    eprintln!(
        "narabe loadtest: {games} games ready in {:.1} s; opening {} sockets",
        setup_time.as_secs_f64(),
        games * 2
    );
    let moves: Arc<[Arc<str>]> = quiet::quiet_moves(BOARD_SIZE, args.moves_per_game as usize)
        .into_iter()
        .map(|point| Arc::from(format!("place {point}")))
        .collect();
    let (report_sender, mut reports) = mpsc::unbounded_channel();
    let slots = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
    let mut clients = tokio::task::JoinSet::new();
    let mut orders = Vec::with_capacity(games);
    for (index, game) in setup.games.iter().enumerate() {
        let senders = Seat::ALL.map(|seat| {
            let (sender, receiver) = mpsc::unbounded_channel();
            let spec = SocketSpec {
                game: index,
                seat,
                url: target.socket_url(&game.id),
                token: game.tokens[seat.index()].clone(),
                source: game.source,
                server: target.addr,
            };
            clients.spawn(player::run(
                spec,
                Arc::clone(&slots),
                receiver,
                report_sender.clone(),
            ));
            sender
        });
        orders.push(senders);
    }
    drop(report_sender);
    let plan = Plan {
        moves,
        rate: args.rate,
        duration,
        connect_timeout: setup_deadline.saturating_duration_since(Instant::now()),
    };
    let measured = conduct(&plan, &orders, &mut reports, interrupted).await;
    eprintln!("narabe loadtest: play over; closing the sockets");
    // Memory before the clients let go of the server.
    let server_reading = sampler.and_then(MemorySampler::finish);
    drop(orders);
    let closing = async { while clients.join_next().await.is_some() {} };
    if tokio::time::timeout(Duration::from_secs(5), closing)
        .await
        .is_err()
    {
        clients.abort_all();
    }
    drop(server);
    let (server_peak, server_final) = server_memory(server_reading);
    let play = measured.play_time.as_secs_f64();
    Ok(Report {
        games,
        games_ready: measured.games_ready,
        sockets: games * 2,
        sources: sources.len().min(games),
        setup_seconds: setup_time.as_secs_f64(),
        setup_rate_limited_retries: setup.rate_limited_retries,
        connect_seconds: measured.connect_time.as_secs_f64(),
        duration_seconds: play,
        target_rate: args.rate,
        moves_sent: measured.sent,
        moves_acked: measured.acked,
        moves_starved: measured.starved,
        throughput: if play > 0.0 {
            measured.acked as f64 / play
        } else {
            0.0
        },
        round_trip_ms: measured.round_trip.summary(),
        fan_out_ms: measured.fan_out.summary(),
        resyncs: measured.resyncs,
        errors: measured.errors.total(),
        errors_by_kind: measured.errors,
        server_peak_rss_mib: server_peak,
        server_final_rss_mib: server_final,
        client_peak_rss_mib: memory::read("self").map(|reading| mib(reading.peak_kib)),
        interrupted: measured.interrupted,
    })
}
