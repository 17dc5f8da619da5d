//! One tournament of 1,000 players on one node, through the real server on a
//! loopback port: how long each round takes to be paired (from the last
//! result of the round before to the new round's pairings on a spectator's
//! socket), how long the results of a whole round take to be counted when
//! every game ends at once, and the latency of moves in an unrelated game
//! meanwhile, against the same game on an idle server.
//!
//! `cargo bench -p narabe-server --bench tournament_load` (release build);
//! `-- --players N --rounds R` to change it. Without
//! `--bench` (the smoke run of `cargo test`) it plays 12 players for 2 rounds.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use narabe_server::ServeOptions;
use serde_json::{Value, json};
use tokio::sync::mpsc;

struct Settings {
    players: usize,
    rounds: usize,
}

fn settings() -> Settings {
    let arguments: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        arguments
            .iter()
            .position(|argument| argument == name)
            .and_then(|index| arguments.get(index + 1))
            .and_then(|text| text.parse().ok())
    };
    let bench = arguments.iter().any(|argument| argument == "--bench");
    Settings {
        players: value("--players").unwrap_or(if bench { 1_000 } else { 12 }),
        rounds: value("--rounds").unwrap_or(if bench { 5 } else { 2 }),
    }
}

#[derive(Clone)]
struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("an answer");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    sorted[index]
}

