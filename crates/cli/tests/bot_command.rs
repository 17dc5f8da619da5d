//! `narabe bot`, the bridge between a Gomocup engine and the Bot API, run as
//! the built binary against a real server: `narabe engine` as the brain for
//! whole games of every rule, several games at once with a process each and
//! the ones beyond the limit declined; a bridge killed and started again,
//! and a takeback, after which the engine gets the whole position; small
//! shell-script engines that crash, answer garbage or go silent, restarted
//! or resigned as the bridge promises; and a scripted engine that speaks
//! Yixin's and Rapfi's extensions through every opening rule they serve.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use narabe_server::{RunningServer, ServeOptions};
use serde_json::{Value, json};

const NARABE: &str = env!("CARGO_BIN_EXE_narabe");

/// A server in this process on a loopback port, with a client of its API.
struct Server {
    server: Option<RunningServer>,
    base: String,
    http: reqwest::Client,
    _data: tempfile::TempDir,
}

impl Server {
    async fn start() -> Server {
        let data = tempfile::tempdir().expect("a temporary directory");
        let mut options =
            ServeOptions::new("127.0.0.1:0".parse().unwrap(), data.path().to_path_buf());
        options.actions_per_second = 1_000.0;
        // Registrations and challenges are creations: their burst of ten must
        // refill faster than the tests create.
        options.create_per_minute = 600_000.0;
        options.requests_per_second = 100_000.0;
        options.request_burst = 100_000.0;
        let server = narabe_server::start(&options)
            .await
            .expect("the server starts");
        Server {
            base: format!("http://{}", server.addr),
            server: Some(server),
            http: reqwest::Client::new(),
            _data: data,
        }
    }

