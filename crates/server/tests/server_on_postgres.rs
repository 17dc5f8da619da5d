//! The whole server on a real PostgreSQL instead of SQLite (`--database
//! postgres://...`): a game by link over HTTP and WebSocket, then a restart on the
//! same database that keeps every action, the seats and the deadline.

mod live;
mod support;

use live::LiveServer;
use serde_json::json;
use support::TestDatabase;

#[tokio::test]
async fn a_game_survives_a_restart_on_postgresql() {
    let database = TestDatabase::postgres().await;
    let url = database.url().to_owned();
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.database = Some(url)).await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "renju", "opening": "yamaguchi", "time": "3d"}))
        .await;
    let mut socket = server.socket(&id, Some(&second), None).await;
    socket.next_of("snapshot").await;
    for (token, action) in [
        (&first, "place h8"),
        (&first, "place h9"),
        (&first, "place j10"),
        (&first, "declare 2"),
    ] {
        server.must_act(&id, token, action).await;
    }
    assert_eq!(socket.act("swap", "s").await["version"], 5);
    let before = server.state(&id).await;
    drop(socket);
    let server = server.restart().await;
    let after = server.state(&id).await;
    for field in [
        "version", "stones", "colors", "declared", "phase", "actor", "seats", "clock",
    ] {
        if field == "clock" {
            assert_eq!(after[field]["deadline"], before[field]["deadline"]);
        } else {
            assert_eq!(after[field], before[field], "{field}");
        }
    }
    server.must_act(&id, &first, "place i9").await;
    let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    assert_eq!(
        log.as_str().unwrap(),
        "place h8\nplace h9\nplace j10\ndeclare 2\nswap\nplace i9\n"
    );
}

#[tokio::test]
async fn a_game_against_the_computer_keeps_its_seat_on_postgresql() {
    let database = TestDatabase::postgres().await;
    let url = database.url().to_owned();
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.database = Some(url)).await;
    let created = server
        .create(json!({"game": "freestyle", "opponent": {"computer": 2}}))
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    server.must_act(&id, &token, "place h8").await;
    let server = server.restart().await;
    let mut state = server.state(&id).await;
    for _ in 0..500 {
        if state["moves"].as_array().unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        state = server.state(&id).await;
    }
    assert_eq!(state["computer"], json!({"seat": "second", "level": 2}));
    assert_eq!(state["moves"].as_array().unwrap().len(), 2, "{state}");
    assert_eq!(state["actor"], "first");
}
