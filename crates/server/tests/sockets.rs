//! What a WebSocket is held to: a socket that stops answering pings is closed
//! and its seat shows absent, while one that answers stays.

mod live;

use std::time::Duration;

use futures_util::StreamExt;
use live::LiveServer;
use serde_json::{Value, json};

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
