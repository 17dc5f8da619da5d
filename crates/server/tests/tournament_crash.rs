//! A tournament survives SIGKILL: the server is this test binary started
//! again as a child process with a whole server in it, killed in the middle
//! of a round (results counted, games going on) and right after the last
//! result of a round, while the next round is being paired and its games
//! created. After each restart every result the tournament had acknowledged
//! is still there, every paired game exists, no game exists that no round
//! names, and the tournament runs on to its end.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use narabe_server::ServeOptions;
use serde_json::{Value, json};

/// The data directory, set only in the child process.
const CHILD_DATA: &str = "NARABE_TOURNAMENT_CRASH_CHILD_DATA";
const PLAYERS: usize = 40;
const ROUNDS: usize = 4;

/// The child: a server on the data directory, until it is killed.
fn run_child_server(data: String) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let mut options = ServeOptions::new("127.0.0.1:0".parse().unwrap(), data.into());
        options.actions_per_second = 100_000.0;
        options.create_per_minute = 600_000.0;
        options.requests_per_second = 100_000.0;
        options.request_burst = 100_000.0;
        let server = narabe_server::start(&options).await.unwrap();
        println!("LISTENING {}", server.addr);
        server.wait().await.unwrap();
    });
}

/// A child server and its base URL.
struct ChildServer {
    child: Child,
    base: String,
}

impl ChildServer {
    fn start(data: &Path) -> ChildServer {
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["a_tournament_survives_sigkill", "--exact", "--nocapture"])
            .env(CHILD_DATA, data)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // Held at once, so that its drop kills and reaps the child on any panic.
        let mut server = ChildServer {
            child,
            base: String::new(),
        };
        let mut stdout = BufReader::new(server.child.stdout.take().unwrap());
        let mut line = String::new();
        loop {
            line.clear();
            assert!(
                stdout.read_line(&mut line).unwrap() > 0,
                "the child server died"
            );
            if let Some(addr) = line.trim().strip_prefix("LISTENING ") {
                server.base = format!("http://{addr}");
                // Keep reading its output so that it never blocks on a full pipe.
                std::thread::spawn(move || for _ in stdout.lines() {});
                return server;
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        self.child.wait().unwrap();
    }
}

/// A failing test leaves no server behind.
impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn send(&self, request: reqwest::RequestBuilder) -> (u16, Value) {
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        self.send(request).await
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    async fn view(&self, id: &str) -> Value {
        let (status, state) = self.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, 200, "{state}");
        state["tournament"].clone()
    }

