//! Whole games through the HTTP API of a real server on a loopback port: every
//! opening rule of every game from creation by link to its result, with the two
//! seats' tokens; then the API's answers to wrong tokens, spectators, malformed
//! and oversized bodies, unknown games, rate limits (also behind a trusted proxy),
//! organiser mode and rematch.

mod live;

use live::{LiveServer, invite_code, openings, play_to_a_five};
use serde_json::{Value, json};

#[tokio::test]
async fn every_opening_rule_plays_from_link_to_result() {
    let server = LiveServer::start().await;
    for (settings, script) in openings() {
        let (id, first, second) = server.two_player_game(settings.clone()).await;
        let tokens = [first, second];
        let start = server.state(&id).await;
        let state = play_to_a_five(start, &script, async |seat: &str, action: String| {
            let token = if seat == "first" {
                &tokens[0]
            } else {
                &tokens[1]
            };
            server.must_act(&id, token, &action).await
        })
        .await;
        let result = &state["result"];
        assert_eq!(result["reason"], "five", "{settings}: {state}");
        assert!(result["winner"].is_string(), "{settings}");
        assert_eq!(state["config"]["opening"], settings["opening"]);
        // The log holds every action, in the game-log text form.
        let (status, log) = server.get(&format!("/api/games/{id}/log"), None).await;
        assert_eq!(status, 200);
        let log = log.as_str().unwrap().to_owned();
        assert_eq!(
            log.lines().count() as u64,
            state["version"].as_u64().unwrap(),
            "{settings}"
        );
        for action in &script {
            assert!(
                log.contains(action.as_str()),
                "{settings}: {action} missing from\n{log}"
            );
        }
    }
}

#[tokio::test]
async fn state_shows_seats_clocks_and_the_callers_seat() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "renju", "opening": "rif", "time": "5+3"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert!(
        created["watch"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/g/{id}"))
    );
    assert!(created["play"].as_str().unwrap().contains(token));
    assert!(token.len() >= 22, "at least 128 bits");
    let state = server.state(id).await;
    assert_eq!(state["seats"], json!({"first": "taken", "second": "open"}));
    assert_eq!(state["clock"]["first_ms"], 300_000);
    assert_eq!(state["you"], Value::Null);
    let (status, mine) = server.get(&format!("/api/games/{id}"), Some(token)).await;
    assert_eq!(status, 200);
    assert_eq!(mine["you"], "first");
    assert_eq!(mine["phase"], "place");
    assert_eq!(
        mine["zone"],
        json!({"kind": "exactly", "center": "h8", "distance": null})
    );
}

#[tokio::test]
async fn wrong_tokens_and_out_of_turn_actions_change_nothing() {
    let server = LiveServer::start().await;
    let (id, first, second) = server.two_player_game(json!({"game": "freestyle"})).await;
    let (other, other_first, _) = server.two_player_game(json!({"game": "freestyle"})).await;
    let before = server.state(&id).await;
    let checks = [
        (Some("not-a-token"), "place h8", 401, "unauthorized"),
        (Some(other_first.as_str()), "place h8", 401, "unauthorized"),
        (None, "place h8", 401, "unauthorized"),
        (Some(second.as_str()), "place h8", 403, "not-your-turn"),
        (Some(first.as_str()), "place z99", 400, "malformed"),
        (Some(first.as_str()), "pass", 409, "pass-not-allowed"),
        (Some(first.as_str()), "swap", 409, "wrong-phase"),
    ];
    for (token, action, status, code) in checks {
        let (got, body) = match token {
            Some(token) => server.act(&id, token, action).await,
            None => {
                server
                    .post(
                        &format!("/api/games/{id}/actions"),
                        None,
                        json!({"action": action}),
                    )
                    .await
            }
        };
        assert_eq!(
            (got, body["code"].as_str()),
            (status, Some(code)),
            "{action}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    assert_eq!(server.state(&id).await["version"], before["version"]);
    server.must_act(&id, &first, "place h8").await;
    let (status, body) = server.act(&id, &first, "place h9").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("not-your-turn"))
    );
    let (status, body) = server.act(&id, &second, "place h8").await;
    assert_eq!((status, body["code"].as_str()), (409, Some("occupied")));
    assert_eq!(server.state(&other).await["version"], 0);
}

