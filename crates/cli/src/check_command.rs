//! `narabe check`: the integrity check of a store. Every stored game is read
//! and replayed as the server would; the damaged ones are listed.

use std::path::PathBuf;
use std::process::ExitCode;

use narabe_server::{ServeOptions, Store};

/// Where the store is: the same options as `narabe serve`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The data directory (holds the SQLite database by default).
    #[arg(long, env = "NARABE_DATA", default_value = "./data")]
    data: PathBuf,
    /// A database URL instead of `<data>/narabe.db`: `sqlite:path` or
    /// `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL")]
    database: Option<String>,
}

/// Prints `<id>\t<reason>` for each damaged game and a summary on stderr;
/// exits with 1 when a game is damaged, 2 when the store cannot be read.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut options = ServeOptions::new(([127, 0, 0, 1], 0).into(), args.data.clone());
    options.database.clone_from(&args.database);
    let default_file = args.data.join("narabe.db");
    if args.database.is_none() && !default_file.exists() {
        eprintln!("narabe check: no database at {}", default_file.display());
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("narabe check: cannot start the runtime: {error}");
            return ExitCode::from(2);
        }
    };
    runtime.block_on(check(&options.database_url()))
}

async fn check(url: &str) -> ExitCode {
    let store = match Store::open(url).await {
        Ok(store) => store,
        Err(error) => {
            eprintln!("narabe check: cannot open the database: {error}");
            return ExitCode::from(2);
        }
    };
    let outcome = async {
        let games = store.count_games().await?;
        let damaged = narabe_server::damaged_games(&store).await?;
        Ok::<_, narabe_server::StoreError>((games, damaged))
    }
    .await;
    store.close().await;
    match outcome {
        Ok((games, damaged)) => {
            for game in &damaged {
                println!("{}\t{}", game.id, game.reason);
            }
            eprintln!("narabe check: {games} games, {} damaged", damaged.len());
            if damaged.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(error) => {
            eprintln!("narabe check: cannot read the database: {error}");
            ExitCode::from(2)
        }
    }
}
