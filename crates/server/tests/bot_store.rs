//! The store's bots against real databases, SQLite and PostgreSQL: names
//! unique in any case, keys found by their hash and revoked, challenges
//! answered once and only while open, an acceptance and its game written
//! together or not at all, records counted from the games' results, and the
//! bot seats of expired games deleted with them.

mod support;

use narabe_rules::Player;
use narabe_server::{
    ActionRecord, ChallengeAcceptance, ChallengeAnswer, ChallengeStatus, Challenger, NewBot,
    NewChallenge, NewGame, StoreError,
};
use support::{TestDatabase, on_both_backends};

on_both_backends!(
    bots_have_unique_names_and_keys_and_are_revoked_once,
    a_challenge_is_answered_once_and_only_while_open,
    an_acceptance_and_its_game_land_together,
    records_and_games_of_a_bot_are_read_from_the_games,
    the_bot_seats_of_an_expired_game_go_with_it,
);

const NOW: i64 = 1_700_000_000_000;

fn bot(name: &str, key: u8) -> NewBot {
    NewBot {
        id: name.to_ascii_lowercase(),
        name: name.to_owned(),
        key_hash: [key; 32],
        profile_json: r#"{"games":[],"speeds":[]}"#.to_owned(),
        created_at: NOW,
    }
}

fn challenge(id: &str, bot: &str, challenger: Challenger) -> NewChallenge {
    NewChallenge {
        id: id.to_owned(),
        bot_id: bot.to_owned(),
        challenger,
        settings_json: r#"{"game":"renju"}"#.to_owned(),
        challenger_seat: Player::First,
        created_at: NOW,
        expires_at: NOW + 60_000,
        declined: None,
    }
}

fn game(id: &str) -> NewGame {
    NewGame {
        id: id.to_owned(),
        config_json: r#"{"settings":{"game":"renju"}}"#.to_owned(),
        created_at: NOW,
        first_token_hash: Some([1; 32]),
        second_token_hash: Some([2; 32]),
        deadline_at: None,
        computer: None,
    }
}

fn acceptance(
    id: &str,
    game_id: &str,
    at: i64,
    seats: Vec<(Player, String)>,
) -> ChallengeAcceptance {
    ChallengeAcceptance {
        id: id.to_owned(),
        at,
        game: game(game_id),
        bot_seats: seats,
    }
}

async fn bots_have_unique_names_and_keys_and_are_revoked_once(database: &TestDatabase) {
    let store = database.open().await;
    store.create_bot(bot("Rapfi", 1)).await.unwrap();
    assert_eq!(
        store.create_bot(bot("RAPFI", 2)).await,
        Err(StoreError::DuplicateId),
        "a name in another case is the same bot"
    );
    assert_eq!(
        store.create_bot(bot("Other", 1)).await,
        Err(StoreError::DuplicateId),
        "a key holds one bot"
    );
    let found = store.bot_by_key(&[1; 32]).await.unwrap().unwrap();
    assert_eq!((found.id.as_str(), found.name.as_str()), ("rapfi", "Rapfi"));
    assert_eq!(store.bot_by_key(&[2; 32]).await.unwrap(), None);
    assert_eq!(store.revoke_bot("rapfi", NOW + 5).await, Ok(true));
    assert_eq!(store.revoke_bot("rapfi", NOW + 9).await, Ok(false));
    assert_eq!(
        store.revoke_bot("nobody", NOW).await,
        Err(StoreError::NotFound)
    );
    let revoked = store.bot("rapfi").await.unwrap().unwrap();
    assert_eq!(revoked.revoked_at, Some(NOW + 5));
    store.close().await;
}

