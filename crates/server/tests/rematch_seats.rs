//! A rematch swaps the seats, but no seat token is carried into it: each
//! player's page asks for its seat of the rematch with the token it holds in
//! the game before, and gets a token of the rematch's own (the same on every
//! device that asks). A token that held no seat, or a game that is no
//! rematch, gets nothing.

mod live;

use live::LiveServer;
use serde_json::{Value, json};

/// `POST /api/games/{id}/rematch-seat` with `token`.
async fn take_rematch_seat(server: &LiveServer, id: &str, token: Option<&str>) -> (u16, Value) {
    server
        .post_raw(
            &format!("/api/games/{id}/rematch-seat"),
            token,
            String::new(),
        )
        .await
}

/// A finished game of two players and its agreed rematch: `(id, first token,
/// second token, rematch id)`.
async fn game_and_rematch(server: &LiveServer) -> (String, String, String, String) {
    let (id, first, second) = server
        .two_player_game(json!({"game": "renju", "opening": "free"}))
        .await;
    server.must_act(&id, &first, "place h8").await;
    server.must_act(&id, &second, "resign").await;
    server.must_act(&id, &second, "rematch offer").await;
    let state = server.must_act(&id, &first, "rematch accept").await;
    let rematch = state["rematch_id"]
        .as_str()
        .expect("a rematch id")
        .to_owned();
    assert_ne!(rematch, id);
    (id, first, second, rematch)
}

#[tokio::test]
async fn tokens_are_not_carried_into_a_rematch_unless_the_page_asks() {
    let server = LiveServer::start().await;
    let (id, first, second, rematch) = game_and_rematch(&server).await;
    // Nobody holds a seat of the rematch by the old tokens.
    for token in [&first, &second] {
        let (status, state) = server
            .get(&format!("/api/games/{rematch}"), Some(token))
            .await;
        assert_eq!(
            (status, state["code"].as_str()),
            (401, Some("unauthorized")),
            "{state}"
        );
        let (status, refused) = server.act(&rematch, token, "place h8").await;
        assert_eq!(
            (status, refused["code"].as_str()),
            (401, Some("unauthorized"))
        );
    }
    // The second player's page asks: the first seat (colours swap), with a
    // token of the rematch's own.
    let (status, taken) = take_rematch_seat(&server, &rematch, Some(&second)).await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["seat"], "first");
    let new_second = taken["token"].as_str().unwrap().to_owned();
    assert_ne!(new_second, second);
    assert!(taken["play"].as_str().unwrap().contains(&rematch));
    // Asking again (another device) gives the same token.
    let (status, again) = take_rematch_seat(&server, &rematch, Some(&second)).await;
    assert_eq!(
        (status, again["token"].as_str()),
        (200, Some(new_second.as_str()))
    );
    // The old token still does not act in the rematch; the new one does, and
    // does not act in the game before.
    let (status, _) = server.act(&rematch, &second, "place h8").await;
    assert_eq!(status, 401);
    server.must_act(&rematch, &new_second, "place h8").await;
    let (status, _) = server.act(&id, &new_second, "rematch offer").await;
    assert_eq!(status, 401);
    // The first player has not asked: the second seat is still open.
    let (_, state) = server.get(&format!("/api/games/{rematch}"), None).await;
    assert_eq!(state["version"], 1);
    let (status, taken) = take_rematch_seat(&server, &rematch, Some(&first)).await;
    assert_eq!((status, taken["seat"].as_str()), (200, Some("second")));
    let new_first = taken["token"].as_str().unwrap();
    server.must_act(&rematch, new_first, "place h9").await;
}

#[tokio::test]
async fn a_rematch_seat_needs_a_token_of_the_game_before() {
    let server = LiveServer::start().await;
    let (id, _, _, rematch) = game_and_rematch(&server).await;
    let (status, answer) = take_rematch_seat(&server, &rematch, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, answer) =
        take_rematch_seat(&server, &rematch, Some("AAAAAAAAAAAAAAAAAAAAAA")).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (401, Some("unauthorized"))
    );
    // A token of another game, and a game that is no rematch.
    let (other, other_first, _) = server.two_player_game(json!({"game": "renju"})).await;
    let (status, _) = take_rematch_seat(&server, &rematch, Some(&other_first)).await;
    assert_eq!(status, 401);
    let (status, _) = take_rematch_seat(&server, &other, Some(&other_first)).await;
    assert_eq!(status, 401);
    let (status, _) = take_rematch_seat(&server, &id, Some(&other_first)).await;
    assert_eq!(status, 401);
    let (_, state) = server.get(&format!("/api/games/{rematch}"), None).await;
    assert_eq!(state["version"], 0, "nothing changed");
}

#[tokio::test]
async fn against_the_computer_the_player_takes_the_other_colour() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "freestyle", "seat": "second", "opponent": {"computer": 1}}))
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    // Wait for the computer's first move, then resign and ask for a rematch,
    // which the computer accepts.
    let mut state = server.state(&id).await;
    for _ in 0..600 {
        if state["version"].as_u64().unwrap() >= 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        state = server.state(&id).await;
    }
    server.must_act(&id, &token, "resign").await;
    server.must_act(&id, &token, "rematch offer").await;
    let mut rematch = Value::Null;
    for _ in 0..600 {
        rematch = server.state(&id).await["rematch_id"].clone();
        if rematch.is_string() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let rematch = rematch.as_str().expect("the computer accepts").to_owned();
    let (status, taken) = take_rematch_seat(&server, &rematch, Some(&token)).await;
    assert_eq!(
        (status, taken["seat"].as_str()),
        (200, Some("first")),
        "{taken}"
    );
    server
        .must_act(&rematch, taken["token"].as_str().unwrap(), "place h8")
        .await;
}
