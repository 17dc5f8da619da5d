//! Bots by link over real sockets: a bot registered, challenged by a person
//! through the API and played to the end through its event and game streams
//! for every opening rule of every game; streams dropped and opened again
//! mid-game; declined, cancelled and expired challenges; bots against bots;
//! a revoked key; and the refusals of bad requests, which change nothing.

mod bot_api;
mod live;

use std::time::Duration;

use bot_api::{Ndjson, bot_acts, person_challenges, plays_everything, register};
use live::{LiveServer, client_from, openings, play_to_a_five};
use serde_json::{Value, json};

/// A server whose creation limit (registrations and challenges count as
/// creations) refills faster than these tests create: its burst of ten
/// would otherwise meet the quick refusals of one test.
async fn start() -> LiveServer {
    let data = tempfile::tempdir().expect("a temporary directory");
    LiveServer::start_in(data, |options| options.create_per_minute = 600_000.0).await
}

/// The seat token of the person who made `challenge`, once the bot accepted.
async fn person_token(server: &LiveServer, challenge: &Value) -> (String, Value) {
    let id = challenge["id"].as_str().unwrap();
    let secret = challenge["secret"].as_str().unwrap();
    let (status, seen) = server
        .get(&format!("/api/challenge/{id}"), Some(secret))
        .await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["status"], "accepted", "{seen}");
    let token = seen["token"]
        .as_str()
        .expect("the person's token")
        .to_owned();
    assert!(
        seen["play"]
            .as_str()
            .unwrap()
            .ends_with(&format!("#token={token}"))
    );
    (token, seen)
}

