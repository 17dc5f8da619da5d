//! Acknowledged appends per second on SQLite through the group-commit writer,
//! with every commit synced to disk (`synchronous = FULL`).
//!
//! `cargo bench -p narabe-server --bench store_append` runs `appenders` games at
//! once, each appending one action at a time and waiting for its acknowledgement
//! before the next (as a game actor does), so divan's items per second is the
//! store's throughput at that concurrency. The database lives in cargo's target
//! directory, on the disk the server would use, not in a RAM-backed /tmp.

use divan::Bencher;
use divan::counter::ItemsCount;
use narabe_server::{ActionRecord, NewGame, Store};

fn main() {
    divan::main();
}

/// Appends each game makes per iteration: a sample is a few thousand appends,
/// whatever the concurrency. The smoke run of `cargo test` (no `--bench` flag)
/// makes one each, since it only checks that the benchmark works.
fn appends_per_appender(appenders: usize) -> usize {
    if std::env::args().any(|argument| argument == "--bench") {
        (2_000 / appenders).clamp(4, 200)
    } else {
        1
    }
}

#[divan::bench(args = [1, 10, 100, 1_000, 5_000], sample_count = 10, sample_size = 1)]
fn sqlite_appends(bencher: Bencher, appenders: usize) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let directory = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let url = format!("sqlite://{}", directory.path().join("bench.db").display());
    let store = runtime.block_on(async {
        let store = Store::open(&url).await.unwrap();
        let mut creations = tokio::task::JoinSet::new();
        for game in 0..appenders {
            let store = store.clone();
            creations.spawn(async move { store.create_game(new_game(game)).await.unwrap() });
        }
        creations.join_all().await;
        store
    });
    let per_appender = appends_per_appender(appenders);
    let mut plies = vec![0i64; appenders];
    bencher
        .counter(ItemsCount::new(appenders * per_appender))
        .bench_local(|| runtime.block_on(append_round(&store, &mut plies, per_appender)));
    runtime.block_on(store.close());
}

/// Every game appends `per_appender` actions, one acknowledgement at a time.
async fn append_round(store: &Store, plies: &mut [i64], per_appender: usize) {
    let mut games = tokio::task::JoinSet::new();
    for (game, &start) in plies.iter().enumerate() {
        let store = store.clone();
        games.spawn(async move {
            let id = game_id(game);
            let mut ply = start;
            for _ in 0..per_appender {
                let action = ActionRecord::new("first", "place h8", ply);
                ply = store.append(&id, ply, &[action], Some(ply)).await.unwrap();
            }
            (game, ply)
        });
    }
    for (game, ply) in games.join_all().await {
        plies[game] = ply;
    }
}

fn game_id(game: usize) -> String {
    format!("bench-{game}")
}

fn new_game(game: usize) -> NewGame {
    NewGame {
        id: game_id(game),
        config_json: r#"{"game":"renju","opening":"yamaguchi"}"#.to_owned(),
        created_at: 0,
        first_token_hash: None,
        second_token_hash: None,
        deadline_at: None,
        computer: None,
    }
}
