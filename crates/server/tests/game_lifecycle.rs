//! What keeps the store and the memory from growing without end: games with a
//! seat nobody took expire after a week and aborted games a day after their
//! end (deleted with their logs by the sweeper); a game's log has a length
//! cap; finished games leave memory soon after their last visitor.

mod live;

use std::time::Duration;

use live::LiveServer;
use serde_json::json;

/// How long a test waits for the sweeper or an idle stop before it fails.
const PATIENCE: Duration = Duration::from_secs(20);
/// The pause between two looks.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Waits until `GET path` answers `status`; panics after [`PATIENCE`].
async fn wait_for_status(server: &LiveServer, path: &str, status: u16) {
    let give_up = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (now, answer) = server.get(path, None).await;
        if now == status {
            return;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "{path} still answers {now} {answer}, not {status}"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

#[tokio::test]
async fn unjoined_and_aborted_games_expire_with_their_logs() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let server = LiveServer::start_in(data, |options| {
        options.expiry_sweep_seconds = 0.02;
        options.expiry_batch = 1;
    })
    .await;
    let unjoined = server.create(json!({"game": "freestyle"})).await;
    let unjoined = unjoined["id"].as_str().unwrap().to_owned();
    let (aborted, first, _) = server.two_player_game(json!({"game": "freestyle"})).await;
    server.must_act(&aborted, &first, "abort").await;
    let (played, _, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    let computer = server
        .create(json!({"game": "freestyle", "opponent": {"computer": 1}, "seat": "first"}))
        .await;
    let computer = computer["id"].as_str().unwrap().to_owned();
    let (finished, first_of_finished, _) =
        server.game_under_way(json!({"game": "freestyle"})).await;
    server
        .must_act(&finished, &first_of_finished, "resign")
        .await;

    // A day and a bit: the aborted game goes, nothing else.
    server.advance(Duration::from_secs(24 * 3600 + 60));
    wait_for_status(&server, &format!("/api/games/{aborted}"), 404).await;
    let (status, _) = server.get(&format!("/api/games/{aborted}/log"), None).await;
    assert_eq!(status, 404);
    for id in [&unjoined, &played, &computer, &finished] {
        server.state(id).await;
    }

    // A week: the game whose invite nobody used goes too.
    server.advance(Duration::from_secs(6 * 24 * 3600));
    wait_for_status(&server, &format!("/api/games/{unjoined}"), 404).await;
    let (status, answer) = server.join(&unjoined, "whatever").await;
    assert_eq!(status, 404, "{answer}");
    for id in [&played, &computer, &finished] {
        server.state(id).await;
    }
    let (status, log) = server.get(&format!("/api/games/{played}/log"), None).await;
    assert_eq!(status, 200, "{log}");
    server.stop().await;
}

#[tokio::test]
async fn a_game_log_has_a_length_cap_but_resigning_stays_possible() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let server = LiveServer::start_in(data, |options| options.max_game_actions = 6).await;
    let (id, first, second) = server.game_under_way(json!({"game": "freestyle"})).await;
    server.must_act(&id, &first, "draw offer").await;
    server.must_act(&id, &second, "draw decline").await;
    server.must_act(&id, &second, "draw offer").await;
    server.must_act(&id, &first, "draw decline").await;
    let (status, refused) = server.act(&id, &first, "draw offer").await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "game-too-long", "{refused}");
    let (status, refused) = server.act(&id, &first, "place a1").await;
    assert_eq!((status, &refused["code"]), (409, &json!("game-too-long")));
    assert_eq!(server.state(&id).await["version"], 6);
    let resigned = server.must_act(&id, &second, "resign").await;
    assert_eq!(resigned["result"]["reason"], "resignation", "{resigned}");
    server.stop().await;
}

#[tokio::test]
async fn finished_games_leave_memory_soon() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let server = LiveServer::start_in(data, |options| {
        options.finished_game_idle_seconds = 0.1;
    })
    .await;
    let (finished, first, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    let (_ongoing, _, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["live_games"], 2, "{ready}");
    server.must_act(&finished, &first, "resign").await;

    // The finished game's actor stops; the ongoing one's stays (its idle
    // stop is minutes away).
    let give_up = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (_, ready) = server.get("/readyz", None).await;
        if ready["live_games"] == 1 {
            break;
        }
        assert!(tokio::time::Instant::now() < give_up, "{ready}");
        tokio::time::sleep(LOOK_EVERY).await;
    }
    // It comes back from the store for whoever looks.
    let state = server.state(&finished).await;
    assert_eq!(state["result"]["reason"], "resignation", "{state}");
    server.stop().await;
}
