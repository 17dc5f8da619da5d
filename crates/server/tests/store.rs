//! The store against real databases: every case runs on SQLite (a file in a
//! temporary directory) and on PostgreSQL (a fresh database on a real server),
//! with the same body.

mod support;

use std::collections::HashSet;

use narabe_rules::Player;
use narabe_server::{ActionRecord, NewGame, Store, StoreError, TokenHash};
use support::{TestDatabase, on_both_backends};

on_both_backends!(
    create_then_load_round_trips,
    duplicate_id_is_refused,
    claim_seat_takes_only_an_open_seat,
    racing_claims_have_exactly_one_winner,
    append_at_the_expected_ply_extends_the_log,
    stale_append_conflicts_and_writes_nothing,
    racing_appends_have_exactly_one_winner,
    refused_and_failed_requests_do_not_disturb_their_group,
    concurrent_appends_to_many_games_all_land_in_order,
    finish_records_the_result_once,
    unfinished_with_deadline_lists_pending_timers,
    set_rematch_links_once,
    reopening_sees_everything_acknowledged,
    closed_store_refuses_writes,
    expired_games_go_with_their_logs,
    the_probe_writes_and_the_store_stays_healthy,
    a_computer_turn_is_held_by_one_node_until_its_lease_runs_out,
);

fn new_game(id: &str) -> NewGame {
    NewGame {
        id: id.to_owned(),
        config_json: r#"{"game":"renju","opening":"yamaguchi"}"#.to_owned(),
        created_at: 1_700_000_000_000,
        first_token_hash: None,
        second_token_hash: None,
        deadline_at: None,
        computer: None,
    }
}

/// A distinct token hash per `n`.
fn hash(n: u8) -> TokenHash {
    [n; 32]
}

/// The action of ply `ply` in the logs these tests write.
fn nth_action(ply: i64) -> ActionRecord {
    let seat = if ply % 2 == 0 { "first" } else { "second" };
    ActionRecord::new(seat, format!("place a{}", ply + 1), 1_700_000_000_000 + ply)
}

async fn create_then_load_round_trips(database: &TestDatabase) {
    let store = database.open().await;
    let game = NewGame {
        first_token_hash: Some(hash(1)),
        deadline_at: Some(1_700_000_060_000),
        computer: None,
        ..new_game("Ab-_09xyz")
    };
    store.create_game(game.clone()).await.unwrap();

    let record = store.load("Ab-_09xyz").await.unwrap().expect("the game");
    assert_eq!(record.id, game.id);
    assert_eq!(record.config_json, game.config_json);
    assert_eq!(record.created_at, game.created_at);
    assert_eq!(record.first_token_hash, Some(hash(1)));
    assert_eq!(record.second_token_hash, None);
    assert_eq!(record.token_hash(Player::First), Some(&hash(1)));
    assert_eq!(record.ply, 0);
    assert_eq!(record.finished_at, None);
    assert_eq!(record.result_json, None);
    assert_eq!(record.deadline_at, Some(1_700_000_060_000));
    assert_eq!(record.rematch_id, None);
    assert!(record.actions.is_empty());

    assert_eq!(store.load("no-such-game").await.unwrap(), None);
    assert_eq!(store.count_games().await.unwrap(), 1);
}

async fn duplicate_id_is_refused(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("twice")).await.unwrap();
    let second = NewGame {
        config_json: "{}".to_owned(),
        ..new_game("twice")
    };
    assert!(matches!(
        store.create_game(second).await,
        Err(StoreError::DuplicateId)
    ));
    let record = store.load("twice").await.unwrap().unwrap();
    assert_eq!(record.config_json, new_game("twice").config_json);
    assert_eq!(store.count_games().await.unwrap(), 1);
}

