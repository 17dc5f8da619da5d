//! `narabe check` as operators run it: the built binary on a real SQLite
//! store with healthy games and hand-damaged ones; the damaged ones listed
//! by id and reason, the exit status 1 when any is damaged.

use std::path::Path;
use std::process::{Command, Output};

use narabe_server::{ActionRecord, ServeOptions, Store};

fn check(data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_narabe"))
        .arg("check")
        .arg("--data")
        .arg(data)
        .env_remove("DATABASE_URL")
        .output()
        .expect("narabe check runs")
}

/// Creates a game over HTTP on a server in this process and returns its id.
async fn created_game(base: &str, http: &reqwest::Client) -> String {
    let created: serde_json::Value = http
        .post(format!("{base}/api/games"))
        .body(r#"{"game": "freestyle"}"#)
        .send()
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("JSON");
    created["id"].as_str().expect("an id").to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_lists_the_damaged_games_and_fails() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let options = ServeOptions::new(([127, 0, 0, 1], 0).into(), data.path().to_path_buf());
    let server = narabe_server::start(&options)
        .await
        .expect("the server starts");
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();
    let healthy = created_game(&base, &http).await;
    let unreadable_action = created_game(&base, &http).await;
    let refused_action = created_game(&base, &http).await;
    server.stop().await.expect("a clean stop");

    let output = check(data.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stdout.is_empty(), "{output:?}");

    // Damage written behind the server's back: a log entry that does not
    // parse, one that the session refuses (the second seat cannot open), and
    // a configuration that does not read.
    let store = Store::open(&options.database_url())
        .await
        .expect("the store opens");
    let fly = ActionRecord::new("first", "fly away", 1);
    store
        .append(&unreadable_action, 0, &[fly], None)
        .await
        .expect("appended");
    let early = ActionRecord::new("second", "place h8", 1);
    store
        .append(&refused_action, 0, &[early], None)
        .await
        .expect("appended");
    store
        .create_game(narabe_server::NewGame {
            id: "bad-config-1".to_owned(),
            config_json: r#"{"settings":"#.to_owned(),
            created_at: 0,
            first_token_hash: None,
            second_token_hash: None,
            deadline_at: None,
            computer: None,
        })
        .await
        .expect("created");
    store.close().await;

    let output = check(data.path());
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let mut listed: Vec<&str> = stdout
        .lines()
        .map(|line| line.split_once('\t').expect("id, tab, reason").0)
        .collect();
    listed.sort_unstable();
    let mut expected = vec!["bad-config-1", &unreadable_action, &refused_action];
    expected.sort_unstable();
    assert_eq!(listed, expected, "{stdout}");
    assert!(!stdout.contains(&healthy), "{stdout}");
    assert!(stdout.contains("ply 0"), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("4 games, 3 damaged"), "{stderr}");
}

#[test]
fn check_without_a_database_is_a_usage_error() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let output = check(&data.path().join("nowhere"));
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(!data.path().join("nowhere").exists(), "nothing is created");
}
