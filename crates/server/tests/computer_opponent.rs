//! Playing the computer on a real server: whole games in several opening rules
//! over HTTP and the WebSocket, a seat nobody can join, a restart with the
//! computer to move, takebacks and draw offers, rematches, analyses, and other
//! games staying responsive while many computers think.
//!
//! The computer plays at level 1 (the smallest budget) so that these tests stay
//! quick with the real search too.

mod live;

use std::time::Duration;

use live::LiveServer;
use narabe_engine::{Engine, EngineOptions, SearchLimits, decide};
use narabe_game::SessionAction;
use narabe_rules::{Game, GameConfig};
use serde_json::{Value, json};

/// The human's actions after which a test game is resigned, if still going.
const HUMAN_ACTIONS: usize = 16;

/// The human's side of a game: the game rebuilt from the log, and an engine to
/// pick legal actions in every phase.
struct Human {
    config: GameConfig,
    engine: Engine,
}

impl Human {
    fn new(body: &Value, seed: u64) -> Human {
        let config = GameConfig::from_words(
            body["game"].as_str().unwrap(),
            None,
            body["opening"].as_str(),
            None,
            false,
        )
        .unwrap();
        Human {
            config,
            engine: Engine::new(EngineOptions {
                seed,
                ..EngineOptions::default()
            }),
        }
    }

    /// The human's next action in the game whose log is `log`.
    fn next_action(&mut self, log: &str) -> String {
        let actions: Vec<_> = log
            .lines()
            .filter_map(|line| match line.parse::<SessionAction>() {
                Ok(SessionAction::Game(action)) => Some(action),
                _ => None,
            })
            .collect();
        let game = Game::replay(self.config, &actions).expect("the log replays");
        decide(&mut self.engine, &game, &SearchLimits::depth(1))
            .expect("the game is not over")
            .to_string()
    }
}

/// Polls the state until the human (`seat`) must act or the game is over.
async fn wait_for_turn(server: &LiveServer, id: &str, seat: &str) -> Value {
    for _ in 0..2000 {
        let state = server.state(id).await;
        if !state["result"].is_null() || state["actor"] == seat {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the computer never answered in game {id}");
}

/// A point to play behind the server's back that no stone holds in `state`
/// (the computer may have played any point).
fn free_point(state: &Value) -> &'static str {
    let taken: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv.as_str().unwrap())
        .collect();
    ["j10", "k11", "l12"]
        .into_iter()
        .find(|point| !taken.contains(point))
        .unwrap()
}

/// Creates a game against the computer at level 1: `(id, token, seat)`.
async fn computer_game(server: &LiveServer, body: &Value, seat: &str) -> (String, String) {
    let mut body = body.clone();
    body["opponent"] = json!({"computer": 1});
    body["seat"] = json!(seat);
    let created = server.create(body).await;
    assert_eq!(created["seat"], seat);
    assert!(created["invite"].is_null(), "{created}");
    let other = if seat == "first" { "second" } else { "first" };
    assert_eq!(created["computer"], json!({"seat": other, "level": 1}));
    (
        created["id"].as_str().unwrap().to_owned(),
        created["token"].as_str().unwrap().to_owned(),
    )
}

/// Plays the human's side over HTTP until the game has a result; the final
/// state.
async fn play_over_http(server: &LiveServer, body: &Value, seat: &str, seed: u64) -> Value {
    let (id, token) = computer_game(server, body, seat).await;
    let mut human = Human::new(body, seed);
    for _ in 0..HUMAN_ACTIONS {
        let state = wait_for_turn(server, &id, seat).await;
        if !state["result"].is_null() {
            return state;
        }
        let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
        let action = human.next_action(log.as_str().unwrap_or_default());
        server.must_act(&id, &token, &action).await;
    }
    let state = wait_for_turn(server, &id, seat).await;
    if state["result"].is_null() {
        server.must_act(&id, &token, "resign").await
    } else {
        state
    }
}