async fn claim_seat_takes_only_an_open_seat(database: &TestDatabase) {
    let store = database.open().await;
    let game = NewGame {
        first_token_hash: Some(hash(1)),
        ..new_game("seats")
    };
    store.create_game(game).await.unwrap();

    assert!(
        !store
            .claim_seat("seats", Player::First, hash(9))
            .await
            .unwrap()
    );
    assert!(
        store
            .claim_seat("seats", Player::Second, hash(2))
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_seat("seats", Player::Second, hash(3))
            .await
            .unwrap()
    );

    let record = store.load("seats").await.unwrap().unwrap();
    assert_eq!(record.first_token_hash, Some(hash(1)));
    assert_eq!(record.second_token_hash, Some(hash(2)));
    assert!(matches!(
        store
            .claim_seat("no-such-game", Player::First, hash(1))
            .await,
        Err(StoreError::NotFound)
    ));
}

async fn racing_claims_have_exactly_one_winner(database: &TestDatabase) {
    let store = database.open().await;
    for round in 0..20u8 {
        let id = format!("race-{round}");
        store.create_game(new_game(&id)).await.unwrap();
        let claims: Vec<_> = [hash(100 + round), hash(200 - round)]
            .into_iter()
            .map(|token_hash| {
                let store = store.clone();
                let id = id.clone();
                tokio::spawn(async move {
                    let won = store.claim_seat(&id, Player::Second, token_hash).await;
                    (token_hash, won.unwrap())
                })
            })
            .collect();
        let mut winners = Vec::new();
        for claim in claims {
            let (token_hash, won) = claim.await.unwrap();
            if won {
                winners.push(token_hash);
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: exactly one claim wins");
        let record = store.load(&id).await.unwrap().unwrap();
        assert_eq!(record.second_token_hash, Some(winners[0]));
    }
}

async fn append_at_the_expected_ply_extends_the_log(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("log")).await.unwrap();

    let opening = [nth_action(0), nth_action(1)];
    assert_eq!(store.append("log", 0, &opening, Some(5_000)).await, Ok(2));
    assert_eq!(
        store.append("log", 2, &[nth_action(2)], Some(9_000)).await,
        Ok(3)
    );
    let record = store.load("log").await.unwrap().unwrap();
    assert_eq!(record.ply, 3);
    assert_eq!(
        record.actions,
        [nth_action(0), nth_action(1), nth_action(2)]
    );
    assert_eq!(record.deadline_at, Some(9_000));

    // An empty append moves only the deadline, still under the ply guard.
    assert_eq!(store.append("log", 3, &[], None).await, Ok(3));
    let record = store.load("log").await.unwrap().unwrap();
    assert_eq!((record.ply, record.deadline_at), (3, None));

    let by_server = ActionRecord::new("server", "flag fall", 1_700_000_999_000);
    assert_eq!(
        store
            .append("log", 3, std::slice::from_ref(&by_server), None)
            .await,
        Ok(4)
    );
    let record = store.load("log").await.unwrap().unwrap();
    assert_eq!(record.actions.last(), Some(&by_server));
}

async fn stale_append_conflicts_and_writes_nothing(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("stale")).await.unwrap();
    store
        .append("stale", 0, &[nth_action(0)], Some(1))
        .await
        .unwrap();

    let stale = ActionRecord::new("second", "place o15", 42);
    for expected_ply in [0, 5, -1] {
        assert_eq!(
            store
                .append("stale", expected_ply, std::slice::from_ref(&stale), Some(2))
                .await,
            Err(StoreError::Conflict {
                expected_ply,
                actual_ply: 1
            })
        );
    }
    let record = store.load("stale").await.unwrap().unwrap();
    assert_eq!(record.actions, [nth_action(0)]);
    assert_eq!(record.deadline_at, Some(1));
    assert!(matches!(
        store.append("no-such-game", 0, &[stale], None).await,
        Err(StoreError::NotFound)
    ));
}