async fn a_challenge_is_answered_once_and_only_while_open(database: &TestDatabase) {
    let store = database.open().await;
    store.create_bot(bot("Rapfi", 1)).await.unwrap();
    store.create_bot(bot("Yixin", 2)).await.unwrap();
    store
        .create_challenge(challenge("c1", "rapfi", Challenger::Person([9; 32])))
        .await
        .unwrap();
    assert_eq!(
        store
            .create_challenge(challenge("c1", "rapfi", Challenger::Person([9; 32])))
            .await,
        Err(StoreError::DuplicateId)
    );
    store
        .create_challenge(challenge(
            "c2",
            "rapfi",
            Challenger::Bot("yixin".to_owned()),
        ))
        .await
        .unwrap();
    let mut declined = challenge("c3", "rapfi", Challenger::Person([8; 32]));
    declined.declined = Some("opening".to_owned());
    store.create_challenge(declined).await.unwrap();
    let stored = store.challenge("c3").await.unwrap().unwrap();
    assert_eq!(stored.status, ChallengeStatus::Declined);
    assert_eq!(stored.decline_reason.as_deref(), Some("opening"));
    assert_eq!(stored.answered_at, Some(NOW));
    // Open to Rapfi: c1 and c2; Yixin sees c2, its own.
    let open: Vec<String> = store
        .open_challenges("rapfi", NOW + 1)
        .await
        .unwrap()
        .into_iter()
        .map(|challenge| challenge.id)
        .collect();
    assert_eq!(open, ["c1", "c2"]);
    let by_yixin = store.open_challenges("yixin", NOW + 1).await.unwrap();
    assert_eq!(by_yixin.len(), 1);
    assert_eq!(by_yixin[0].challenger, Challenger::Bot("yixin".to_owned()));
    assert!(
        store
            .open_challenges("rapfi", NOW + 60_000)
            .await
            .unwrap()
            .is_empty()
    );
    let answer = |id: &str, status, at| ChallengeAnswer {
        id: id.to_owned(),
        status,
        reason: Some("later".to_owned()),
        at,
    };
    assert_eq!(
        store
            .answer_challenge(answer("c1", ChallengeStatus::Declined, NOW + 1))
            .await,
        Ok(true)
    );
    assert_eq!(
        store
            .answer_challenge(answer("c1", ChallengeStatus::Canceled, NOW + 2))
            .await,
        Ok(false),
        "answered once"
    );
    assert_eq!(
        store
            .answer_challenge(answer("c2", ChallengeStatus::Canceled, NOW + 60_000))
            .await,
        Ok(false),
        "expired"
    );
    let c1 = store.challenge("c1").await.unwrap().unwrap();
    assert_eq!(c1.status, ChallengeStatus::Declined);
    assert_eq!(c1.decline_reason.as_deref(), Some("later"));
    assert_eq!(c1.challenger, Challenger::Person([9; 32]));
    assert_eq!(
        store.challenge("c2").await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );
    assert_eq!(store.challenge("c9").await.unwrap(), None);
    store.close().await;
}

async fn an_acceptance_and_its_game_land_together(database: &TestDatabase) {
    let store = database.open().await;
    store.create_bot(bot("Rapfi", 1)).await.unwrap();
    store.create_bot(bot("Yixin", 2)).await.unwrap();
    store
        .create_challenge(challenge(
            "c1",
            "rapfi",
            Challenger::Bot("yixin".to_owned()),
        ))
        .await
        .unwrap();
    store
        .create_challenge(challenge("c2", "rapfi", Challenger::Person([9; 32])))
        .await
        .unwrap();
    let seats = vec![
        (Player::Second, "rapfi".to_owned()),
        (Player::First, "yixin".to_owned()),
    ];
    assert_eq!(
        store
            .accept_challenge(acceptance("c1", "g1", NOW + 1, seats.clone()))
            .await,
        Ok(true)
    );
    assert_eq!(
        store
            .accept_challenge(acceptance("c1", "g2", NOW + 2, seats.clone()))
            .await,
        Ok(false),
        "accepted once"
    );
    assert_eq!(store.load("g2").await.unwrap(), None, "no second game");
    let accepted = store.challenge("c1").await.unwrap().unwrap();
    assert_eq!(accepted.status, ChallengeStatus::Accepted);
    assert_eq!(accepted.game_id.as_deref(), Some("g1"));
    let mut bots = store.bots_of_game("g1").await.unwrap();
    bots.sort();
    assert_eq!(
        bots,
        [
            (Player::First, "yixin".to_owned()),
            (Player::Second, "rapfi".to_owned())
        ]
    );
    // A taken game id fails the acceptance whole: the challenge stays open.
    let failed = store
        .accept_challenge(acceptance(
            "c2",
            "g1",
            NOW + 3,
            vec![(Player::Second, "rapfi".to_owned())],
        ))
        .await;
    assert!(matches!(failed, Err(StoreError::Database(_))), "{failed:?}");
    assert_eq!(
        store.challenge("c2").await.unwrap().unwrap().status,
        ChallengeStatus::Open
    );
    // Too late: expired.
    assert_eq!(
        store
            .accept_challenge(acceptance("c2", "g3", NOW + 60_000, Vec::new()))
            .await,
        Ok(false)
    );
    assert_eq!(store.load("g3").await.unwrap(), None);
    store.close().await;
}