#[tokio::test]
async fn whole_games_against_the_computer_in_every_kind_of_opening() {
    let server = LiveServer::start().await;
    let games = [
        json!({"game": "renju", "opening": "rif"}),
        json!({"game": "renju", "opening": "yamaguchi"}),
        json!({"game": "renju", "opening": "taraguchi10"}),
        json!({"game": "renju", "opening": "soosorv8"}),
        json!({"game": "renju", "opening": "free"}),
        json!({"game": "standard", "opening": "swap1"}),
        json!({"game": "freestyle", "opening": "swap2"}),
        json!({"game": "freestyle", "opening": "long-pro"}),
        json!({"game": "caro", "opening": "swap2"}),
        json!({"game": "pente", "opening": "tournament"}),
    ];
    for (index, body) in games.iter().enumerate() {
        for seat in ["first", "second"] {
            let state = play_over_http(&server, body, seat, index as u64).await;
            assert!(!state["result"].is_null(), "{body}: {state}");
        }
    }
}

#[tokio::test]
async fn a_whole_game_against_the_computer_over_the_websocket() {
    let server = LiveServer::start().await;
    let body = json!({"game": "renju", "opening": "rif"});
    let (id, token) = computer_game(&server, &body, "second").await;
    let mut human = Human::new(&body, 9);
    let mut socket = server.socket(&id, Some(&token), None).await;
    socket.next_of("welcome").await;
    let mut state = socket.next_of("snapshot").await["state"].clone();
    let mut acted = 0;
    while state["result"].is_null() && acted < HUMAN_ACTIONS {
        if state["actor"] == "second" {
            let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
            let action = human.next_action(log.as_str().unwrap());
            let ack = socket.act(&action, &format!("m{acted}")).await;
            assert_eq!(ack["type"], "ack", "{action}: {ack}");
            acted += 1;
        }
        state = socket.next_of("event").await["state"].clone();
    }
    assert!(acted > 0);
}

#[tokio::test]
async fn nobody_can_join_the_computers_seat() {
    let server = LiveServer::start().await;
    let (id, _token) = computer_game(&server, &json!({"game": "freestyle"}), "first").await;
    let (status, answer) = server
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"invite": "AAAAAAAAAAAAAAAAAAAAAA"}),
        )
        .await;
    assert_eq!((status, answer["code"].as_str()), (403, Some("bad-invite")));
    let state = server.state(&id).await;
    assert_eq!(state["seats"], json!({"first": "taken", "second": "taken"}));
    assert_eq!(state["computer"], json!({"seat": "second", "level": 1}));
    assert_eq!(state["presence"]["second"], true);
}

#[tokio::test]
async fn bad_computer_settings_are_refused_and_create_nothing() {
    let server = LiveServer::start().await;
    for (body, status, code) in [
        (
            json!({"game": "renju", "opponent": {"computer": 9}}),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "opponent": {"computer": 0}}),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "opponent": {"robot": 3}}),
            400,
            "bad-request",
        ),
        (
            json!({"game": "renju", "organiser": true, "opponent": {"computer": 3}}),
            400,
            "bad-request",
        ),
    ] {
        let (got, answer) = server.post("/api/games", None, body.clone()).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{body}"
        );
    }
}

#[tokio::test]
async fn the_computer_answers_after_a_restart() {
    let server = LiveServer::start().await;
    let (id, token) = computer_game(&server, &json!({"game": "freestyle"}), "first").await;
    server.must_act(&id, &token, "place h8").await;
    let state = wait_for_turn(&server, &id, "first").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    // Stop the server, then add the human's move behind its back, as if it had
    // been acknowledged just before a crash: the computer is now to move.
    let stopped = server.stop().await;
    let url = stopped.options.database_url();
    let store = narabe_server::Store::open(&url).await.unwrap();
    let record = store.load(&id).await.unwrap().unwrap();
    assert!(record.computer.is_some());
    let at = record.actions.last().unwrap().at + 1;
    let free = free_point(&state);
    store
        .append(
            &id,
            record.ply,
            &[narabe_server::ActionRecord::new(
                "first",
                format!("place {free}"),
                at,
            )],
            None,
        )
        .await
        .unwrap();
    store.close().await;
    let server = stopped.start().await;
    let state = wait_for_turn(&server, &id, "first").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 4, "{state}");
}

