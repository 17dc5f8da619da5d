//! `narabe serve` under clients that hold connections without using them: one
//! address opening many idle connections does not lock others out, a request
//! sent by halves (headers or body) is cut off after its timeout, an idle
//! connection after the idle timeout, and a stop does not wait for a half-sent
//! request longer than the shutdown timeout. Over real sockets against the
//! real binary (under `prlimit`, for a small file limit).

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// How long a test waits for what should happen at once or after a timeout
/// of a second or two: far more than it takes, so that a slow machine does
/// not fail it; on a server without the limit it never happens.
const PATIENCE: Duration = Duration::from_secs(15);

/// A `narabe serve` process on a free loopback port.
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
    _data: tempfile::TempDir,
}

impl ServerProcess {
    /// Starts the server with the environment `env`, under a file limit of
    /// `file_limit` (soft and hard) if given.
    fn start(env: &[(&str, &str)], file_limit: Option<u64>) -> ServerProcess {
        let data = tempfile::tempdir().unwrap();
        let mut command = match file_limit {
            Some(limit) => {
                let mut command = Command::new("prlimit");
                command
                    .arg(format!("--nofile={limit}:{limit}"))
                    .arg(env!("CARGO_BIN_EXE_narabe"));
                command
            }
            None => Command::new(env!("CARGO_BIN_EXE_narabe")),
        };
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data.path())
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = command.spawn().expect("narabe serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut line)
            .expect("the listening line");
        let addr = line
            .trim()
            .strip_prefix("narabe is listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        ServerProcess {
            child,
            addr,
            _data: data,
        }
    }

    /// A connection to the server from the loopback address `from`.
    async fn connect_from(&self, from: &str) -> TcpStream {
        let socket = TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
            .unwrap();
        socket.connect(self.addr).await.expect("the server accepts")
    }

