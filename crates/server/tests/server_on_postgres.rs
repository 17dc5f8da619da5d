//! The whole server on a real PostgreSQL instead of SQLite (`--database
//! postgres://...`): a game by link over HTTP and WebSocket, then a restart on the
//! same database that keeps every action, the seats and the deadline; and a
//! bot's game and challenges, kept across a restart likewise.

mod bot_api;
mod live;
mod support;

use bot_api::{Ndjson, bot_acts, person_challenges, register};
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

#[tokio::test]
async fn a_bots_game_and_challenges_survive_a_restart_on_postgresql() {
    let database = TestDatabase::postgres().await;
    let url = database.url().to_owned();
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.database = Some(url)).await;
    let key = register(
        &server,
        "Durable",
        json!({"games": [{"game": "renju", "openings": ["free"]}], "speeds": ["untimed"]}),
    )
    .await;
    let challenge = person_challenges(
        &server,
        "durable",
        json!({"game": "renju", "seat": "first"}),
    )
    .await;
    let id = challenge["id"].as_str().unwrap();
    let (status, accepted) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    let game = accepted["game"].as_str().unwrap().to_owned();
    let secret = challenge["secret"].as_str().unwrap();
    let (_, seen) = server
        .get(&format!("/api/challenge/{id}"), Some(secret))
        .await;
    let token = seen["token"].as_str().unwrap().to_owned();
    server.must_act(&game, &token, "place h8").await;
    assert_eq!(bot_acts(&server, &key, &game, "place h9").await.0, 200);
    let waiting = person_challenges(&server, "durable", json!({"game": "renju"})).await;
    let server = server.restart().await;
    // The event stream tells the game under way and the open challenge.
    let mut events = Ndjson::open(&server, "/api/bot/stream/event", &key).await;
    let started = events.next().await;
    assert_eq!(
        (started["type"].as_str(), started["game"]["id"].as_str()),
        (Some("gameStart"), Some(game.as_str()))
    );
    let open = events.next().await;
    assert_eq!(open["challenge"]["id"], waiting["id"]);
    let mut stream = Ndjson::open(&server, &format!("/api/bot/game/stream/{game}"), &key).await;
    let full = stream.next().await;
    assert_eq!(full["state"]["moves"], json!(["h8", "h9"]));
    server.must_act(&game, &token, "place i8").await;
    assert_eq!(bot_acts(&server, &key, &game, "resign").await.0, 200);
    assert_eq!(
        events.next_of("gameFinish").await["game"]["outcome"],
        "loss"
    );
    let (_, page) = server.get("/api/bots/durable", None).await;
    assert_eq!(page["record"], json!({"wins": 0, "losses": 1, "draws": 0}));
}
