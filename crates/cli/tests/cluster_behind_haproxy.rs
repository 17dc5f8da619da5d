//! Three `narabe serve` processes on one real PostgreSQL behind a real HAProxy
//! running the shipped `deploy/haproxy.cfg` (round robin, no stickiness), all
//! on loopback: a whole game with its actions spread over the nodes and a
//! spectator through the balancer; a node killed with SIGKILL in the middle
//! of a burst of moves, after which every acknowledged action is there in
//! order, the clients resynchronise through the balancer and the dead node's
//! pending flag still falls, once; and `narabe loadtest` through the balancer.

#[path = "../../server/tests/support/postgres.rs"]
#[allow(dead_code)]
mod postgres;

#[path = "support/quiet_points.rs"]
mod quiet_points;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use quiet_points::quiet_points;

/// A `narabe serve` node on its own port.
struct Node {
    child: Child,
    port: u16,
    _data: tempfile::TempDir,
}

impl Node {
    fn start(database: &str, index: usize, port: u16) -> Node {
        let data = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_narabe"))
            .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
            .args(["--database", database, "--node-id", &format!("node{index}")])
            .args(["--trusted-proxies", "127.0.0.1"])
            .arg("--data")
            .arg(data.path())
            .env("NARABE_ACTIONS_PER_SECOND", "10000")
            .env("NARABE_CREATE_PER_MINUTE", "60000")
            .env("NARABE_REQUESTS_PER_SECOND", "100000")
            .env("NARABE_REQUEST_BURST", "100000")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("narabe serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut line)
            .expect("the listening line");
        assert!(line.starts_with("narabe is listening on "), "{line:?}");
        Node {
            child,
            port,
            _data: data,
        }
    }

    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// SIGKILL: no shutdown code runs.
    fn kill(&mut self) {
        self.child.kill().expect("the node is killed");
        self.child.wait().expect("the node is reaped");
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// HAProxy with the shipped configuration, its ports replaced.
struct Balancer {
    child: Child,
    port: u16,
    _config: tempfile::TempDir,
}

impl Balancer {
    fn start(nodes: &[Node]) -> Balancer {
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/haproxy.cfg"),
        )
        .expect("deploy/haproxy.cfg");
        let port = free_port();
        let mut config = String::new();
        let mut servers_written = false;
        for line in shipped.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("bind ") {
                config.push_str(&format!("    bind 127.0.0.1:{port}\n"));
            } else if trimmed.starts_with("server ") {
                if !servers_written {
                    for (index, node) in nodes.iter().enumerate() {
                        config.push_str(&format!(
                            "    server node{index} 127.0.0.1:{} check\n",
                            node.port
                        ));
                    }
                    servers_written = true;
                }
            } else {
                config.push_str(line);
                config.push('\n');
            }
        }
        assert!(servers_written, "the shipped config names its servers");
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("haproxy.cfg");
        std::fs::write(&path, config).unwrap();
        let child = Command::new(haproxy())
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("haproxy starts (scripts/test installs Debian's package)");
        Balancer {
            child,
            port,
            _config: directory,
        }
    }

    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn socket_url(&self, id: &str) -> String {
        format!("ws://127.0.0.1:{}/api/games/{id}/ws", self.port)
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn haproxy() -> &'static str {
    if Path::new("/usr/sbin/haproxy").exists() {
        "/usr/sbin/haproxy"
    } else {
        "haproxy"
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Three nodes on a fresh database behind the balancer, all ready.
async fn cluster() -> (postgres::PostgresDatabase, Vec<Node>, Balancer) {
    let server = tokio::task::spawn_blocking(postgres::PostgresServer::shared)
        .await
        .unwrap();
    let database = server.create_database().await;
    let nodes: Vec<Node> = (0..3)
        .map(|index| Node::start(database.url(), index, free_port()))
        .collect();
    let balancer = Balancer::start(&nodes);
    let http = reqwest::Client::new();
    // Ready when every node answers through the balancer's checks.
    for _ in 0..200 {
        if let Ok(response) = http.get(format!("{}/readyz", balancer.base())).send().await
            && response.status() == 200
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (database, nodes, balancer)
}

async fn post(
    http: &reqwest::Client,
    url: String,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut request = http.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the balancer answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A game created and joined through `base`: `(id, [first token, second]).`
async fn two_player_game(
    http: &reqwest::Client,
    base: &str,
    settings: Value,
) -> (String, [String; 2]) {
    let (status, created) = post(http, format!("{base}/api/games"), None, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invite"]
        .as_str()
        .unwrap()
        .split("invite=")
        .nth(1)
        .unwrap()
        .to_owned();
    let (status, joined) = post(
        http,
        format!("{base}/api/games/{id}/join"),
        None,
        json!({"invite": invite}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let tokens = [
        created["token"].as_str().unwrap().to_owned(),
        joined["token"].as_str().unwrap().to_owned(),
    ];
    (id, tokens)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A socket on `url` said hello as `token` (a spectator without), having
/// seen `version`.
async fn socket(url: &str, token: Option<&str>, version: Option<u64>) -> Socket {
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the socket opens");
    let hello = json!({"type": "hello", "token": token, "version": version});
    socket.send(Message::text(hello.to_string())).await.unwrap();
    socket
}

/// The next JSON message of `socket`; `None` when it closed.
async fn next(socket: &mut Socket) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")?
            .ok()?;
        if let Message::Text(text) = message {
            return Some(serde_json::from_str(&text).unwrap());
        }
    }
}

/// Reads `socket` until the event of `version`, checking that events come
/// one version after another from `from`; the last state.
async fn events_until(socket: &mut Socket, from: u64, version: u64) -> Value {
    let mut expected = from;
    let mut state = Value::Null;
    while expected <= version {
        let message = next(socket).await.expect("the socket stays open");
        match message["type"].as_str() {
            Some("event") => {
                assert_eq!(message["version"], expected, "{message}");
                expected += 1;
                state = message["state"].clone();
            }
            Some("snapshot") if message["state"]["version"].as_u64() >= Some(expected) => {
                panic!("a snapshot where events were due: {message}");
            }
            Some("error") => panic!("{message}"),
            _ => {}
        }
    }
    state
}

/// `narabe_actions_total` of the node at `base`.
async fn actions_on(http: &reqwest::Client, base: &str) -> u64 {
    let text = http
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix("narabe_actions_total "))
        .and_then(|value| value.trim().parse::<f64>().ok())
        .map_or(0, |value| value as u64)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_the_balancer_spreads_over_the_nodes() {
    let (_database, nodes, balancer) = cluster().await;
    let http = reqwest::Client::new();
    let base = balancer.base();
    let (id, tokens) = two_player_game(
        &http,
        &base,
        json!({"game": "freestyle", "opening": "free"}),
    )
    .await;
    let mut spectator = socket(&balancer.socket_url(&id), None, None).await;
    // The socket's first snapshot comes before the first move, so that every
    // move is an event (a move made before it would be in the snapshot).
    loop {
        let message = next(&mut spectator).await.expect("the socket stays open");
        if message["type"] == "snapshot" {
            assert_eq!(message["state"]["version"], 0, "{message}");
            break;
        }
    }
    // Black makes five on row 1 while White plays on row 15, each move an
    // HTTP request of its own, so round robin sends them to every node.
    let moves = ["a1", "a15", "b1", "b15", "c1", "c15", "d1", "d15", "e1"];
    for (ply, point) in moves.iter().enumerate() {
        let (status, state) = post(
            &http,
            format!("{base}/api/games/{id}/actions"),
            Some(&tokens[ply % 2]),
            json!({"action": format!("place {point}")}),
        )
        .await;
        assert_eq!(status, 200, "{point}: {state}");
    }
    let last = events_until(&mut spectator, 1, moves.len() as u64).await;
    assert_eq!(last["result"]["winner"], "first", "{last}");
    let mut spread = 0;
    for node in &nodes {
        if actions_on(&http, &node.base()).await > 0 {
            spread += 1;
        }
    }
    assert!(spread >= 2, "the actions went to {spread} node(s) only");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_burst_loses_nothing_and_its_flag_still_falls() {
    let (_database, mut nodes, balancer) = cluster().await;
    let http = reqwest::Client::new();
    let base = balancer.base();
    // A game on a short clock whose flag the first node will hold.
    let (flagged, flag_tokens) = two_player_game(
        &http,
        &nodes[0].base(),
        json!({"game": "freestyle", "time": "0.1+0"}),
    )
    .await;
    for (token, point) in [(&flag_tokens[0], "h8"), (&flag_tokens[1], "h9")] {
        let (status, state) = post(
            &http,
            format!("{}/api/games/{flagged}/actions", nodes[0].base()),
            Some(token),
            json!({"action": format!("place {point}")}),
        )
        .await;
        assert_eq!(status, 200, "{state}");
    }
    // A burst of moves on the first node's sockets, killed in the middle.
    let (id, tokens) = two_player_game(
        &http,
        &base,
        json!({"game": "freestyle", "opening": "free"}),
    )
    .await;
    let url = format!("ws://127.0.0.1:{}/api/games/{id}/ws", nodes[0].port);
    let mut players = [
        socket(&url, Some(&tokens[0]), None).await,
        socket(&url, Some(&tokens[1]), None).await,
    ];
    let (black, white) = quiet_points(15);
    let mut acknowledged: u64 = 0;
    'burst: for ply in 0..200_usize {
        if ply == 40 {
            nodes[0].kill();
        }
        let point = if ply.is_multiple_of(2) {
            &black[ply / 2]
        } else {
            &white[ply / 2]
        };
        let player = &mut players[ply % 2];
        let reference = format!("m{ply}");
        let action =
            json!({"type": "action", "action": format!("place {point}"), "ref": reference});
        if player
            .send(Message::text(action.to_string()))
            .await
            .is_err()
        {
            break;
        }
        loop {
            let Some(message) = next(player).await else {
                break 'burst;
            };
            if message["ref"] == reference.as_str() {
                assert_eq!(message["type"], "ack", "{message}");
                acknowledged = message["version"].as_u64().unwrap();
                break;
            }
        }
    }
    assert!(
        acknowledged >= 40,
        "{acknowledged} moves acknowledged before the kill"
    );
    // Every acknowledged move is there, in order, read through the balancer.
    let log = http
        .get(format!("{base}/api/games/{id}/log"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let logged: Vec<&str> = log.lines().collect();
    assert!(
        logged.len() as u64 >= acknowledged,
        "{} logged, {acknowledged} acknowledged",
        logged.len()
    );
    for (ply, line) in logged.iter().enumerate() {
        let point = if ply.is_multiple_of(2) {
            &black[ply / 2]
        } else {
            &white[ply / 2]
        };
        assert_eq!(*line, format!("place {point}"));
    }
    // A player reconnects through the balancer with the version it saw and
    // catches up to the end of the log, then plays on.
    let mut again = socket(
        &balancer.socket_url(&id),
        Some(&tokens[0]),
        Some(acknowledged),
    )
    .await;
    if (logged.len() as u64) > acknowledged {
        events_until(&mut again, acknowledged + 1, logged.len() as u64).await;
    }
    let ply = logged.len();
    let point = if ply.is_multiple_of(2) {
        &black[ply / 2]
    } else {
        &white[ply / 2]
    };
    let token = &tokens[ply % 2];
    let (status, state) = post(
        &http,
        format!("{base}/api/games/{id}/actions"),
        Some(token),
        json!({"action": format!("place {point}")}),
    )
    .await;
    assert_eq!(status, 200, "{state}");
    // The dead node's flag falls on another node, once: 6 s on the clock and
    // the sweep's 5 s of grace.
    let mut result = Value::Null;
    for _ in 0..400 {
        // A kept-alive connection to the balancer may be closed under the
        // request while the killed node is being taken out: ask again.
        if let Ok(response) = http.get(format!("{base}/api/games/{flagged}")).send().await {
            let state: Value = response.json().await.unwrap();
            if !state["result"].is_null() {
                result = state["result"].clone();
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(result["reason"], "timeout", "{result}");
    let log = http
        .get(format!("{base}/api/games/{flagged}/log"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(log, "place h8\nplace h9\ntimeout first\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_test_runs_through_the_balancer() {
    let (_database, _nodes, balancer) = cluster().await;
    let output = Command::new(env!("CARGO_BIN_EXE_narabe"))
        .args([
            "loadtest",
            "--url",
            &balancer.base(),
            "--games",
            "40",
            "--rate",
            "40",
            "--duration",
            "3",
            "--json",
        ])
        .output()
        .expect("narabe loadtest runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(report["errors"], 0, "{report}");
    assert!(report["moves_acked"].as_u64().unwrap() > 50, "{report}");
}