fn describe(label: &str, latencies: &mut [Duration]) {
    latencies.sort();
    println!(
        "{label}: {} moves, p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len(),
        percentile(latencies, 0.5).as_secs_f64() * 1e3,
        percentile(latencies, 0.95).as_secs_f64() * 1e3,
        percentile(latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

/// Plays moves in a game of its own (two tokens, alternate seats) until
/// `stop`, sending each move's latency.
async fn mover(client: Client, stop: Arc<AtomicBool>, latencies: mpsc::UnboundedSender<Duration>) {
    let (status, created) = client
        .post(
            "/api/games",
            None,
            json!({"game": "freestyle", "size": 19, "organiser": true}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for seat in ["first", "second"] {
        let invite = created["invites"][seat].as_str().unwrap();
        let code = invite.split("invite=").nth(1).unwrap();
        let (status, joined) = client
            .post(
                &format!("/api/games/{id}/join"),
                None,
                json!({"invite": code}),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    // Stones on every other column of each row (nine a row, so a column's
    // colour alternates from row to row): never four in a line.
    let points: Vec<String> = (1..=19)
        .flat_map(|row| {
            ["a", "c", "e", "g", "k", "m", "o", "q", "s"]
                .into_iter()
                .map(move |column| format!("{column}{row}"))
        })
        .collect();
    for (ply, point) in points.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let token = &tokens[ply % 2];
        let started = Instant::now();
        let (status, answer) = client
            .post(
                &format!("/api/games/{id}/actions"),
                Some(token),
                json!({"action": format!("place {point}")}),
            )
            .await;
        if status != 200 {
            // The board is full of stones or the game ended: done.
            eprintln!("the mover stopped: {status} {answer}");
            return;
        }
        let _ = latencies.send(started.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn main() {
    // `RUST_LOG=warn` shows what the server says while it runs.
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .init();
    }
    let settings = settings();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(settings));
}

async fn run(settings: Settings) {
    let data = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let mut options = ServeOptions::new("127.0.0.1:0".parse().unwrap(), data.path().to_path_buf());
    options.actions_per_second = 1_000_000.0;
    options.create_per_minute = 6_000_000.0;
    options.requests_per_second = 1_000_000.0;
    options.request_burst = 1_000_000.0;
    // Every simulated player is on this one loopback address.
    options.connections_per_address = 10_000;
    options.sockets_per_address = 10_000;
    let server = narabe_server::start(&options).await.unwrap();
    let client = Client {
        http: reqwest::Client::new(),
        base: format!("http://{}", server.addr),
    };

    // Idle latency first.
    let (sender, mut received) = mpsc::unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    let idle = tokio::spawn(mover(client.clone(), Arc::clone(&stop), sender));
    tokio::time::sleep(Duration::from_secs(if settings.players > 100 {
        3
    } else {
        1
    }))
    .await;
    stop.store(true, Ordering::Relaxed);
    idle.await.unwrap();
    let mut idle_latencies = Vec::new();
    while let Ok(latency) = received.try_recv() {
        idle_latencies.push(latency);
    }

    let (status, created) = client
        .post(
            "/api/tournaments",
            None,
            json!({
                "name": "Load",
                "game": "freestyle",
                "system": {"kind": "swiss", "rounds": settings.rounds},
                "rounds": {"kind": "automatic", "break_seconds": 0},
                "max_players": settings.players.max(2),
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser_token"].as_str().unwrap().to_owned();
    let joining = Instant::now();
    let mut joins = tokio::task::JoinSet::new();
    for n in 0..settings.players {
        let client = client.clone();
        let id = id.clone();
        joins.spawn(async move {
            let (status, joined) = client
                .post(
                    &format!("/api/tournaments/{id}/join"),
                    None,
                    json!({"name": format!("player {n}"), "rating": 1000 + (n * 7919) % 1000}),
                )
                .await;
            assert_eq!(status, 201, "{joined}");
            (
                joined["player"].as_u64().unwrap(),
                joined["token"].as_str().unwrap().to_owned(),
            )
        });
    }
    let mut tokens = std::collections::HashMap::new();
    while let Some(joined) = joins.join_next().await {
        let (player, token) = joined.unwrap();
        tokens.insert(player, token);
    }
    println!(
        "{} players joined in {:.2} s",
        settings.players,
        joining.elapsed().as_secs_f64()
    );

    let url = format!("ws://{}/api/tournaments/{id}/ws", server.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    // The latest view until it satisfies `done`, reading the socket when it
    // does not: one view may already show the next round (the round is
    // paired before the view of its last result goes out).
    let mut latest = Value::Null;
    let mut next_view = async move |done: &dyn Fn(&Value) -> bool| -> Value {
        loop {
            if done(&latest) {
                return latest.clone();
            }
            let message = socket.next().await.unwrap().unwrap();
            if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                latest = value["view"].clone();
            }
        }
    };

    let (sender, mut received) = mpsc::unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    let busy = tokio::spawn(mover(client.clone(), Arc::clone(&stop), sender));

    let mut asked = Instant::now();
    let (status, answer) = client
        .post(
            &format!("/api/tournaments/{id}/actions"),
            Some(&organiser),
            json!({"action": "start"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    println!("| round | paired after | games | all results counted after |");
    println!("|---|---|---|---|");
    for round in 1..=settings.rounds {
        let view = next_view(&|view| {
            view["rounds"]
                .as_array()
                .is_some_and(|rounds| rounds.len() == round)
        })
        .await;
        let paired = asked.elapsed();
        let games: Vec<(String, String)> = view["rounds"][round - 1]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|line| line["game"].is_string())
            .map(|line| {
                let first = line["first"].as_u64().unwrap();
                (
                    line["game"].as_str().unwrap().to_owned(),
                    tokens[&first].clone(),
                )
            })
            .collect();
        let storm = Instant::now();
        let mut resigns = tokio::task::JoinSet::new();
        let chunks = games.len().div_ceil(16).max(1);
        for chunk in games.chunks(chunks) {
            let chunk = chunk.to_vec();
            let client = client.clone();
            resigns.spawn(async move {
                for (game, token) in chunk {
                    let (status, answer) = client
                        .post(
                            &format!("/api/games/{game}/actions"),
                            Some(&token),
                            json!({"action": "resign"}),
                        )
                        .await;
                    assert_eq!(status, 200, "resigning {game}: {answer}");
                }
            });
        }
        while let Some(done) = resigns.join_next().await {
            done.unwrap();
        }
        asked = Instant::now();
        let complete = |view: &Value| {
            view["rounds"][round - 1]["lines"]
                .as_array()
                .is_some_and(|lines| {
                    lines
                        .iter()
                        .all(|line| !line["result"].is_null() || line["game"].is_null())
                })
        };
        let _ = next_view(&complete).await;
        println!(
            "| {round} | {:.0} ms | {} | {:.0} ms |",
            paired.as_secs_f64() * 1e3,
            games.len(),
            storm.elapsed().as_secs_f64() * 1e3,
        );
        asked = asked.min(Instant::now());
    }
    stop.store(true, Ordering::Relaxed);
    busy.await.unwrap();
    let mut busy_latencies = Vec::new();
    while let Ok(latency) = received.try_recv() {
        busy_latencies.push(latency);
    }
    describe("move latency, idle server", &mut idle_latencies);
    describe("move latency, during the tournament", &mut busy_latencies);
    server.stop().await.unwrap();
}
