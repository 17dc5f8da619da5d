//! The WebSocket of a real server: versioned live events for players and
//! spectators, actions sent on the socket, reconnection with the missed events or
//! a full snapshot, presence, and what spectators and strangers cannot do.

mod live;

use futures_util::SinkExt;
use live::{LiveServer, openings, play_to_a_five};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn players_act_on_sockets_and_a_spectator_follows_every_version() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "renju", "opening": "rif"}))
        .await;
    let mut black = server.socket(&id, Some(&first), None).await;
    let mut white = server.socket(&id, Some(&second), None).await;
    let mut watcher = server.socket(&id, None, None).await;
    let welcome = black.next_of("welcome").await;
    assert_eq!(
        welcome,
        json!({"type": "welcome", "seat": "first", "version": 0})
    );
    assert_eq!(white.next_of("welcome").await["seat"], "second");
    assert_eq!(watcher.next_of("welcome").await["seat"], json!(null));
    // A fresh client (no version) gets the whole state first.
    assert_eq!(watcher.next_of("snapshot").await["state"]["version"], 0);
    let script = [
        ("first", "place h8"),
        ("first", "place h9"),
        ("first", "place j10"),
        ("second", "keep"),
        ("second", "place g9"),
        ("first", "offer k12"),
        ("first", "offer m13"),
        ("second", "choose k12"),
        ("second", "place l11"),
    ];
    for (version, (seat, action)) in (1u64..).zip(script) {
        let socket = if seat == "first" {
            &mut black
        } else {
            &mut white
        };
        let ack = socket.act(action, &format!("r{version}")).await;
        assert_eq!(
            ack,
            json!({"type": "ack", "ref": format!("r{version}"), "version": version})
        );
        let event = watcher.next_of("event").await;
        assert_eq!(event["version"], version);
        assert_eq!(event["seat"], seat);
        assert_eq!(event["action"], action);
        assert_eq!(event["state"]["version"], version);
    }
    let refused = white.act("place a1", "late").await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["code"], "not-your-turn");
    let spectator = watcher.act("place a1", "mine").await;
    assert_eq!(spectator["code"], "spectator");
    let state = server.state(&id).await;
    assert_eq!(state["version"], 9);
    let presence = &state["presence"];
    assert_eq!(
        (
            &presence["first"],
            &presence["second"],
            &presence["spectators"]
        ),
        (&json!(true), &json!(true), &json!(1))
    );
    assert_eq!(presence["left_at"], json!({"first": null, "second": null}));
    assert_eq!(
        presence["claimable_from"],
        json!({"first": null, "second": null})
    );
    assert_eq!(state["opening_name"]["code"], "3D");
}

#[tokio::test]
async fn every_opening_rule_plays_to_its_result_over_sockets() {
    let server = LiveServer::start().await;
    for (settings, script) in openings() {
        let (id, first, second) = server.two_player_game(settings.clone()).await;
        let sockets = [
            tokio::sync::Mutex::new(server.socket(&id, Some(&first), None).await),
            tokio::sync::Mutex::new(server.socket(&id, Some(&second), None).await),
        ];
        let mut watcher = server.socket(&id, None, None).await;
        let start = server.state(&id).await;
        let mut reference = 0;
        let state = play_to_a_five(start, &script, async |seat: &str, action: String| {
            reference += 1;
            let socket = &sockets[usize::from(seat == "second")];
            let answer = socket
                .lock()
                .await
                .act(&action, &reference.to_string())
                .await;
            assert_eq!(
                answer["type"], "ack",
                "{settings}: {seat} {action}: {answer}"
            );
            server.state(&id).await
        })
        .await;
        assert_eq!(state["result"]["reason"], "five", "{settings}: {state}");
        // The spectator saw every version in order, ending with the result.
        let mut last = serde_json::Value::Null;
        for version in 1..=state["version"].as_u64().unwrap() {
            last = watcher.next_of("event").await;
            assert_eq!(last["version"], version, "{settings}");
        }
        assert_eq!(last["state"]["result"], state["result"], "{settings}");
    }
}

