//! The server the load test starts itself: this same binary as `narabe serve`
//! on a free loopback port with a throw-away data directory, killed when the
//! guard is dropped (at the end, on an error, on Ctrl-C or on a panic).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdout, Command, Stdio};

use anyhow::{Context, bail};

/// Games one address may create per minute on the spawned server: the load test
/// creates thousands of games from a few addresses, so creation is relaxed. The
/// action limit (`--actions-per-second`, default 20 per address) stays as it is.
const CREATE_PER_MINUTE: &str = "6000000";

/// A running `narabe serve` child process; dropping it kills the process.
#[derive(Debug)]
pub struct SpawnedServer {
    child: Child,
    /// The address the server listens on.
    pub addr: SocketAddr,
    // Kept open: the server must never write into a closed pipe.
    _stdout: BufReader<ChildStdout>,
    // Removed after the child is gone (fields drop after `Drop::drop`).
    _data: tempfile::TempDir,
}

impl SpawnedServer {
    /// Starts the server, with room for `sockets_per_source` more sockets per
    /// address than the defaults, and waits for its `narabe is listening on
    /// http://ADDR` line.
    ///
    /// # Errors
    ///
    /// When the binary cannot be found or started, or does not announce an
    /// address.
    pub fn start(sockets_per_source: usize) -> anyhow::Result<SpawnedServer> {
        let exe = std::env::current_exe().context("cannot find the narabe binary")?;
        let data = tempfile::Builder::new()
            .prefix("narabe-loadtest-")
            .tempdir()
            .context("cannot create a data directory")?;
        let defaults = narabe_server::ServeOptions::new(
            std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            data.path().to_path_buf(),
        );
        let mut command = Command::new(exe);
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data.path())
            .args(["--create-per-minute", CREATE_PER_MINUTE])
            // The server's default caps on connections and WebSockets per
            // address, raised by the sockets each source address of the run
            // holds (thousands of games' sockets come from at most 250
            // addresses), so that the players fit and a hostile address still
            // meets them.
            .arg("--connections-per-address")
            .arg((defaults.connections_per_address + sockets_per_source).to_string())
            .arg("--sockets-per-address")
            .arg((defaults.sockets_per_address + sockets_per_source).to_string())
            // The spawned server keeps its data in the temporary directory, never
            // in a database the environment points at, and builds its own links.
            .env_remove("DATABASE_URL")
            .env_remove("NARABE_PUBLIC_URL")
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".to_owned()),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            // Its own process group: Ctrl-C reaches the load test, which reports
            // and then stops the server, instead of killing both mid-run.
            .process_group(0);
        let mut child = command.spawn().context("cannot start `narabe serve`")?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut server = SpawnedServer {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            _stdout: BufReader::new(stdout),
            _data: data,
        };
        let mut line = String::new();
        server
            ._stdout
            .read_line(&mut line)
            .context("cannot read the server's first line")?;
        let Some(addr) = line.trim().strip_prefix("narabe is listening on http://") else {
            bail!("the server did not start (first line {:?})", line.trim());
        };
        server.addr = addr
            .parse()
            .with_context(|| format!("the server announced a bad address {addr:?}"))?;
        Ok(server)
    }

    /// The process id, for memory readings.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for SpawnedServer {
    fn drop(&mut self) {
        // Its data is thrown away: no need for a graceful stop.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
