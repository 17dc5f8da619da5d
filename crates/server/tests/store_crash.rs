//! Durability on SQLite: a writer process killed with SIGKILL in the middle of
//! its appends loses nothing it acknowledged, and the log it leaves has no gap.
//!
//! The writer is this test binary itself, started again with an environment
//! variable that turns the test into an endless appender.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use narabe_server::{ActionRecord, NewGame, Store};

/// The store URL, set only in the child process.
const CHILD_URL: &str = "NARABE_STORE_CRASH_CHILD_URL";
/// Games the child appends to at once, so its commits carry groups.
const GAMES: usize = 8;
/// Acknowledgements the parent waits for before each kill.
const ACKS_BEFORE_KILL: usize = 300;
/// Kill-and-reopen rounds; each round resumes from what the previous one left.
const ROUNDS: usize = 3;
/// How long a round may take before the test gives up on the child.
const ROUND_TIMEOUT: Duration = Duration::from_secs(120);

fn action(ply: i64) -> ActionRecord {
    ActionRecord::new("first", format!("place n{ply}"), ply)
}

/// The child's line for an acknowledged append: the game and its new ply.
fn parse_acknowledgement(line: &str) -> Option<(String, i64)> {
    let mut words = line.strip_prefix("ACKED ")?.split_whitespace();
    let id = words.next()?.to_owned();
    let ply = words.next()?.parse().ok()?;
    Some((id, ply))
}

/// The child process of `acknowledged_appends_survive_sigkill`: appends until
/// it is killed.
fn crash_child_writer(url: String) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let store = Store::open(&url).await.unwrap();
        let mut writers = tokio::task::JoinSet::new();
        for game in 0..GAMES {
            let store = store.clone();
            writers.spawn(async move {
                let id = format!("crash-{game}");
                let mut ply = match store.load(&id).await.unwrap() {
                    Some(record) => record.ply,
                    None => {
                        let new_game = NewGame {
                            id: id.clone(),
                            config_json: "{}".to_owned(),
                            created_at: 0,
                            first_token_hash: None,
                            second_token_hash: None,
                            deadline_at: None,
                            computer: None,
                        };
                        store.create_game(new_game).await.unwrap();
                        0
                    }
                };
                loop {
                    ply = store
                        .append(&id, ply, &[action(ply)], Some(ply))
                        .await
                        .unwrap();
                    // Printed only after the store said Ok: the parent holds the
                    // store to every line it reads.
                    println!("ACKED {id} {ply}");
                }
            });
        }
        // The writers never end: the parent kills the process.
        writers.join_next().await;
    });
}

#[test]
fn acknowledged_appends_survive_sigkill() {
    if let Ok(url) = std::env::var(CHILD_URL) {
        crash_child_writer(url);
        return;
    }
    let directory = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", directory.path().join("crash.db").display());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // The highest acknowledged ply of each game, over all rounds.
    let mut acknowledged: HashMap<String, i64> = HashMap::new();

    for round in 1..=ROUNDS {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "acknowledged_appends_survive_sigkill",
                "--exact",
                "--nocapture",
            ])
            .env(CHILD_URL, &url)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (acknowledgements, received) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut line = String::new();
            // Only whole lines count: a line cut by the kill proves nothing.
            while stdout.read_line(&mut line).is_ok_and(|read| read > 0) && line.ends_with('\n') {
                if let Some(acknowledgement) = parse_acknowledgement(&line)
                    && acknowledgements.send(acknowledgement).is_err()
                {
                    break;
                }
                line.clear();
            }
        });

        let deadline = Instant::now() + ROUND_TIMEOUT;
        let mut acks_this_round = 0;
        let mut record = |(id, ply): (String, i64)| {
            let highest = acknowledged.entry(id).or_insert(0);
            *highest = (*highest).max(ply);
        };
        while acks_this_round < ACKS_BEFORE_KILL {
            match received.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(acknowledgement) => {
                    record(acknowledgement);
                    acks_this_round += 1;
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("round {round}: the writer acknowledged only {acks_this_round} appends");
                }
            }
        }
        // Child::kill sends SIGKILL: no destructor, no flush, no clean close.
        child.kill().unwrap();
        child.wait().unwrap();
        reader.join().unwrap();
        // Lines read between the last count and the kill are acknowledgements too.
        received.try_iter().for_each(&mut record);

        runtime.block_on(async {
            let store = Store::open(&url).await.unwrap();
            assert_eq!(store.count_games().await.unwrap(), GAMES as i64);
            for (id, &highest) in &acknowledged {
                let game = store.load(id).await.unwrap().expect("an acknowledged game");
                assert!(
                    game.ply >= highest,
                    "round {round}: {id} is at ply {} but ply {highest} was acknowledged",
                    game.ply
                );
                let expected: Vec<_> = (0..game.ply).map(action).collect();
                assert_eq!(game.actions, expected, "round {round}: the log of {id}");
            }
            store.close().await;
        });
    }
    assert_eq!(acknowledged.len(), GAMES);
}