async fn records_and_games_of_a_bot_are_read_from_the_games(database: &TestDatabase) {
    let store = database.open().await;
    store.create_bot(bot("Rapfi", 1)).await.unwrap();
    let results = [
        ("g1", Player::First, r#"{"reason":"five","winner":"first"}"#),
        (
            "g2",
            Player::First,
            r#"{"reason":"timeout","winner":"second"}"#,
        ),
        (
            "g3",
            Player::Second,
            r#"{"reason":"agreement","winner":null}"#,
        ),
        (
            "g4",
            Player::Second,
            r#"{"by":"first","reason":"aborted","winner":null}"#,
        ),
        (
            "g5",
            Player::Second,
            r#"{"reason":"resignation","winner":"second"}"#,
        ),
    ];
    for (index, (id, seat, _)) in results.iter().enumerate() {
        let challenge_id = format!("c{index}");
        store
            .create_challenge(challenge(
                &challenge_id,
                "rapfi",
                Challenger::Person([9; 32]),
            ))
            .await
            .unwrap();
        store
            .accept_challenge(acceptance(
                &challenge_id,
                id,
                NOW,
                vec![(*seat, "rapfi".to_owned())],
            ))
            .await
            .unwrap();
    }
    store
        .create_challenge(challenge("c9", "rapfi", Challenger::Person([9; 32])))
        .await
        .unwrap();
    store
        .accept_challenge(acceptance(
            "c9",
            "g9",
            NOW,
            vec![(Player::First, "rapfi".to_owned())],
        ))
        .await
        .unwrap();
    for (at, (id, _, result)) in (1..).zip(results) {
        store
            .append(
                id,
                0,
                &[ActionRecord::new("first", "resign", NOW + at)],
                None,
            )
            .await
            .unwrap();
        store.finish(id, 1, result, NOW + at).await.unwrap();
    }
    assert_eq!(store.bot_record("rapfi").await, Ok((2, 1, 1)));
    let ongoing = store.ongoing_bot_games("rapfi").await.unwrap();
    assert_eq!(ongoing.len(), 1);
    assert_eq!(
        (ongoing[0].game_id.as_str(), ongoing[0].seat),
        ("g9", Player::First)
    );
    assert!(ongoing[0].config_json.contains("renju"));
    let finished: Vec<String> = store
        .finished_bot_games("rapfi", 3)
        .await
        .unwrap()
        .into_iter()
        .map(|game| game.game_id)
        .collect();
    assert_eq!(finished, ["g5", "g4", "g3"], "the latest first");
    store.close().await;
}

async fn the_bot_seats_of_an_expired_game_go_with_it(database: &TestDatabase) {
    let store = database.open().await;
    store.create_bot(bot("Rapfi", 1)).await.unwrap();
    store
        .create_challenge(challenge("c1", "rapfi", Challenger::Person([9; 32])))
        .await
        .unwrap();
    store
        .accept_challenge(acceptance(
            "c1",
            "g1",
            NOW,
            vec![(Player::Second, "rapfi".to_owned())],
        ))
        .await
        .unwrap();
    store
        .append(
            "g1",
            0,
            &[ActionRecord::new("first", "abort", NOW + 1)],
            None,
        )
        .await
        .unwrap();
    store
        .finish(
            "g1",
            1,
            r#"{"by":"first","reason":"aborted","winner":null}"#,
            NOW + 1,
        )
        .await
        .unwrap();
    let deleted = store.delete_expired(0, NOW + 10, 10).await.unwrap();
    assert_eq!(deleted, ["g1"]);
    assert!(store.bots_of_game("g1").await.unwrap().is_empty());
    assert_eq!(store.bot_record("rapfi").await, Ok((0, 0, 0)));
    // The challenge keeps its word of the game, which is gone.
    assert_eq!(
        store
            .challenge("c1")
            .await
            .unwrap()
            .unwrap()
            .game_id
            .as_deref(),
        Some("g1")
    );
    store.close().await;
}
