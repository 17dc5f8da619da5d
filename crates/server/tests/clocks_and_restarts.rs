//! Time on a real server, whose clock the test moves forward instead of waiting:
//! a flag falls with nobody connected, a correspondence deadline passes after a
//! restart of the server, and a restart keeps every acknowledged action and the
//! clocks.

mod live;

use std::time::Duration;

use live::LiveServer;
use serde_json::{Value, json};

/// Polls the state until it has a result (the timeout is recorded by the server
/// itself, a moment after the deadline).
async fn result_after_deadline(server: &LiveServer, id: &str) -> Value {
    for _ in 0..200 {
        let state = server.state(id).await;
        if !state["result"].is_null() {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no result after the deadline");
}

#[tokio::test]
async fn a_flag_falls_while_nobody_is_connected() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "freestyle", "time": "1+0"}))
        .await;
    server.must_act(&id, &first, "place h8").await;
    let state = server.must_act(&id, &second, "place h9").await;
    assert_eq!(state["clock"]["running"], "first");
    server.advance(Duration::from_secs(59));
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert!(
        server.state(&id).await["result"].is_null(),
        "59 s of 60 used"
    );
    server.advance(Duration::from_secs(2));
    let state = result_after_deadline(&server, &id).await;
    assert_eq!(state["result"]["reason"], "timeout");
    assert_eq!(state["result"]["winner"], "second");
    assert_eq!(state["clock"]["first_ms"], 0);
    // The timeout is in the log, taken by the server.
    let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    assert_eq!(log.as_str().unwrap().lines().last(), Some("timeout first"));
    let (status, late) = server.act(&id, &first, "place i8").await;
    assert_eq!((status, late["code"].as_str()), (409, Some("game-over")));
}

#[tokio::test]
async fn a_correspondence_deadline_survives_a_restart() {
    let server = LiveServer::start().await;
    let (id, _, _) = server
        .game_under_way(json!({"game": "renju", "opening": "free", "time": "2d"}))
        .await;
    let deadline = server.state(&id).await["clock"]["deadline"]
        .as_u64()
        .unwrap();
    let server = server.restart().await;
    let state = server.state(&id).await;
    assert_eq!(
        state["clock"]["deadline"], deadline,
        "the deadline is derived from the log"
    );
    assert!(state["result"].is_null());
    server.advance(Duration::from_secs(2 * 24 * 3600 + 60));
    let state = result_after_deadline(&server, &id).await;
    assert_eq!(state["result"]["reason"], "timeout");
    assert_eq!(state["result"]["winner"], "second");
}

#[tokio::test]
async fn a_deadline_is_kept_by_a_server_that_never_loaded_the_game() {
    let server = LiveServer::start().await;
    let (id, _, _) = server
        .game_under_way(json!({"game": "standard", "time": "1d"}))
        .await;
    // After the restart nobody asks for the game: only the stored deadline can
    // wake it.
    let server = server.restart().await;
    server.advance(Duration::from_secs(24 * 3600 + 60));
    for _ in 0..200 {
        tokio::time::sleep(Duration::from_millis(10)).await;
        let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
        if log
            .as_str()
            .is_some_and(|text| text.ends_with("timeout first\n"))
        {
            break;
        }
    }
    let (status, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    assert_eq!(status, 200, "{log}");
    assert_eq!(
        log.as_str().unwrap().lines().last(),
        Some("timeout first"),
        "{log}"
    );
}

#[tokio::test]
async fn a_restart_keeps_every_acknowledged_action_and_the_clocks() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "renju", "opening": "rif", "time": "10+5"}))
        .await;
    let script = [
        (&first, "place h8"),
        (&first, "place h9"),
        (&first, "place j10"),
        (&second, "swap"),
        (&first, "place g9"),
        (&second, "offer k12"),
        (&second, "draw offer"),
        (&second, "offer m13"),
    ];
    for (token, action) in script {
        server.must_act(&id, token, action).await;
    }
    let before = server.state(&id).await;
    let server = server.restart().await;
    let after = server.state(&id).await;
    for field in [
        "version",
        "stones",
        "offers",
        "offers_due",
        "phase",
        "actor",
        "colors",
        "draw_offer",
        "seats",
    ] {
        assert_eq!(after[field], before[field], "{field}");
    }
    let (before_ms, after_ms) = (
        before["clock"]["first_ms"].as_u64().unwrap(),
        after["clock"]["first_ms"].as_u64().unwrap(),
    );
    assert!(
        after_ms <= before_ms && before_ms - after_ms < 5_000,
        "{before_ms} then {after_ms}"
    );
    assert_eq!(
        after["clock"]["second_ms"], before["clock"]["second_ms"],
        "second's clock is not running"
    );
    // The same tokens still act.
    server.must_act(&id, &first, "choose m13").await;
}