async fn racing_appends_have_exactly_one_winner(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("duel")).await.unwrap();
    for ply in 0..20i64 {
        let contenders: Vec<_> = ["first", "second"]
            .into_iter()
            .map(|seat| {
                let store = store.clone();
                let action = ActionRecord::new(seat, format!("place {seat}{ply}"), ply);
                tokio::spawn(async move {
                    let outcome = store
                        .append("duel", ply, std::slice::from_ref(&action), None)
                        .await;
                    (action, outcome)
                })
            })
            .collect();
        let mut winner = None;
        for contender in contenders {
            match contender.await.unwrap() {
                (action, Ok(new_ply)) => {
                    assert_eq!(new_ply, ply + 1);
                    assert!(winner.replace(action).is_none(), "two winners at ply {ply}");
                }
                (_, Err(error)) => assert_eq!(
                    error,
                    StoreError::Conflict {
                        expected_ply: ply,
                        actual_ply: ply + 1
                    }
                ),
            }
        }
        let winner = winner.unwrap_or_else(|| panic!("no winner at ply {ply}"));
        let record = store.load("duel").await.unwrap().unwrap();
        assert_eq!(record.ply, ply + 1);
        assert_eq!(record.actions.last(), Some(&winner));
    }
}

/// Sent together, the requests below share commit groups; the refused and the
/// failing ones must roll back alone.
async fn refused_and_failed_requests_do_not_disturb_their_group(database: &TestDatabase) {
    let store = database.open().await;
    const GAMES: i64 = 40;
    for game in 0..GAMES {
        let id = format!("group-{game}");
        store.create_game(new_game(&id)).await.unwrap();
        store.append(&id, 0, &[nth_action(0)], None).await.unwrap();
    }
    let mut requests = tokio::task::JoinSet::new();
    for game in 0..GAMES {
        let id = format!("group-{game}");
        let valid = (store.clone(), id.clone());
        requests.spawn(async move {
            let outcome = valid.0.append(&valid.1, 1, &[nth_action(1)], None).await;
            ("valid", outcome)
        });
        let stale = (store.clone(), id.clone());
        requests.spawn(async move {
            let outcome = stale.0.append(&stale.1, 0, &[nth_action(0)], None).await;
            ("stale", outcome)
        });
        // The seat column accepts only first, second and server: the database
        // refuses this row after the ply was already advanced in the savepoint.
        let invalid = (store.clone(), id.clone());
        requests.spawn(async move {
            let bad = ActionRecord::new("nobody", "place h8", 0);
            let outcome = invalid.0.append(&invalid.1, 2, &[bad], None).await;
            ("invalid", outcome)
        });
        let duplicate = store.clone();
        requests.spawn(async move {
            let outcome = duplicate.create_game(new_game(&id)).await.map(|()| 0);
            ("duplicate", outcome)
        });
    }
    while let Some(joined) = requests.join_next().await {
        match joined.unwrap() {
            ("valid", outcome) => assert_eq!(outcome, Ok(2)),
            ("stale", outcome) => assert!(
                matches!(
                    outcome,
                    Err(StoreError::Conflict {
                        expected_ply: 0,
                        ..
                    })
                ),
                "{outcome:?}"
            ),
            // Before the valid append it conflicts, after it the row fails.
            ("invalid", outcome) => assert!(
                matches!(
                    outcome,
                    Err(StoreError::Database(_) | StoreError::Conflict { .. })
                ),
                "{outcome:?}"
            ),
            ("duplicate", outcome) => assert_eq!(outcome, Err(StoreError::DuplicateId)),
            (kind, _) => unreachable!("no request of kind {kind}"),
        }
    }
    for game in 0..GAMES {
        let record = store.load(&format!("group-{game}")).await.unwrap().unwrap();
        assert_eq!(record.actions, [nth_action(0), nth_action(1)]);
    }
    assert_eq!(store.count_games().await.unwrap(), GAMES);
}

async fn concurrent_appends_to_many_games_all_land_in_order(database: &TestDatabase) {
    let store = database.open().await;
    const GAMES: usize = 200;
    const PLIES: i64 = 15;
    let mut players = tokio::task::JoinSet::new();
    for game in 0..GAMES {
        let store = store.clone();
        players.spawn(async move {
            let id = format!("crowd-{game}");
            store.create_game(new_game(&id)).await.unwrap();
            for ply in 0..PLIES {
                let new_ply = store.append(&id, ply, &[nth_action(ply)], Some(ply)).await;
                assert_eq!(new_ply, Ok(ply + 1), "{id}");
            }
        });
    }
    while let Some(joined) = players.join_next().await {
        joined.unwrap();
    }
    let expected: Vec<_> = (0..PLIES).map(nth_action).collect();
    for game in 0..GAMES {
        let record = store.load(&format!("crowd-{game}")).await.unwrap().unwrap();
        assert_eq!(record.ply, PLIES);
        assert_eq!(record.actions, expected);
        assert_eq!(record.deadline_at, Some(PLIES - 1));
    }
    assert_eq!(store.count_games().await.unwrap(), GAMES as i64);
}

