//! The options of `narabe serve`, from flags or the environment.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::TrustedProxies;
use crate::computer::ComputerOptions;

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
    /// The computer's and the analyses' limits.
    #[command(flatten)]
    pub computer: ComputerOptions,
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
            computer: ComputerOptions::default(),
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