#[tokio::test]
async fn a_person_challenges_a_bot_and_plays_every_opening_rule_through_the_streams() {
    let server = start().await;
    let key = register(&server, "Everything", plays_everything()).await;
    let mut events = Ndjson::open(&server, "/api/bot/stream/event", &key).await;
    let (_, page) = server.get("/api/bots/everything", None).await;
    assert_eq!(page["online"], true, "an open event stream: online");
    let games = openings();
    for (index, (settings, script)) in games.iter().enumerate() {
        let mut body = settings.clone();
        body["seat"] = json!(if index % 2 == 0 { "first" } else { "second" });
        let challenge = person_challenges(&server, "everything", body).await;
        let challenge_id = challenge["id"].as_str().unwrap().to_owned();
        assert_eq!(challenge["status"], "open", "{challenge}");
        assert_eq!(challenge["challenger"], json!({"kind": "person"}));
        let told = events.next_of("challenge").await;
        assert_eq!(told["challenge"]["id"], challenge_id.as_str());
        assert!(
            told["challenge"].get("secret").is_none(),
            "the bot never sees the secret"
        );
        assert_eq!(
            told["challenge"]["settings"]["opening"],
            settings["opening"]
        );
        let (status, accepted) = server
            .post(
                &format!("/api/challenge/{challenge_id}/accept"),
                Some(&key),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{accepted}");
        let game_id = accepted["game"].as_str().unwrap().to_owned();
        let started = events.next_of("gameStart").await;
        assert_eq!(started["game"]["id"], game_id.as_str());
        let bot_seat = started["game"]["seat"].as_str().unwrap().to_owned();
        assert_eq!(accepted["bot_seat"], bot_seat.as_str());
        let (token, _) = person_token(&server, &challenge).await;
        let mut stream =
            Ndjson::open(&server, &format!("/api/bot/game/stream/{game_id}"), &key).await;
        let full = stream.next().await;
        assert_eq!(full["type"], "gameFull", "{full}");
        assert_eq!(full["seat"], bot_seat.as_str());
        assert_eq!(full["opponent"], json!({"kind": "person"}));
        assert_eq!(full["state"]["bots"][bot_seat.as_str()], "Everything");
        let start = full["state"].clone();
        let state = play_to_a_five(start, script, async |seat: &str, action: String| {
            if seat == bot_seat {
                let (status, acted) = bot_acts(&server, &key, &game_id, &action).await;
                assert_eq!(status, 200, "{settings} {action}: {acted}");
                assert_eq!(acted["ok"], true);
                let line = stream.next_of("gameState").await;
                assert_eq!(line["version"], acted["version"], "{line}");
                assert_eq!(line["by"], bot_seat.as_str());
                assert_eq!(line["action"], action.as_str());
                line["state"].clone()
            } else {
                let after = server.must_act(&game_id, &token, &action).await;
                let line = stream.next_of("gameState").await;
                assert_eq!(line["version"], after["version"], "{line}");
                assert_eq!(line["state"]["moves"], after["moves"]);
                line["state"].clone()
            }
        })
        .await;
        assert_eq!(state["result"]["reason"], "five", "{settings}: {state}");
        // The state with the result is the game stream's last line.
        stream.ends().await;
        let finished = events.next_of("gameFinish").await;
        assert_eq!(finished["game"]["id"], game_id.as_str());
        assert!(["win", "loss"].contains(&finished["game"]["outcome"].as_str().unwrap()));
        // An ordinary live game: the same page, log and record as any.
        let (status, log) = server.get(&format!("/api/games/{game_id}/log"), None).await;
        assert_eq!(status, 200);
        for action in script {
            assert!(log.as_str().unwrap().contains(action.as_str()), "{log}");
        }
        let page = server.page(&format!("/g/{game_id}"), &[]).await;
        assert_eq!(page.status, 200);
    }
    let (_, page) = server.get("/api/bots/Everything", None).await;
    let record = &page["record"];
    let played = record["wins"].as_u64().unwrap() + record["losses"].as_u64().unwrap();
    assert_eq!(played, games.len() as u64, "{page}");
    assert_eq!(record["draws"], 0);
    assert_eq!(page["playing"], json!([]));
    assert_eq!(page["recent"].as_array().unwrap().len(), 10);
}

/// A bot that plays renju without a clock only.
fn renju_bot() -> Value {
    json!({"games": [{"game": "renju", "openings": ["free"]}], "speeds": ["untimed", "rapid"]})
}

/// A renju game between a person and bot `name` (with `key`), the person
/// first: `(game id, person token)`.
async fn renju_game(server: &LiveServer, name: &str, key: &str) -> (String, String) {
    let challenge =
        person_challenges(server, name, json!({"game": "renju", "seat": "first"})).await;
    let id = challenge["id"].as_str().unwrap();
    let (status, accepted) = server
        .post(&format!("/api/challenge/{id}/accept"), Some(key), json!({}))
        .await;
    assert_eq!(status, 200, "{accepted}");
    let (token, _) = person_token(server, &challenge).await;
    (accepted["game"].as_str().unwrap().to_owned(), token)
}

#[tokio::test]
async fn streams_dropped_and_opened_again_mid_game_miss_nothing() {
    let server = start().await;
    let key = register(&server, "Renjubot", renju_bot()).await;
    let (game, token) = renju_game(&server, "renjubot", &key).await;
    let path = format!("/api/bot/game/stream/{game}");
    let mut stream = Ndjson::open(&server, &path, &key).await;
    assert_eq!(stream.next().await["type"], "gameFull");
    server.must_act(&game, &token, "place h8").await;
    assert_eq!(stream.next_of("gameState").await["action"], "place h8");
    let (status, _) = bot_acts(&server, &key, &game, "place h9").await;
    assert_eq!(status, 200);
    stream.next_of("gameState").await;
    // The bot's connection counts as its presence, like a player's page.
    let (_, state) = server.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(state["presence"]["second"], true, "{state}");
    drop(stream);
    // The person plays on while the bot is away.
    let mut person = server.socket(&game, Some(&token), None).await;
    loop {
        let message = person.next().await;
        if message["type"] == "presence" && message["second"] == false {
            break;
        }
        if message["type"] == "snapshot" && message["state"]["presence"]["second"] == false {
            break;
        }
    }
    server.must_act(&game, &token, "place i8").await;
    let mut stream = Ndjson::open(&server, &path, &key).await;
    let full = stream.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["state"]["moves"], json!(["h8", "h9", "i8"]));
    assert_eq!(full["state"]["actor"], "second");
    assert_eq!(full["state"]["version"], 3);
    // And the person sees the bot back.
    loop {
        let message = person.next().await;
        if message["type"] == "presence" && message["second"] == true {
            break;
        }
    }
    // The event stream opened again tells the game under way and the open
    // challenge once more.
    let waiting = person_challenges(&server, "Renjubot", json!({"game": "renju"})).await;
    let mut events = Ndjson::open(&server, "/api/bot/stream/event", &key).await;
    let started = events.next().await;
    assert_eq!(started["type"], "gameStart", "{started}");
    assert_eq!(started["game"]["id"], game.as_str());
    assert_eq!(started["game"]["seat"], "second");
    let open = events.next().await;
    assert_eq!(open["type"], "challenge", "{open}");
    assert_eq!(open["challenge"]["id"], waiting["id"]);
    // The opponent leaving is told on the game stream.
    drop(person);
    let gone = stream.next_of("opponentGone").await;
    assert_eq!(gone["gone"], true, "{gone}");
    assert!(gone["claimWinInSeconds"].as_u64().unwrap() <= 30);
}

