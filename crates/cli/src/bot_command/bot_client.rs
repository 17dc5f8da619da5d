//! The bridge's side of the Bot API: its requests with the key (always as
//! `Authorization: Bearer`, never in a URL), and its two streams of
//! newline-delimited JSON read line by line.

use std::time::Duration;

use serde_json::{Value, json};

/// How long a stream may stay silent (the server sends an empty line every
/// 7 s) before the bridge takes the connection for dead and opens it again.
const SILENCE: Duration = Duration::from_secs(30);

/// The server's answer to a request: its status and JSON body (or the
/// body's text as a string).
#[derive(Debug, Clone)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The body.
    pub body: Value,
}

impl Answer {
    /// Whether the request succeeded.
    #[must_use]
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The error code of a refusal (`not-your-turn`, ...), or `""`.
    #[must_use]
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }
}

/// A client of one bot's API on one server. Cheap to clone.
#[derive(Clone)]
pub struct BotClient {
    http: reqwest::Client,
    server: String,
    key: String,
}

impl std::fmt::Debug for BotClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key never reaches a log.
        f.debug_struct("BotClient")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

impl BotClient {
    /// A client of the server at `server` (`http://host:port`) with `key`.
    #[must_use]
    pub fn new(server: &str, key: &str) -> BotClient {
        BotClient {
            http: reqwest::Client::new(),
            server: server.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        }
    }

    /// `POST /api/bots` with `registration` (no key: it makes one).
    ///
    /// # Errors
    ///
    /// When the server cannot be reached.
    pub async fn register(server: &str, registration: &Value) -> Result<Answer, String> {
        let response = reqwest::Client::new()
            .post(format!("{}/api/bots", server.trim_end_matches('/')))
            .body(registration.to_string())
            .send()
            .await
            .map_err(|error| format!("cannot reach {server}: {error}"))?;
        answer(response).await
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Answer, String> {
        let response = request
            .bearer_auth(&self.key)
            .send()
            .await
            .map_err(|error| format!("cannot reach {}: {error}", self.server))?;
        answer(response).await
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.server)
    }

    /// `GET /api/bot/account`: the bot of the key.
    ///
    /// # Errors
    ///
    /// When the server cannot be reached.
    pub async fn account(&self) -> Result<Answer, String> {
        self.send(self.http.get(self.url("/api/bot/account"))).await
    }

    /// Accepts challenge `id`.
    ///
    /// # Errors
    ///
    /// When the server cannot be reached.
    pub async fn accept(&self, id: &str) -> Result<Answer, String> {
        self.send(
            self.http
                .post(self.url(&format!("/api/challenge/{id}/accept"))),
        )
        .await
    }

    /// Declines challenge `id` for `reason` (a decline reason's code).
    ///
    /// # Errors
    ///
    /// When the server cannot be reached.
    pub async fn decline(&self, id: &str, reason: &str) -> Result<Answer, String> {
        self.send(
            self.http
                .post(self.url(&format!("/api/challenge/{id}/decline")))
                .body(json!({"reason": reason}).to_string()),
        )
        .await
    }

    /// Takes `action` in game `id`.
    ///
    /// # Errors
    ///
    /// When the server cannot be reached.
    pub async fn act(&self, id: &str, action: &str) -> Result<Answer, String> {
        self.send(
            self.http
                .post(self.url(&format!("/api/bot/game/{id}/action")))
                .body(json!({"action": action}).to_string()),
        )
        .await
    }

    /// Opens the bot's event stream.
    ///
    /// # Errors
    ///
    /// The answer when it is no stream (a revoked key, say), or why the
    /// server could not be reached.
    pub async fn events(&self) -> Result<LineStream, StreamRefused> {
        self.stream("/api/bot/stream/event").await
    }

    /// Opens the stream of game `id`.
    ///
    /// # Errors
    ///
    /// As [`BotClient::events`].
    pub async fn game(&self, id: &str) -> Result<LineStream, StreamRefused> {
        self.stream(&format!("/api/bot/game/stream/{id}")).await
    }

    async fn stream(&self, path: &str) -> Result<LineStream, StreamRefused> {
        let response = self
            .http
            .get(self.url(path))
            .bearer_auth(&self.key)
            .send()
            .await
            .map_err(|error| StreamRefused::Unreachable(error.to_string()))?;
        if !response.status().is_success() {
            let answer = answer(response).await.map_err(StreamRefused::Unreachable)?;
            return Err(StreamRefused::Refused(answer));
        }
        Ok(LineStream {
            response,
            buffer: Vec::new(),
        })
    }
}

async fn answer(response: reqwest::Response) -> Result<Answer, String> {
    let status = response.status().as_u16();
    let text = response
        .text()
        .await
        .map_err(|error| format!("the answer broke off: {error}"))?;
    Ok(Answer {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    })
}

/// Why a stream did not open.
#[derive(Debug, Clone)]
pub enum StreamRefused {
    /// The server answered, but with no stream (`401`, `403`, `404`).
    Refused(Answer),
    /// The server could not be reached.
    Unreachable(String),
}

/// One open stream of newline-delimited JSON.
pub struct LineStream {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl LineStream {
    /// The next JSON object, skipping the empty keep-alive lines; `None`
    /// when the stream ended, broke off or stayed silent too long (the
    /// caller opens it again).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                match serde_json::from_str(line) {
                    Ok(value) => return Some(value),
                    // A line that does not read is skipped, not fatal.
                    Err(_) => continue,
                }
            }
            match tokio::time::timeout(SILENCE, self.response.chunk()).await {
                Ok(Ok(Some(bytes))) => self.buffer.extend_from_slice(&bytes),
                Ok(Ok(None) | Err(_)) | Err(_) => return None,
            }
        }
    }
}
