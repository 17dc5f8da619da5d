//! Starting and stopping the server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_util::task::TaskTracker;
use tracing::info;

use crate::bots::BotHub;
use crate::computer::{Analyses, ComputerGames, EnginePool};
use crate::game_id::GameId;
use crate::http::connections::{self, AddressCounter, ConnectionLimits, SocketLimits};
use crate::http::{
    AppState, MetricsSources, QrCache, RateLimit, RateLimiter, RequestBudgets, SecurityHeaders,
    router,
};
use crate::live::{
    ActorContext, FinishedGameNotices, GameRegistry, ServerClock, change_listener,
    deadline_scheduler, expiry_sweeper, overdue_deadlines,
};
use crate::serve_options::ServeOptions;
use crate::store::Store;
use crate::tournaments::{TournamentContext, TournamentRegistry};

/// A server that is running: its address, and how to stop it.
#[derive(Debug)]
pub struct RunningServer {
    /// The address it listens on (the real port when asked for port 0).
    pub addr: SocketAddr,
    shutdown: watch::Sender<bool>,
    task: JoinHandle<anyhow::Result<()>>,
    clock: ServerClock,
}

impl RunningServer {
    /// Stops accepting, closes every socket politely, lets running requests
    /// finish (for at most the shutdown timeout, then drops them), waits for
    /// the live games to finish what they hold, commits what the store holds
    /// and returns.
    ///
    /// # Errors
    ///
    /// What the server task failed with.
    pub async fn stop(self) -> anyhow::Result<()> {
        let _ = self.shutdown.send(true);
        self.task.await.context("the server task panicked")?
    }

    /// Waits until the server ends by itself (it does not, short of an error).
    ///
    /// # Errors
    ///
    /// What the server task failed with.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.task.await.context("the server task panicked")?
    }

    /// The server's clock: tests move it forward to make flags fall and
    /// deadlines pass.
    #[must_use]
    pub fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// A sender that stops the server when it sends `true`.
    #[must_use]
    pub fn stopper(&self) -> watch::Sender<bool> {
        self.shutdown.clone()
    }
}

