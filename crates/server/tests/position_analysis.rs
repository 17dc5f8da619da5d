//! `POST /api/analysis`: any position analysed by its rules and moves, over a
//! real server, sharing the cache with the games' analyses.

mod live;

use live::LiveServer;
use serde_json::json;

#[tokio::test]
async fn any_position_is_analysed_and_bad_ones_refused() {
    let server = LiveServer::start().await;
    let (status, analysis) = server
        .post(
            "/api/analysis",
            None,
            json!({"game": "renju", "moves": ["h8", "h9", "i8"]}),
        )
        .await;
    assert_eq!(status, 200, "{analysis}");
    assert_eq!(analysis["ply"], 3);
    assert_eq!(analysis["to_move"], "white");
    let best = analysis["best_move"].as_str().unwrap();
    assert!(!["h8", "h9", "i8"].contains(&best), "{analysis}");
    for (body, status, code) in [
        (
            json!({"game": "renju", "moves": ["h8", "h8"]}),
            409,
            "occupied",
        ),
        (
            json!({"game": "renju", "moves": ["h8", "q3"]}),
            422,
            "off-board",
        ),
        (
            json!({"game": "renju", "moves": ["h8", "nowhere"]}),
            400,
            "bad-request",
        ),
        (json!({"game": "go", "moves": []}), 422, "bad-settings"),
        (
            json!({"game": "renju", "size": 19, "moves": []}),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "moves": [], "colour": "black"}),
            400,
            "bad-request",
        ),
        (
            json!({"game": "freestyle", "moves": ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"]}),
            422,
            "game-over",
        ),
    ] {
        let (answer_status, answer) = server.post("/api/analysis", None, body.clone()).await;
        assert_eq!(
            (answer_status, answer["code"].as_str()),
            (status, Some(code)),
            "{body}: {answer}"
        );
    }
}

#[tokio::test]
async fn a_games_position_and_the_same_moves_share_one_analysis() {
    let server = LiveServer::start().await;
    let (id, first, second) = server.two_player_game(json!({"game": "freestyle"})).await;
    server.must_act(&id, &first, "place h8").await;
    server.must_act(&id, &second, "place j9").await;
    server.must_act(&id, &first, "resign").await;
    let (status, of_game) = server
        .post(&format!("/api/games/{id}/analysis"), None, json!({}))
        .await;
    assert_eq!(status, 200, "{of_game}");
    let (status, of_moves) = server
        .post(
            "/api/analysis",
            None,
            json!({"game": "freestyle", "moves": ["h8", "j9"]}),
        )
        .await;
    assert_eq!(status, 200, "{of_moves}");
    assert_eq!(of_moves, of_game, "remembered once for both");
}
