//! Tournaments through the HTTP API of a real server on a loopback port:
//! created, joined by nickname, started by the organiser, their games played
//! through the games' own API with the players' tokens, every round paired
//! by itself, to the final standings and the exports; a player who does not
//! show up losing by forfeit; the live feed; a restart; and the refusals.

mod live;

use std::time::Duration;

use live::LiveServer;
use serde_json::{Value, json};

/// Creates a tournament; (id, organiser token).
async fn create(server: &LiveServer, body: Value) -> (String, String) {
    let (status, created) = server.post("/api/tournaments", None, body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["organiser_token"].as_str().unwrap().to_owned();
    assert!(
        created["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/t/{id}"))
    );
    assert!(
        created["organiser"]
            .as_str()
            .unwrap()
            .ends_with(&format!("#organiser={token}"))
    );
    (id, token)
}

/// Joins `name`; (player id, token).
async fn join(server: &LiveServer, id: &str, name: &str) -> (u64, String) {
    let (status, joined) = server
        .post(
            &format!("/api/tournaments/{id}/join"),
            None,
            json!({"name": name}),
        )
        .await;
    assert_eq!(status, 201, "{joined}");
    (
        joined["player"].as_u64().unwrap(),
        joined["token"].as_str().unwrap().to_owned(),
    )
}

async fn act(server: &LiveServer, id: &str, token: &str, body: Value) -> (u16, Value) {
    server
        .post(&format!("/api/tournaments/{id}/actions"), Some(token), body)
        .await
}

async fn view(server: &LiveServer, id: &str) -> Value {
    let (status, state) = server.get(&format!("/api/tournaments/{id}"), None).await;
    assert_eq!(status, 200, "{state}");
    state["tournament"].clone()
}

