//! `narabe serve` killed with SIGKILL in the middle of a game and started again
//! on the same data: every acknowledged action is still there, in order, the
//! clocks carry on, and a reconnecting client resynchronises.

#[path = "support/quiet_points.rs"]
mod quiet_points;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use quiet_points::quiet_points;

/// A `narabe serve` process on a free loopback port.
struct ServerProcess {
    child: Child,
    base: String,
}

impl ServerProcess {
    fn start(data: &Path) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_narabe"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .env("NARABE_ACTIONS_PER_SECOND", "10000")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("narabe serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut line)
            .expect("the listening line");
        let address = line
            .trim()
            .strip_prefix("narabe is listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        ServerProcess {
            child,
            base: address,
        }
    }

    fn kill(mut self) {
        // SIGKILL: no shutdown code runs.
        self.child.kill().expect("the server is killed");
        self.child.wait().expect("the server is reaped");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn post(
    http: &reqwest::Client,
    url: String,
    token: Option<&str>,
    body: Value,
) -> reqwest::Result<(u16, Value)> {
    let mut request = http.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await.unwrap_or(Value::Null)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_sigkill_and_clients_resync() {
    let data = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let (black, white) = quiet_points(19);
    let server = ServerProcess::start(data.path());
    let (_, created) = post(
        &http,
        format!("{}/api/games", server.base),
        None,
        json!({"game": "freestyle", "size": 19, "time": "10+0"}),
    )
    .await
    .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invite"]
        .as_str()
        .unwrap()
        .split("invite=")
        .nth(1)
        .unwrap()
        .to_owned();
    let (_, joined) = post(
        &http,
        format!("{}/api/games/{id}/join", server.base),
        None,
        json!({"invite": invite}),
    )
    .await
    .unwrap();
    let tokens = [
        created["token"].as_str().unwrap().to_owned(),
        joined["token"].as_str().unwrap().to_owned(),
    ];
    let mut acknowledged: Vec<String> = Vec::new();
    let mut server = Some(server);
    for round in 0..3 {
        let running = server.take().unwrap();
        let base = running.base.clone();
        // Kill the server from another task after a round-dependent delay while
        // this task keeps sending moves as fast as it can.
        let killer = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(150 + 70 * round)).await;
            running.kill();
        });
        loop {
            let ply = acknowledged.len();
            let point = if ply.is_multiple_of(2) {
                &black[ply / 2]
            } else {
                &white[ply / 2]
            };
            let action = format!("place {point}");
            match post(
                &http,
                format!("{base}/api/games/{id}/actions"),
                Some(&tokens[ply % 2]),
                json!({"action": action}),
            )
            .await
            {
                Ok((200, _)) => acknowledged.push(action),
                Ok((status, body)) => panic!("{action} refused with {status}: {body}"),
                // The server is gone: the answer never came.
                Err(_) => break,
            }
        }
        killer.await.unwrap();
        eprintln!("round {round}: {} acknowledged", acknowledged.len());
        assert!(
            acknowledged.len() > 2 * round as usize,
            "moves were acknowledged before the kill"
        );
        let restarted = ServerProcess::start(data.path());
        let (status, log) = {
            let response = http
                .get(format!("{}/api/games/{id}/log", restarted.base))
                .send()
                .await
                .unwrap();
            (response.status().as_u16(), response.text().await.unwrap())
        };
        assert_eq!(status, 200);
        let stored: Vec<&str> = log.lines().collect();
        assert!(
            stored.len() >= acknowledged.len(),
            "an acknowledged move was lost: {} stored, {} acknowledged",
            stored.len(),
            acknowledged.len()
        );
        assert!(
            stored.len() <= acknowledged.len() + 1,
            "only the move in flight may be stored unacknowledged"
        );
        assert_eq!(&stored[..acknowledged.len()], acknowledged.as_slice());
        // The unacknowledged move in flight may have been stored: then it counts.
        if stored.len() > acknowledged.len() {
            acknowledged.push(stored[acknowledged.len()].to_owned());
        }
        let state: Value = http
            .get(format!("{}/api/games/{id}", restarted.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(state["version"], acknowledged.len() as u64);
        assert!(state["result"].is_null());
        for seat in ["first_ms", "second_ms"] {
            let left = state["clock"][seat].as_u64().unwrap();
            assert!(left > 500_000 && left <= 600_000, "{seat}: {left}");
        }
        // A client that saw everything reconnects and resynchronises.
        let url = format!(
            "{}/api/games/{id}/ws",
            restarted.base.replacen("http", "ws", 1)
        );
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let hello = json!({"type": "hello", "version": acknowledged.len() - 1, "token": tokens[0]});
        socket
            .send(Message::Text(hello.to_string().into()))
            .await
            .unwrap();
        let mut resynced = false;
        for _ in 0..3 {
            let Some(Ok(Message::Text(text))) = socket.next().await else {
                break;
            };
            let message: Value = serde_json::from_str(&text).unwrap();
            match message["type"].as_str() {
                Some("welcome") => assert_eq!(message["version"], acknowledged.len() as u64),
                Some("snapshot") => {
                    assert_eq!(message["state"]["version"], acknowledged.len() as u64);
                    resynced = true;
                    break;
                }
                Some("event") => {
                    assert_eq!(message["version"], acknowledged.len() as u64);
                    resynced = true;
                    break;
                }
                _ => {}
            }
        }
        assert!(resynced, "the client caught up after the restart");
        server = Some(restarted);
    }
}