    /// Sends SIGTERM and waits for the process to end, `None` if it does not
    /// within [`PATIENCE`].
    async fn terminate(&mut self) -> Option<ExitStatus> {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                if let Some(status) = self.child.try_wait().unwrap() {
                    return status;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        waited.await.ok()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the server sends on `stream` before it closes it (end of file or a
/// reset), `None` unless it closes it within [`PATIENCE`].
async fn sent_until_closed(stream: &mut TcpStream) -> Option<String> {
    let mut sent = Vec::new();
    let mut buffer = [0u8; 4096];
    tokio::time::timeout(PATIENCE, async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(read) => sent.extend_from_slice(&buffer[..read]),
            }
        }
    })
    .await
    .ok()?;
    Some(String::from_utf8_lossy(&sent).into_owned())
}

/// Whether the server closes `stream` within [`PATIENCE`].
async fn closed_by_server(stream: &mut TcpStream) -> bool {
    sent_until_closed(stream).await.is_some()
}

/// `GET /healthz` on `stream`, keeping the connection alive: the status line.
async fn health_check(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: narabe\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1024];
    tokio::time::timeout(PATIENCE, async {
        // `ok` is the whole body: the answer is in once it ends so.
        while !answer.ends_with(b"\r\n\r\nok") {
            let read = stream.read(&mut buffer).await.unwrap();
            assert!(read > 0, "the server closed the connection");
            answer.extend_from_slice(&buffer[..read]);
        }
    })
    .await
    .expect("an answer to /healthz");
    let answer = String::from_utf8(answer).unwrap();
    answer.lines().next().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_idle_connections_from_one_address_do_not_lock_out_another() {
    // A file limit of 128: on a server without a cap per address, 200 idle
    // connections take every descriptor and the next client waits forever.
    let server = ServerProcess::start(&[("NARABE_CONNECTIONS_PER_ADDRESS", "8")], Some(128));
    let mut idle = Vec::new();
    for _ in 0..200 {
        idle.push(server.connect_from("127.0.0.1").await);
    }
    let mut other = server.connect_from("127.0.0.2").await;
    assert_eq!(health_check(&mut other).await, "HTTP/1.1 200 OK");
    let last = idle.last_mut().unwrap();
    assert!(
        closed_by_server(last).await,
        "a connection over the address's cap is closed at once"
    );
    let mut first = idle.swap_remove(0);
    assert_eq!(
        health_check(&mut first).await,
        "HTTP/1.1 200 OK",
        "the connections under the cap are served"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_total_cap_new_connections_are_closed_until_one_ends() {
    let server = ServerProcess::start(&[("NARABE_MAX_CONNECTIONS", "4")], None);
    let mut held = Vec::new();
    for from in ["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"] {
        let mut stream = server.connect_from(from).await;
        assert_eq!(health_check(&mut stream).await, "HTTP/1.1 200 OK");
        held.push(stream);
    }
    let mut fifth = server.connect_from("127.0.0.5").await;
    assert!(
        closed_by_server(&mut fifth).await,
        "a fifth connection is closed at once"
    );
    drop(held.pop());
    let served = tokio::time::timeout(PATIENCE, async {
        loop {
            let mut stream = server.connect_from("127.0.0.5").await;
            let request = b"GET /healthz HTTP/1.1\r\nHost: narabe\r\nConnection: close\r\n\r\n";
            if stream.write_all(request).await.is_ok()
                && let Some(answer) = sent_until_closed(&mut stream).await
                && answer.starts_with("HTTP/1.1 200 OK")
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    assert!(served.await.is_ok(), "a connection that ends makes room");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_sent_by_halves_are_cut_off_after_their_timeouts() {
    let server = ServerProcess::start(
        &[("NARABE_HEADER_TIMEOUT", "1"), ("NARABE_BODY_TIMEOUT", "1")],
        None,
    );
    let mut headers = server.connect_from("127.0.0.1").await;
    headers
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: narabe\r\n")
        .await
        .unwrap();
    assert!(
        closed_by_server(&mut headers).await,
        "half-sent headers are closed after the header timeout"
    );

    let mut body = server.connect_from("127.0.0.1").await;
    body.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: narabe\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"game\":",
    )
    .await
    .unwrap();
    let answer = sent_until_closed(&mut body)
        .await
        .expect("a half-sent body is cut off after the body timeout");
    assert!(answer.starts_with("HTTP/1.1 400 "), "{answer}");
    assert!(answer.contains("\"code\":\"bad-request\""), "{answer}");

    // The header timeout runs from a request's first byte: a connection
    // kept alive between requests for longer than it is still served.
    let mut kept = server.connect_from("127.0.0.1").await;
    assert_eq!(health_check(&mut kept).await, "HTTP/1.1 200 OK");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(health_check(&mut kept).await, "HTTP/1.1 200 OK");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let server = ServerProcess::start(&[("NARABE_IDLE_TIMEOUT", "1")], None);
    let mut silent = server.connect_from("127.0.0.1").await;
    let mut kept = server.connect_from("127.0.0.1").await;
    assert_eq!(health_check(&mut kept).await, "HTTP/1.1 200 OK");
    assert!(
        closed_by_server(&mut silent).await,
        "a connection that never sends"
    );
    assert!(
        closed_by_server(&mut kept).await,
        "a kept-alive connection with no next request"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_with_a_half_sent_request_exits_within_the_shutdown_timeout() {
    // Timeouts far away, so that only the shutdown's bound can end the request.
    let mut server = ServerProcess::start(
        &[
            ("NARABE_SHUTDOWN_TIMEOUT", "1"),
            ("NARABE_HEADER_TIMEOUT", "600"),
            ("NARABE_BODY_TIMEOUT", "600"),
            ("NARABE_IDLE_TIMEOUT", "600"),
        ],
        None,
    );
    let mut half = server.connect_from("127.0.0.1").await;
    half.write_all(b"POST /api/games HTTP/1.1\r\nHost: narabe\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let mut healthy = server.connect_from("127.0.0.1").await;
    assert_eq!(health_check(&mut healthy).await, "HTTP/1.1 200 OK");
    let status = server
        .terminate()
        .await
        .expect("the server exits while a request is half sent");
    assert!(status.success(), "{status}");
    assert!(closed_by_server(&mut half).await);
}
