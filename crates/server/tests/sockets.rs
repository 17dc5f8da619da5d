//! What a WebSocket is held to: a socket that stops answering pings is closed
//! and its seat shows absent, while one that answers stays; one address may
//! hold only so many sockets open, the next refused with `429
//! too-many-sockets` before the upgrade.

mod live;

use std::time::Duration;

use futures_util::StreamExt;
use live::LiveServer;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite;

/// How long a test waits for what a short option makes happen within a second
/// or two: far more than it takes; without the limit it never happens.
const PATIENCE: Duration = Duration::from_secs(15);

/// The game's presence, as `GET /api/games/{id}` shows it.
async fn presence(server: &LiveServer, id: &str) -> Value {
    server.state(id).await["presence"].clone()
}

/// Waits until `seat`'s presence is `present`, for at most [`PATIENCE`].
async fn wait_for_presence(server: &LiveServer, id: &str, seat: &str, present: bool) -> bool {
    tokio::time::timeout(PATIENCE, async {
        while presence(server, id).await[seat] != present {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .is_ok()
}

#[tokio::test]
async fn a_socket_that_stops_answering_pings_is_closed_and_its_seat_shows_absent() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.ping_interval = Duration::from_millis(200);
        options.missed_pongs = 2;
    })
    .await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "freestyle", "opening": "free"}))
        .await;
    // The first player's client reads on, and so answers every ping.
    let mut alive = server.socket(&id, Some(&first), None).await;
    alive.next_of("welcome").await;
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = alive.stream.next().await {} });
    // The second's says hello and then reads nothing more, as a client whose
    // network died: no pong ever comes back.
    let mut dead = server.socket(&id, Some(&second), None).await;
    dead.next_of("welcome").await;
    assert!(wait_for_presence(&server, &id, "second", true).await);

    assert!(
        wait_for_presence(&server, &id, "second", false).await,
        "the silent socket is closed and its seat absent: {}",
        presence(&server, &id).await
    );
    // Many ping intervals later the answering one is still there.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(presence(&server, &id).await["first"], true);
    assert!(!reader.is_finished(), "the answering socket is still open");
    reader.abort();
}

/// Opens the game's WebSocket: the socket, or the status and body of the
/// refusal.
async fn open_socket(server: &LiveServer, id: &str) -> Result<live::Socket, (u16, Value)> {
    let url = format!("ws://{}/api/games/{id}/ws", server.addr());
    match tokio_tungstenite::connect_async(url).await {
        Ok((stream, _)) => Ok(live::Socket { stream }),
        Err(tungstenite::Error::Http(response)) => {
            let body = response.body().clone().unwrap_or_default();
            Err((
                response.status().as_u16(),
                serde_json::from_slice(&body).unwrap_or(Value::Null),
            ))
        }
        Err(error) => panic!("the upgrade failed: {error}"),
    }
}

#[tokio::test]
async fn one_address_holds_only_so_many_sockets() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.sockets_per_address = 2).await;
    let created = server
        .create(json!({"game": "freestyle", "opening": "free"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let mut open = Vec::new();
    for _ in 0..2 {
        let mut socket = open_socket(&server, id).await.expect("under the cap");
        socket.send(json!({"type": "hello", "version": null})).await;
        socket.next_of("welcome").await;
        open.push(socket);
    }
    let Err((status, body)) = open_socket(&server, id).await else {
        panic!("a third socket from the same address is refused");
    };
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "too-many-sockets", "{body}");

    // Closing one makes room again (once the server has seen it close).
    let mut closing = open.pop().unwrap();
    closing.stream.close(None).await.unwrap();
    let reopened = tokio::time::timeout(PATIENCE, async {
        loop {
            if let Ok(socket) = open_socket(&server, id).await {
                return socket;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(reopened.is_ok(), "a socket closed gives its place back");
}