#[tokio::test]
async fn takebacks_are_granted_and_draw_offers_declined_early() {
    let server = LiveServer::start().await;
    let body = json!({"game": "freestyle", "takebacks": true});
    let (id, token) = computer_game(&server, &body, "first").await;
    server.must_act(&id, &token, "place h8").await;
    wait_for_turn(&server, &id, "first").await;
    server.must_act(&id, &token, "takeback request").await;
    let state = wait_for_turn(&server, &id, "first").await;
    let mut state = state;
    for _ in 0..200 {
        if state["moves"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        state = server.state(&id).await;
    }
    assert!(state["moves"].as_array().unwrap().is_empty(), "{state}");
    assert!(state["takeback_request"].is_null());
    server.must_act(&id, &token, "place h8").await;
    wait_for_turn(&server, &id, "first").await;
    server.must_act(&id, &token, "draw offer").await;
    let mut state = server.state(&id).await;
    for _ in 0..200 {
        if state["draw_offer"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        state = server.state(&id).await;
    }
    assert!(state["draw_offer"].is_null(), "{state}");
    assert!(state["result"].is_null(), "an early draw offer is declined");
    let (_, log) = server.get(&format!("/api/games/{id}/log"), None).await;
    assert!(log.as_str().unwrap().contains("draw decline"), "{log}");
}

#[tokio::test]
async fn a_rematch_against_the_computer_swaps_the_colours() {
    let server = LiveServer::start().await;
    let (id, token) = computer_game(&server, &json!({"game": "freestyle"}), "first").await;
    server.must_act(&id, &token, "place h8").await;
    wait_for_turn(&server, &id, "first").await;
    server.must_act(&id, &token, "resign").await;
    server.must_act(&id, &token, "rematch offer").await;
    let mut state = server.state(&id).await;
    for _ in 0..200 {
        if !state["rematch_id"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        state = server.state(&id).await;
    }
    let rematch = state["rematch_id"].as_str().expect("a rematch").to_owned();
    // The player's page asks for its seat of the rematch (no token is
    // carried over).
    let (status, taken) = server
        .post_raw(
            &format!("/api/games/{rematch}/rematch-seat"),
            Some(&token),
            String::new(),
        )
        .await;
    assert_eq!(status, 200, "{taken}");
    let token = taken["token"].as_str().unwrap().to_owned();
    let (status, view) = server
        .get(&format!("/api/games/{rematch}"), Some(&token))
        .await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["you"], "second");
    assert_eq!(view["computer"], json!({"seat": "first", "level": 1}));
    // The computer opens the rematch by itself.
    let state = wait_for_turn(&server, &rematch, "second").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn analyses_answer_a_legal_best_move_and_respect_ongoing_games() {
    let server = LiveServer::start().await;
    // Between people: refused while the game goes on, to everyone.
    let (id, first, second) = server.game_under_way(json!({"game": "freestyle"})).await;
    let path = format!("/api/games/{id}/analysis");
    for token in [None, Some(first.as_str()), Some(second.as_str())] {
        let (status, answer) = server.post(&path, token, json!({})).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (403, Some("analysis-unavailable")),
            "{answer}"
        );
    }
    server.must_act(&id, &first, "resign").await;
    let (status, analysis) = server.post(&path, None, json!({})).await;
    assert_eq!(status, 200, "{analysis}");
    assert_eq!(analysis["ply"], 2);
    assert_eq!(analysis["to_move"], "black");
    let best = analysis["best_move"].as_str().unwrap();
    assert!(best != "h8" && best != "h9", "{analysis}");
    assert!(best.parse::<narabe_rules::Point>().is_ok(), "{analysis}");
    assert!(analysis["score"]["kind"].is_string());
    // An earlier position, and bad plies.
    let (status, analysis) = server.post(&path, None, json!({"ply": 1})).await;
    assert_eq!((status, analysis["to_move"].as_str()), (200, Some("white")));
    let (status, answer) = server.post(&path, None, json!({"ply": 3})).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("bad-ply")));
    let (status, answer) = server.post(&path, None, json!({"moves": 3})).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (400, Some("bad-request"))
    );
    let (status, _) = server
        .post("/api/games/AAAAAAAAAAAA/analysis", None, json!({}))
        .await;
    assert_eq!(status, 404);
    // A game won by a five: by default, the position before the winning move.
    let (five, first, second) = server.two_player_game(json!({"game": "freestyle"})).await;
    for (black, white) in ["a1 a3", "b1 b3", "c1 c3", "d1 d3"]
        .iter()
        .map(|pair| pair.split_once(' ').unwrap())
    {
        server
            .must_act(&five, &first, &format!("place {black}"))
            .await;
        server
            .must_act(&five, &second, &format!("place {white}"))
            .await;
    }
    server.must_act(&five, &first, "place e1").await;
    let five_path = format!("/api/games/{five}/analysis");
    let (status, analysis) = server.post(&five_path, None, json!({})).await;
    assert_eq!(
        (status, analysis["ply"].as_u64()),
        (200, Some(8)),
        "{analysis}"
    );
    let (status, answer) = server.post(&five_path, None, json!({"ply": 9})).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("game-over")));
    // Many at once from one address: each is answered (from memory once the
    // position was analysed) or turned away while its address has one running.
    let answers = futures_util::future::join_all(
        (0..12).map(|ply| server.post(&path, None, json!({"ply": ply % 3}))),
    )
    .await;
    assert!(answers.iter().any(|(status, _)| *status == 200));
    for (status, answer) in answers {
        assert!(
            status == 200
                || (status, answer["code"].as_str()) == (429, Some("analysis-in-progress")),
            "{status} {answer}"
        );
    }
}

