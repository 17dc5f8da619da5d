//! A real PostgreSQL for the tests: the server named by
//! `NARABE_TEST_POSTGRES_URL`, or else a throwaway cluster started from the
//! installed binaries, listening on 127.0.0.1 only, shared by the tests of one
//! binary while any of them runs and stopped with the last one.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{AssertSqlSafe, Connection, PgConnection};

/// Set to a superuser URL (`postgres://user:password@host:port/postgres`) to run
/// the tests against that server instead of a throwaway cluster.
pub const URL_VARIABLE: &str = "NARABE_TEST_POSTGRES_URL";

/// The PostgreSQL server the tests use.
pub struct PostgresServer {
    /// A URL to the maintenance database, with the right to create databases.
    admin_url: String,
    /// The cluster this process started, if it started one.
    cluster: Option<ThrowawayCluster>,
}

/// The server the running tests share: kept only as long as a test holds it.
static SHARED: Mutex<Weak<PostgresServer>> = Mutex::new(Weak::new());

/// Makes database names unique within this process.
static DATABASE_COUNTER: AtomicU64 = AtomicU64::new(0);

impl PostgresServer {
    /// The server of the running tests, starting a cluster if none is running.
    pub fn shared() -> Arc<PostgresServer> {
        // A test that panicked while holding the lock leaves it poisoned; the Weak
        // inside is still meaningful.
        let mut shared = SHARED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(server) = shared.upgrade() {
            return server;
        }
        let server = Arc::new(match std::env::var(URL_VARIABLE) {
            Ok(admin_url) => PostgresServer {
                admin_url,
                cluster: None,
            },
            Err(_) => {
                let cluster = ThrowawayCluster::start();
                PostgresServer {
                    admin_url: format!("postgres://postgres@127.0.0.1:{}/postgres", cluster.port),
                    cluster: Some(cluster),
                }
            }
        });
        *shared = Arc::downgrade(&server);
        server
    }

    /// A new, empty database on this server.
    pub async fn create_database(self: &Arc<Self>) -> PostgresDatabase {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.subsec_nanos());
        // Unique across processes too, for a long-lived server given by URL.
        let name = format!(
            "narabe_test_{}_{}_{nanos}",
            std::process::id(),
            DATABASE_COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(&self.admin_url)
            .await
            .unwrap_or_else(|error| panic!("cannot connect to the test PostgreSQL: {error}"));
        // The name is made above from digits and underscores only.
        sqlx::raw_sql(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut admin)
            .await
            .unwrap_or_else(|error| panic!("cannot create database {name}: {error}"));
        admin.close().await.ok();
        let url = database_url(&self.admin_url, &name);
        PostgresDatabase {
            server: Arc::clone(self),
            name,
            url,
        }
    }
}

/// `admin_url` with its database replaced by `name`.
fn database_url(admin_url: &str, name: &str) -> String {
    let (without_query, query) = admin_url
        .split_once('?')
        .map_or((admin_url, None), |(url, query)| (url, Some(query)));
    let authority_end = without_query
        .find("://")
        .map(|scheme_end| {
            let rest = &without_query[scheme_end + 3..];
            scheme_end + 3 + rest.find('/').unwrap_or(rest.len())
        })
        .unwrap_or(without_query.len());
    let mut url = format!("{}/{name}", &without_query[..authority_end]);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

/// A database made for one test.
pub struct PostgresDatabase {
    server: Arc<PostgresServer>,
    name: String,
    url: String,
}

impl PostgresDatabase {
    /// The URL that opens this database.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        // A throwaway cluster disappears whole; a given server keeps only what we
        // remove. Drop runs inside the test's runtime, so the async clean-up gets a
        // thread and a runtime of its own.
        if self.server.cluster.is_some() {
            return;
        }
        let admin_url = self.server.admin_url.clone();
        let name = self.name.clone();
        let cleanup = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for dropping the test database");
            runtime.block_on(async {
                if let Ok(mut admin) = PgConnection::connect(&admin_url).await {
                    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                    sqlx::raw_sql(AssertSqlSafe(drop))
                        .execute(&mut admin)
                        .await
                        .ok();
                    admin.close().await.ok();
                }
            });
        });
        cleanup.join().ok();
    }
}