async fn finish_records_the_result_once(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("over")).await.unwrap();
    store
        .append("over", 0, &[nth_action(0)], Some(77))
        .await
        .unwrap();

    let result = r#"{"winner":"first","reason":"resignation"}"#;
    assert_eq!(
        store.finish("over", 0, result, 1_000).await,
        Err(StoreError::Conflict {
            expected_ply: 0,
            actual_ply: 1
        })
    );
    assert_eq!(store.finish("over", 1, result, 1_000).await, Ok(()));
    let record = store.load("over").await.unwrap().unwrap();
    assert!(record.is_finished());
    assert_eq!(record.finished_at, Some(1_000));
    assert_eq!(record.result_json.as_deref(), Some(result));
    assert_eq!(record.deadline_at, None);

    assert_eq!(
        store.finish("over", 1, "{}", 2_000).await,
        Err(StoreError::AlreadyFinished)
    );
    assert_eq!(
        store.finish("no-such-game", 0, "{}", 2_000).await,
        Err(StoreError::NotFound)
    );
    // The log stays open to what follows a result (a rematch offer, say).
    assert_eq!(store.append("over", 1, &[nth_action(1)], None).await, Ok(2));
}

async fn unfinished_with_deadline_lists_pending_timers(database: &TestDatabase) {
    let store = database.open().await;
    for (id, deadline_at) in [("late", Some(300)), ("none", None), ("soon", Some(100))] {
        let game = NewGame {
            deadline_at,
            computer: None,
            ..new_game(id)
        };
        store.create_game(game).await.unwrap();
    }
    store.create_game(new_game("done")).await.unwrap();
    store
        .append("done", 0, &[nth_action(0)], Some(200))
        .await
        .unwrap();
    store
        .append("none", 0, &[nth_action(0)], Some(250))
        .await
        .unwrap();
    assert_eq!(
        store.unfinished_with_deadline().await.unwrap(),
        [
            ("soon".to_owned(), 100),
            ("done".to_owned(), 200),
            ("none".to_owned(), 250),
            ("late".to_owned(), 300)
        ]
    );
    store.finish("done", 1, "{}", 150).await.unwrap();
    store
        .append("none", 1, &[nth_action(1)], None)
        .await
        .unwrap();
    assert_eq!(
        store.unfinished_with_deadline().await.unwrap(),
        [("soon".to_owned(), 100), ("late".to_owned(), 300)]
    );
}

async fn set_rematch_links_once(database: &TestDatabase) {
    let store = database.open().await;
    for id in ["original", "rematch-a", "rematch-b"] {
        store.create_game(new_game(id)).await.unwrap();
    }
    assert_eq!(store.set_rematch("original", "rematch-a").await, Ok(true));
    assert_eq!(store.set_rematch("original", "rematch-b").await, Ok(false));
    let record = store.load("original").await.unwrap().unwrap();
    assert_eq!(record.rematch_id.as_deref(), Some("rematch-a"));
    assert_eq!(
        store.set_rematch("no-such-game", "rematch-a").await,
        Err(StoreError::NotFound)
    );
    // The rematch must be a stored game.
    assert!(matches!(
        store.set_rematch("rematch-a", "no-such-game").await,
        Err(StoreError::Database(_))
    ));
    // A broken constraint is the request's fault: the storage is fine.
    assert!(store.health().ok);
}

