//! The options of `narabe serve`, from flags or the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::computer::ComputerOptions;
use crate::{AddressRanges, TrustedProxies};

/// How to run the server.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeOptions {
    /// The address to listen on.
    #[arg(long, env = "NARABE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The data directory (holds the SQLite database by default).
    #[arg(long, env = "NARABE_DATA", default_value = "./data")]
    pub data: PathBuf,
    /// A database URL instead of `<data>/narabe.db`: `sqlite:path` or
    /// `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL")]
    pub database: Option<String>,
    /// The public base URL put into links (default: `http://<listen>`).
    #[arg(long, env = "NARABE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Games one address may create per minute.
    #[arg(long, env = "NARABE_CREATE_PER_MINUTE", default_value_t = 30.0)]
    pub create_per_minute: f64,
    /// Actions one address may send per second (HTTP and WebSocket together).
    #[arg(long, env = "NARABE_ACTIONS_PER_SECOND", default_value_t = 20.0)]
    pub actions_per_second: f64,
    /// Reverse proxies whose `X-Forwarded-For` header names the client, for the
    /// per-address limits: comma-separated addresses or CIDR ranges
    /// (`127.0.0.1,10.0.0.0/8`). None by default: the header is ignored.
    #[arg(long, env = "NARABE_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: TrustedProxies,
    /// Clients that may read `GET /metrics` (the others get `404`):
    /// comma-separated addresses or CIDR ranges, matched against the client's
    /// address as the per-address limits see it (behind `--trusted-proxies`,
    /// the forwarded one). Loopback by default.
    #[arg(long, env = "NARABE_METRICS_ALLOW", default_value = DEFAULT_METRICS_ALLOW)]
    pub metrics_allow: AddressRanges,
    /// This node's name in every log line, in `/readyz` and in `/metrics`
    /// (default: the host name and the process id, `myhost-12345`).
    #[arg(long, env = "NARABE_NODE_ID")]
    pub node_id: Option<String>,
    /// The most entries a game's log may have; beyond it only resigning is
    /// taken (`409 game-too-long`).
    #[arg(long, env = "NARABE_MAX_GAME_ACTIONS", default_value_t = 1_000)]
    pub max_game_actions: usize,
    /// Seconds after which a game with a seat nobody ever took is deleted with
    /// its log (7 days).
    #[arg(
        long,
        env = "NARABE_UNJOINED_GAME_EXPIRY_SECONDS",
        default_value_t = 604_800.0
    )]
    pub unjoined_game_expiry_seconds: f64,
    /// Seconds after its end at which an aborted game is deleted with its log
    /// (24 hours).
    #[arg(
        long,
        env = "NARABE_ABORTED_GAME_EXPIRY_SECONDS",
        default_value_t = 86_400.0
    )]
    pub aborted_game_expiry_seconds: f64,
    /// Seconds between two sweeps for expired games.
    #[arg(long, env = "NARABE_EXPIRY_SWEEP_SECONDS", default_value_t = 600.0)]
    pub expiry_sweep_seconds: f64,
    /// Expired games deleted per transaction of a sweep.
    #[arg(long, env = "NARABE_EXPIRY_BATCH", default_value_t = 200)]
    pub expiry_batch: u32,
    /// Seconds a finished game's actor stays in memory with no connection
    /// (an unfinished game's stays 300 s).
    #[arg(
        long,
        env = "NARABE_FINISHED_GAME_IDLE_SECONDS",
        default_value_t = 60.0
    )]
    pub finished_game_idle_seconds: f64,
    /// The computer's and the analyses' limits.
    #[command(flatten)]
    pub computer: ComputerOptions,
    /// HTTP requests one address may make per second, on every route (pages,
    /// files, the API, the QR code, WebSocket upgrades).
    #[arg(long, env = "NARABE_REQUESTS_PER_SECOND", default_value_t = 50.0)]
    pub requests_per_second: f64,
    /// HTTP requests one address may make at once after a quiet spell: a
    /// browser loading the game page fetches about 40 files.
    #[arg(long, env = "NARABE_REQUEST_BURST", default_value_t = 300.0)]
    pub request_burst: f64,
    /// QR codes one address may ask for per minute (each costs milliseconds of
    /// CPU when it is not cached); up to 10 at once.
    #[arg(long, env = "NARABE_QR_PER_MINUTE", default_value_t = 30.0)]
    pub qr_per_minute: f64,
    /// QR codes kept drawn, the least recently asked for dropped first.
    #[arg(long, env = "NARABE_QR_CACHE_ENTRIES", default_value_t = 128)]
    pub qr_cache_entries: usize,
    /// WebSocket messages one address may send per second, over all its
    /// sockets, players and spectators alike, whatever the frame; twice as
    /// many at once. Above the action limit, so that only junk meets it.
    #[arg(
        long,
        env = "NARABE_SOCKET_MESSAGES_PER_SECOND",
        default_value_t = 30.0
    )]
    pub socket_messages_per_second: f64,
    /// Messages over the budget a socket may send in a row (each refused with
    /// `rate-limited`) before the server closes it.
    #[arg(
        long,
        env = "NARABE_SOCKET_REFUSALS_BEFORE_CLOSE",
        default_value_t = 20
    )]
    pub socket_refusals_before_close: u32,
    /// The prefix length IPv6 clients are counted by in every per-address
    /// limit (64: one subscriber's network; 128: the exact address).
    #[arg(long, env = "NARABE_IPV6_PREFIX", default_value_t = crate::DEFAULT_IPV6_PREFIX,
          value_parser = clap::value_parser!(u8).range(0..=128))]
    pub ipv6_prefix: u8,
    /// How long browsers keep to HTTPS (`Strict-Transport-Security: max-age`),
    /// in seconds; sent only when the public URL is `https://`.
    #[arg(long, env = "NARABE_HSTS_MAX_AGE", default_value_t = 31_536_000)]
    pub hsts_max_age: u64,
    /// Seconds a client has to send a request's headers once it began (the
    /// connection is closed after that).
    #[arg(long, env = "NARABE_HEADER_TIMEOUT", default_value = "10", value_parser = seconds)]
    pub header_timeout: Duration,
    /// Seconds a client has to send a request's whole body once its headers
    /// are in.
    #[arg(long, env = "NARABE_BODY_TIMEOUT", default_value = "30", value_parser = seconds)]
    pub body_timeout: Duration,
    /// Seconds a connection may wait for its next request before it is closed.
    #[arg(long, env = "NARABE_IDLE_TIMEOUT", default_value = "60", value_parser = seconds)]
    pub idle_timeout: Duration,
    /// Connections (HTTP and WebSocket) one address may hold open at once;
    /// trusted proxies are exempt. More are closed at once.
    #[arg(long, env = "NARABE_CONNECTIONS_PER_ADDRESS", default_value_t = 256)]
    pub connections_per_address: usize,
    /// Connections the server holds open at once (default: 80% of the file
    /// limit). More are closed at once.
    #[arg(long, env = "NARABE_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,
    /// Seconds a stop waits for open requests to end before it drops them.
    #[arg(long, env = "NARABE_SHUTDOWN_TIMEOUT", default_value = "10", value_parser = seconds)]
    pub shutdown_timeout: Duration,
    /// WebSockets one address may hold open at once; more are refused with
    /// `429 too-many-sockets`.
    #[arg(long, env = "NARABE_SOCKETS_PER_ADDRESS", default_value_t = 64)]
    pub sockets_per_address: usize,
    /// Seconds between the server's pings on a WebSocket.
    #[arg(long, env = "NARABE_PING_INTERVAL", default_value = "15", value_parser = seconds)]
    pub ping_interval: Duration,
    /// Pings in a row a WebSocket may leave unanswered (with no message of its
    /// own either) before the server closes it.
    #[arg(long, env = "NARABE_MISSED_PONGS", default_value_t = 2)]
    pub missed_pongs: u32,
}