    async fn until(&self, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..1_500 {
            let view = self.view(id).await;
            if done(&view) {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("{what} never happened: {}", self.view(id).await);
    }
}

/// The results the view shows: (round, line) → result.
fn results(view: &Value) -> HashMap<(usize, usize), String> {
    let mut results = HashMap::new();
    for (round, lines) in view["rounds"].as_array().unwrap().iter().enumerate() {
        for (line, pairing) in lines["lines"].as_array().unwrap().iter().enumerate() {
            if let Some(result) = pairing["result"].as_str() {
                results.insert((round, line), result.to_owned());
            }
        }
    }
    results
}

/// The unfinished games of the last round: (game, first player's id).
fn open_games(view: &Value) -> Vec<(String, u64)> {
    let Some(round) = view["rounds"].as_array().unwrap().last() else {
        return Vec::new();
    };
    round["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|line| line["result"].is_null() && line["game"].is_string())
        .map(|line| {
            (
                line["game"].as_str().unwrap().to_owned(),
                line["first"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// What must hold after every restart.
async fn check_invariants(
    client: &Client,
    data: &Path,
    id: &str,
    acknowledged: &HashMap<(usize, usize), String>,
) -> Value {
    let view = client.view(id).await;
    let now = results(&view);
    for (place, result) in acknowledged {
        assert_eq!(
            now.get(place),
            Some(result),
            "the acknowledged result of {place:?} was lost"
        );
    }
    let mut named = HashSet::new();
    for round in view["rounds"].as_array().unwrap() {
        let mut seen = HashSet::new();
        for line in round["lines"].as_array().unwrap() {
            for player in [&line["first"], &line["second"]] {
                if let Some(player) = player.as_u64() {
                    assert!(
                        seen.insert(player),
                        "player {player} twice in round {}",
                        round["number"]
                    );
                }
            }
            if let Some(game) = line["game"].as_str() {
                let (status, _) = client.get(&format!("/api/games/{game}")).await;
                assert_eq!(
                    status, 200,
                    "game {game} of round {} is missing",
                    round["number"]
                );
                assert!(named.insert(game.to_owned()), "game {game} twice");
            }
        }
        assert_eq!(
            seen.len(),
            PLAYERS,
            "everyone has a line in round {}",
            round["number"]
        );
    }
    let stored = tournament_games(data, id).await;
    assert_eq!(
        stored, named,
        "the stored games are exactly the paired ones"
    );
    view
}

/// The ids of the games the store links to tournament `id`.
async fn tournament_games(data: &Path, id: &str) -> HashSet<String> {
    let url = format!("sqlite://{}?mode=ro", data.join("narabe.db").display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let rows: Vec<(String,)> = sqlx::query_as("SELECT id FROM games WHERE tournament_id = $1")
        .bind(id)
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows.into_iter().map(|(game,)| game).collect()
}

#[test]
fn a_tournament_survives_sigkill() {
    if let Ok(data) = std::env::var(CHILD_DATA) {
        run_child_server(data);
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let http = reqwest::Client::new();
        let mut server = ChildServer::start(data.path());
        let mut client = Client {
            http: http.clone(),
            base: server.base.clone(),
        };
        let (status, created) = client
            .post(
                "/api/tournaments",
                None,
                json!({
                    "name": "Crash cup",
                    "game": "freestyle",
                    "system": {"kind": "swiss", "rounds": ROUNDS},
                    "rounds": {"kind": "automatic", "break_seconds": 0},
                }),
            )
            .await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_owned();
        let organiser = created["organiser_token"].as_str().unwrap().to_owned();
        let mut tokens: HashMap<u64, String> = HashMap::new();
        for n in 0..PLAYERS {
            let (status, joined) = client
                .post(
                    &format!("/api/tournaments/{id}/join"),
                    None,
                    json!({"name": format!("player {n}")}),
                )
                .await;
            assert_eq!(status, 201, "{joined}");
            tokens.insert(
                joined["player"].as_u64().unwrap(),
                joined["token"].as_str().unwrap().to_owned(),
            );
        }
        let (status, _) = client
            .post(
                &format!("/api/tournaments/{id}/actions"),
                Some(&organiser),
                json!({"action": "start"}),
            )
            .await;
        assert_eq!(status, 200);

        let mut acknowledged = HashMap::new();
        for round in 1..=ROUNDS {
            let view = client
                .until(&id, "the next round", |view| {
                    view["rounds"].as_array().unwrap().len() == round
                })
                .await;
            let mut games = open_games(&view);
            assert_eq!(games.len(), PLAYERS / 2, "round {round}");
            let last = games.pop().unwrap();
            for (game, first) in &games {
                let (status, answer) = client
                    .post(
                        &format!("/api/games/{game}/actions"),
                        Some(&tokens[first]),
                        json!({"action": "resign"}),
                    )
                    .await;
                assert_eq!(status, 200, "{answer}");
            }
            let counted = client
                .until(&id, "the results", |view| open_games(view).len() == 1)
                .await;
            acknowledged.extend(results(&counted));
            if round == 1 {
                // Killed in the middle of the round.
                server.kill();
                check_restart(
                    &mut server,
                    &mut client,
                    &http,
                    data.path(),
                    &id,
                    &acknowledged,
                )
                .await;
            }
            // The round's last result, then a kill while the next round is
            // being paired (a little later each round).
            let (status, _) = client
                .post(
                    &format!("/api/games/{}/actions", last.0),
                    Some(&tokens[&last.1]),
                    json!({"action": "resign"}),
                )
                .await;
            assert_eq!(status, 200);
            tokio::time::sleep(Duration::from_millis(3 * round as u64)).await;
            server.kill();
            check_restart(
                &mut server,
                &mut client,
                &http,
                data.path(),
                &id,
                &acknowledged,
            )
            .await;
        }
        let finished = client
            .until(&id, "the end", |view| view["status"] == "finished")
            .await;
        assert_eq!(finished["rounds"].as_array().unwrap().len(), ROUNDS);
        let total: f64 = finished["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["points"].as_str().unwrap().parse::<f64>().unwrap())
            .sum();
        assert_eq!(total, (ROUNDS * PLAYERS / 2) as f64);
        server.kill();
    });
}

/// Checks what a killed server left, then starts it again.
async fn check_restart(
    server: &mut ChildServer,
    client: &mut Client,
    http: &reqwest::Client,
    data: &Path,
    id: &str,
    acknowledged: &HashMap<(usize, usize), String>,
) {
    let restarted = ChildServer::start(data);
    *client = Client {
        http: http.clone(),
        base: restarted.base.clone(),
    };
    *server = restarted;
    check_invariants(client, data, id, acknowledged).await;
}