/// Waits until `done` holds for the tournament's view.
async fn until(server: &LiveServer, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..500 {
        let view = view(server, id).await;
        if done(&view) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{what} never happened: {}", view(server, id).await);
}

/// Plays every game of the last round: on even boards the first player
/// resigns, on odd ones the players agree a draw.
async fn play_round(server: &LiveServer, tournament: &Value, tokens: &[(u64, String)]) {
    let round = tournament["rounds"].as_array().unwrap().last().unwrap();
    let token_of = |player: &Value| {
        let id = player.as_u64().unwrap();
        tokens.iter().find(|(p, _)| *p == id).unwrap().1.clone()
    };
    for (board, line) in round["lines"].as_array().unwrap().iter().enumerate() {
        let Some(game) = line["game"].as_str() else {
            continue;
        };
        let first = token_of(&line["first"]);
        let second = token_of(&line["second"]);
        if board % 2 == 0 {
            server.must_act(game, &first, "resign").await;
        } else {
            server.must_act(game, &first, "place h8").await;
            server.must_act(game, &second, "draw offer").await;
            server.must_act(game, &first, "draw accept").await;
        }
    }
}

#[tokio::test]
async fn a_swiss_tournament_runs_through_the_api_to_its_standings_and_exports() {
    let server = LiveServer::start().await;
    let (id, organiser) = create(
        &server,
        json!({
            "name": "Club Swiss",
            "game": "freestyle",
            "system": {"kind": "swiss", "rounds": 3},
            "rounds": {"kind": "automatic", "break_seconds": 0},
        }),
    )
    .await;
    let mut tokens = Vec::new();
    for name in ["Ann", "Bo", "Cy", "Di", "Ed"] {
        tokens.push(join(&server, &id, name).await);
    }
    let before = view(&server, &id).await;
    assert_eq!(before["status"], "registration");
    assert_eq!(before["players"].as_array().unwrap().len(), 5);
    assert_eq!(
        before["system"],
        json!({"kind": "swiss", "rounds": 3, "cycles": null, "minutes": null})
    );

    // A player's token makes its holder a player, the organiser's the organiser.
    let (_, mine) = server
        .get(&format!("/api/tournaments/{id}"), Some(&tokens[1].1))
        .await;
    assert_eq!(mine["you"], json!({"role": "player", "player": 2}));
    let (_, theirs) = server
        .get(&format!("/api/tournaments/{id}"), Some(&organiser))
        .await;
    assert_eq!(theirs["you"]["role"], "organiser");

    let (status, started) = act(&server, &id, &organiser, json!({"action": "start"})).await;
    assert_eq!(status, 200, "{started}");
    for round in 1..=3 {
        let tournament = until(&server, &id, "the round's pairing", |view| {
            view["rounds"].as_array().unwrap().len() == round
        })
        .await;
        let lines = tournament["rounds"][round - 1]["lines"]
            .as_array()
            .unwrap()
            .clone();
        let games = lines.iter().filter(|line| line["game"].is_string()).count();
        assert_eq!(games, 2, "round {round}: {lines:?}");
        assert!(lines.iter().any(|line| line["bye"] == "pairing_allocated"));
        // Each game is an ordinary game whose seats the players' tokens hold.
        let game = lines[0]["game"].as_str().unwrap();
        let first = tokens
            .iter()
            .find(|(p, _)| json!(*p) == lines[0]["first"])
            .unwrap();
        let (status, state) = server
            .get(&format!("/api/games/{game}"), Some(&first.1))
            .await;
        assert_eq!(status, 200);
        assert_eq!(state["you"], "first");
        assert_eq!(state["tournament"], json!(id));
        play_round(&server, &tournament, &tokens).await;
    }
    let finished = until(&server, &id, "the end", |view| view["status"] == "finished").await;
    assert_eq!(finished["end_reason"], "completed");
    let standings = finished["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 5);
    // Three rounds of two games and a bye: 3 × (2 + 1) points in all.
    let total: f64 = standings
        .iter()
        .map(|row| row["points"].as_str().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(total, 9.0, "{standings:?}");
    assert_eq!(
        finished["tiebreak_names"],
        json!(["MBH", "BH", "DE", "WIN"])
    );

    let trf = server
        .page(&format!("/api/tournaments/{id}/export?format=trf"), &[])
        .await;
    assert_eq!(trf.status, 200);
    let text = trf.text();
    assert!(text.starts_with("012 Club Swiss\n"), "{text}");
    assert!(text.contains("XXR 3\n"));
    assert_eq!(
        text.lines().filter(|line| line.starts_with("001 ")).count(),
        5
    );
    let csv = server
        .page(&format!("/api/tournaments/{id}/export?format=csv"), &[])
        .await;
    assert!(
        csv.text()
            .starts_with("rank,name,rating,points,MBH,BH,DE,WIN,wins,draws,losses\r\n")
    );
    let sgf = server
        .page(&format!("/api/tournaments/{id}/export?format=sgf"), &[])
        .await;
    assert_eq!(sgf.text().matches("(;").count(), 6, "{}", sgf.text());
    let (status, _) = server
        .get(&format!("/api/tournaments/{id}/export?format=xls"), None)
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_player_who_does_not_show_up_loses_by_forfeit() {
    let server = LiveServer::start().await;
    let (id, organiser) = create(
        &server,
        json!({
            "name": "Blitz",
            "game": "freestyle",
            "time": "3+2",
            "system": {"kind": "swiss", "rounds": 2},
            "forfeit_after_seconds": 60,
        }),
    )
    .await;
    let ann = join(&server, &id, "Ann").await;
    let bo = join(&server, &id, "Bo").await;
    act(&server, &id, &organiser, json!({"action": "start"})).await;
    let tournament = until(&server, &id, "round 1", |view| {
        !view["rounds"].as_array().unwrap().is_empty()
    })
    .await;
    let line = &tournament["rounds"][0]["lines"][0];
    let game = line["game"].as_str().unwrap().to_owned();
    let first = if line["first"] == json!(ann.0) {
        &ann
    } else {
        &bo
    };
    // Nobody moves; a minute later the first player has lost by forfeit.
    server.advance(Duration::from_secs(61));
    let after = until(&server, &id, "the forfeit", |view| {
        !view["rounds"][0]["lines"][0]["result"].is_null()
    })
    .await;
    assert_eq!(
        after["rounds"][0]["lines"][0]["result"],
        "second_wins_by_forfeit"
    );
    let (_, state) = server
        .get(&format!("/api/games/{game}"), Some(&first.1))
        .await;
    assert_eq!(state["result"]["reason"], "aborted");
    // A forfeit is no game over the board.
    let winner = after["standings"][0].clone();
    assert_eq!(winner["points"], "1.0");
    assert_eq!(winner["wins"], 0);
}

#[tokio::test]
async fn the_live_feed_sends_the_view_at_once_and_on_every_change() {
    let server = LiveServer::start().await;
    let (id, _) = create(
        &server,
        json!({"name": "Feed", "game": "renju", "opening": "rif", "system": {"kind": "round_robin", "cycles": 1}}),
    )
    .await;
    let url = format!("ws://{}/api/tournaments/{id}/ws", server.addr());
    let (mut socket, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("the socket");
    use futures_util::StreamExt;
    let mut next = async || loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("readable");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return serde_json::from_str::<Value>(&text).unwrap();
        }
    };
    let first = next().await;
    assert_eq!(first["type"], "tournament");
    assert_eq!(first["view"]["version"], 0);
    join(&server, &id, "Ann").await;
    let second = next().await;
    assert_eq!(second["view"]["version"], 1);
    assert_eq!(second["view"]["players"][0]["name"], "Ann");
}

#[tokio::test]
async fn a_tournament_and_its_round_survive_a_restart() {
    let server = LiveServer::start().await;
    let (id, organiser) = create(
        &server,
        json!({"name": "Restart", "game": "freestyle", "system": {"kind": "round_robin", "cycles": 1}}),
    )
    .await;
    let mut tokens = Vec::new();
    for name in ["Ann", "Bo", "Cy", "Di"] {
        tokens.push(join(&server, &id, name).await);
    }
    act(&server, &id, &organiser, json!({"action": "start"})).await;
    let before = until(&server, &id, "round 1", |view| {
        !view["rounds"].as_array().unwrap().is_empty()
    })
    .await;
    let server = server.stop().await.start().await;
    let after = view(&server, &id).await;
    assert_eq!(after["rounds"], before["rounds"]);
    assert_eq!(after["version"], before["version"]);
    play_round(&server, &after, &tokens).await;
    let counted = until(&server, &id, "the results", |view| {
        view["rounds"][0]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|line| !line["result"].is_null())
    })
    .await;
    assert_eq!(
        counted["rounds"].as_array().unwrap().len(),
        1,
        "the minute's break"
    );
    server.advance(Duration::from_secs(61));
    until(&server, &id, "round 2 after the restart", |view| {
        view["rounds"].as_array().unwrap().len() == 2
    })
    .await;
}

#[tokio::test]
async fn bad_requests_are_refused_and_change_nothing() {
    let server = LiveServer::start().await;
    let (status, error) = server
        .post(
            "/api/tournaments",
            None,
            json!({"name": "x", "game": "freestyle", "system": {"kind": "swiss", "rounds": 0}}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (422, Some("bad-settings"))
    );
    let (status, error) = server
        .post("/api/tournaments", None, json!({"name": "x", "game": "freestyle", "system": {"kind": "swiss", "rounds": 3}, "colour": "w"}))
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (400, Some("bad-request")),
        "{error}"
    );
    let (status, _) = server
        .post(
            "/api/tournaments",
            None,
            json!({"name": "", "game": "freestyle", "system": {"kind": "arena", "minutes": 30}}),
        )
        .await;
    assert_eq!(status, 422);

    let (id, organiser) = create(
        &server,
        json!({"name": "Strict", "game": "freestyle", "system": {"kind": "arena", "minutes": 30}, "max_players": 3}),
    )
    .await;
    let (_, ann) = join(&server, &id, "Ann").await;
    let path = format!("/api/tournaments/{id}/join");
    let (status, error) = server.post(&path, None, json!({"name": "ANN"})).await;
    assert_eq!((status, error["code"].as_str()), (409, Some("name-taken")));
    let (status, error) = server.post(&path, None, json!({"name": " "})).await;
    assert_eq!((status, error["code"].as_str()), (422, Some("bad-name")));
    let (status, _) = server
        .post(&path, None, json!({"name": "Bo", "seat": 1}))
        .await;
    assert_eq!(status, 400);
    let version = view(&server, &id).await["version"].clone();

    let actions = format!("/api/tournaments/{id}/actions");
    let (status, error) = server
        .post(&actions, None, json!({"action": "start"}))
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, error) = server
        .post(
            &actions,
            Some("not-a-token-of-ours"),
            json!({"action": "start"}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (401, Some("not-a-player"))
    );
    let (status, error) = server
        .post(&actions, Some(&ann), json!({"action": "start"}))
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-organiser"))
    );
    let (status, error) = server
        .post(&actions, Some(&organiser), json!({"action": "start"}))
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (409, Some("too-few-players"))
    );
    let (status, _) = server
        .post(&actions, Some(&organiser), json!({"action": "launch"}))
        .await;
    assert_eq!(status, 400);
    let (status, _) = server
        .post(&actions, Some(&organiser), json!({"action": "remove"}))
        .await;
    assert_eq!(status, 400);
    let (status, error) = server
        .post(
            &actions,
            Some(&organiser),
            json!({"action": "announce", "text": "x".repeat(501)}),
        )
        .await;
    assert_eq!((status, error["code"].as_str()), (422, Some("bad-text")));
    assert_eq!(
        view(&server, &id).await["version"],
        version,
        "nothing changed"
    );

    let (status, _) = server.get("/api/tournaments/nope", None).await;
    assert_eq!(status, 404);
    let (status, _) = server
        .get("/api/tournaments/AAAAAAAAAAAAAAAAAAAAAA", None)
        .await;
    assert_eq!(status, 404);

    // The organiser's word: an announcement, a removal and a readmission.
    let (status, state) = act(
        &server,
        &id,
        &organiser,
        json!({"action": "announce", "text": "Welcome!"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(state["tournament"]["announcements"][0]["text"], "Welcome!");
    let (_, state) = act(
        &server,
        &id,
        &organiser,
        json!({"action": "remove", "player": 1}),
    )
    .await;
    assert_eq!(state["tournament"]["players"][0]["state"], "withdrawn");
    assert_eq!(state["tournament"]["players"][0]["removed"], true);
    let (_, state) = act(
        &server,
        &id,
        &organiser,
        json!({"action": "readmit", "player": 1}),
    )
    .await;
    assert_eq!(state["tournament"]["players"][0]["state"], "active");
}
