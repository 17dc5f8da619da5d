//! A small client of the Bot API for the tests: registering bots, reading
//! their newline-delimited JSON streams, and the challenges of people.

#![allow(dead_code)] // Each test crate uses its own subset.

use std::time::Duration;

use serde_json::{Value, json};

use crate::live::LiveServer;

/// A profile that plays every game with every opening rule, at every speed.
pub fn plays_everything() -> Value {
    json!({
        "description": "plays anything",
        "games": [
            {"game": "freestyle", "openings": ["free", "pro", "long-pro", "swap1", "swap2"]},
            {"game": "standard", "openings": ["free", "pro", "long-pro", "swap1", "swap2"]},
            {"game": "renju", "openings": ["free", "rif", "yamaguchi", "taraguchi10", "soosorv8"]},
            {"game": "caro", "openings": ["swap2", "free"]},
            {"game": "pente", "openings": ["tournament", "free", "swap2"]}
        ],
        "speeds": ["bullet", "blitz", "rapid", "classical", "correspondence", "untimed"]
    })
}

/// Registers bot `name` with `profile`; its key.
pub async fn register(server: &LiveServer, name: &str, profile: Value) -> String {
    let mut body = profile;
    body["name"] = json!(name);
    let (status, registered) = server.post("/api/bots", None, body).await;
    assert_eq!(status, 201, "{registered}");
    assert_eq!(registered["name"], name);
    registered["key"].as_str().expect("a key").to_owned()
}

/// A person's challenge to bot `name` with `body` (settings and `seat`):
/// the challenge, with its secret.
pub async fn person_challenges(server: &LiveServer, name: &str, body: Value) -> Value {
    let (status, challenge) = server
        .post(&format!("/api/bot/{name}/challenge"), None, body)
        .await;
    assert_eq!(status, 201, "{challenge}");
    challenge
}

/// An open stream of newline-delimited JSON.
pub struct Ndjson {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Ndjson {
    /// `GET path` with `key`, which must answer a stream.
    pub async fn open(server: &LiveServer, path: &str, key: &str) -> Ndjson {
        let response = server
            .http
            .get(format!("{}{path}", server.base))
            .bearer_auth(key)
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "{path}"
        );
        Ndjson {
            response,
            buffer: Vec::new(),
        }
    }

    /// The next line, an empty one (a keep-alive) included; `None` when the
    /// stream ended. Panics after 20 s without a line.
    pub async fn line(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                return Some(
                    String::from_utf8(line)
                        .expect("UTF-8")
                        .trim_end()
                        .to_owned(),
                );
            }
            let chunk = tokio::time::timeout(Duration::from_secs(20), self.response.chunk())
                .await
                .expect("a line within 20 s")
                .expect("the stream reads");
            match chunk {
                Some(bytes) => self.buffer.extend_from_slice(&bytes),
                None => {
                    assert!(self.buffer.is_empty(), "a line cut short");
                    return None;
                }
            }
        }
    }

    /// The next JSON object, skipping keep-alives; panics at the end, or
    /// after 30 s of keep-alives alone.
    pub async fn next(&mut self) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let line = self.line().await.expect("the stream goes on");
            if !line.is_empty() {
                return serde_json::from_str(&line).expect("one JSON object a line");
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "nothing but keep-alives for 30 s"
            );
        }
    }

    /// The next object of `kind`, skipping others.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let object = self.next().await;
            if object["type"] == kind {
                return object;
            }
        }
    }

    /// Waits for the end of the stream, skipping what comes before.
    pub async fn ends(&mut self) {
        while self.line().await.is_some() {}
    }
}

/// `POST /api/bot/game/{id}/action` with `key`.
pub async fn bot_acts(server: &LiveServer, key: &str, id: &str, action: &str) -> (u16, Value) {
    server
        .post(
            &format!("/api/bot/game/{id}/action"),
            Some(key),
            json!({"action": action}),
        )
        .await
}