#[tokio::test]
async fn malformed_oversized_and_unknown_requests_get_clear_errors() {
    let server = LiveServer::start().await;
    let (id, first, _) = server.two_player_game(json!({"game": "standard"})).await;
    let path = format!("/api/games/{id}/actions");
    let cases = [
        ("{\"action\":", 400, "bad-request"),
        ("[]", 400, "bad-request"),
        ("{\"action\":\"place h8\",\"extra\":1}", 400, "bad-request"),
        ("{\"act\":\"place h8\"}", 400, "bad-request"),
        ("\u{0}\u{1}", 400, "bad-request"),
    ];
    for (body, status, code) in cases {
        let (got, answer) = server.post_raw(&path, Some(&first), body.to_owned()).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{body:?}: {answer}"
        );
    }
    let huge = format!("{{\"action\":\"{}\"}}", "x".repeat(100_000));
    let (status, answer) = server.post_raw(&path, Some(&first), huge).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (413, Some("too-large")),
        "{answer}"
    );
    assert_eq!(server.state(&id).await["version"], 0);
    let creations = [
        (json!({"game": "chess"}), 422, "bad-settings"),
        (json!({"game": "renju", "size": 19}), 422, "bad-settings"),
        (
            json!({"game": "renju", "opening": "swap2"}),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "time": "1000+0"}),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "seat": "middle"}),
            400,
            "bad-request",
        ),
        (
            json!({"game": "renju", "colour": "red"}),
            400,
            "bad-request",
        ),
        (
            json!({"game": "renju", "organiser": true, "seat": "first"}),
            400,
            "bad-request",
        ),
    ];
    for (body, status, code) in creations {
        let (got, answer) = server.post("/api/games", None, body.clone()).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{body}: {answer}"
        );
    }
    for missing in [
        "/api/games/AAAAAAAAAAAA",
        "/api/games/nonsense",
        "/api/games/AAAAAAAAAAAA/log",
    ] {
        let (status, answer) = server.get(missing, None).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (404, Some("not-found")),
            "{missing}"
        );
    }
}

#[tokio::test]
async fn a_second_visitor_through_the_invite_is_told_to_watch() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "caro", "seat": "second"}))
        .await;
    assert_eq!(created["seat"], "second");
    let id = created["id"].as_str().unwrap();
    let invite = invite_code(created["invite"].as_str().unwrap());
    let path = format!("/api/games/{id}/join");
    let (status, joined) = server.post(&path, None, json!({"invite": invite})).await;
    assert_eq!((status, joined["seat"].as_str()), (200, Some("first")));
    let (status, again) = server.post(&path, None, json!({"invite": invite})).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("seat-taken")));
    assert!(
        again["message"].as_str().unwrap().contains("watch"),
        "{again}"
    );
    let (status, bad) = server.post(&path, None, json!({"invite": "guess"})).await;
    assert_eq!((status, bad["code"].as_str()), (403, Some("bad-invite")));
}

#[tokio::test]
async fn an_invite_is_looked_at_without_taking_the_seat() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "renju"})).await;
    let id = created["id"].as_str().unwrap();
    let invite = invite_code(created["invite"].as_str().unwrap());
    let look = format!("/api/games/{id}/invitation?code={invite}");
    for _ in 0..3 {
        let (status, seen) = server.get(&look, None).await;
        assert_eq!(status, 200, "{seen}");
        assert_eq!(seen, json!({"seat": "second", "open": true}));
    }
    assert_eq!(server.state(id).await["seats"]["second"], "open");
    let (status, joined) = server.join(id, &invite).await;
    assert_eq!(status, 200, "{joined}");
    let (_, seen) = server.get(&look, None).await;
    assert_eq!(seen, json!({"seat": "second", "open": false}));
    let (status, bad) = server
        .get(&format!("/api/games/{id}/invitation?code=guess"), None)
        .await;
    assert_eq!((status, &bad["code"]), (403, &json!("bad-invite")));
    let (status, _) = server
        .get(&format!("/api/games/{id}/invitation"), None)
        .await;
    assert_eq!(status, 400, "the code is required");
}

