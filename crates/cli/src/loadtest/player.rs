//! One WebSocket client: a player's seat in one game. It connects from its
//! source address, says hello with the seat token, then sends the moves the
//! conductor hands it and reports, with the moment they arrived, every ack,
//! refusal and opponent event it receives.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use tokio::sync::{Semaphore, mpsc};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::connect::{self, Socket};
use super::setup::Seat;

/// How long connecting, the handshake and the welcome may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Who this client is and where it connects.
#[derive(Debug, Clone)]
pub struct SocketSpec {
    /// The game's index in the run.
    pub game: usize,
    /// The seat it holds.
    pub seat: Seat,
    /// The WebSocket URL of the game.
    pub url: String,
    /// The seat token.
    pub token: String,
    /// The source address to bind.
    pub source: IpAddr,
    /// The server.
    pub server: SocketAddr,
}

/// A move to send: the ply it is, and the action text.
#[derive(Debug, Clone)]
pub struct Order {
    /// The move's ply (0 for the first move).
    pub ply: u32,
    /// The action, e.g. `place h8`.
    pub action: Arc<str>,
}

/// What a client tells the conductor. Instants are taken on the client's own
/// task, right before sending or right after receiving.
#[derive(Debug)]
pub enum Report {
    /// Connected and welcomed.
    Ready {
        /// The game.
        game: usize,
        /// The seat that plays Black, from the snapshot.
        black: Seat,
        /// The game's version in the snapshot.
        version: u64,
        /// Whether the snapshot shows a result.
        finished: bool,
    },
    /// Could not connect or was not welcomed.
    ConnectFailed {
        /// The game.
        game: usize,
        /// Why.
        reason: String,
    },
    /// A move is being sent now.
    Sent {
        /// The game.
        game: usize,
        /// The move's ply.
        ply: u32,
        /// When.
        at: Instant,
    },
    /// A move was acknowledged.
    Acked {
        /// The game.
        game: usize,
        /// The move's ply, from the echoed reference.
        ply: u32,
        /// When the ack arrived.
        at: Instant,
    },
    /// A message was refused.
    Refused {
        /// The game.
        game: usize,
        /// The move's ply, when the error echoed one.
        ply: Option<u32>,
        /// The error code.
        code: String,
    },
    /// The opponent's move arrived as an event.
    OpponentMoved {
        /// The game.
        game: usize,
        /// The version the event carries (the move's ply + 1).
        version: u64,
        /// When it arrived.
        at: Instant,
    },
    /// The server sent a snapshot after the start: this client fell behind.
    Resync,
    /// The connection ended while the run still needed it.
    Closed {
        /// The game.
        game: usize,
        /// Why.
        reason: String,
    },
}

/// The fields of a server message the load test looks at; the rest (notably the
/// state in events) is skipped without being built.
#[derive(Debug, Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, rename = "ref")]
    reference: Option<String>,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    code: Option<String>,
}

/// A snapshot, read only at the start.
#[derive(Debug, Deserialize)]
struct Snapshot {
    state: SnapshotState,
}

#[derive(Debug, Deserialize)]
struct SnapshotState {
    version: u64,
    colors: Colors,
    #[serde(default)]
    result: Option<IgnoredAny>,
}

#[derive(Debug, Deserialize)]
struct Colors {
    first: String,
}