#[tokio::test]
async fn people_keep_playing_while_many_computers_think() {
    // One address plays all the games here: the per-address cap is lifted.
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.computer.computer_games_per_address = 64;
    })
    .await;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    // Four times as many games as cores, each with the computer to answer a
    // move at level 4 (half a second each with the real search): the pool
    // queues them while the people's game goes on.
    let mut games = Vec::new();
    for _ in 0..cores * 4 {
        let mut body = json!({"game": "renju", "opening": "free", "seat": "first"});
        body["opponent"] = json!({"computer": 4});
        let created = server.create(body).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let token = created["token"].as_str().unwrap().to_owned();
        server.must_act(&id, &token, "place h8").await;
        games.push(id);
    }
    let (id, first, second) = server.two_player_game(json!({"game": "freestyle"})).await;
    server.must_act(&id, &first, "place h8").await;
    let state = server.must_act(&id, &second, "place h9").await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    let mut socket = server.socket(&id, Some(&first), None).await;
    socket.next_of("welcome").await;
    let ack = socket.act("place i9", "m1").await;
    assert_eq!(ack["type"], "ack", "{ack}");
    // Every computer gets its move in the end.
    for game in games {
        let state = wait_for_turn(&server, &game, "first").await;
        assert_eq!(state["moves"].as_array().unwrap().len(), 2, "{state}");
    }
}

#[tokio::test]
async fn a_computer_on_the_clock_moves_after_a_restart_without_visitors() {
    let server = LiveServer::start().await;
    let body = json!({"game": "freestyle", "time": "5+0"});
    let (id, token) = computer_game(&server, &body, "first").await;
    server.must_act(&id, &token, "place h8").await;
    let state = wait_for_turn(&server, &id, "first").await;
    let version = state["version"].as_u64().unwrap();
    let stopped = server.stop().await;
    let url = stopped.options.database_url();
    // The human's move, acknowledged just before the stop; the computer's clock
    // runs from then on.
    let store = narabe_server::Store::open(&url).await.unwrap();
    let record = store.load(&id).await.unwrap().unwrap();
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    store
        .append(
            &id,
            record.ply,
            &[narabe_server::ActionRecord::new(
                "first",
                format!("place {}", free_point(&state)),
                now,
            )],
            Some(now + 300_000),
        )
        .await
        .unwrap();
    store.close().await;
    let server = stopped.start().await;
    // Nobody looks at the game for a while; then the events since the human's
    // move show that the computer answered before anyone came.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let looked_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let mut socket = server.socket(&id, Some(&token), Some(version + 1)).await;
    socket.next_of("welcome").await;
    let answer = socket.next_of("event").await;
    assert_eq!(answer["seat"], "second", "{answer}");
    assert!(
        answer["at"].as_u64().unwrap() < looked_at,
        "the computer waited for a visitor: {answer}"
    );
}
