//! A real narabe server on a loopback port for the tests, and a small client for
//! its HTTP API and WebSocket.

#![allow(dead_code)] // Each test crate uses its own subset.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use narabe_server::{RunningServer, ServeOptions};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// The rules tests' reader of `testdata/openings/`, so that both suites read
/// the logs the same way.
#[path = "../../../rules/tests/opening_logs/mod.rs"]
mod opening_logs;

/// A server started in this process on `127.0.0.1:0` with its data in a
/// temporary directory.
pub struct LiveServer {
    pub server: Option<RunningServer>,
    pub options: ServeOptions,
    pub base: String,
    pub data: tempfile::TempDir,
    pub http: reqwest::Client,
}

/// A [`LiveServer`] stopped by [`LiveServer::stop`]: its options and data.
pub struct StoppedServer {
    pub options: ServeOptions,
    pub data: tempfile::TempDir,
}

impl StoppedServer {
    /// Starts the server again with the same options on the same data (on a
    /// new port).
    pub async fn start(self) -> LiveServer {
        LiveServer::start_with(self.data, self.options).await
    }
}

impl LiveServer {
    /// Starts a server with fresh data and the default limits.
    pub async fn start() -> LiveServer {
        let data = tempfile::tempdir().expect("a temporary directory");
        LiveServer::start_in(data, |_| {}).await
    }

    /// Starts a server on `data`, after `tune` adjusted its options.
    pub async fn start_in(
        data: tempfile::TempDir,
        tune: impl FnOnce(&mut ServeOptions),
    ) -> LiveServer {
        let mut options =
            ServeOptions::new("127.0.0.1:0".parse().unwrap(), data.path().to_path_buf());
        options.actions_per_second = 1_000.0;
        // The creation limiter's burst is at most 10 games, so the rate itself
        // must be high enough that a test creating games in a loop never waits.
        options.create_per_minute = 6_000_000.0;
        options.requests_per_second = 100_000.0;
        options.request_burst = 100_000.0;
        options.qr_per_minute = 6_000_000.0;
        options.socket_messages_per_second = 100_000.0;
        tune(&mut options);
        LiveServer::start_with(data, options).await
    }

    async fn start_with(data: tempfile::TempDir, options: ServeOptions) -> LiveServer {
        let server = narabe_server::start(&options)
            .await
            .expect("the server starts");
        let base = format!("http://{}", server.addr);
        LiveServer {
            server: Some(server),
            options,
            base,
            data,
            http: reqwest::Client::new(),
        }
    }

    /// Stops the server gracefully and starts a new one with the same options on
    /// the same data (on a new port).
    pub async fn restart(self) -> LiveServer {
        self.stop().await.start().await
    }

    /// Stops the server gracefully, keeping its data and options, so that a test
    /// can change the store behind its back before starting it again.
    pub async fn stop(mut self) -> StoppedServer {
        self.server
            .take()
            .unwrap()
            .stop()
            .await
            .expect("a clean stop");
        StoppedServer {
            options: self.options,
            data: self.data,
        }
    }

    /// Moves the server's clock forward.
    pub fn advance(&self, by: Duration) {
        self.server.as_ref().unwrap().clock().advance(by);
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.as_ref().unwrap().addr
    }

    pub fn data_path(&self) -> &Path {
        self.data.path()
    }

    /// `POST /api/games` with `body`; panics unless it is created.
    pub async fn create(&self, body: Value) -> Value {
        let (status, value) = self.post("/api/games", None, body).await;
        assert_eq!(status, 201, "{value}");
        value
    }

    /// A game created by the first player and joined through the invite by the
    /// second: `(id, first token, second token)`.
    pub async fn two_player_game(&self, body: Value) -> (String, String, String) {
        let created = self.create(body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let invite = invite_code(created["invite"].as_str().unwrap());
        let (status, joined) = self.join(&id, &invite).await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], "second");
        let first = created["token"].as_str().unwrap().to_owned();
        (id, first, joined["token"].as_str().unwrap().to_owned())
    }

    /// A two-player game (see [`LiveServer::two_player_game`]) after the first
    /// player's h8 and the second's h9, when clocks run and claims are open:
    /// `(id, first token, second token)`.
    pub async fn game_under_way(&self, body: Value) -> (String, String, String) {
        let (id, first, second) = self.two_player_game(body).await;
        self.must_act(&id, &first, "place h8").await;
        self.must_act(&id, &second, "place h9").await;
        (id, first, second)
    }

    /// `GET path` with extra request headers, answered as a [`Page`].
    pub async fn page(&self, path: &str, headers: &[(&str, &str)]) -> Page {
        let mut request = self.http.get(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("an answer");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|value| value.to_str().unwrap().to_owned())
                .unwrap_or_default()
        };
        Page {
            status: response.status().as_u16(),
            kind: header("content-type"),
            cache: header("cache-control"),
            cookie: header("set-cookie"),
            body: response.bytes().await.expect("a body").to_vec(),
        }
    }

    /// `POST /api/games/{id}/join` with `invite`.
    pub async fn join(&self, id: &str, invite: &str) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"invite": invite}),
        )
        .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.post_raw(path, token, body.to_string()).await
    }

    pub async fn post_raw(&self, path: &str, token: Option<&str>, body: String) -> (u16, Value) {
        let request = self.http.post(format!("{}{path}", self.base)).body(body);
        send(request, token).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        send(self.http.get(format!("{}{path}", self.base)), token).await
    }

    /// `POST` like [`LiveServer::post`], through `client` (see [`client_from`]).
    pub async fn post_from(
        &self,
        client: &reqwest::Client,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (u16, Value) {
        let request = client
            .post(format!("{}{path}", self.base))
            .body(body.to_string());
        send(request, token).await
    }

    pub async fn state(&self, id: &str) -> Value {
        let (status, state) = self.get(&format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200, "{state}");
        state
    }

    /// `POST /api/games/{id}/actions`.
    pub async fn act(&self, id: &str, token: &str, action: &str) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/actions"),
            Some(token),
            json!({"action": action}),
        )
        .await
    }

    /// Acts and panics unless accepted; returns the new state.
    pub async fn must_act(&self, id: &str, token: &str, action: &str) -> Value {
        let (status, state) = self.act(id, token, action).await;
        assert_eq!(status, 200, "{action}: {state}");
        state
    }

    /// Opens the game's WebSocket and says hello.
    pub async fn socket(&self, id: &str, token: Option<&str>, version: Option<u64>) -> Socket {
        let url = format!("ws://{}/api/games/{id}/ws", self.addr());
        let (stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let mut socket = Socket { stream };
        socket
            .send(json!({"type": "hello", "version": version, "token": token}))
            .await;
        socket
    }
}