#[tokio::test]
async fn a_reconnecting_client_gets_what_it_missed_or_a_snapshot() {
    let server = LiveServer::start().await;
    let (id, first, second) = server.game_under_way(json!({"game": "freestyle"})).await;
    // Version 2 seen; two more moves happen while away.
    server.must_act(&id, &first, "place i8").await;
    server.must_act(&id, &second, "place i9").await;
    let mut socket = server.socket(&id, Some(&first), Some(2)).await;
    assert_eq!(socket.next().await["version"], 4, "welcome");
    let missed = vec![socket.next().await, socket.next().await];
    assert!(
        missed[0].get("state").is_none(),
        "only the last missed event carries the state"
    );
    assert_eq!(missed[1]["state"]["version"], 4);
    let missed: Vec<(u64, String)> = missed
        .into_iter()
        .map(|event| {
            assert_eq!(event["type"], "event");
            (
                event["version"].as_u64().unwrap(),
                event["action"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        missed,
        [(3, "place i8".to_owned()), (4, "place i9".to_owned())]
    );
    // Up to date: nothing to catch up, then live events.
    let mut current = server.socket(&id, Some(&second), Some(4)).await;
    assert_eq!(current.next().await["type"], "welcome");
    server.must_act(&id, &first, "place j8").await;
    assert_eq!(current.next_of("event").await["version"], 5);
    // A version from the future (a client of an older server, say) is resynced.
    let mut confused = server.socket(&id, None, Some(99)).await;
    assert_eq!(confused.next().await["type"], "welcome");
    assert_eq!(confused.next().await["type"], "snapshot");
}

#[tokio::test]
async fn a_client_far_behind_gets_one_snapshot() {
    let server = LiveServer::start().await;
    let (id, first, second) = server.two_player_game(json!({"game": "freestyle"})).await;
    // 150 moves, more versions than the server replays: pairs of columns of
    // alternating colour, row by row, never more than two in a row.
    let points = |colour: usize| {
        (0..15u8)
            .flat_map(|row| (0..15u8).map(move |col| (col, row)))
            .filter(move |&(col, row)| usize::from(col / 2 + row) % 2 == colour)
            .map(|(col, row)| format!("place {}{}", char::from(b'a' + col), row + 1))
            .take(75)
            .collect::<Vec<_>>()
    };
    for (black, white) in points(0).iter().zip(points(1).iter()) {
        server.must_act(&id, &first, black).await;
        server.must_act(&id, &second, white).await;
    }
    let mut socket = server.socket(&id, Some(&second), Some(1)).await;
    assert_eq!(socket.next().await["version"], 150);
    let snapshot = socket.next().await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["state"]["version"], 150);
}

#[tokio::test]
async fn bad_hellos_and_tokens_are_refused_on_the_socket() {
    let server = LiveServer::start().await;
    let (id, _, _) = server.two_player_game(json!({"game": "freestyle"})).await;
    let mut stranger = server.socket(&id, Some("nobody"), None).await;
    assert_eq!(stranger.next().await["code"], "unauthorized");
    let url = format!("ws://{}/api/games/{id}/ws", server.addr());
    let (stream, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut rude = live::Socket { stream };
    rude.send(json!({"type": "action", "action": "place h8"}))
        .await;
    assert_eq!(rude.next().await["code"], "hello-first");
    let (stream, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut garbled = live::Socket { stream };
    garbled.send(json!({"type": "shout"})).await;
    assert_eq!(garbled.next().await["code"], "malformed");
    let missing = tokio_tungstenite::connect_async(format!(
        "ws://{}/api/games/AAAAAAAAAAAA/ws",
        server.addr()
    ))
    .await;
    assert!(missing.is_err(), "no socket for an unknown game");
}

#[tokio::test]
async fn presence_follows_connections() {
    let server = LiveServer::start().await;
    // Claims open once both players have moved.
    let (id, first, second) = server.game_under_way(json!({"game": "freestyle"})).await;
    let mut watcher = server.socket(&id, None, None).await;
    watcher.next_of("snapshot").await;
    let black = server.socket(&id, Some(&first), None).await;
    let presence = next_presence_where(&mut watcher, |p| p["first"] == true).await;
    assert_eq!(
        (&presence["second"], &presence["spectators"]),
        (&json!(false), &json!(1))
    );
    // The second player joined but never connected: absent since the join,
    // so a claim against them opens 30 s later (the clock is not running).
    let left = presence["left_at"]["second"].as_u64().expect("absent");
    assert!(left <= presence["now"].as_u64().unwrap());
    assert_eq!(presence["claimable_from"]["second"], left + 30_000);
    assert_eq!(presence["left_at"]["first"], Value::Null);
    let white = server.socket(&id, Some(&second), None).await;
    next_presence_where(&mut watcher, |p| p["second"] == true).await;
    drop(black);
    let presence = next_presence_where(&mut watcher, |p| p["first"] == false).await;
    assert_eq!(presence["second"], true);
    assert_eq!(presence["left_at"]["second"], Value::Null);
    let left = presence["left_at"]["first"].as_u64().expect("gone");
    assert_eq!(presence["claimable_from"]["first"], left + 30_000);
    drop(white);
    next_presence_where(&mut watcher, |p| p["second"] == false).await;
}

/// The next presence notice that satisfies `wanted` (the watcher also sees
/// notices of its own arrival).
async fn next_presence_where(
    socket: &mut live::Socket,
    wanted: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    loop {
        let presence = socket.next_of("presence").await;
        if wanted(&presence) {
            return presence;
        }
    }
}

#[tokio::test]
async fn messages_larger_than_the_read_buffer_are_read_whole() {
    // The server reads sockets through a small buffer (4 KiB); a message of up
    // to the 8 KiB limit grows it and arrives intact.
    let server = LiveServer::start().await;
    let (id, first, _) = server.two_player_game(json!({"game": "freestyle"})).await;
    let mut black = server.socket(&id, Some(&first), None).await;
    black.next_of("snapshot").await;
    // 7 KiB of JSON whitespace (a `ref` is at most 64 bytes).
    let padding = " ".repeat(7 * 1024);
    let message = format!(r#"{{"type":"action",{padding}"action":"place h8","ref":"big"}}"#);
    black
        .stream
        .send(Message::Text(message.into()))
        .await
        .unwrap();
    let ack = black.next_of("ack").await;
    assert_eq!(ack, json!({"type": "ack", "ref": "big", "version": 1}));
    let event = black.next_of("event").await;
    assert_eq!(event["version"], 1);
    assert_eq!(event["state"]["version"], 1);
    // HTTP answers with the state after the action, as before.
    let (_, state) = server.get(&format!("/api/games/{id}"), None).await;
    assert_eq!(state["version"], 1);
}
