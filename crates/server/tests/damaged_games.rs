//! A game whose stored record cannot be brought back (a log entry that does
//! not parse or replay, a configuration that does not read, a log with a
//! gap) answers `500 game-damaged` to every request, for good, instead of
//! `503 unavailable` ("try again"); the other games play on.

mod live;

use live::LiveServer;
use serde_json::{Value, json};
use sqlx::Connection;

/// Runs `statement` with `id` bound on the stopped server's SQLite file.
async fn damage(data: &std::path::Path, statement: &'static str, id: &str) {
    let url = format!("sqlite://{}", data.join("narabe.db").display());
    let mut connection = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("the database opens");
    let changed = sqlx::query(statement)
        .bind(id)
        .execute(&mut connection)
        .await
        .expect("the damage is done")
        .rows_affected();
    assert_eq!(changed, 1, "{statement}");
    connection.close().await.expect("the database closes");
}

fn assert_damaged(status: u16, answer: &Value) {
    assert_eq!(status, 500, "{answer}");
    assert_eq!(answer["code"], "game-damaged", "{answer}");
}

#[tokio::test]
async fn a_damaged_game_says_so_and_the_others_play_on() {
    let server = LiveServer::start().await;
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(server.game_under_way(json!({"game": "freestyle"})).await);
    }
    let stopped = server.stop().await;
    let data = stopped.data.path();
    damage(
        data,
        "UPDATE actions SET action = 'place z99' WHERE game_id = $1 AND ply = 1",
        &games[0].0,
    )
    .await;
    damage(
        data,
        "UPDATE actions SET action = 'fly away' WHERE game_id = $1 AND ply = 0",
        &games[1].0,
    )
    .await;
    damage(
        data,
        r#"UPDATE games SET config = '{"settings":' WHERE id = $1"#,
        &games[2].0,
    )
    .await;
    let server = stopped.start().await;

    for (id, first, _) in &games[..3] {
        for _ in 0..2 {
            let (status, answer) = server.get(&format!("/api/games/{id}"), None).await;
            assert_damaged(status, &answer);
            let (status, answer) = server.act(id, first, "place a1").await;
            assert_damaged(status, &answer);
            let (status, answer) = server.get(&format!("/api/games/{id}/log"), None).await;
            assert_damaged(status, &answer);
        }
    }
    let (id, first, _) = &games[3];
    server.must_act(id, first, "place a1").await;
    server.stop().await;
}

#[tokio::test]
async fn a_log_with_a_gap_is_damaged() {
    let server = LiveServer::start().await;
    let (id, _, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    let stopped = server.stop().await;
    damage(
        stopped.data.path(),
        "DELETE FROM actions WHERE game_id = $1 AND ply = 0",
        &id,
    )
    .await;
    let server = stopped.start().await;
    let (status, answer) = server.get(&format!("/api/games/{id}"), None).await;
    assert_damaged(status, &answer);
    server.stop().await;
}