/// A PostgreSQL cluster in a temporary directory, run as the `postgres` OS user
/// when the tests run as root (PostgreSQL refuses to run as root).
struct ThrowawayCluster {
    binaries: PathBuf,
    directory: tempfile::TempDir,
    port: u16,
    run_as_postgres: bool,
}

impl ThrowawayCluster {
    fn start() -> ThrowawayCluster {
        let binaries = installed_binaries().unwrap_or_else(|| {
            panic!(
                "PostgreSQL is not installed (no initdb and pg_ctl under \
                 /usr/lib/postgresql/*/bin): run `apt-get install -y postgresql` \
                 (scripts/install-postgres does it), or set {URL_VARIABLE} to a server"
            )
        });
        let run_as_postgres = running_as_root();
        let directory = tempfile::Builder::new()
            .prefix("narabe-postgres-")
            .tempdir()
            .expect("a temporary directory for the test cluster");
        if run_as_postgres {
            run(Command::new("chown")
                .arg("postgres:postgres")
                .arg(directory.path()));
        }
        let mut cluster = ThrowawayCluster {
            binaries,
            directory,
            port: 0,
            run_as_postgres,
        };
        cluster.run_tool(
            "initdb",
            &[
                "--pgdata=data",
                "--username=postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                // The cluster lives for one test run: syncing its files buys nothing.
                "--no-sync",
            ],
        );
        // The free port can be taken between probing and binding: try a few.
        for attempt in 1..=3 {
            cluster.port = free_port();
            let socket_directory = cluster.directory.path().display().to_string();
            let server_options = format!(
                "-c listen_addresses=127.0.0.1 -p {} -k {socket_directory}",
                cluster.port
            );
            let mut start = cluster.tool("pg_ctl");
            start.args([
                "start",
                "--pgdata=data",
                "--log=server.log",
                "--wait",
                "--timeout=60",
                "-o",
                &server_options,
            ]);
            if start.output().is_ok_and(|output| output.status.success()) {
                return cluster;
            }
            if attempt == 3 {
                let log = std::fs::read_to_string(cluster.directory.path().join("server.log"))
                    .unwrap_or_default();
                panic!("the test PostgreSQL did not start; its log:\n{log}");
            }
        }
        unreachable!("the loop returns or panics on its last attempt")
    }

    /// A command running one of the PostgreSQL binaries in the cluster's
    /// directory, as the right user.
    fn tool(&self, name: &str) -> Command {
        let program = self.binaries.join(name);
        let mut command = if self.run_as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        };
        command.current_dir(self.directory.path());
        command
    }

    fn run_tool(&self, name: &str, args: &[&str]) {
        run(self.tool(name).args(args));
    }
}

impl Drop for ThrowawayCluster {
    fn drop(&mut self) {
        // Immediate: nothing in a throwaway cluster needs a clean shutdown.
        let _ = self
            .tool("pg_ctl")
            .args(["stop", "--pgdata=data", "--mode=immediate", "--wait"])
            .output();
    }
}

/// The bin directory of the newest installed PostgreSQL that has initdb and pg_ctl.
fn installed_binaries() -> Option<PathBuf> {
    let mut candidates: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let binaries = entry.path().join("bin");
            let complete = ["initdb", "pg_ctl"]
                .iter()
                .all(|tool| Path::new(&binaries.join(tool)).exists());
            complete.then_some((version, binaries))
        })
        .collect();
    candidates.sort();
    candidates.pop().map(|(_, binaries)| binaries)
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.trim_ascii() == b"0")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port on 127.0.0.1")
        .port()
}

fn run(command: &mut Command) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
    assert!(
        output.status.success(),
        "{command:?} failed: {}\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
