//! Several nodes on one real PostgreSQL database, each a whole server on its
//! own port (issue 13): any node serves any game, a spectator on one node
//! sees every version of moves made through the others, racing nodes never
//! both succeed, a flag falls once even when the node that armed it is gone,
//! and a listener killed by the database misses nothing.

mod live;
mod support;

use std::time::Duration;

use live::{LiveServer, Socket, openings, play_to_a_five};
use serde_json::{Value, json};
use support::TestDatabase;

/// `count` nodes on one fresh database.
async fn cluster(count: usize) -> (TestDatabase, Vec<LiveServer>) {
    let database = TestDatabase::postgres().await;
    let mut nodes = Vec::with_capacity(count);
    for index in 0..count {
        let url = database.url().to_owned();
        let data = tempfile::tempdir().unwrap();
        // One process: the default id (host name and process id) would be
        // the same for every node.
        nodes.push(
            LiveServer::start_in(data, |options| {
                options.database = Some(url);
                options.node_id = Some(format!("node-{index}"));
            })
            .await,
        );
    }
    (database, nodes)
}

/// Reads events from `socket` up to `version`, asserting that they come one
/// version after the other from `from` on; the last state.
async fn events_in_order(socket: &mut Socket, from: u64, version: u64) -> Value {
    let mut expected = from;
    let mut state = Value::Null;
    while expected <= version {
        let message = socket.next().await;
        match message["type"].as_str() {
            Some("event") => {
                assert_eq!(message["version"], expected, "{message}");
                expected += 1;
                state = message["state"].clone();
            }
            Some("error") => panic!("an error on the socket: {message}"),
            _ => {}
        }
    }
    state
}

#[tokio::test]
async fn any_node_serves_any_game_and_every_socket_sees_every_version() {
    let (_database, nodes) = cluster(3).await;
    for (settings, script) in openings().into_iter().take(3) {
        // Created on the first node, joined through the second.
        let created = nodes[0].create(settings.clone()).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let invite = live::invite_code(created["invite"].as_str().unwrap());
        let (status, joined) = nodes[1].join(&id, &invite).await;
        assert_eq!(status, 200, "{joined}");
        let tokens = [
            created["token"].as_str().unwrap().to_owned(),
            joined["token"].as_str().unwrap().to_owned(),
        ];
        // The creator's socket on the first node, a spectator on the third.
        let mut seat = nodes[0].socket(&id, Some(&tokens[0]), None).await;
        let mut spectator = nodes[2].socket(&id, None, None).await;
        seat.next_of("snapshot").await;
        let state = spectator.next_of("snapshot").await["state"].clone();
        assert_eq!(state["seats"]["second"], "taken", "{state}");
        // Each action through the next node in turn.
        let mut turn = 0;
        let end = play_to_a_five(state, &script, async |actor, action| {
            let token = if actor == "first" {
                &tokens[0]
            } else {
                &tokens[1]
            };
            let node = &nodes[turn % nodes.len()];
            turn += 1;
            node.must_act(&id, token, &action).await
        })
        .await;
        assert!(!end["result"].is_null(), "{end}");
        let version = end["version"].as_u64().unwrap();
        for socket in [&mut seat, &mut spectator] {
            let last = events_in_order(socket, 1, version).await;
            assert_eq!(last["result"], end["result"]);
        }
        // Every node tells the same game.
        for node in &nodes {
            let state = node.state(&id).await;
            assert_eq!(state["version"], version);
            assert_eq!(state["stones"], end["stones"]);
        }
    }
}

#[tokio::test]
async fn the_same_action_on_two_nodes_at_once_succeeds_once() {
    let (_database, nodes) = cluster(3).await;
    let (id, first, second) = nodes[0]
        .two_player_game(json!({"game": "freestyle", "opening": "free"}))
        .await;
    let mut sockets = Vec::new();
    for node in &nodes {
        let mut socket = node.socket(&id, None, None).await;
        socket.next_of("snapshot").await;
        sockets.push(socket);
    }
    // Twenty moves, each sent to two nodes at once by its player.
    let points = [
        "a1", "o15", "c1", "m15", "e1", "k15", "g1", "i15", "a3", "o13", "c3", "m13", "e3", "k13",
        "g3", "i13", "a5", "o11", "c5", "m11",
    ];
    for (index, point) in points.iter().enumerate() {
        let token = if index % 2 == 0 { &first } else { &second };
        let action = format!("place {point}");
        let (one, two) = tokio::join!(
            nodes[index % 3].act(&id, token, &action),
            nodes[(index + 1) % 3].act(&id, token, &action),
        );
        let statuses = [one.0, two.0];
        assert_eq!(
            statuses.iter().filter(|&&status| status == 200).count(),
            1,
            "{point}: {one:?} {two:?}"
        );
        let refused = if one.0 == 200 { &two.1 } else { &one.1 };
        assert!(refused["code"].is_string(), "{refused}");
    }
    for socket in &mut sockets {
        let last = events_in_order(socket, 1, points.len() as u64).await;
        assert_eq!(last["stones"].as_array().unwrap().len(), points.len());
    }
    let (_, log) = nodes[2].get(&format!("/api/games/{id}/log"), None).await;
    assert_eq!(log.as_str().unwrap().lines().count(), points.len());
}

