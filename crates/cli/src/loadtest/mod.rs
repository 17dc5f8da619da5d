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
//!
//! `--computer-probes N` adds people playing the computer (level 1, five
//! minutes) from ordinary addresses, measuring its reply time. `--abuse` plays
//! twice `--duration`: calm first, then with one hostile address at work
//! (`hostile.rs`), and reports both halves side by side (with four computer
//! probes unless told otherwise).

mod computer_probe;
mod conductor;
mod connect;
mod hostile;
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

use computer_probe::{ProbeMeasurements, ProbeWindow};
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
    /// People playing the computer at the same time, from ordinary addresses,
    /// measuring its reply time (0 by default, 4 with `--abuse`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub computer_probes: Option<u32>,
    /// Plays `--duration` calm, then `--duration` more with a hostile address
    /// (127.0.0.254) abusing the server within its limits, and reports both.
    #[arg(long)]
    pub abuse: bool,
    /// With `--abuse`, only these of the hostile address's activities
    /// (comma-separated: computer, connections, analyses, qr, junk,
    /// spectators); all of them when left out.
    #[arg(long, value_delimiter = ',')]
    pub hostile_activities: Vec<String>,
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
            // Each game's two sockets, spread over the sources.
            let sockets_per_source =
                (2 * args.games as usize).div_ceil(usize::from(args.sources.max(1)));
            let server =
                tokio::task::spawn_blocking(move || SpawnedServer::start(sockets_per_source))
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
    let (play_started, mut play_start) = watch::channel(None);
    let plan = Plan {
        moves,
        rate: args.rate,
        duration: if args.abuse { duration * 2 } else { duration },
        connect_timeout: setup_deadline.saturating_duration_since(Instant::now()),
        hostile_after: args.abuse.then_some(duration),
        play_started,
    };
    let probes = args
        .computer_probes
        .unwrap_or(if args.abuse { 4 } else { 0 });
    let watched = setup.games.first().map(|game| game.id.clone());
    let around = tokio::spawn({
        let sources = sources.clone();
        let total = plan.duration;
        let abuse = args.abuse;
        let only = args.hostile_activities.clone();
        async move {
            let Ok(start) = play_start
                .wait_for(Option::is_some)
                .await
                .map(|start| start.unwrap_or_else(Instant::now))
            else {
                return (ProbeMeasurements::default(), None);
            };
            let window = ProbeWindow {
                until: start + total,
                hostile_from: abuse.then(|| start + duration),
            };
            let mut probing = tokio::task::JoinSet::new();
            for index in 0..probes as usize {
                let source = sources[index % sources.len()];
                probing.spawn(computer_probe::run(target, source, window));
            }
            let hostile = match (abuse, watched) {
                (true, Some(watched)) => {
                    let analysed = hostile::prepare(target).await;
                    tokio::time::sleep_until(start + duration).await;
                    eprintln!(
                        "narabe loadtest: the hostile address {} starts",
                        hostile::HOSTILE_ADDRESS
                    );
                    Some(hostile::run_apart(target, watched, analysed, start + total, only).await)
                }
                _ => None,
            };
            let mut probed = ProbeMeasurements::default();
            while let Some(result) = probing.join_next().await {
                if let Ok(measured) = result {
                    probed.merge(measured);
                }
            }
            (probed, hostile)
        }
    });
    let mut measured = conduct(&plan, &orders, &mut reports, interrupted).await;
    let (probed, hostile) = around.await.unwrap_or_default();
    if probed.errors > 0 {
        measured.errors.add_many("computer-probe", probed.errors);
    }
    if probed.computer_time_losses > 0 {
        measured
            .errors
            .add_many("computer-lost-on-time", probed.computer_time_losses);
    }
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
        round_trip_hostile_ms: args.abuse.then(|| measured.round_trip_hostile.summary()),
        computer_reply_ms: (probes > 0).then(|| probed.replies.summary()),
        computer_reply_hostile_ms: (probes > 0 && args.abuse)
            .then(|| probed.replies_hostile.summary()),
        computer_games: probed.games,
        hostile,
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