async fn reopening_sees_everything_acknowledged(database: &TestDatabase) {
    let write_some = |store: Store, prefix: &'static str| async move {
        for game in 0..10 {
            let id = format!("{prefix}-{game}");
            let created = NewGame {
                first_token_hash: Some(hash(game)),
                ..new_game(&id)
            };
            store.create_game(created).await.unwrap();
            let plies = i64::from(game);
            for ply in 0..plies {
                store
                    .append(&id, ply, &[nth_action(ply)], Some(ply))
                    .await
                    .unwrap();
            }
        }
        store
            .finish(&format!("{prefix}-3"), 3, "{}", 9)
            .await
            .unwrap();
    };
    let check = |store: Store, prefix: &'static str| async move {
        for game in 0..10u8 {
            let record = store
                .load(&format!("{prefix}-{game}"))
                .await
                .unwrap()
                .unwrap();
            let plies = i64::from(game);
            assert_eq!(record.first_token_hash, Some(hash(game)));
            assert_eq!(
                record.actions,
                (0..plies).map(nth_action).collect::<Vec<_>>()
            );
            assert_eq!(record.is_finished(), game == 3);
        }
    };

    // Dropped without closing, as when a server stops without ceremony.
    let store = database.open().await;
    write_some(store.clone(), "dropped").await;
    drop(store);
    let store = database.open().await;
    check(store.clone(), "dropped").await;

    // Closed gracefully.
    write_some(store.clone(), "closed").await;
    store.close().await;
    let store = database.open().await;
    check(store.clone(), "dropped").await;
    check(store.clone(), "closed").await;
    assert_eq!(store.count_games().await.unwrap(), 20);
}

async fn closed_store_refuses_writes(database: &TestDatabase) {
    let store = database.open().await;
    let clone = store.clone();
    store.create_game(new_game("before")).await.unwrap();
    store.close().await;
    assert_eq!(
        clone.create_game(new_game("after")).await,
        Err(StoreError::Closed)
    );
    assert!(matches!(
        clone.load("before").await,
        Err(StoreError::Closed)
    ));
    // Closing twice is harmless.
    clone.close().await;

    let store = database.open().await;
    let ids: HashSet<_> = [store.load("before").await.unwrap().map(|game| game.id)]
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(ids, HashSet::from(["before".to_owned()]));
    assert_eq!(store.load("after").await.unwrap(), None);
}