#[tokio::test]
async fn the_win_can_be_claimed_once_the_opponent_is_gone_thirty_seconds() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .game_under_way(json!({"game": "freestyle", "time": "10+0"}))
        .await;
    let mut white = server.socket(&id, Some(&second), None).await;
    white.next_of("snapshot").await;
    let black = server.socket(&id, Some(&first), None).await;
    drop(black);
    // Gone, but not for long enough yet.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let (status, early) = server.act(&id, &second, "claim win").await;
    assert_eq!(
        (status, early["code"].as_str()),
        (409, Some("opponent-not-gone")),
        "{early}"
    );
    server.advance(Duration::from_secs(31));
    // A fresh snapshot tells the waiting player that a claim is open now.
    let snapshot = claim_snapshot(&mut white, "second")
        .await
        .expect("a snapshot opens the claim");
    assert_eq!(snapshot["state"]["presence"]["first"], false);
    let state = server.must_act(&id, &second, "claim win").await;
    assert_eq!(state["result"]["reason"], "abandonment");
    assert_eq!(state["result"]["winner"], "second");
}

/// The next snapshot on `socket` in which `seat` may claim the win, within 5 s;
/// `None` when none comes.
async fn claim_snapshot(socket: &mut live::Socket, seat: &str) -> Option<Value> {
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let snapshot = socket.next_of("snapshot").await;
            if snapshot["state"]["open"][seat]
                .as_array()
                .is_some_and(|open| open.contains(&json!("claim win")))
            {
                return snapshot;
            }
        }
    })
    .await
    .ok()
}

#[tokio::test]
async fn each_player_has_their_own_claim_timer() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .game_under_way(json!({"game": "freestyle", "time": "10+0"}))
        .await;
    let creator = server.socket(&id, Some(&first), None).await;
    let friend = server.socket(&id, Some(&second), None).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    // The creator's own tab drops for a moment and comes back.
    drop(creator);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut creator = server.socket(&id, Some(&first), None).await;
    creator.next_of("snapshot").await;
    // Later the friend closes the tab for good.
    server.advance(Duration::from_secs(20));
    drop(friend);
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Past the moment the creator's short absence would have opened a claim:
    // nothing for the creator yet, the friend is gone only 15 s.
    server.advance(Duration::from_secs(15));
    tokio::time::sleep(Duration::from_millis(50)).await;
    let (status, early) = server.act(&id, &first, "claim win").await;
    assert_eq!((status, &early["code"]), (409, &json!("opponent-not-gone")));
    // 30 s after the friend left, the creator hears that the claim is open.
    server.advance(Duration::from_secs(16));
    let snapshot = claim_snapshot(&mut creator, "first")
        .await
        .expect("a snapshot opens the claim 30 s after the friend left");
    let presence = &snapshot["state"]["presence"];
    assert_eq!(presence["second"], false);
    assert!(
        presence["claimable_from"]["second"].as_u64().unwrap() <= presence["now"].as_u64().unwrap()
    );
    let state = server.must_act(&id, &first, "claim win").await;
    assert_eq!(state["result"]["reason"], "abandonment");
}

#[tokio::test]
async fn after_a_restart_a_player_who_never_returns_can_be_claimed_against() {
    let server = LiveServer::start().await;
    let (id, _, second) = server
        .game_under_way(json!({"game": "renju", "opening": "free", "time": "10+0"}))
        .await;
    let server = server.restart().await;
    let mut friend = server.socket(&id, Some(&second), None).await;
    let snapshot = friend.next_of("snapshot").await;
    // Every seat starts absent when the game is loaded.
    let presence = &snapshot["state"]["presence"];
    assert_eq!(presence["first"], false);
    assert!(presence["left_at"]["first"].is_u64(), "{presence}");
    server.advance(Duration::from_secs(31));
    claim_snapshot(&mut friend, "second")
        .await
        .expect("the claim opens 30 s after the restart");
    let state = server.must_act(&id, &second, "claim win").await;
    assert_eq!(
        (&state["result"]["reason"], &state["result"]["winner"]),
        (&json!("abandonment"), &json!("second"))
    );
}