/// Opens the store, re-arms the deadlines of unfinished games, binds and starts
/// serving in the background.
///
/// # Errors
///
/// When the data directory, the database or the address cannot be used.
pub async fn start(options: &ServeOptions) -> anyhow::Result<RunningServer> {
    std::fs::create_dir_all(&options.data).with_context(|| {
        format!(
            "cannot create the data directory {}",
            options.data.display()
        )
    })?;
    let url = options.database_url();
    let store = Store::open(&url)
        .await
        .with_context(|| format!("cannot open the database {url}"))?;
    let clock = ServerClock::start();
    let (shutdown, shutdown_receiver) = watch::channel(false);
    let (deadlines, deadline_receiver) = deadline_scheduler::channel();
    let computer = options.computer;
    let engines = match computer.engine_threads {
        Some(threads) => EnginePool::new(threads, computer.engine_jobs_per_address),
        None => EnginePool::per_core(computer.engine_jobs_per_address),
    };
    let computer_games =
        ComputerGames::new(computer.computer_games_per_address, options.ipv6_prefix);
    // The engine's pattern tables are built once per process: now, in the
    // background, rather than inside a computer's first timed search.
    tokio::task::spawn_blocking(|| {
        for rules in narabe_rules::RuleSet::ALL {
            narabe_engine::Engine::warm_up(rules);
        }
    });
    let limits = options.game_limits().map_err(anyhow::Error::msg)?;
    // Everything that may write to the store on its own runs here, so that a
    // stop can wait for all of it before closing the store.
    let live_tasks = TaskTracker::new();
    // Names this node in its logs, its metrics and the claims it makes in a
    // store that several nodes share.
    let node_id: Arc<str> = options.node_id().into();
    let (finished_games, finished_game_notices) = tokio::sync::mpsc::unbounded_channel();
    let (finished_bot_games, finished_bot_game_notices) = tokio::sync::mpsc::unbounded_channel();
    let registry = GameRegistry::new(ActorContext {
        store: store.clone(),
        clock: clock.clone(),
        deadlines: deadlines.clone(),
        shutdown: shutdown_receiver.clone(),
        engines: engines.clone(),
        computer_options: computer,
        computer_games: computer_games.clone(),
        tasks: live_tasks.clone(),
        limits,
        node_id: Arc::clone(&node_id),
        finished_games: FinishedGameNotices::new(finished_games, finished_bot_games),
    });
    let tournaments = TournamentRegistry::new(TournamentContext {
        store: store.clone(),
        clock: clock.clone(),
        games: registry.clone(),
        shutdown: shutdown_receiver.clone(),
        tasks: live_tasks.clone(),
    });
    live_tasks.spawn(
        tournaments
            .clone()
            .forward_finished_games(finished_game_notices),
    );
    tournaments.wake_running().await;
    let waker = registry.clone();
    let wakes = live_tasks.clone();
    live_tasks.spawn(deadline_scheduler::run(
        deadline_receiver,
        clock.clone(),
        shutdown_receiver.clone(),
        move |id: GameId| {
            let registry = waker.clone();
            wakes.spawn(async move { registry.poke(&id).await });
        },
    ));
    live_tasks.spawn(expiry_sweeper::run(
        registry.clone(),
        clock.clone(),
        limits,
        shutdown_receiver.clone(),
    ));
    // Several nodes on one PostgreSQL database: each hears of the others'
    // writes, and wakes the games whose timers a dead node took with it.
    let listener_connected = match store.change_feed() {
        Some(feed) => {
            let connected = feed.connected();
            live_tasks.spawn(change_listener::run(
                feed,
                registry.clone(),
                shutdown_receiver.clone(),
            ));
            live_tasks.spawn(overdue_deadlines::run(
                registry.clone(),
                clock.clone(),
                shutdown_receiver.clone(),
            ));
            Some(connected)
        }
        None => None,
    };
    let pending = store
        .unfinished_with_deadline()
        .await
        .context("cannot read the deadlines of unfinished games")?;
    for (id, deadline) in pending {
        if let Some(id) = GameId::parse(&id) {
            deadlines.set(&id, u64::try_from(deadline).ok());
        }
    }
    // A computer whose clock runs must not wait for a visitor to move: its
    // games are woken now (in the background), and their actors set it to work.
    let due_computer_games = store
        .unfinished_computer_games_with_deadline()
        .await
        .context("cannot read the unfinished games against the computer")?;
    let waker = registry.clone();
    live_tasks.spawn(async move {
        for id in due_computer_games.iter().filter_map(|id| GameId::parse(id)) {
            if let Err(error) = waker.get(&id).await {
                tracing::warn!(game = %id, code = error.code(), "could not wake a computer game");
            }
        }
    });
    let listener = TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen on {}", options.listen))?;
    let addr = listener.local_addr()?;
    let public_url = options
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_owned();
    let public_url: Arc<str> = public_url.into();
    let bots = BotHub::new(store.clone(), clock.clone(), Arc::clone(&public_url));
    live_tasks.spawn(forward_finished_bot_games(
        bots.clone(),
        finished_bot_game_notices,
        shutdown_receiver.clone(),
    ));
    let trusted_proxies = Arc::new(options.trusted_proxies.clone());
    let open_connections = AddressCounter::new(
        options.connections_per_address,
        options
            .max_connections
            .unwrap_or_else(connections::default_max_connections),
        options.ipv6_prefix,
    );
    let state = AppState {
        registry,
        tournaments,
        bots,
        analyses: Analyses::new(
            engines.clone(),
            Duration::from_millis(computer.analysis_wait_ms),
            computer.analysis_cache,
            options.ipv6_prefix,
        ),
        computer_games,
        create_limiter: Arc::new(
            RateLimiter::new(RateLimit::per_minute(
                options.create_per_minute,
                options.create_per_minute.clamp(1.0, 10.0),
            ))
            .with_ipv6_prefix(options.ipv6_prefix),
        ),
        action_limiter: Arc::new(
            RateLimiter::new(RateLimit {
                per_second: options.actions_per_second,
                burst: (options.actions_per_second * 2.0).max(1.0),
            })
            .with_ipv6_prefix(options.ipv6_prefix),
        ),
        budgets: Arc::new(RequestBudgets::new(options)),
        qr_cache: Arc::new(QrCache::new(options.qr_cache_entries)),
        security_headers: Arc::new(SecurityHeaders::new(&public_url, options.hsts_max_age)),
        trusted_proxies: Arc::clone(&trusted_proxies),
        public_url,
        sockets: SocketLimits {
            per_address: AddressCounter::new(
                options.sockets_per_address,
                usize::MAX,
                options.ipv6_prefix,
            ),
            ping_interval: options.ping_interval,
            missed_pongs: options.missed_pongs,
        },
        node_id: Arc::clone(&node_id),
        metrics: MetricsSources {
            allow: Arc::new(options.metrics_allow.clone()),
            connections: Arc::clone(&open_connections),
            engines,
        },
        shutdown: shutdown_receiver.clone(),
        listener_connected,
    };
    let limits = ConnectionLimits {
        header_timeout: options.header_timeout,
        body_timeout: options.body_timeout,
        idle_timeout: options.idle_timeout,
        counter: open_connections,
        trusted_proxies,
        shutdown_timeout: options.shutdown_timeout,
    };
    let app = router(state);
    let task = tokio::spawn(async move {
        connections::serve(listener, app, limits, shutdown_receiver).await;
        // The order of mini-redis's shutdown: the requests have ended; now
        // the live games, which see the same stop, finish what they hold (a
        // write, the result it decides, a rematch) and end; only then does the
        // store close, so nothing is written after it.
        live_tasks.close();
        live_tasks.wait().await;
        store.close().await;
        info!("stopped");
        Ok(())
    });
    info!(%addr, "listening");
    Ok(RunningServer {
        addr,
        shutdown,
        task,
        clock,
    })
}

/// Tells the bots of each finished game that it ended, until the server
/// stops (their event streams also find it in the store by themselves).
async fn forward_finished_bot_games(
    bots: BotHub,
    mut notices: tokio::sync::mpsc::UnboundedReceiver<String>,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            notice = notices.recv() => match notice {
                Some(game) => bots.game_finished(&game).await,
                None => return,
            },
            () = crate::live::stopping(&mut shutdown) => return,
        }
    }
}

/// Runs the server until Ctrl-C or SIGTERM, then shuts down gracefully.
///
/// # Errors
///
/// When the server cannot start or fails.
pub async fn serve(options: &ServeOptions) -> anyhow::Result<()> {
    connections::raise_to_hard_limit();
    let server = start(options).await?;
    println!("narabe is listening on http://{}", server.addr);
    let stopper = server.stopper();
    tokio::spawn(async move {
        shutdown_signal().await;
        let _ = stopper.send(true);
    });
    server.wait().await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