#[tokio::test]
async fn a_flag_falls_once_when_the_node_that_armed_it_is_gone() {
    let (_database, mut nodes) = cluster(2).await;
    let (id, first, second) = nodes[0]
        .two_player_game(json!({"game": "freestyle", "opening": "free", "time": "1+0"}))
        .await;
    nodes[0].must_act(&id, &first, "place h8").await;
    nodes[0].must_act(&id, &second, "place h9").await;
    // The node that armed the first player's flag stops; the other never
    // held the game.
    let armed = nodes.remove(0);
    drop(armed.stop().await);
    let survivor = &nodes[0];
    survivor.advance(Duration::from_secs(120));
    let mut state = Value::Null;
    for _ in 0..200 {
        let (_, current) = survivor.get(&format!("/api/games/{id}"), None).await;
        state = current;
        if !state["result"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(state["result"]["reason"], "timeout", "{state}");
    assert_eq!(state["result"]["winner"], "second", "{state}");
    let (_, log) = survivor.get(&format!("/api/games/{id}/log"), None).await;
    assert_eq!(log.as_str().unwrap(), "place h8\nplace h9\ntimeout first\n");
}

#[tokio::test]
async fn a_listener_killed_by_the_database_misses_no_event() {
    let (database, nodes) = cluster(2).await;
    let (id, first, second) = nodes[0]
        .two_player_game(json!({"game": "freestyle", "opening": "free"}))
        .await;
    let mut watcher = nodes[1].socket(&id, None, None).await;
    watcher.next_of("snapshot").await;
    let moves = [
        (&first, "place a1"),
        (&second, "place o15"),
        (&first, "place c1"),
        (&second, "place m15"),
        (&first, "place e1"),
        (&second, "place k15"),
    ];
    for (index, (token, action)) in moves.iter().enumerate() {
        if index == 2 || index == 4 {
            terminate_listeners(database.url()).await;
        }
        nodes[0].must_act(&id, token, action).await;
    }
    let last = events_in_order(&mut watcher, 1, moves.len() as u64).await;
    assert_eq!(last["stones"].as_array().unwrap().len(), moves.len());
    // The node says it hears the others again.
    let mut ready = Value::Null;
    for _ in 0..100 {
        ready = nodes[1].get("/readyz", None).await.1;
        if ready["listener"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(ready["listener"], true, "{ready}");
}

/// Ends every change listener's connection to the database at `url`, as an
/// administrator (or a failover) would.
async fn terminate_listeners(url: &str) {
    use sqlx::Connection;
    let mut connection = sqlx::PgConnection::connect(url).await.unwrap();
    let ended: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE application_name = $1 AND datname = current_database()",
    )
    .bind(narabe_server::LISTENER_APPLICATION_NAME)
    .fetch_all(&mut connection)
    .await
    .unwrap();
    assert!(!ended.is_empty(), "no listener to end");
}

#[tokio::test]
async fn a_computer_game_whose_node_died_is_played_on_by_another() {
    let (_database, mut nodes) = cluster(2).await;
    let created = nodes[0]
        .create(json!({"game": "freestyle", "opponent": {"computer": 1}, "seat": "first"}))
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    // Both nodes hold the game; the computer answers once per move.
    let mut watcher = nodes[1].socket(&id, None, None).await;
    watcher.next_of("snapshot").await;
    for (index, point) in ["h8", "a1", "o15"].iter().enumerate() {
        let node = &nodes[index % 2];
        node.must_act(&id, &token, &format!("place {point}")).await;
        let answered =
            events_in_order(&mut watcher, 2 * index as u64 + 1, 2 * index as u64 + 2).await;
        assert_eq!(answered["actor"], "first", "{answered}");
    }
    // The node that has searched so far goes; the survivor lets the dead
    // node's lease run out (its clock moved past it) and plays on.
    let gone = nodes.remove(0);
    drop(gone.stop().await);
    let survivor = &nodes[0];
    survivor.advance(Duration::from_secs(11));
    survivor.must_act(&id, &token, "place a15").await;
    let answered = events_in_order(&mut watcher, 7, 8).await;
    assert_eq!(answered["actor"], "first", "{answered}");
    let (_, log) = survivor.get(&format!("/api/games/{id}/log"), None).await;
    let log = log.as_str().unwrap().lines().collect::<Vec<_>>();
    assert_eq!(log.len(), 8, "{log:?}");
    for (index, line) in log.iter().enumerate() {
        assert!(line.starts_with("place "), "{log:?}");
        let human = ["place h8", "place a1", "place o15", "place a15"];
        if index % 2 == 0 {
            assert_eq!(*line, human[index / 2], "{log:?}");
        }
    }
}

#[tokio::test]
async fn a_player_connected_to_another_node_is_present_and_cannot_be_claimed_against() {
    let (_database, nodes) = cluster(2).await;
    let (id, first, second) = nodes[0]
        .game_under_way(json!({"game": "freestyle", "time": "10+0"}))
        .await;
    // The first player is on the first node, the second on the other only.
    let mut black = nodes[0].socket(&id, Some(&first), None).await;
    black.next_of("snapshot").await;
    let white = nodes[1].socket(&id, Some(&second), None).await;
    let presence = wait_for_presence(&mut black, "second", true).await;
    assert_eq!(presence["first"], true, "{presence}");
    // Long after, the first node still counts the second player as there.
    nodes[0].advance(Duration::from_secs(40));
    let (status, refused) = nodes[0].act(&id, &first, "claim win").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("opponent-not-gone")),
        "{refused}"
    );
    // Gone from the other node: the first node hears it.
    drop(white);
    wait_for_presence(&mut black, "second", false).await;
}

/// Reads presence broadcasts on `socket` until `seat`'s is `present`; the
/// presence then.
async fn wait_for_presence(socket: &mut Socket, seat: &str, present: bool) -> Value {
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let message = socket.next().await;
            let presence = match message["type"].as_str() {
                Some("presence") => message.clone(),
                Some("snapshot") => message["state"]["presence"].clone(),
                _ => continue,
            };
            if presence[seat] == present {
                return presence;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{seat} never turned {present}"))
}

#[tokio::test]
async fn a_tournament_runs_on_two_nodes_and_each_round_is_paired_once() {
    let (_database, nodes) = cluster(2).await;
    let (status, created) = nodes[0]
        .post(
            "/api/tournaments",
            None,
            json!({
                "name": "Two nodes",
                "game": "freestyle",
                "system": {"kind": "swiss", "rounds": 2},
                "rounds": {"kind": "automatic", "break_seconds": 0},
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let organiser = created["organiser_token"].as_str().unwrap().to_owned();
    // Players join through either node: both nodes' actors write the log.
    let mut tokens = std::collections::HashMap::new();
    for n in 0..6 {
        let (status, joined) = nodes[n % 2]
            .post(
                &format!("/api/tournaments/{id}/join"),
                None,
                json!({"name": format!("p{n}")}),
            )
            .await;
        assert_eq!(status, 201, "{joined}");
        tokens.insert(
            joined["player"].as_u64().unwrap(),
            joined["token"].as_str().unwrap().to_owned(),
        );
    }
    let view_on = async |node: &LiveServer| {
        let (status, state) = node.get(&format!("/api/tournaments/{id}"), None).await;
        assert_eq!(status, 200);
        state["tournament"].clone()
    };
    assert_eq!(
        view_on(&nodes[0]).await["players"]
            .as_array()
            .unwrap()
            .len(),
        6
    );
    let (status, _) = nodes[1]
        .post(
            &format!("/api/tournaments/{id}/actions"),
            Some(&organiser),
            json!({"action": "start"}),
        )
        .await;
    assert_eq!(status, 200);
    for round in 1..=2 {
        let mut view = Value::Null;
        for _ in 0..500 {
            view = view_on(&nodes[round % 2]).await;
            if view["rounds"].as_array().unwrap().len() >= round {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            view["rounds"].as_array().unwrap().len(),
            round,
            "round {round} once: {view}"
        );
        let lines = view["rounds"][round - 1]["lines"]
            .as_array()
            .unwrap()
            .clone();
        for (n, line) in lines.iter().enumerate() {
            let game = line["game"].as_str().unwrap();
            let first = &tokens[&line["first"].as_u64().unwrap()];
            nodes[n % 2].must_act(game, first, "resign").await;
        }
    }
    let mut finished = Value::Null;
    for _ in 0..500 {
        finished = view_on(&nodes[0]).await;
        if finished["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(finished["status"], "finished", "{finished}");
    assert_eq!(finished["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(
        view_on(&nodes[1]).await["version"],
        finished["version"],
        "both nodes agree"
    );
}
