//! One address cannot spoil the engine for everyone (issue 12, findings 2 and
//! 4), on a real server over real sockets, with clients on several loopback
//! addresses: a cap on the computer games an address plays, fair turns in the
//! engine pool, the queue's wait given back to the computer's clock, takebacks
//! granted up to a limit, and analyses one at a time per address, queued
//! briefly rather than refused, and remembered per position.
//!
//! Nothing here asserts a duration: the checks are about order (whose computer
//! answered first) and about what the server recorded.

mod live;

use std::time::Duration;

use live::{LiveServer, client_from};
use serde_json::{Value, json};

/// Creates a game against the computer at `level` through `client`, the
/// creator on the first seat; `(id, token)`.
async fn computer_game(
    server: &LiveServer,
    client: &reqwest::Client,
    level: u8,
    time: Option<&str>,
) -> (u16, Value) {
    let mut body = json!({"game": "freestyle", "seat": "first", "opponent": {"computer": level}});
    if let Some(time) = time {
        body["time"] = json!(time);
    }
    server.post_from(client, "/api/games", None, body).await
}

fn id_and_token(created: &Value) -> (String, String) {
    (
        created["id"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
    )
}

async fn act_from(
    server: &LiveServer,
    client: &reqwest::Client,
    id: &str,
    token: &str,
    action: &str,
) -> Value {
    let (status, state) = server
        .post_from(
            client,
            &format!("/api/games/{id}/actions"),
            Some(token),
            json!({"action": action}),
        )
        .await;
    assert_eq!(status, 200, "{action}: {state}");
    state
}

fn moves(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

/// Polls until game `id` has `count` board moves.
async fn wait_for_moves(server: &LiveServer, id: &str, count: usize) -> Value {
    for _ in 0..4_000 {
        let state = server.state(id).await;
        if moves(&state) >= count {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("game {id} never reached {count} moves");
}

#[tokio::test]
async fn an_address_plays_a_bounded_number_of_computer_games() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.computer_games_per_address = 2;
    })
    .await;
    let crowd = client_from("127.0.0.2");
    let mut games = Vec::new();
    for _ in 0..2 {
        let (status, created) = computer_game(&server, &crowd, 1, None).await;
        assert_eq!(status, 201, "{created}");
        games.push(id_and_token(&created));
    }
    let (status, refused) = computer_game(&server, &crowd, 1, None).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (429, Some("too-many-computer-games")),
        "{refused}"
    );
    // Other addresses, and games between people, are not affected.
    let (status, _) = computer_game(&server, &client_from("127.0.0.3"), 1, None).await;
    assert_eq!(status, 201);
    let (status, _) = server
        .post_from(&crowd, "/api/games", None, json!({"game": "freestyle"}))
        .await;
    assert_eq!(status, 201);
    // A game over gives its place back.
    let (id, token) = &games[0];
    act_from(&server, &crowd, id, token, "resign").await;
    let (status, created) = computer_game(&server, &crowd, 1, None).await;
    assert_eq!(status, 201, "{created}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_address_cannot_keep_another_addresses_computer_waiting() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.engine_threads = Some(2);
    })
    .await;
    // Four games at the top level (three seconds a move), each with the
    // computer to answer: more jobs than the pool has places.
    let crowd = client_from("127.0.0.2");
    let mut crowded = Vec::new();
    for _ in 0..4 {
        let (status, created) = computer_game(&server, &crowd, 8, None).await;
        assert_eq!(status, 201, "{created}");
        let (id, token) = id_and_token(&created);
        act_from(&server, &crowd, &id, &token, "place h8").await;
        crowded.push(id);
    }
    // Another address's computer at the lowest level answers before any of
    // them: the crowd holds one place at most, and turns go round addresses.
    let visitor = client_from("127.0.0.3");
    let (status, created) = computer_game(&server, &visitor, 1, None).await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = id_and_token(&created);
    act_from(&server, &visitor, &id, &token, "place h8").await;
    wait_for_moves(&server, &id, 2).await;
    for game in &crowded {
        let state = server.state(game).await;
        assert_eq!(
            moves(&state),
            1,
            "the visitor's computer waited for the crowd's: {state}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wait_for_the_engine_is_given_back_to_the_computers_clock() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.engine_threads = Some(1);
    })
    .await;
    let visitor = client_from("127.0.0.3");
    let (status, created) = computer_game(&server, &visitor, 1, Some("5+0")).await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = id_and_token(&created);
    act_from(&server, &visitor, &id, &token, "place h8").await;
    wait_for_moves(&server, &id, 2).await;
    // The clocks run now. Another address takes the one place for three
    // seconds; the visitor's next move makes its computer queue behind it.
    let crowd = client_from("127.0.0.2");
    let (status, created) = computer_game(&server, &crowd, 8, None).await;
    assert_eq!(status, 201, "{created}");
    let (busy, busy_token) = id_and_token(&created);
    act_from(&server, &crowd, &busy, &busy_token, "place h8").await;
    act_from(&server, &visitor, &id, &token, "place a1").await;
    let state = wait_for_moves(&server, &id, 4).await;
    assert!(state["result"].is_null(), "{state}");
    let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    let log = log.as_str().unwrap().to_owned();
    let lines: Vec<&str> = log.lines().collect();
    let credit = lines
        .iter()
        .position(|line| line.contains("credit second"))
        .unwrap_or_else(|| panic!("no time credit in the log:\n{log}"));
    let millis: u64 = lines[credit]
        .rsplit(' ')
        .next()
        .and_then(|word| word.parse().ok())
        .unwrap_or_else(|| panic!("a credit of milliseconds: {}", lines[credit]));
    assert!(millis >= 100, "{log}");
    // The computer (second) moves right after its credit: the fourth stone.
    assert_eq!(credit, 3, "{log}");
    assert!(
        lines
            .get(credit + 1)
            .is_some_and(|line| line.starts_with("place")),
        "the computer's move follows its credit:\n{log}"
    );
}

