//! A body that names a key twice is refused with `400 bad-request`, at game
//! creation as for actions, and creates nothing: which of the two values was
//! meant is not for the server to guess.

mod live;

use live::LiveServer;
use serde_json::json;

#[tokio::test]
async fn creation_refuses_duplicate_keys_as_actions_do() {
    let server = LiveServer::start().await;
    let (id, first, _) = server.two_player_game(json!({"game": "renju"})).await;
    let (status, action) = server
        .post_raw(
            &format!("/api/games/{id}/actions"),
            Some(&first),
            r#"{"action":"place h8","action":"resign"}"#.to_owned(),
        )
        .await;
    assert_eq!(
        (status, action["code"].as_str()),
        (400, Some("bad-request"))
    );
    for body in [
        r#"{"game":"renju","game":"gomoku"}"#,
        r#"{"game":"renju","seat":"first","seat":"second"}"#,
        r#"{"game":"renju","opponent":{"computer":1,"computer":8}}"#,
        r#"{"game":"renju","time":{"main":60,"main":1}}"#,
    ] {
        let (status, answer) = server.post_raw("/api/games", None, body.to_owned()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("bad-request")),
            "{body}: {answer}"
        );
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains("duplicate field"), "{message}");
    }
    server
        .create(json!({"game": "renju", "seat": "second"}))
        .await;
}