#[tokio::test]
async fn challenges_are_declined_with_their_reason_cancelled_and_expired() {
    let server = start().await;
    let key = register(&server, "Picky", renju_bot()).await;
    let mut events = Ndjson::open(&server, "/api/bot/stream/event", &key).await;
    // What the bot did not register, the server declines for it.
    for (body, reason) in [
        (json!({"game": "freestyle"}), "game"),
        (json!({"game": "renju", "opening": "rif"}), "opening"),
        (json!({"game": "renju", "time": "1+0"}), "tooFast"),
        (json!({"game": "renju", "time": "30+20"}), "tooSlow"),
        (json!({"game": "renju", "time": "3d"}), "timeControl"),
    ] {
        let challenge = person_challenges(&server, "picky", body.clone()).await;
        assert_eq!(challenge["status"], "declined", "{body}: {challenge}");
        assert_eq!(challenge["decline_reason"], reason);
        assert!(!challenge["decline_text"].as_str().unwrap().is_empty());
        let id = challenge["id"].as_str().unwrap();
        let (_, seen) = server.get(&format!("/api/challenge/{id}"), None).await;
        assert_eq!(seen["status"], "declined");
    }
    // The bot declines with its own reason; the person reads it.
    let challenge = person_challenges(&server, "picky", json!({"game": "renju"})).await;
    let id = challenge["id"].as_str().unwrap();
    let told = events.next_of("challenge").await;
    assert_eq!(
        told["challenge"]["id"], id,
        "the server's declines were never told"
    );
    let (status, error) = server
        .post(
            &format!("/api/challenge/{id}/decline"),
            Some(&key),
            json!({"reason": "busy"}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (400, Some("bad-request")),
        "{error}"
    );
    let (status, declined) = server
        .post(
            &format!("/api/challenge/{id}/decline"),
            Some(&key),
            json!({"reason": "later"}),
        )
        .await;
    assert_eq!(status, 200, "{declined}");
    let secret = challenge["secret"].as_str().unwrap();
    let (_, seen) = server
        .get(&format!("/api/challenge/{id}"), Some(secret))
        .await;
    assert_eq!(seen["status"], "declined");
    assert_eq!(seen["decline_reason"], "later");
    assert_eq!(
        seen["decline_text"],
        "I'm not accepting challenges right now, please ask again later."
    );
    assert!(seen.get("token").is_none());
    assert_eq!(events.next().await["type"], "challengeDeclined");
    let (status, error) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (409, Some("challenge-closed"))
    );
    assert!(error["message"].as_str().unwrap().contains("declined"));
    // The person takes one back: the bot hears it.
    let challenge = person_challenges(&server, "picky", json!({"game": "renju"})).await;
    let id = challenge["id"].as_str().unwrap();
    events.next_of("challenge").await;
    let (status, error) = server
        .post(
            &format!("/api/challenge/{id}/cancel"),
            Some("not-the-secret"),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-your-challenge"))
    );
    let secret = challenge["secret"].as_str().unwrap();
    let (status, cancelled) = server
        .post(
            &format!("/api/challenge/{id}/cancel"),
            Some(secret),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "canceled");
    let told = events.next().await;
    assert_eq!(told["type"], "challengeCanceled", "{told}");
    assert_eq!(told["challenge"]["id"], id);
    // One nobody answers expires after a minute.
    let challenge = person_challenges(&server, "picky", json!({"game": "renju"})).await;
    let id = challenge["id"].as_str().unwrap();
    events.next_of("challenge").await;
    server.advance(Duration::from_secs(61));
    let told = events.next().await;
    assert_eq!(told["type"], "challengeCanceled", "{told}");
    assert_eq!(told["challenge"]["status"], "expired");
    let (status, error) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (409, Some("challenge-closed"))
    );
    assert!(error["message"].as_str().unwrap().contains("expired"));
    let secret = challenge["secret"].as_str().unwrap();
    let (_, seen) = server
        .get(&format!("/api/challenge/{id}"), Some(secret))
        .await;
    assert_eq!(seen["status"], "expired");
}

