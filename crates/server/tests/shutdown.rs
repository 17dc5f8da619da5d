//! Stopping the server drains the live games before the store closes: a game
//! that is writing when the stop begins finishes what it holds (the move and
//! the result it decides), and all of it is on disk once `stop()` returns.

mod live;

use std::str::FromStr;
use std::time::Duration;

use live::LiveServer;
use narabe_server::Store;
use serde_json::json;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};

#[tokio::test]
async fn a_game_writing_when_the_stop_begins_is_stored_whole_before_the_store_closes() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "freestyle", "opening": "free"}))
        .await;
    // Black builds a four on row 1, White plays on row 3.
    for column in ['a', 'b', 'c', 'd'] {
        server
            .must_act(&id, &first, &format!("place {column}1"))
            .await;
        server
            .must_act(&id, &second, &format!("place {column}3"))
            .await;
    }
    let mut socket = server.socket(&id, Some(&first), None).await;
    socket.next_of("welcome").await;
    // Another connection holds SQLite's write lock, so the winning move's
    // write waits inside the store while the stop begins.
    let url = server.options.database_url();
    let mut lock = SqliteConnectOptions::from_str(&url)
        .unwrap()
        .connect()
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut lock)
        .await
        .unwrap();
    socket
        .send(json!({"type": "action", "action": "place e1", "ref": "five"}))
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stopping = tokio::spawn(server.stop());
    // Long enough for the server to have stopped serving and to be closing.
    tokio::time::sleep(Duration::from_millis(500)).await;
    sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
    lock.close().await.unwrap();
    let stopped = stopping.await.unwrap();

    let store = Store::open(&stopped.options.database_url()).await.unwrap();
    let record = store.load(&id).await.unwrap().expect("the game is stored");
    assert_eq!(
        record.actions.last().map(|action| action.action.as_str()),
        Some("place e1"),
        "the move held when the stop began is committed"
    );
    assert!(
        record.finished_at.is_some(),
        "the result the move decided is stored before the store closes"
    );
    assert!(
        record
            .result_json
            .as_deref()
            .is_some_and(|result| result.contains("\"first\"")),
        "{:?}",
        record.result_json
    );
    store.close().await;
}