/// Who may read `/metrics` unless told otherwise: this machine.
const DEFAULT_METRICS_ALLOW: &str = "127.0.0.0/8,::1";

/// A duration in seconds, fractions allowed (`0.5`).
fn seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("{text:?} is not a number of seconds"))
}

impl ServeOptions {
    /// Options for a server on `listen` keeping its data in `data`, with the
    /// default limits (for tests and tools).
    #[must_use]
    pub fn new(listen: SocketAddr, data: PathBuf) -> ServeOptions {
        ServeOptions {
            listen,
            data,
            database: None,
            public_url: None,
            create_per_minute: 30.0,
            actions_per_second: 20.0,
            trusted_proxies: TrustedProxies::default(),
            metrics_allow: DEFAULT_METRICS_ALLOW
                .parse()
                .unwrap_or_else(|_| unreachable!("the default list reads")),
            node_id: None,
            max_game_actions: 1_000,
            unjoined_game_expiry_seconds: 604_800.0,
            aborted_game_expiry_seconds: 86_400.0,
            expiry_sweep_seconds: 600.0,
            expiry_batch: 200,
            finished_game_idle_seconds: 60.0,
            computer: ComputerOptions::default(),
            requests_per_second: 50.0,
            request_burst: 300.0,
            qr_per_minute: 30.0,
            qr_cache_entries: 128,
            socket_messages_per_second: 30.0,
            socket_refusals_before_close: 20,
            ipv6_prefix: crate::DEFAULT_IPV6_PREFIX,
            hsts_max_age: 31_536_000,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            connections_per_address: 256,
            max_connections: None,
            shutdown_timeout: Duration::from_secs(10),
            sockets_per_address: 64,
            ping_interval: Duration::from_secs(15),
            missed_pongs: 2,
        }
    }