#[tokio::test]
async fn bots_play_bots_by_link() {
    let server = start().await;
    let alpha = register(&server, "Alpha", plays_everything()).await;
    let beta = register(&server, "Beta", plays_everything()).await;
    let mut shy_profile = plays_everything();
    shy_profile["bots"] = json!(false);
    register(&server, "Shy", shy_profile).await;
    let mut alpha_events = Ndjson::open(&server, "/api/bot/stream/event", &alpha).await;
    let mut beta_events = Ndjson::open(&server, "/api/bot/stream/event", &beta).await;
    // A bot that plays no bots says so.
    let (status, declined) = server
        .post(
            "/api/bot/shy/challenge",
            Some(&alpha),
            json!({"game": "freestyle"}),
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(declined["decline_reason"], "noBot");
    // Alpha challenges Beta: both hear it.
    let (status, challenge) = server
        .post(
            "/api/bot/beta/challenge",
            Some(&alpha),
            json!({"game": "freestyle", "seat": "first", "time": "10+5"}),
        )
        .await;
    assert_eq!(status, 201, "{challenge}");
    assert!(
        challenge.get("secret").is_none(),
        "a bot's key is its proof"
    );
    assert_eq!(
        challenge["challenger"],
        json!({"kind": "bot", "name": "Alpha"})
    );
    let id = challenge["id"].as_str().unwrap();
    assert_eq!(
        beta_events.next_of("challenge").await["challenge"]["id"],
        id
    );
    assert_eq!(
        alpha_events.next_of("challenge").await["challenge"]["id"],
        id
    );
    let (status, accepted) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&beta),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    let game = accepted["game"].as_str().unwrap().to_owned();
    let alpha_start = alpha_events.next_of("gameStart").await;
    let beta_start = beta_events.next_of("gameStart").await;
    assert_eq!(alpha_start["game"]["seat"], "first");
    assert_eq!(beta_start["game"]["seat"], "second");
    assert_eq!(
        alpha_start["game"]["opponent"],
        json!({"kind": "bot", "name": "Beta"})
    );
    let path = format!("/api/bot/game/stream/{game}");
    let mut alpha_game = Ndjson::open(&server, &path, &alpha).await;
    let mut beta_game = Ndjson::open(&server, &path, &beta).await;
    let full = alpha_game.next().await;
    assert_eq!(full["opponent"], json!({"kind": "bot", "name": "Beta"}));
    assert_eq!(
        full["state"]["bots"],
        json!({"first": "Alpha", "second": "Beta"})
    );
    beta_game.next().await;
    // Each plays its row when the state says it acts: a watchable engine match.
    let mut state = full["state"].clone();
    let mut next = [0u8; 2];
    while state["result"].is_null() {
        let actor = state["actor"].as_str().unwrap().to_owned();
        let (key, slot, row) = if actor == "first" {
            (&alpha, 0, 1)
        } else {
            (&beta, 1, 3)
        };
        let point = format!("{}{row}", (b'a' + next[slot]) as char);
        next[slot] += 1;
        let (status, acted) = bot_acts(&server, key, &game, &format!("place {point}")).await;
        assert_eq!(status, 200, "{acted}");
        let line = alpha_game.next_of("gameState").await;
        assert_eq!(
            beta_game.next_of("gameState").await["version"],
            line["version"]
        );
        state = line["state"].clone();
    }
    assert_eq!(state["result"]["winner"], "first");
    assert_eq!(
        alpha_events.next_of("gameFinish").await["game"]["outcome"],
        "win"
    );
    assert_eq!(
        beta_events.next_of("gameFinish").await["game"]["outcome"],
        "loss"
    );
    let (_, alpha_page) = server.get("/api/bots/alpha", None).await;
    assert_eq!(
        alpha_page["record"],
        json!({"wins": 1, "losses": 0, "draws": 0})
    );
    assert_eq!(alpha_page["recent"][0]["id"], game.as_str());
    let (_, beta_page) = server.get("/api/bots/beta", None).await;
    assert_eq!(
        beta_page["record"],
        json!({"wins": 0, "losses": 1, "draws": 0})
    );
    // The record names the bots.
    let (status, record) = server.get(&format!("/api/games/{game}/record"), None).await;
    assert_eq!(status, 200);
    let record = record.as_str().unwrap();
    assert!(
        record.contains("Alpha (bot)") && record.contains("Beta (bot)"),
        "{record}"
    );
}