    async fn request(&self, request: reqwest::RequestBuilder, token: Option<&str>) -> (u16, Value) {
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.expect("a body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.request(self.http.get(format!("{}{path}", self.base)), token)
            .await
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.request(
            self.http
                .post(format!("{}{path}", self.base))
                .body(body.to_string()),
            token,
        )
        .await
    }

    /// A person's challenge to bot `name`: `(challenge id, secret)`.
    async fn challenge(&self, name: &str, body: Value) -> Value {
        let (status, challenge) = self
            .post(&format!("/api/bot/{name}/challenge"), None, body)
            .await;
        assert_eq!(status, 201, "{challenge}");
        challenge
    }

    /// Waits for the bot's answer to `challenge`: the challenge as its
    /// person sees it then.
    async fn answered(&self, challenge: &Value) -> Value {
        let id = challenge["id"].as_str().unwrap();
        let secret = challenge["secret"].as_str().unwrap();
        for _ in 0..300 {
            let (_, seen) = self
                .get(&format!("/api/challenge/{id}"), Some(secret))
                .await;
            if seen["status"] != "open" {
                return seen;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the bot did not answer challenge {id}");
    }

    /// A game of bot `name` with `settings`, the person in `seat`, accepted:
    /// `(game id, person's token)`.
    async fn game(&self, name: &str, mut settings: Value, seat: &str) -> (String, String) {
        settings["seat"] = json!(seat);
        let challenge = self.challenge(name, settings.clone()).await;
        let seen = self.answered(&challenge).await;
        assert_eq!(seen["status"], "accepted", "{settings}: {seen}");
        (
            seen["game"].as_str().unwrap().to_owned(),
            seen["token"].as_str().unwrap().to_owned(),
        )
    }

    async fn state(&self, game: &str) -> Value {
        let (status, state) = self.get(&format!("/api/games/{game}"), None).await;
        assert_eq!(status, 200, "{state}");
        state
    }

    async fn log(&self, game: &str) -> String {
        let (_, log) = self.get(&format!("/api/games/{game}/log"), None).await;
        log.as_str().unwrap_or_default().to_owned()
    }

    async fn stop(mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await.expect("a clean stop");
        }
    }
}

/// What a person does in a state of a game where they hold `seat`, for
/// every phase: the first empty point of the zone from the bottom row up
/// (never a forbidden one), `keep`, `declare 2`, offers that are neither
/// taken nor symmetric, the first offer. `None` when they do not act.
fn person_action(state: &Value, seat: &str) -> Option<String> {
    if state["actor"] != seat || !state["result"].is_null() {
        return None;
    }
    let size = state["config"]["size"].as_u64().unwrap() as u8;
    let taken: Vec<&str> = state["stones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|stone| stone["point"].as_str().unwrap())
        .collect();
    let listed = |field: &str| -> Vec<String> {
        state[field]
            .as_array()
            .into_iter()
            .flatten()
            .map(|point| point.as_str().unwrap().to_owned())
            .collect()
    };
    let (forbidden, offers, excluded) = (listed("forbidden"), listed("offers"), listed("excluded"));
    let zone = &state["zone"];
    let in_zone = |column: u8, row: u8| -> bool {
        let Some(centre) = zone["center"].as_str() else {
            return true;
        };
        let (centre_column, centre_row) = (
            centre.as_bytes()[0] - b'a',
            centre[1..].parse::<u8>().unwrap() - 1,
        );
        let distance = column.abs_diff(centre_column).max(row.abs_diff(centre_row));
        match zone["kind"].as_str() {
            Some("exactly") => distance == 0,
            Some("within") => distance <= zone["distance"].as_u64().unwrap() as u8,
            Some("at-least") => distance >= zone["distance"].as_u64().unwrap() as u8,
            _ => true,
        }
    };
    let free = || {
        (0..size)
            .flat_map(move |row| (0..size).map(move |column| (column, row)))
            .find_map(|(column, row)| {
                let point = format!("{}{}", (b'a' + column) as char, row + 1);
                let usable = !taken.contains(&point.as_str())
                    && !forbidden.contains(&point)
                    && !offers.contains(&point)
                    && !excluded.contains(&point)
                    && in_zone(column, row);
                usable.then_some(point)
            })
    };
    Some(match state["phase"].as_str()? {
        "place" => format!("place {}", free()?),
        "offer" => format!("offer {}", free()?),
        "swap-or-keep" | "swap2-choice" | "taraguchi-choice" => "keep".to_owned(),
        "declare" => "declare 2".to_owned(),
        "choose" => format!("choose {}", offers.first()?),
        _ => return None,
    })
}

/// The person plays game `id` (holding `seat`) until it ends: its final
/// state.
async fn play_out(server: &Server, id: &str, token: &str, seat: &str) -> Value {
    for _ in 0..6_000 {
        let state = server.state(id).await;
        if !state["result"].is_null() {
            return state;
        }
        if let Some(action) = person_action(&state, seat) {
            let (status, answer) = server
                .post(
                    &format!("/api/games/{id}/actions"),
                    Some(token),
                    json!({"action": action}),
                )
                .await;
            // The bot may have answered an offer in between: look again.
            assert!(
                status == 200 || answer["code"] == "not-your-turn",
                "{action}: {answer}\n{state}"
            );
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("game {id} did not end");
}

/// A bot registered through `narabe bot --register` with `engine`: its key.
fn register(server: &Server, name: &str, engine: &str) -> String {
    let output = Command::new(NARABE)
        .args([
            "bot",
            "--server",
            &server.base,
            "--engine",
            engine,
            "--register",
            name,
        ])
        .env_remove("NARABE_BOT_KEY")
        .output()
        .expect("narabe bot runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("key: "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no key in\n{stdout}"))
        .to_owned()
}

/// A running `narabe bot` and the lines it has written.
struct Bridge {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Bridge {
    fn start(server: &Server, key: &str, engine: &str, extra: &[&str]) -> Bridge {
        let mut child = Command::new(NARABE)
            .args([
                "bot",
                "--server",
                &server.base,
                "--engine",
                engine,
                "--move-time",
                "100",
            ])
            .args(extra)
            // The key through the environment, as the documentation advises.
            .env("NARABE_BOT_KEY", key)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("narabe bot starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let stdout = child.stdout.take().expect("piped stdout");
        let kept = Arc::clone(&lines);
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                kept.lock().unwrap().push(line);
            }
        });
        Bridge { child, lines }
    }

    /// Waits until the bridge has said `text` (its event stream is open once
    /// it says "is online").
    async fn said(&self, text: &str) {
        for _ in 0..600 {
            if self
                .lines
                .lock()
                .unwrap()
                .iter()
                .any(|line| line.contains(text))
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the bridge never said {text:?}:\n{}", self.log());
    }

    fn log(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    fn kill(mut self) {
        self.child.kill().expect("the bridge is killed");
        self.child.wait().expect("the bridge is reaped");
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A shell script in a temporary directory, run through `sh`.
struct Script {
    dir: tempfile::TempDir,
    path: PathBuf,
}

impl Script {
    fn new(text: &str) -> Script {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("engine.sh");
        std::fs::write(&path, text).expect("the script is written");
        Script { dir, path }
    }

    fn command(&self) -> String {
        format!("sh '{}'", self.path.display())
    }

    fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Every transcript the script's processes wrote (`in.<pid>`).
    fn transcripts(&self) -> Vec<String> {
        let mut found: Vec<String> = std::fs::read_dir(self.dir())
            .unwrap()
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                let name = path.file_name()?.to_str()?.to_owned();
                name.starts_with("in.")
                    .then(|| std::fs::read_to_string(&path).unwrap_or_default())
            })
            .collect();
        found.sort();
        found
    }
}

/// `narabe engine` with every line it reads kept in `in.<pid>` beside the
/// script: each process's transcript.
fn recorded_narabe_engine() -> Script {
    Script::new(&format!(
        "tee \"$(dirname \"$0\")/in.$$\" | '{NARABE}' engine --level 1\n"
    ))
}

/// The transcripts of the processes that played a game (the bridge's games
/// say `INFO game_type 1`; its questions at start-up do not).
fn game_transcripts(script: &Script) -> Vec<String> {
    script
        .transcripts()
        .into_iter()
        .filter(|transcript| transcript.contains("INFO game_type 1"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn narabe_engine_plays_whole_games_of_every_rule_through_the_bridge() {
    let server = Server::start().await;
    let engine = recorded_narabe_engine();
    let key = register(&server, "NarabeOne", &engine.command());
    let (_, page) = server.get("/api/bots/narabeone", None).await;
    let games: Vec<&str> = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["renju", "freestyle", "standard", "caro"], "{page}");
    for game in page["games"].as_array().unwrap() {
        assert_eq!(
            game["openings"],
            json!(["free"]),
            "no extensions: free openings only"
        );
    }
    let bridge = Bridge::start(&server, &key, &engine.command(), &["--max-games", "2"]);
    bridge.said("is online").await;
    let settings = [
        (json!({"game": "renju"}), "first"),
        (json!({"game": "freestyle", "size": 19}), "second"),
        (json!({"game": "standard"}), "first"),
        (
            json!({"game": "caro", "opening": "free", "time": "10+5"}),
            "second",
        ),
    ];
    let mut played = 0;
    for pair in settings.chunks(2) {
        // Two games at once, each with a process of its own; a third is
        // declined with `later`.
        let (first_game, first_token) =
            server.game("narabeone", pair[0].0.clone(), pair[0].1).await;
        let (second_game, second_token) =
            server.game("narabeone", pair[1].0.clone(), pair[1].1).await;
        let third = server
            .challenge("narabeone", json!({"game": "renju"}))
            .await;
        let seen = server.answered(&third).await;
        assert_eq!(seen["status"], "declined", "{seen}");
        assert_eq!(seen["decline_reason"], "later");
        let (first, second) = tokio::join!(
            play_out(&server, &first_game, &first_token, pair[0].1),
            play_out(&server, &second_game, &second_token, pair[1].1),
        );
        for (state, (settings, seat)) in [first, second].iter().zip(pair) {
            let reason = state["result"]["reason"].as_str().unwrap();
            assert!(
                ["five", "overline", "foul", "full-board"].contains(&reason),
                "{settings}: the game ends on the board, not by the engine failing: {}",
                state["result"]
            );
            let bot_seat = if *seat == "first" { "second" } else { "first" };
            assert!(
                state["record"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|entry| entry["player"] == bot_seat),
                "the bot played"
            );
        }
        played += 2;
        assert_eq!(
            game_transcripts(&engine).len(),
            played,
            "one process per game:\n{}",
            bridge.log()
        );
    }
    // The engine was told the rule and the clock before its moves.
    let transcripts = game_transcripts(&engine);
    for rule in ["INFO rule 4", "INFO rule 0", "INFO rule 1", "INFO rule 8"] {
        assert!(
            transcripts
                .iter()
                .any(|transcript| transcript.contains(rule)),
            "{rule}"
        );
    }
    let caro = transcripts
        .iter()
        .find(|transcript| transcript.contains("INFO rule 8"))
        .unwrap();
    assert!(caro.contains("INFO timeout_match 600000"), "{caro}");
    assert!(caro.contains("INFO time_left "), "{caro}");
    drop(bridge);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridge_started_again_and_a_takeback_send_the_engine_the_whole_board() {
    let server = Server::start().await;
    let engine = recorded_narabe_engine();
    let key = register(&server, "Resumer", &engine.command());
    let bridge = Bridge::start(&server, &key, &engine.command(), &[]);
    bridge.said("is online").await;
    let (game, token) = server
        .game(
            "resumer",
            json!({"game": "freestyle", "takebacks": true}),
            "first",
        )
        .await;
    let act = async |action: &str| {
        let (status, answer) = server
            .post(
                &format!("/api/games/{game}/actions"),
                Some(&token),
                json!({"action": action}),
            )
            .await;
        assert_eq!(status, 200, "{action}: {answer}");
    };
    let wait_for_moves = async |count: usize| {
        for _ in 0..400 {
            let state = server.state(&game).await;
            if state["moves"].as_array().unwrap().len() == count {
                return state;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("no move {count}");
    };
    act("place a1").await;
    wait_for_moves(2).await;
    // The person asks for a takeback: the bridge grants it, and the engine
    // gets the whole position afterwards.
    act("takeback request").await;
    let state = wait_for_moves(0).await;
    assert!(state["takeback_request"].is_null());
    act("place o1").await;
    wait_for_moves(2).await;
    let transcript = game_transcripts(&engine).concat();
    assert!(
        transcript.contains("BOARD\n14,14,2\nDONE"),
        "after the takeback, the whole position (o1 alone): {transcript}"
    );
    // Killed mid-game, and started again: the game comes back with the
    // event stream, and a fresh engine gets the whole position.
    bridge.kill();
    act("place a2").await;
    let bridge = Bridge::start(&server, &key, &engine.command(), &[]);
    bridge.said(&format!("game {game}: playing")).await;
    let state = wait_for_moves(4).await;
    // o1, the bot's answer, a2: the whole position for a fresh process.
    let transcripts = game_transcripts(&engine);
    assert!(
        transcripts
            .iter()
            .any(|transcript| transcript.contains("BOARD\n14,14,2\n")
                && transcript.contains(",1\n0,13,2\nDONE")),
        "a fresh engine starts from BOARD: {transcripts:?}"
    );
    assert_eq!(state["moves"][2], "a2");
    let state = play_out(&server, &game, &token, "first").await;
    assert!(!state["result"].is_null());
    drop(bridge);
    server.stop().await;
}

/// A fake engine: a POSIX shell script that keeps the board (its stones and
/// the opponent's, from `BOARD`, `TURN` and its own answers) and answers
/// each move request with the first free point from the top-left corner,
/// running `hook` first with the request's number in `$moves` and `$game`
/// 1 in a game's process (not in the bridge's questions at start-up); a hook
/// may crash, print garbage or stay silent.
fn fake_engine(hook: &str) -> Script {
    Script::new(&format!(
        r#"dir=$(dirname "$0")
size=15; taken=" "; moves=0; mode=""; game=0
pick() {{
  y=0
  while [ $y -lt $size ]; do
    x=0
    while [ $x -lt $size ]; do
      case "$taken" in *" $x,$y "*) ;; *) echo "$x,$y"; return ;; esac
      x=$((x+1))
    done
    y=$((y+1))
  done
}}
answer() {{
  moves=$((moves+1))
  {hook}
  point=$(pick); taken="$taken$point "; echo "$point"
}}
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  printf '%s\n' "$line" >> "$dir/in.$$"
  if [ "$mode" = board ]; then
    case "$line" in
      DONE*) mode=""; answer ;;
      *) taken="$taken${{line%,*}} " ;;
    esac
    continue
  fi
  case "$line" in
    START*) size=${{line#START }}; taken=" "; echo OK ;;
    "INFO game_type 1") game=1 ;;
    INFO*) ;;
    ABOUT*) echo 'name="fake", version="1"' ;;
    BEGIN*) answer ;;
    TURN*) taken="$taken${{line#TURN }} "; answer ;;
    BOARD*) taken=" "; mode=board ;;
    END*) exit 0 ;;
    *) echo "UNKNOWN $line" ;;
  esac
done
"#
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn broken_engines_are_restarted_or_resign_and_silence_costs_the_clock() {
    let server = Server::start().await;
    // (name, hook, settings, the bridge's expected words, the result reason,
    // whether the person wins)
    let cases = [
        (
            "Crashes-once",
            r#"if [ $moves -eq 3 ] && [ ! -e "$dir/crashed" ]; then : > "$dir/crashed"; exit 3; fi"#,
            json!({"game": "freestyle"}),
            "the engine failed",
            "five",
            false,
        ),
        (
            "Garbles-once",
            r#"if [ $moves -eq 2 ] && [ ! -e "$dir/garbled" ]; then : > "$dir/garbled"; echo "it is a nice day"; return; fi"#,
            json!({"game": "freestyle"}),
            "which is no move",
            "five",
            false,
        ),
        (
            "Always-crashes",
            "if [ $game -eq 1 ]; then exit 4; fi",
            json!({"game": "freestyle"}),
            "the engine failed 3 times in a row: resigning",
            "resignation",
            true,
        ),
        (
            "Always-garbles",
            "if [ $game -eq 1 ]; then echo 99,99; return; fi",
            json!({"game": "freestyle"}),
            "the engine failed 3 times in a row: resigning",
            "resignation",
            true,
        ),
        (
            "Goes-silent",
            "if [ $moves -ge 2 ]; then while :; do sleep 1; done; fi",
            json!({"game": "freestyle", "time": "0.05+0"}),
            "",
            "timeout",
            true,
        ),
    ];
    for (name, hook, settings, words, reason, person_wins) in cases {
        let engine = fake_engine(hook);
        // The probe at start-up must not trip the hooks: it never asks a
        // second move of one process, and the markers are removed after.
        let key = register(&server, name, &engine.command());
        for marker in ["crashed", "garbled"] {
            let _ = std::fs::remove_file(engine.dir().join(marker));
        }
        let bridge = Bridge::start(&server, &key, &engine.command(), &[]);
        bridge.said("is online").await;
        let (game, token) = server
            .game(&name.to_lowercase(), settings.clone(), "second")
            .await;
        let state = play_out(&server, &game, &token, "second").await;
        assert_eq!(
            state["result"]["reason"],
            reason,
            "{name}: {}\n{}",
            state["result"],
            bridge.log()
        );
        let winner = if person_wins { "second" } else { "first" };
        assert_eq!(state["result"]["winner"], winner, "{name}");
        if !words.is_empty() {
            bridge.said(words).await;
        }
        if reason == "five" {
            // Restarted: the new process was sent the whole board.
            let transcripts = game_transcripts(&engine);
            assert!(transcripts.len() >= 2, "{name}: a fresh process");
            assert!(
                transcripts
                    .iter()
                    .any(|transcript| transcript.contains("BOARD")),
                "{name}"
            );
            assert!(
                !server.log(&game).await.contains("resign"),
                "{name}: played on"
            );
        }
    }
    server.stop().await;
}

/// A scripted engine that speaks the extensions the renju opening rules and
/// Swap2 need: `YXBLOCK` (kept out of its answers), `YXBOARD`,
/// `YXBALANCEONE` and `SWAP2BOARD` (three stones on an empty board, two
/// after three, `SWAP` after five, one stone or `SWAP` otherwise), besides
/// the moves of [`fake_engine`].
fn extension_engine() -> Script {
    Script::new(
        r#"dir=$(dirname "$0")
size=15; taken=" "; blocked=" "; mode=""; count=0; point=""
pick() {
  y=0
  while [ $y -lt $size ]; do
    x=0
    while [ $x -lt $size ]; do
      case "$taken$blocked" in *" $x,$y "*) ;; *) point="$x,$y"; taken="$taken$point "; return ;; esac
      x=$((x+1))
    done
    y=$((y+1))
  done
}
swap2() {
  case $count in
    0) pick; a=$point; pick; b=$point; pick; echo "$a $b $point" ;;
    3) pick; a=$point; pick; echo "$a $point" ;;
    5) echo SWAP ;;
    *) if [ $((count % 2)) -eq 0 ]; then echo SWAP; else pick; echo "$point"; fi ;;
  esac
}
while IFS= read -r line; do
  line=$(printf '%s' "$line" | tr -d '\r')
  printf '%s\n' "$line" >> "$dir/in.$$"
  case "$mode" in
    block) case "$line" in DONE*) mode="" ;; *) blocked="$blocked$line " ;; esac; continue ;;
    board|yxboard|swap2)
      case "$line" in
        DONE*) case "$mode" in board) pick; echo "$point" ;; swap2) swap2 ;; esac; mode="" ;;
        *) taken="$taken${line%,*} "; count=$((count+1)) ;;
      esac
      continue ;;
  esac
  case "$line" in
    START*) size=${line#START }; taken=" "; blocked=" "; echo OK ;;
    INFO*) ;;
    ABOUT*) echo 'name="scripted", version="1"' ;;
    BEGIN*) pick; echo "$point" ;;
    TURN*) taken="$taken${line#TURN } "; pick; echo "$point" ;;
    BOARD*) taken=" "; count=0; mode=board ;;
    YXBOARD*) taken=" "; count=0; mode=yxboard ;;
    SWAP2BOARD*) taken=" "; count=0; mode=swap2 ;;
    YXBLOCKRESET*) blocked=" " ;;
    YXBLOCK*) mode=block ;;
    YXBALANCEONE*) pick; echo "$point" ;;
    END*) exit 0 ;;
    *) echo "UNKNOWN $line" ;;
  esac
