//! No input breaks the server: random action texts, random JSON and random bytes
//! sent to every endpoint and over the WebSocket get an answer (a refusal or an
//! acceptance), never a crash, and the server keeps serving.

mod live;

use live::LiveServer;
use proptest::prelude::*;
use serde_json::json;

/// Action-like texts: real words with random arguments, and random strings.
fn action_text() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "place", "pass", "swap", "keep", "declare", "offer", "choose", "resign", "draw",
        "takeback", "abort", "claim", "rematch", "timeout", "",
    ]);
    prop_oneof![
        (
            word,
            "[a-z]{0,2}[0-9]{0,3}| first| second| offer| accept|[ -~]{0,12}"
        )
            .prop_map(|(w, a)| format!("{w} {a}")),
        "[ -~]{0,40}",
        any::<String>(),
    ]
}

#[test]
fn random_actions_and_bodies_never_break_the_server() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let server = runtime.block_on(LiveServer::start());
    let (id, first, second) = runtime.block_on(
        server.two_player_game(json!({"game": "renju", "opening": "rif", "takebacks": true})),
    );
    let socket = tokio::sync::Mutex::new(runtime.block_on(server.socket(&id, Some(&second), None)));
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(300));
    let strategy = (action_text(), any::<Vec<u8>>(), any::<bool>());
    runner
        .run(&strategy, |(action, bytes, on_socket)| {
            runtime.block_on(async {
                let token = if bytes.len() % 2 == 0 {
                    &first
                } else {
                    &second
                };
                if on_socket {
                    let answer = socket.lock().await.act(&action, "fuzz").await;
                    assert!(
                        answer["type"] == "ack" || answer["type"] == "error",
                        "{answer}"
                    );
                } else {
                    let (status, answer) = server.act(&id, token, &action).await;
                    assert!(
                        status == 200 || (400..500).contains(&status),
                        "{status}: {answer}"
                    );
                }
                let garbage = String::from_utf8_lossy(&bytes).into_owned();
                let (status, _) = server
                    .post_raw(
                        &format!("/api/games/{id}/actions"),
                        Some(token),
                        garbage.clone(),
                    )
                    .await;
                assert!((400..500).contains(&status), "raw body answered {status}");
                let (status, _) = server.post_raw("/api/games", None, garbage).await;
                assert!((400..500).contains(&status));
            });
            Ok(())
        })
        .unwrap();
    // Still serving, and the log still replays (the state answers).
    let state = runtime.block_on(server.state(&id));
    assert!(state["version"].as_u64().is_some());
}