#[tokio::test]
async fn bad_bot_requests_are_refused_and_change_nothing() {
    let server = start().await;
    let key = register(&server, "Careful", renju_bot()).await;
    let other = register(&server, "Other", renju_bot()).await;
    // Names and profiles.
    for (body, status, code) in [
        (
            json!({"name": "careful", "games": [{"game": "renju", "openings": ["free"]}], "speeds": ["rapid"]}),
            409,
            "bot-name-taken",
        ),
        (
            json!({"name": "x", "games": [{"game": "renju", "openings": ["free"]}], "speeds": ["rapid"]}),
            422,
            "bad-bot-name",
        ),
        (
            json!({"name": "stream", "games": [{"game": "renju", "openings": ["free"]}], "speeds": ["rapid"]}),
            422,
            "bad-bot-name",
        ),
        (
            json!({"name": "Nogames", "games": [], "speeds": ["rapid"]}),
            422,
            "bad-bot-profile",
        ),
        (
            json!({"name": "Chess", "games": [{"game": "chess", "openings": ["free"]}], "speeds": ["rapid"]}),
            422,
            "bad-bot-profile",
        ),
        (
            json!({"name": "Typo", "games": [{"game": "renju", "openings": ["free"]}], "speeds": ["rapid"], "colour": 1}),
            400,
            "bad-request",
        ),
        (
            json!({"games": [{"game": "renju", "openings": ["free"]}], "speeds": ["rapid"]}),
            400,
            "bad-request",
        ),
    ] {
        let (answer, error) = server.post("/api/bots", None, body.clone()).await;
        assert_eq!(
            (answer, error["code"].as_str()),
            (status, Some(code)),
            "{body}: {error}"
        );
    }
    let (status, _) = server.get("/api/bots/nogames", None).await;
    assert_eq!(status, 404, "a refused registration stores nothing");
    let page = server.page("/bot/nogames", &[]).await;
    assert_eq!(page.status, 404);
    assert!(page.text().contains("No bot has this name"));
    assert_eq!(server.page("/bot/Careful", &[]).await.status, 200);
    // Keys.
    let (status, error) = server.get("/api/bot/account", None).await;
    assert_eq!(
        (status, error["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, error) = server.get("/api/bot/account", Some("not-a-key")).await;
    assert_eq!(
        (status, error["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, account) = server.get("/api/bot/account", Some(&key)).await;
    assert_eq!(status, 200);
    assert_eq!(account["name"], "Careful");
    // Challenges that cannot be.
    let (status, error) = server
        .post("/api/bot/nobody/challenge", None, json!({"game": "renju"}))
        .await;
    assert_eq!((status, error["code"].as_str()), (404, Some("not-found")));
    let (status, error) = server
        .post(
            "/api/bot/careful/challenge",
            None,
            json!({"game": "renju", "size": 19}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (422, Some("bad-settings"))
    );
    let (status, error) = server
        .post(
            "/api/bot/careful/challenge",
            None,
            json!({"game": "renju", "seat": "middle"}),
        )
        .await;
    assert_eq!((status, error["code"].as_str()), (400, Some("bad-request")));
    let (status, error) = server
        .post(
            "/api/bot/careful/challenge",
            Some(&key),
            json!({"game": "renju"}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (422, Some("self-challenge"))
    );
    let challenge = person_challenges(&server, "careful", json!({"game": "renju"})).await;
    let id = challenge["id"].as_str().unwrap();
    let (status, error) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&other),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-your-challenge"))
    );
    let (status, error) = server
        .get(&format!("/api/challenge/{id}"), Some("a-wrong-secret"))
        .await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-your-challenge"))
    );
    let (status, error) = server.get("/api/challenge/AAAAAAAAAAAA", None).await;
    assert_eq!((status, error["code"].as_str()), (404, Some("not-found")));
    let (_, still) = server.get(&format!("/api/challenge/{id}"), None).await;
    assert_eq!(still["status"], "open", "refusals changed nothing");
    // Actions that cannot be.
    let (game, token) = renju_game(&server, "careful", &key).await;
    for (action, status, code) in [
        ("place h8", 403, "not-your-turn"),
        ("rematch offer", 403, "not-for-bots"),
        ("timeout first", 403, "server-only"),
        ("place", 400, "malformed"),
    ] {
        let (answer, error) = bot_acts(&server, &key, &game, action).await;
        assert_eq!(
            (answer, error["code"].as_str()),
            (status, Some(code)),
            "{action}: {error}"
        );
    }
    let (status, error) = bot_acts(&server, &other, &game, "resign").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-your-game"))
    );
    let (status, error) = server
        .post_raw(
            &format!("/api/bot/game/{game}/action"),
            Some(&key),
            "{\"move\":1}".to_owned(),
        )
        .await;
    assert_eq!((status, error["code"].as_str()), (400, Some("bad-request")));
    let (status, error) = server
        .post(
            &format!("/api/bot/game/{game}/draw/maybe"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!((status, error["code"].as_str()), (400, Some("bad-request")));
    let response = server
        .http
        .get(format!("{}/api/bot/game/stream/{game}", server.base))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let (_, state) = server.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(state["version"], 0, "refused actions changed nothing");
    // The named actions work.
    server.must_act(&game, &token, "place h8").await;
    let (status, _) = server
        .post(
            &format!("/api/bot/game/{game}/draw/yes"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, state) = server.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(state["draw_offer"], "second");
    let (status, _) = server
        .post(
            &format!("/api/bot/game/{game}/resign"),
            Some(&key),
            json!({}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, state) = server.get(&format!("/api/games/{game}"), None).await;
    assert_eq!(state["result"]["winner"], "first");
    assert_eq!(state["result"]["reason"], "resignation");
    // Nobody is offered a rematch with a bot: it would never be answered.
    assert_eq!(state["open"]["first"], json!([]), "{state}");
    let (status, error) = server.act(&game, &token, "rematch offer").await;
    assert_eq!(
        (status, error["code"].as_str()),
        (403, Some("not-for-bots"))
    );
}

#[tokio::test]
async fn a_revoked_key_acts_no_more_and_its_bot_loses_on_time() {
    let server = start().await;
    let key = register(&server, "Retiring", renju_bot()).await;
    let other = register(&server, "Staying", renju_bot()).await;
    let challenge = person_challenges(
        &server,
        "retiring",
        json!({"game": "renju", "seat": "first", "time": "10+5"}),
    )
    .await;
    let id = challenge["id"].as_str().unwrap();
    let (_, accepted) = server
        .post(
            &format!("/api/challenge/{id}/accept"),
            Some(&key),
            json!({}),
        )
        .await;
    let game = accepted["game"].as_str().unwrap().to_owned();
    let (token, _) = person_token(&server, &challenge).await;
    server.must_act(&game, &token, "place h8").await;
    let (status, _) = bot_acts(&server, &key, &game, "place h9").await;
    assert_eq!(status, 200);
    let mut events = Ndjson::open(&server, "/api/bot/stream/event", &key).await;
    events.next_of("gameStart").await;
    let response = server
        .http
        .delete(format!("{}/api/bots/retiring", server.base))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401, "another bot's key revokes nothing");
    let response = server
        .http
        .delete(format!("{}/api/bots/retiring", server.base))
        .bearer_auth(&key)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    // Its event stream ends; its key acts no more.
    events.ends().await;
    let (status, error) = bot_acts(&server, &key, &game, "place h10").await;
    assert_eq!((status, error["code"].as_str()), (403, Some("bot-revoked")));
    let (status, error) = server.get("/api/bot/account", Some(&key)).await;
    assert_eq!((status, error["code"].as_str()), (403, Some("bot-revoked")));
    let (status, error) = server
        .post(
            "/api/bot/retiring/challenge",
            None,
            json!({"game": "renju"}),
        )
        .await;
    assert_eq!((status, error["code"].as_str()), (403, Some("bot-revoked")));
    let (_, page) = server.get("/api/bots/retiring", None).await;
    assert_eq!(page["revoked"], true);
    // Its game runs on: its clock falls like anyone's.
    server.must_act(&game, &token, "place i8").await;
    server.advance(Duration::from_secs(11 * 60));
    let mut state = server.state(&game).await;
    for _ in 0..50 {
        if !state["result"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        state = server.state(&game).await;
    }
    assert_eq!(state["result"]["reason"], "timeout", "{state}");
    assert_eq!(state["result"]["winner"], "first");
}

#[tokio::test]
async fn a_bots_actions_count_against_its_addresss_limits() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.actions_per_second = 1.0;
    })
    .await;
    let key = register(&server, "Hasty", renju_bot()).await;
    let client = client_from("127.0.0.3");
    let mut limited = None;
    for attempt in 0..10 {
        let (status, answer) = server
            .post_from(
                &client,
                "/api/bot/game/AAAAAAAAAAAA/resign",
                Some(&key),
                json!({}),
            )
            .await;
        if status == 429 {
            assert_eq!(answer["code"], "rate-limited");
            limited = Some(attempt);
            break;
        }
        assert_eq!(status, 403, "{answer}");
    }
    let limited = limited.expect("the address's action limit applies to bots");
    assert!(limited >= 1, "the burst passes first");
}
