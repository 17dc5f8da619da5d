//! The options of `narabe serve`, from flags or the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::TrustedProxies;

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
    #[arg(long, env = "NARABE_CONNECTIONS_PER_ADDRESS", default_value_t = 64)]
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
    #[arg(long, env = "NARABE_SOCKETS_PER_ADDRESS", default_value_t = 32)]
    pub sockets_per_address: usize,
    /// Seconds between the server's pings on a WebSocket.
    #[arg(long, env = "NARABE_PING_INTERVAL", default_value = "15", value_parser = seconds)]
    pub ping_interval: Duration,
    /// Pings in a row a WebSocket may leave unanswered (with no message of its
    /// own either) before the server closes it.
    #[arg(long, env = "NARABE_MISSED_PONGS", default_value_t = 2)]
    pub missed_pongs: u32,
}

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
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            connections_per_address: 64,
            max_connections: None,
            shutdown_timeout: Duration::from_secs(10),
            sockets_per_address: 32,
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

    /// The database URL to open.
    #[must_use]
    pub fn database_url(&self) -> String {
        self.database
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data.join("narabe.db").display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_read_in_seconds_with_fractions() {
        assert_eq!(seconds("10"), Ok(Duration::from_secs(10)));
        assert_eq!(seconds(" 0.25 "), Ok(Duration::from_millis(250)));
        for bad in ["", "-1", "ten", "NaN", "1e300"] {
            assert!(seconds(bad).is_err(), "{bad:?}");
        }
    }
}