/// Sends `request` with the seat token, if any; the answer's status and body (as
/// JSON when it is JSON, else as a string).
async fn send(mut request: reqwest::RequestBuilder, token: Option<&str>) -> (u16, Value) {
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// An HTTP client whose requests come from `address`, another loopback address
/// than the tests' usual 127.0.0.1 (such as `127.0.0.2`), for the per-address
/// limits.
pub fn client_from(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(address.parse::<std::net::IpAddr>().expect("an address"))
        .build()
        .expect("a client")
}

/// The invite code of an invite link.
pub fn invite_code(link: &str) -> String {
    link.split("invite=")
        .nth(1)
        .expect("an invite code")
        .to_owned()
}

/// An answer to [`LiveServer::page`]: status, `Content-Type`,
/// `Cache-Control`, `Set-Cookie` and body bytes.
pub struct Page {
    pub status: u16,
    pub kind: String,
    pub cache: String,
    pub cookie: String,
    pub body: Vec<u8>,
}

impl Page {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a text body")
    }
}

/// A WebSocket client.
pub struct Socket {
    pub stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Socket {
    pub async fn send(&mut self, message: Value) {
        self.stream
            .send(Message::Text(message.to_string().into()))
            .await
            .expect("the socket sends");
    }

    /// The next JSON message, skipping pings; panics after 10 s of silence.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket is open")
                .expect("a valid frame");
            match message {
                Message::Text(text) => {
                    return serde_json::from_str(&text).expect("JSON from the server");
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("unexpected frame {other:?}"),
            }
        }
    }

    /// The next message of `kind`, skipping others (presence notices, ...).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let message = self.next().await;
            if message["type"] == kind {
                return message;
            }
        }
    }

    /// Sends an action with a reference and returns the ack or error for it.
    pub async fn act(&mut self, action: &str, reference: &str) -> Value {
        self.send(json!({"type": "action", "action": action, "ref": reference}))
            .await;
        loop {
            let message = self.next().await;
            if message["ref"] == reference {
                return message;
            }
        }
    }
}

/// Every opening game of `testdata/openings/`, in the order of their file
/// names: the settings of `POST /api/games` and the opening's actions, to be
/// played by whoever the state names as the actor.
pub fn openings() -> Vec<(Value, Vec<String>)> {
    opening_logs::opening_logs()
        .into_iter()
        .map(|log| {
            let mut settings = json!({"game": log.game, "opening": log.opening});
            if let Some(size) = log.size {
                settings["size"] = json!(size);
            }
            if log.keryo {
                settings["keryo"] = json!(true);
            }
            let actions = log.steps.iter().map(|step| step.action.to_string());
            (settings, actions.collect())
        })
        .collect()
}

/// Plays `script` (each action by whoever the state names as the actor), then
/// lets each colour build its row (Black on row 1, White on row 3, columns a to
/// e) until one makes five. `act(seat, action)` carries an action out and
/// returns the state after it; the state at the end is returned.
pub async fn play_to_a_five(
    mut state: Value,
    script: &[String],
    mut act: impl AsyncFnMut(&str, String) -> Value,
) -> Value {
    for action in script {
        let actor = state["actor"].as_str().expect("someone acts").to_owned();
        state = act(&actor, action.clone()).await;
    }
    assert_eq!(state["offers_due"], 0);
    let mut next = [0u8; 2];
    for _ in 0..12 {
        let Some(actor) = state["actor"].as_str().map(str::to_owned) else {
            break;
        };
        let color = state["colors"][actor.as_str()].as_str().unwrap();
        let (slot, row) = if color == "black" { (0, 1) } else { (1, 3) };
        let point = format!("{}{row}", (b'a' + next[slot]) as char);
        next[slot] += 1;
        state = act(&actor, format!("place {point}")).await;
    }
    state
}