#[tokio::test]
async fn the_computer_declines_takebacks_beyond_its_limit() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.computer_takebacks = 2;
    })
    .await;
    let client = client_from("127.0.0.1");
    let (status, created) = server
        .post_from(
            &client,
            "/api/games",
            None,
            json!({"game": "freestyle", "seat": "first", "opponent": {"computer": 1}, "takebacks": true}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = id_and_token(&created);
    let mut expected = 2;
    for round in 0..3 {
        act_from(
            &server,
            &client,
            &id,
            &token,
            &format!("place {}", ["a1", "a3", "a5"][round]),
        )
        .await;
        wait_for_moves(&server, &id, expected).await;
        act_from(&server, &client, &id, &token, "takeback request").await;
        let answer = if round < 2 {
            "takeback accept"
        } else {
            "takeback decline"
        };
        for _ in 0..2_000 {
            let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
            if log
                .as_str()
                .unwrap()
                .lines()
                .last()
                .is_some_and(|line| line.ends_with(answer))
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
        let log = log.as_str().unwrap().to_owned();
        assert!(
            log.lines().last().unwrap().ends_with(answer),
            "round {round}:\n{log}"
        );
        if round == 2 {
            expected += 2;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_run_one_per_address_queue_briefly_and_are_remembered() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.engine_threads = Some(2);
    })
    .await;
    let (id, first, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    server.must_act(&id, &first, "resign").await;
    let path = format!("/api/games/{id}/analysis");
    let crowd = client_from("127.0.0.2");
    let visitor = client_from("127.0.0.3");
    // The crowd's analysis holds the analyses' one place; its second at once
    // is refused; the visitor's waits for the place and is answered.
    let crowd_first = server.post_from(&crowd, &path, None, json!({"ply": 1}));
    let crowd_second = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        server
            .post_from(&crowd, &path, None, json!({"ply": 0}))
            .await
    };
    let visitor_one = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        server
            .post_from(&visitor, &path, None, json!({"ply": 0}))
            .await
    };
    let ((status, analysis), (refused_status, refused), (visitor_status, visitor_answer)) =
        tokio::join!(crowd_first, crowd_second, visitor_one);
    assert_eq!(status, 200, "{analysis}");
    assert_eq!(
        (refused_status, refused["code"].as_str()),
        (429, Some("analysis-in-progress")),
        "{refused}"
    );
    assert_eq!(visitor_status, 200, "{visitor_answer}");
    // The same position again, from anyone: the same analysis, from memory.
    let (status, again) = server
        .post_from(&visitor, &path, None, json!({"ply": 1}))
        .await;
    assert_eq!(status, 200, "{again}");
    for field in ["best_move", "nodes", "depth", "elapsed_ms", "line"] {
        assert_eq!(
            again[field], analysis[field],
            "{field}: {again} vs {analysis}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_flag_does_not_fall_while_it_waits_for_the_engine() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.engine_threads = Some(1);
    })
    .await;
    let crowd = client_from("127.0.0.2");
    let (status, created) = computer_game(&server, &crowd, 8, None).await;
    assert_eq!(status, 201, "{created}");
    let (busy, busy_token) = id_and_token(&created);
    let visitor = client_from("127.0.0.3");
    let (status, created) = computer_game(&server, &visitor, 1, Some("1+0")).await;
    assert_eq!(status, 201, "{created}");
    let (id, token) = id_and_token(&created);
    act_from(&server, &visitor, &id, &token, "place h8").await;
    wait_for_moves(&server, &id, 2).await;
    // The crowd's computer takes the one place; the visitor's queues behind
    // it, and while it waits the server's clock jumps past its flag.
    act_from(&server, &crowd, &busy, &busy_token, "place h8").await;
    act_from(&server, &visitor, &id, &token, "place a1").await;
    server.advance(Duration::from_secs(120));
    let state = wait_for_moves(&server, &id, 4).await;
    let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    let log = log.as_str().unwrap().to_owned();
    assert!(
        !log.contains("timeout second"),
        "the computer lost on time:\n{log}"
    );
    assert!(state["result"].is_null(), "{state}\n{log}");
    // The minute and more it would have lost came back while it waited.
    let credited: u64 = log
        .lines()
        .filter_map(|line| line.strip_prefix("credit second "))
        .map(|millis| millis.parse::<u64>().unwrap())
        .sum();
    assert!(credited >= 60_000, "{log}");
}