#[tokio::test]
async fn the_creator_gets_the_invite_link_again_with_the_seat_token() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "freestyle", "seat": "second"}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/invite");
    let (status, again) = server.get(&path, Some(token)).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again, json!({"invite": created["invite"], "open": true}));
    let (status, nobody) = server.get(&path, None).await;
    assert_eq!((status, &nobody["code"]), (401, &json!("unauthorized")));
    let (status, stranger) = server.get(&path, Some("not-a-token")).await;
    assert_eq!((status, &stranger["code"]), (401, &json!("unauthorized")));
    // The friend's token has no invite to hand out.
    let invite = invite_code(created["invite"].as_str().unwrap());
    let (_, joined) = server.join(id, &invite).await;
    let friend = joined["token"].as_str().unwrap();
    let (status, none) = server.get(&path, Some(friend)).await;
    assert_eq!((status, &none["code"]), (404, &json!("no-invite")));
    let (_, after) = server.get(&path, Some(token)).await;
    assert_eq!(after["open"], false);
    // A game against the computer has no invite at all.
    let computer = server
        .create(json!({"game": "freestyle", "opponent": {"computer": 1}}))
        .await;
    let (status, none) = server
        .get(
            &format!("/api/games/{}/invite", computer["id"].as_str().unwrap()),
            computer["token"].as_str(),
        )
        .await;
    assert_eq!((status, &none["code"]), (404, &json!("no-invite")));
}

#[tokio::test]
async fn organiser_mode_hands_out_both_seats() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "renju", "organiser": true}))
        .await;
    assert!(created.get("token").is_none());
    let id = created["id"].as_str().unwrap();
    let mut tokens = Vec::new();
    for seat in ["first", "second"] {
        let invite = invite_code(created["invites"][seat].as_str().unwrap());
        let (status, joined) = server.join(id, &invite).await;
        assert_eq!((status, joined["seat"].as_str()), (200, Some(seat)));
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    server.must_act(id, &tokens[0], "place h8").await;
    server.must_act(id, &tokens[1], "place h9").await;
}

#[tokio::test]
async fn game_creation_is_rate_limited_per_address() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.create_per_minute = 3.0).await;
    for _ in 0..3 {
        server.create(json!({"game": "freestyle"})).await;
    }
    let (status, answer) = server
        .post("/api/games", None, json!({"game": "freestyle"}))
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (429, Some("rate-limited")),
        "{answer}"
    );
}

/// Creates a game as the client `forwarded_for` claims to be (through a proxy
/// on 127.0.0.1) and answers the status.
async fn create_as(server: &LiveServer, forwarded_for: &str) -> u16 {
    server
        .http
        .post(format!("{}/api/games", server.base))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"game": "freestyle"}))
        .send()
        .await
        .expect("the server answers")
        .status()
        .as_u16()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.create_per_minute = 2.0;
        options.trusted_proxies = "127.0.0.1".parse().unwrap();
    })
    .await;
    for client in ["203.0.113.1", "203.0.113.2"] {
        assert_eq!(create_as(&server, client).await, 201);
        assert_eq!(create_as(&server, client).await, 201);
        assert_eq!(
            create_as(&server, client).await,
            429,
            "{client} is over its limit"
        );
    }
    // A client cannot escape its limit by putting another address first: the
    // proxy appends the address it saw, and only that one is believed.
    assert_eq!(create_as(&server, "198.51.100.7, 203.0.113.1").await, 429);
}

#[tokio::test]
async fn without_trusted_proxies_forwarded_addresses_are_ignored() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.create_per_minute = 2.0).await;
    assert_eq!(create_as(&server, "203.0.113.1").await, 201);
    assert_eq!(create_as(&server, "203.0.113.2").await, 201);
    // Both came from 127.0.0.1, whatever the header says.
    assert_eq!(create_as(&server, "203.0.113.3").await, 429);
}

