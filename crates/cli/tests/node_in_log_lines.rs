//! Every line `narabe serve` logs names its node (`--node-id`): from start to
//! a graceful stop, whichever task or thread wrote it, multi-line SQL
//! statements included. The real binary, with its log on stderr.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// How long the test waits for the server to stop after SIGTERM: far more than
/// it takes.
const PATIENCE: Duration = Duration::from_secs(15);

async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> Value {
    let mut request = http.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the server answers");
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.expect("JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_log_line_of_narabe_serve_names_its_node() {
    let data = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_narabe"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--node-id",
            "test-node-7",
        ])
        .arg("--data")
        .arg(data.path())
        // Debug: the lines of sqlx, hyper and every task of the server, not
        // only the few of `info`.
        .env("RUST_LOG", "debug")
        .env_remove("NARABE_NODE_ID")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("narabe serve starts");
    // Read the log as it comes, so that a full pipe never stops the server.
    let mut stderr = child.stderr.take().expect("piped stderr");
    let log = std::thread::spawn(move || {
        let mut log = String::new();
        stderr.read_to_string(&mut log).expect("a UTF-8 log");
        log
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("the listening line");
    let base = line
        .trim()
        .strip_prefix("narabe is listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_owned();

    // A game and a move: the API, the actor and the store's writer all log.
    let http = reqwest::Client::new();
    let created = post(
        &http,
        format!("{base}/api/games"),
        None,
        json!({"game": "freestyle"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    let invite = invite.split("invite=").nth(1).unwrap();
    post(
        &http,
        format!("{base}/api/games/{id}/join"),
        None,
        json!({"invite": invite}),
    )
    .await;
    post(
        &http,
        format!("{base}/api/games/{id}/actions"),
        Some(token),
        json!({"action": "place h8"}),
    )
    .await;

    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let stopped = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    let status = stopped.unwrap_or_else(|_| {
        let _ = child.kill();
        panic!("the server did not stop after SIGTERM")
    });
    assert!(status.success(), "{status}");
    let log = log.join().expect("the log reader");

    let lines: Vec<&str> = log.lines().collect();
    for line in &lines {
        assert!(line.contains(" node=test-node-7 "), "{line:?}");
    }
    let has = |text: &str| lines.iter().any(|line| line.contains(text));
    assert!(has("listening"), "the start's line is there: {log}");
    assert!(has("sqlx::query"), "the store's lines are there: {log}");
    assert!(
        has("stopped"),
        "the server task's last line is there: {log}"
    );
}
