//! The store's tournaments against real databases, SQLite and PostgreSQL:
//! the log under its sequence guard, and a round's games created with its
//! entries or not at all.

mod support;

use narabe_server::{
    ActionRecord, NewGame, NewTournament, StoreError, TournamentAppend, TournamentEntryRecord,
};
use support::{TestDatabase, on_both_backends};

on_both_backends!(
    create_then_load_round_trips,
    a_round_and_its_games_land_together,
    a_stale_append_writes_neither_entries_nor_games,
    a_taken_game_id_rolls_the_entries_back_alone,
    finished_games_and_running_tournaments_are_found,
    a_tournaments_aborted_game_never_expires,
);

fn new_tournament(id: &str) -> NewTournament {
    NewTournament {
        id: id.to_owned(),
        config_json: r#"{"name":"club cup"}"#.to_owned(),
        created_at: 1_700_000_000_000,
        organiser_token_hash: [7; 32],
        wake_at: Some(1_700_000_100_000),
    }
}

fn entry(text: &str, at: i64) -> TournamentEntryRecord {
    TournamentEntryRecord {
        entry: text.to_owned(),
        at,
    }
}

fn game(id: &str) -> NewGame {
    NewGame {
        id: id.to_owned(),
        config_json: r#"{"settings":{"game":"renju"}}"#.to_owned(),
        created_at: 1_700_000_000_000,
        first_token_hash: Some([1; 32]),
        second_token_hash: Some([2; 32]),
        deadline_at: None,
        computer: None,
    }
}

fn append(id: &str, expected_seq: i64, entries: Vec<TournamentEntryRecord>) -> TournamentAppend {
    TournamentAppend {
        id: id.to_owned(),
        expected_seq,
        entries,
        games: Vec::new(),
        wake_at: None,
        finished_at: None,
    }
}

async fn create_then_load_round_trips(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t1")).await.unwrap();
    assert_eq!(
        store.create_tournament(new_tournament("t1")).await,
        Err(StoreError::DuplicateId)
    );
    let record = store.load_tournament("t1").await.unwrap().expect("stored");
    assert_eq!(record.config_json, r#"{"name":"club cup"}"#);
    assert_eq!(record.organiser_token_hash, [7; 32]);
    assert_eq!(record.wake_at, Some(1_700_000_100_000));
    assert!(record.entries.is_empty());
    assert_eq!(store.load_tournament("none").await.unwrap(), None);
}

async fn a_round_and_its_games_land_together(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t2")).await.unwrap();
    let joined = append("t2", 0, vec![entry("join a", 1), entry("join b", 2)]);
    assert_eq!(store.append_tournament(joined).await, Ok(2));
    let round = TournamentAppend {
        games: vec![game("t2-g1")],
        wake_at: Some(5_000),
        ..append("t2", 2, vec![entry("round 1", 3)])
    };
    assert_eq!(store.append_tournament(round).await, Ok(3));
    let record = store.load_tournament("t2").await.unwrap().unwrap();
    let texts: Vec<&str> = record.entries.iter().map(|e| e.entry.as_str()).collect();
    assert_eq!(texts, ["join a", "join b", "round 1"]);
    assert_eq!(record.wake_at, Some(5_000));
    let stored = store
        .load("t2-g1")
        .await
        .unwrap()
        .expect("the round's game");
    assert_eq!(stored.first_token_hash, Some([1; 32]));
    // The game plays like any other.
    let place = ActionRecord::new("first", "place h8", 4);
    assert_eq!(store.append("t2-g1", 0, &[place], None).await, Ok(1));
}

async fn a_stale_append_writes_neither_entries_nor_games(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t3")).await.unwrap();
    store
        .append_tournament(append("t3", 0, vec![entry("join a", 1)]))
        .await
        .unwrap();
    let stale = TournamentAppend {
        games: vec![game("t3-g1")],
        ..append("t3", 0, vec![entry("round 1", 2)])
    };
    assert_eq!(
        store.append_tournament(stale).await,
        Err(StoreError::Conflict {
            expected_ply: 0,
            actual_ply: 1
        })
    );
    assert_eq!(store.load("t3-g1").await.unwrap(), None);
    let record = store.load_tournament("t3").await.unwrap().unwrap();
    assert_eq!(record.entries.len(), 1);
    assert_eq!(
        store
            .append_tournament(append("none", 0, vec![entry("x", 1)]))
            .await,
        Err(StoreError::NotFound)
    );
}

async fn a_taken_game_id_rolls_the_entries_back_alone(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t4")).await.unwrap();
    store.create_game(game("taken")).await.unwrap();
    let clash = TournamentAppend {
        games: vec![game("t4-new"), game("taken")],
        ..append("t4", 0, vec![entry("round 1", 1)])
    };
    // Sent together with an unrelated write, which must still commit.
    let other = store.create_tournament(new_tournament("t4-other"));
    let (clashed, other) = tokio::join!(store.append_tournament(clash), other);
    assert!(
        matches!(clashed, Err(StoreError::Database(_))),
        "{clashed:?}"
    );
    other.unwrap();
    let record = store.load_tournament("t4").await.unwrap().unwrap();
    assert!(record.entries.is_empty(), "the entries rolled back");
    assert_eq!(
        store.load("t4-new").await.unwrap(),
        None,
        "and the first game"
    );
    assert!(
        store.health().ok,
        "a broken constraint is no storage failure"
    );
    assert_eq!(
        store
            .append_tournament(append("t4", 0, vec![entry("round 1", 1)]))
            .await,
        Ok(1)
    );
}

async fn finished_games_and_running_tournaments_are_found(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t5")).await.unwrap();
    store.create_tournament(new_tournament("t6")).await.unwrap();
    let round = TournamentAppend {
        games: vec![game("t5-a"), game("t5-b")],
        ..append("t5", 0, vec![entry("round 1", 1)])
    };
    store.append_tournament(round).await.unwrap();
    store
        .append("t5-a", 0, &[ActionRecord::new("first", "resign", 2)], None)
        .await
        .unwrap();
    store
        .finish(
            "t5-a",
            1,
            r#"{"winner":"second","reason":"resignation"}"#,
            2,
        )
        .await
        .unwrap();
    let finished = store.finished_games_of("t5").await.unwrap();
    assert_eq!(
        finished,
        [(
            "t5-a".to_owned(),
            r#"{"winner":"second","reason":"resignation"}"#.to_owned()
        )]
    );
    let ended = TournamentAppend {
        finished_at: Some(10),
        ..append("t6", 0, vec![entry("end", 10)])
    };
    store.append_tournament(ended).await.unwrap();
    let running = store.running_tournaments().await.unwrap();
    assert_eq!(running, [("t5".to_owned(), None)]);
}

async fn a_tournaments_aborted_game_never_expires(database: &TestDatabase) {
    let store = database.open().await;
    store.create_tournament(new_tournament("t7")).await.unwrap();
    let round = TournamentAppend {
        games: vec![game("t7-a")],
        ..append("t7", 0, vec![entry("round 1", 1)])
    };
    store.append_tournament(round).await.unwrap();
    store
        .append("t7-a", 0, &[ActionRecord::new("first", "abort", 2)], None)
        .await
        .unwrap();
    store
        .finish("t7-a", 1, r#"{"winner":null,"reason":"aborted"}"#, 2)
        .await
        .unwrap();
    let deleted = store.delete_expired(i64::MAX, i64::MAX, 100).await.unwrap();
    assert!(deleted.is_empty(), "{deleted:?}");
    assert!(store.load("t7-a").await.unwrap().is_some());
}