#[tokio::test]
async fn racing_clients_of_one_seat_get_exactly_one_move() {
    let server = LiveServer::start().await;
    for round in 0..20 {
        let (id, first, _) = server.two_player_game(json!({"game": "freestyle"})).await;
        // Two devices of the same player send the same move at once (and, every
        // other round, two different moves).
        let other = if round % 2 == 0 {
            "place h8"
        } else {
            "place i9"
        };
        let (a, b) = tokio::join!(
            server.act(&id, &first, "place h8"),
            server.act(&id, &first, other)
        );
        let statuses = [a.0, b.0];
        assert_eq!(
            statuses.iter().filter(|&&status| status == 200).count(),
            1,
            "{a:?} / {b:?}"
        );
        let loser = if a.0 == 200 { &b.1 } else { &a.1 };
        assert_eq!(loser["code"], "not-your-turn", "{loser}");
        let state = server.state(&id).await;
        assert_eq!(state["version"], 1);
        assert_eq!(state["actor"], "second");
    }
}

#[tokio::test]
async fn draw_takeback_and_abort_go_through_the_action_endpoint() {
    let server = LiveServer::start().await;
    let settings = json!({"game": "standard", "takebacks": true, "time": "5+0"});
    // Abort before both have moved.
    let (id, first, second) = server.two_player_game(settings.clone()).await;
    server.must_act(&id, &first, "place h8").await;
    let state = server.must_act(&id, &second, "abort").await;
    assert_eq!(state["result"]["reason"], "aborted");
    // A takeback by agreement, then a draw by agreement.
    let (id, first, second) = server.two_player_game(settings).await;
    for (token, action) in [
        (&first, "place h8"),
        (&second, "place h9"),
        (&first, "place i8"),
    ] {
        server.must_act(&id, token, action).await;
    }
    let (status, late) = server.act(&id, &first, "abort").await;
    assert_eq!(
        (status, late["code"].as_str()),
        (409, Some("abort-too-late"))
    );
    let state = server.must_act(&id, &first, "takeback request").await;
    assert_eq!(state["takeback_request"], "first");
    assert!(
        state["open"]["second"]
            .as_array()
            .unwrap()
            .contains(&json!("takeback accept"))
    );
    let state = server.must_act(&id, &second, "takeback accept").await;
    assert_eq!(state["moves"], json!(["h8", "h9"]));
    assert_eq!(state["actor"], "first");
    server.must_act(&id, &first, "draw offer").await;
    let state = server.must_act(&id, &second, "draw accept").await;
    assert_eq!(state["result"]["reason"], "agreement");
    assert_eq!(state["result"]["winner"], Value::Null);
}

#[tokio::test]
async fn the_catalogue_lists_the_games_of_the_rules_crate() {
    // It creates a game of every entry: more than the default burst allows.
    let server = LiveServer::start_in(tempfile::tempdir().unwrap(), |options| {
        options.create_per_minute = 600_000.0;
    })
    .await;
    let (status, catalog) = server.get("/api/catalog", None).await;
    assert_eq!(status, 200, "{catalog}");
    assert_eq!(
        catalog,
        serde_json::to_value(narabe_rules::Catalog::platform()).unwrap()
    );
    let games: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["renju", "freestyle", "standard", "caro", "pente"]);
    let renju = &catalog["games"][0];
    assert_eq!(renju["openings"][0]["opening"], "free");
    assert_eq!(renju["openings"][2]["declare_max"], 10);
    assert_eq!(renju["openings"][1]["rules_page"], "renju-rif");
    // Every game and opening it lists can be created as it is listed.
    for game in catalog["games"].as_array().unwrap() {
        for opening in game["openings"].as_array().unwrap() {
            for size in game["sizes"].as_array().unwrap() {
                server
                    .create(
                        json!({"game": game["game"], "opening": opening["opening"], "size": size}),
                    )
                    .await;
            }
        }
    }
}
