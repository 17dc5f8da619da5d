//! Computer probes: people playing the computer at its lowest level on a
//! real-time clock, each from an ordinary source address, measuring how long
//! the computer takes to answer their moves (from sending a move to the
//! computer's move arriving on the socket) and whether it ever loses on time.
//! In an abuse run the replies before and while the hostile address works are
//! measured apart.

use std::net::IpAddr;
use std::time::Duration;

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::connect;
use super::stats::Latencies;
use super::target::Target;

/// The probes' games: freestyle against the computer at level 1, five minutes
/// each without increment, the person first.
const PROBE_GAME: &str =
    r#"{"game": "freestyle", "time": "5+0", "seat": "first", "opponent": {"computer": 1}}"#;
/// The person's moves in a game at most, then they resign and start another.
const MOVES_PER_GAME: usize = 30;
/// How long the person thinks before each move: no one moves faster, and a
/// probe answering the computer at once (its replies take milliseconds) would
/// go over its address's action limit of 20 a second.
const THINKING: Duration = Duration::from_millis(250);
/// How long the computer may take before the probe counts it as lost.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// What the probes measured.
#[derive(Debug, Default)]
pub struct ProbeMeasurements {
    /// The computer's replies before the hostile address started (or all of
    /// them without one).
    pub replies: Latencies,
    /// Its replies while the hostile address worked.
    pub replies_hostile: Latencies,
    /// Games played to their end (or resigned after [`MOVES_PER_GAME`]).
    pub games: u64,
    /// Games the computer lost on time.
    pub computer_time_losses: u64,
    /// Failures: a game not created, a socket lost, a reply never come.
    pub errors: u64,
}

impl ProbeMeasurements {
    /// Adds `other`'s figures to these.
    pub fn merge(&mut self, other: ProbeMeasurements) {
        self.replies.extend(other.replies);
        self.replies_hostile.extend(other.replies_hostile);
        self.games += other.games;
        self.computer_time_losses += other.computer_time_losses;
        self.errors += other.errors;
    }
}

/// When a probe plays and how its replies are told apart.
#[derive(Debug, Clone, Copy)]
pub struct ProbeWindow {
    /// Play ends: no move is sent from then on, but the reply to one sent
    /// before is still awaited.
    pub until: Instant,
    /// Replies to moves sent from then on count as under the hostile address.
    pub hostile_from: Option<Instant>,
}

/// Plays games against the computer from `source` until `window.until`.
pub async fn run(target: Target, source: IpAddr, window: ProbeWindow) -> ProbeMeasurements {
    let mut measured = ProbeMeasurements::default();
    let client = match connect::http_client(source, Duration::from_secs(10)) {
        Ok(client) => client,
        Err(_) => {
            measured.errors += 1;
            return measured;
        }
    };
    while Instant::now() < window.until {
        if let Err(error) = play_one(&client, target, source, window, &mut measured).await {
            eprintln!("narabe loadtest: a computer probe failed: {error:#}");
            measured.errors += 1;
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    measured
}

async fn play_one(
    client: &reqwest::Client,
    target: Target,
    source: IpAddr,
    window: ProbeWindow,
    measured: &mut ProbeMeasurements,
) -> anyhow::Result<()> {
    let body: Value = serde_json::from_str(PROBE_GAME)?;
    let response = client
        .post(format!("{}/api/games", target.base_url()))
        .json(&body)
        .send()
        .await
        .context("creating a probe game")?;
    if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
        tokio::time::sleep(Duration::from_secs(1)).await;
        return Ok(());
    }
    let created: Value = response.json().await.context("the created game")?;
    let (Some(id), Some(token)) = (created["id"].as_str(), created["token"].as_str()) else {
        bail!("no game created: {created}");
    };
    let mut socket = connect::websocket(source, target.addr, &target.socket_url(id)).await?;
    let hello = json!({"type": "hello", "version": null, "token": token});
    socket.send(Message::text(hello.to_string())).await?;
    let mut state = Value::Null;
    let mut sent_at: Option<Instant> = None;
    let mut moves_sent = 0;
    loop {
        if !state["result"].is_null() {
            measured.games += 1;
            return Ok(());
        }
        // A move still unanswered at the end is waited for: leaving then
        // would drop exactly the slowest replies (under the hostile address,
        // sometimes all of them) from the measurement.
        if Instant::now() >= window.until && sent_at.is_none() {
            return Ok(());
        }
        if sent_at.is_none() && state["actor"] == "first" {
            if moves_sent == MOVES_PER_GAME {
                send_action(&mut socket, "resign").await?;
                measured.games += 1;
                return Ok(());
            }
            let point = next_point(&state).context("the board is full")?;
            tokio::time::sleep(THINKING).await;
            send_action(&mut socket, &format!("place {point}")).await?;
            sent_at = Some(Instant::now());
            moves_sent += 1;
        }
        let message = tokio::time::timeout(REPLY_TIMEOUT, socket.next())
            .await
            .context("the computer never answered")?
            .context("the socket closed")??;
        let Message::Text(text) = message else {
            continue;
        };
        let message: Value = serde_json::from_str(&text)?;
        match message["type"].as_str() {
            Some("snapshot") => state = message["state"].clone(),
            Some("event") => {
                if message["seat"] == "second"
                    && let Some(sent) = sent_at.take()
                {
                    let waited = Instant::now().saturating_duration_since(sent);
                    if window.hostile_from.is_some_and(|from| sent >= from) {
                        measured.replies_hostile.record(waited);
                    } else {
                        measured.replies.record(waited);
                    }
                }
                if message["action"] == "timeout second" {
                    measured.computer_time_losses += 1;
                }
                if !message["state"].is_null() {
                    state = message["state"].clone();
                }
            }
            Some("error") => bail!("the server refused a probe's move: {message}"),
            _ => {}
        }
    }
}

async fn send_action(socket: &mut connect::Socket, action: &str) -> anyhow::Result<()> {
    let message = json!({"type": "action", "action": action, "ref": "probe"});
    socket.send(Message::text(message.to_string())).await?;
    Ok(())
}

/// The free point nearest the centre (rows then columns): a weak, legal move.
fn next_point(state: &Value) -> Option<String> {
    let taken: Vec<&str> = state["moves"]
        .as_array()
        .map(|moves| moves.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut points: Vec<(i32, char, i32)> = ('a'..='o')
        .zip(0..)
        .flat_map(|(column, x)| {
            (1..=15).map(move |row| ((x - 7_i32).abs() + (row - 8_i32).abs(), column, row))
        })
        .collect();
    points.sort_unstable();
    points
        .into_iter()
        .map(|(_, column, row)| format!("{column}{row}"))
        .find(|point| !taken.contains(&point.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_plays_the_free_point_nearest_the_centre() {
        assert_eq!(next_point(&json!({"moves": []})).as_deref(), Some("h8"));
        assert_eq!(next_point(&json!({"moves": ["h8"]})).as_deref(), Some("g8"));
        let full: Vec<String> = ('a'..='o')
            .flat_map(|column| (1..=15).map(move |row| format!("{column}{row}")))
            .collect();
        assert_eq!(next_point(&json!({ "moves": full })), None);
    }
}