async fn expired_games_go_with_their_logs(database: &TestDatabase) {
    let store = database.open().await;
    let at = |id: &str, created_at: i64| NewGame {
        created_at,
        ..new_game(id)
    };
    // Old and open: goes. Old but both seats held: stays. New and open: stays.
    store.create_game(at("old-open", 100)).await.unwrap();
    store
        .create_game(NewGame {
            first_token_hash: Some(hash(1)),
            second_token_hash: Some(hash(2)),
            ..at("old-held", 100)
        })
        .await
        .unwrap();
    store.create_game(at("new-open", 900)).await.unwrap();
    // The computer's seat counts as held.
    store
        .create_game(NewGame {
            first_token_hash: Some(hash(3)),
            computer: Some(narabe_server::ComputerSeat {
                seat: Player::Second,
                level: 1,
            }),
            ..at("old-computer", 100)
        })
        .await
        .unwrap();
    // Aborted long ago: goes with its log; aborted lately: stays; resigned
    // long ago: stays.
    for (id, result) in [
        ("aborted-early", r#"{"reason":"aborted","winner":null}"#),
        ("aborted-late", r#"{"reason":"aborted","winner":null}"#),
        ("resigned", r#"{"reason":"resignation","winner":"first"}"#),
    ] {
        store
            .create_game(NewGame {
                first_token_hash: Some(hash(4)),
                second_token_hash: Some(hash(5)),
                ..at(id, 100)
            })
            .await
            .unwrap();
        store.append(id, 0, &[nth_action(0)], None).await.unwrap();
        let finished_at = if id == "aborted-late" { 900 } else { 200 };
        store.finish(id, 1, result, finished_at).await.unwrap();
    }
    // An old open game that is another game's rematch stays.
    store.create_game(at("old-rematch", 100)).await.unwrap();
    store.set_rematch("resigned", "old-rematch").await.unwrap();

    let mut deleted = Vec::new();
    loop {
        let batch = store.delete_expired(500, 500, 1).await.unwrap();
        assert!(batch.len() <= 1, "{batch:?}");
        if batch.is_empty() {
            break;
        }
        deleted.extend(batch);
    }
    deleted.sort();
    assert_eq!(deleted, ["aborted-early", "old-open"]);
    for id in ["aborted-early", "old-open"] {
        assert_eq!(store.load(id).await, Ok(None), "{id}");
    }
    for id in [
        "old-held",
        "new-open",
        "old-computer",
        "aborted-late",
        "resigned",
        "old-rematch",
    ] {
        assert!(store.load(id).await.unwrap().is_some(), "{id}");
    }
    // The log went with the game: the id can be used again from scratch.
    store.create_game(at("aborted-early", 1_000)).await.unwrap();
    let reborn = store.load("aborted-early").await.unwrap().unwrap();
    assert!(reborn.actions.is_empty());
}

async fn the_probe_writes_and_the_store_stays_healthy(database: &TestDatabase) {
    let store = database.open().await;
    let opened = store.health();
    assert!(opened.ok);
    store.probe().await.unwrap();
    store.probe().await.unwrap();
    assert_eq!(store.health(), opened, "a healthy store keeps its since");
    assert_eq!(
        store.game_ids_after("", 10).await.unwrap(),
        Vec::<String>::new()
    );
    for id in ["b", "a", "c"] {
        store.create_game(new_game(id)).await.unwrap();
    }
    assert_eq!(store.game_ids_after("", 2).await.unwrap(), ["a", "b"]);
    assert_eq!(store.game_ids_after("b", 2).await.unwrap(), ["c"]);
}

async fn a_computer_turn_is_held_by_one_node_until_its_lease_runs_out(database: &TestDatabase) {
    let store = database.open().await;
    store.create_game(new_game("g")).await.unwrap();
    // Node a claims; node b is told until when a holds it; a renews.
    assert_eq!(
        store.claim_computer_turn("g", "a", 10_000, 0).await,
        Ok(None)
    );
    assert_eq!(
        store.claim_computer_turn("g", "b", 11_000, 1_000).await,
        Ok(Some(10_000))
    );
    assert_eq!(
        store.claim_computer_turn("g", "a", 12_000, 2_000).await,
        Ok(None)
    );
    assert_eq!(
        store.claim_computer_turn("g", "b", 13_000, 11_000).await,
        Ok(Some(12_000))
    );
    // Only the holder gives it up; then anyone may claim.
    store.release_computer_turn("g", "b").await.unwrap();
    assert_eq!(
        store.claim_computer_turn("g", "b", 13_000, 3_000).await,
        Ok(Some(12_000))
    );
    store.release_computer_turn("g", "a").await.unwrap();
    assert_eq!(
        store.claim_computer_turn("g", "b", 13_000, 3_000).await,
        Ok(None)
    );
    // A lease that ran out is taken over.
    assert_eq!(
        store.claim_computer_turn("g", "a", 30_000, 20_000).await,
        Ok(None)
    );
    // Racing claims: exactly one node gets the turn.
    store.create_game(new_game("r")).await.unwrap();
    let claims = futures_util::future::join_all(
        ["n1", "n2", "n3", "n4"].map(|node| store.claim_computer_turn("r", node, 10_000, 0)),
    )
    .await;
    assert_eq!(
        claims.iter().filter(|claim| **claim == Ok(None)).count(),
        1,
        "{claims:?}"
    );
    // Deleted with its game.
    store
        .create_game(NewGame {
            created_at: 0,
            ..new_game("old")
        })
        .await
        .unwrap();
    store
        .claim_computer_turn("old", "a", 10_000, 0)
        .await
        .unwrap();
    let deleted = store.delete_expired(1, 0, 10).await.unwrap();
    assert!(deleted.contains(&"old".to_owned()), "{deleted:?}");
    assert_eq!(
        store.claim_computer_turn("old", "b", 10_000, 0).await,
        Ok(None)
    );
}