done
"#,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_with_the_extensions_plays_every_opening_rule_through_them() {
    let server = Server::start().await;
    let engine = extension_engine();
    let key = register(&server, "Extended", &engine.command());
    let (_, page) = server.get("/api/bots/extended", None).await;
    let renju = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "renju")
        .unwrap();
    assert_eq!(
        renju["openings"],
        json!(["free", "rif", "yamaguchi", "taraguchi10", "soosorv8"])
    );
    let bridge = Bridge::start(&server, &key, &engine.command(), &[]);
    bridge.said("is online").await;
    let mut openings: VecDeque<(Value, &str)> = VecDeque::new();
    for opening in ["rif", "yamaguchi", "taraguchi10", "soosorv8"] {
        for seat in ["first", "second"] {
            openings.push_back((json!({"game": "renju", "opening": opening}), seat));
        }
    }
    for opening in ["pro", "long-pro", "swap1", "swap2"] {
        for seat in ["first", "second"] {
            openings.push_back((json!({"game": "freestyle", "opening": opening}), seat));
        }
    }
    openings.push_back((json!({"game": "caro"}), "second"));
    while let Some((settings, seat)) = openings.pop_front() {
        let (game, token) = server.game("extended", settings.clone(), seat).await;
        let state = play_out(&server, &game, &token, seat).await;
        let reason = state["result"]["reason"].as_str().unwrap();
        assert!(
            ["five", "overline", "foul", "full-board"].contains(&reason),
            "{settings} ({seat}): {}\n{}\n{}",
            state["result"],
            server.log(&game).await,
            bridge.log()
        );
        assert!(
            !bridge
                .log()
                .contains(&format!("game {game}: the server refused")),
            "{settings}: every answer of the engine was taken\n{}",
            bridge.log()
        );
    }
    let transcript = game_transcripts(&engine).concat();
    for command in ["SWAP2BOARD", "YXBALANCEONE 0", "YXBLOCK", "YXBLOCKRESET"] {
        assert!(transcript.contains(command), "{command} was asked");
    }
    drop(bridge);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_declines_what_its_engine_cannot_play() {
    let server = Server::start().await;
    // Registered (by hand) for more than `narabe engine` plays through the
    // bridge: the bridge itself declines the rest.
    let (status, registered) = server
        .post(
            "/api/bots",
            None,
            json!({"name": "Overpromised", "games": [{"game": "renju", "openings": ["free", "rif"]},
                   {"game": "pente", "openings": ["free"]}], "speeds": ["untimed"]}),
        )
        .await;
    assert_eq!(status, 201, "{registered}");
    let key = registered["key"].as_str().unwrap();
    let engine = recorded_narabe_engine();
    let bridge = Bridge::start(&server, key, &engine.command(), &[]);
    bridge.said("is online").await;
    for (settings, reason) in [
        (json!({"game": "renju", "opening": "rif"}), "opening"),
        (json!({"game": "pente", "opening": "free"}), "game"),
    ] {
        let challenge = server.challenge("overpromised", settings.clone()).await;
        let seen = server.answered(&challenge).await;
        assert_eq!(seen["status"], "declined", "{settings}: {seen}");
        assert_eq!(seen["decline_reason"], reason);
    }
    // Its key never shows in its output.
    assert!(!bridge.log().contains(key));
    drop(bridge);
    // A key the server does not know: the bridge says so and stops.
    let output = Command::new(NARABE)
        .args([
            "bot",
            "--server",
            &server.base,
            "--engine",
            &engine.command(),
        ])
        .env("NARABE_BOT_KEY", "not-a-key")
        .output()
        .expect("narabe bot runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("refuses the key"));
    server.stop().await;
}