/// Runs one client until the conductor drops its order channel (then it closes
/// politely) or the connection ends.
pub async fn run(
    spec: SocketSpec,
    connect_slots: Arc<Semaphore>,
    mut orders: mpsc::UnboundedReceiver<Order>,
    reports: mpsc::UnboundedSender<Report>,
) {
    let game = spec.game;
    let connected = {
        let _slot = connect_slots.acquire().await;
        tokio::time::timeout(CONNECT_TIMEOUT, connect(&spec))
            .await
            .unwrap_or_else(|_| Err(anyhow::anyhow!("timed out")))
    };
    let (mut socket, ready) = match connected {
        Ok(connected) => connected,
        Err(error) => {
            let _ = reports.send(Report::ConnectFailed {
                game,
                reason: format!("{error:#}"),
            });
            return;
        }
    };
    let _ = reports.send(ready);
    let seat = spec.seat.name();
    loop {
        tokio::select! {
            order = orders.recv() => {
                let Some(order) = order else {
                    let _ = tokio::time::timeout(Duration::from_secs(1), socket.close(None)).await;
                    return;
                };
                let text = serde_json::json!({
                    "type": "action",
                    "action": &*order.action,
                    "ref": order.ply.to_string(),
                })
                .to_string();
                let _ = reports.send(Report::Sent { game, ply: order.ply, at: Instant::now() });
                if let Err(error) = socket.send(Message::text(text)).await {
                    let _ = reports.send(Report::Closed { game, reason: error.to_string() });
                    return;
                }
            }
            incoming = socket.next() => {
                let at = Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        if let Some(report) = interpret(game, seat, &text, at) {
                            let _ = reports.send(report);
                        }
                    }
                    Some(Ok(Message::Close(_))) | None => {
                        let _ = reports.send(Report::Closed { game, reason: "closed by the server".to_owned() });
                        return;
                    }
                    Some(Err(error)) => {
                        let _ = reports.send(Report::Closed { game, reason: error.to_string() });
                        return;
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}

/// What one live message means for the run.
fn interpret(game: usize, seat: &str, text: &str, at: Instant) -> Option<Report> {
    let Ok(message) = serde_json::from_str::<Incoming>(text) else {
        return Some(Report::Refused {
            game,
            ply: None,
            code: "unreadable-message".to_owned(),
        });
    };
    let ply = || message.reference.as_deref().and_then(|r| r.parse().ok());
    match message.kind.as_str() {
        "ack" => Some(match ply() {
            Some(ply) => Report::Acked { game, ply, at },
            None => Report::Refused {
                game,
                ply: None,
                code: "ack-without-ref".to_owned(),
            },
        }),
        "error" => Some(Report::Refused {
            game,
            ply: ply(),
            code: message.code.unwrap_or_default(),
        }),
        "event" if message.seat.as_deref() != Some(seat) => message
            .version
            .map(|version| Report::OpponentMoved { game, version, at }),
        "snapshot" => Some(Report::Resync),
        _ => None,
    }
}

/// Connects from the source address, upgrades, says hello and reads the welcome
/// and the snapshot.
async fn connect(spec: &SocketSpec) -> anyhow::Result<(Socket, Report)> {
    let mut socket = connect::websocket(spec.source, spec.server, &spec.url).await?;
    let hello = serde_json::json!({"type": "hello", "version": null, "token": spec.token});
    socket.send(Message::text(hello.to_string())).await?;
    let mut welcomed = false;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else {
            continue;
        };
        let head: Incoming = serde_json::from_str(&text).context("an unreadable message")?;
        match head.kind.as_str() {
            "welcome" => {
                if head.seat.as_deref() != Some(spec.seat.name()) {
                    bail!("welcomed as {:?}, not {}", head.seat, spec.seat.name());
                }
                welcomed = true;
            }
            "snapshot" if welcomed => {
                let snapshot: Snapshot = serde_json::from_str(&text)?;
                let black = if snapshot.state.colors.first == "black" {
                    Seat::First
                } else {
                    Seat::Second
                };
                let ready = Report::Ready {
                    game: spec.game,
                    black,
                    version: snapshot.state.version,
                    finished: snapshot.state.result.is_some(),
                };
                return Ok((socket, ready));
            }
            "error" => bail!("refused: {}", head.code.unwrap_or_default()),
            _ => {}
        }
    }
    bail!("the connection closed before the welcome")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acks_errors_and_opponent_events_are_told_apart() {
        let at = Instant::now();
        let ack = interpret(3, "first", r#"{"type":"ack","ref":"7","version":8}"#, at);
        assert!(matches!(
            ack,
            Some(Report::Acked {
                game: 3,
                ply: 7,
                ..
            })
        ));
        let own =
            r#"{"type":"event","version":8,"seat":"first","action":"place a1","at":1,"state":{}}"#;
        assert!(interpret(3, "first", own, at).is_none());
        let theirs = interpret(3, "second", own, at);
        assert!(matches!(
            theirs,
            Some(Report::OpponentMoved { version: 8, .. })
        ));
        let refused = interpret(
            3,
            "first",
            r#"{"type":"error","ref":"2","code":"rate-limited","message":"x"}"#,
            at,
        );
        assert!(
            matches!(refused, Some(Report::Refused { ply: Some(2), ref code, .. }) if code == "rate-limited")
        );
        let presence = r#"{"type":"presence","first":true,"second":false,"spectators":0}"#;
        assert!(interpret(3, "first", presence, at).is_none());
    }
}