    /// The options from the environment and the defaults alone, as `narabe`
    /// without a subcommand uses them.
    #[must_use]
    pub fn parse_from_env() -> ServeOptions {
        #[derive(clap::Parser)]
        struct OnlyServe {
            #[command(flatten)]
            options: ServeOptions,
        }
        <OnlyServe as clap::Parser>::parse_from(["narabe"]).options
    }

    /// The expiry and memory limits of the games, checked: every duration
    /// must be a finite number of seconds, not negative.
    ///
    /// # Errors
    ///
    /// Names the option whose value is not a duration.
    pub fn game_limits(&self) -> Result<GameLimits, String> {
        let duration = |name: &str, seconds: f64| {
            Duration::try_from_secs_f64(seconds)
                .map_err(|_| format!("--{name} must be a number of seconds, not {seconds}"))
        };
        Ok(GameLimits {
            max_game_actions: self.max_game_actions,
            unjoined_game_expiry: duration(
                "unjoined-game-expiry-seconds",
                self.unjoined_game_expiry_seconds,
            )?,
            aborted_game_expiry: duration(
                "aborted-game-expiry-seconds",
                self.aborted_game_expiry_seconds,
            )?,
            expiry_sweep: duration("expiry-sweep-seconds", self.expiry_sweep_seconds)?
                .max(Duration::from_millis(1)),
            expiry_batch: self.expiry_batch.max(1),
            finished_game_idle: duration(
                "finished-game-idle-seconds",
                self.finished_game_idle_seconds,
            )?,
        })
    }

    /// The node's id: `--node-id` when given (and not blank), else the host
    /// name and the process id (`myhost-12345`), which tells apart the nodes
    /// of a cluster and the runs of one machine.
    #[must_use]
    pub fn node_id(&self) -> String {
        match self.node_id.as_deref().map(str::trim) {
            Some(id) if !id.is_empty() => id.to_owned(),
            _ => format!("{}-{}", host_name(), std::process::id()),
        }
    }

    /// The database URL to open.
    #[must_use]
    pub fn database_url(&self) -> String {
        self.database
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data.join("narabe.db").display()))
    }
}

/// This machine's host name as the kernel knows it, or `narabe` where it
/// cannot be read.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "narabe".to_owned())
}

/// How long games are kept, in the store and in memory, and how long a log may
/// grow: [`ServeOptions::game_limits`], checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLimits {
    /// The most entries a game's log may have.
    pub max_game_actions: usize,
    /// The age at which a game with a seat nobody took is deleted.
    pub unjoined_game_expiry: Duration,
    /// The time after its end at which an aborted game is deleted.
    pub aborted_game_expiry: Duration,
    /// The time between two expiry sweeps.
    pub expiry_sweep: Duration,
    /// Games deleted per transaction of a sweep.
    pub expiry_batch: u32,
    /// The time a finished game's actor stays with no connection.
    pub finished_game_idle: Duration,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_node_id_is_the_option_or_the_host_and_the_process() {
        let mut options = ServeOptions::new("127.0.0.1:0".parse().unwrap(), PathBuf::new());
        let default = options.node_id();
        assert!(
            default.ends_with(&format!("-{}", std::process::id())),
            "{default}"
        );
        assert!(default.len() > std::process::id().to_string().len() + 1);
        options.node_id = Some("eu-1".to_owned());
        assert_eq!(options.node_id(), "eu-1");
        options.node_id = Some("  ".to_owned());
        assert_eq!(options.node_id(), default, "a blank id is no id");
    }

    #[test]
    fn metrics_are_for_this_machine_by_default() {
        let options = ServeOptions::new("127.0.0.1:0".parse().unwrap(), PathBuf::new());
        assert_eq!(options.metrics_allow.to_string(), "127.0.0.0/8,::1/128");
        assert!(options.metrics_allow.contains("127.0.0.1".parse().unwrap()));
        assert!(!options.metrics_allow.contains("192.0.2.1".parse().unwrap()));
    }

    #[test]
    fn durations_are_read_in_seconds_with_fractions() {
        assert_eq!(seconds("10"), Ok(Duration::from_secs(10)));
        assert_eq!(seconds(" 0.25 "), Ok(Duration::from_millis(250)));
        for bad in ["", "-1", "ten", "NaN", "1e300"] {
            assert!(seconds(bad).is_err(), "{bad:?}");
        }
    }
}
