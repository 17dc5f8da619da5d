//! Databases for the store tests: a SQLite file in a temporary directory, or a
//! fresh database on a real PostgreSQL.

#![allow(dead_code)] // Each test crate uses its own subset.

pub mod postgres;

use narabe_server::Store;

/// A database that exists as long as this value does.
pub struct TestDatabase {
    url: String,
    /// The temporary directory or the PostgreSQL database, removed on drop.
    _keep: Box<dyn std::any::Any + Send + Sync>,
}

impl TestDatabase {
    /// A SQLite file (not created yet) in a fresh temporary directory.
    pub fn sqlite() -> TestDatabase {
        let directory = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", directory.path().join("narabe.db").display());
        TestDatabase {
            url,
            _keep: Box::new(directory),
        }
    }

    /// A fresh database on the test PostgreSQL server.
    pub async fn postgres() -> TestDatabase {
        let server = tokio::task::spawn_blocking(postgres::PostgresServer::shared)
            .await
            .expect("starting the test PostgreSQL");
        let database = server.create_database().await;
        TestDatabase {
            url: database.url().to_owned(),
            _keep: Box::new(database),
        }
    }

    /// The database URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Opens the store on this database.
    pub async fn open(&self) -> Store {
        Store::open(&self.url)
            .await
            .unwrap_or_else(|error| panic!("cannot open the store at {}: {error}", self.url))
    }
}

/// Generates, for each case, a test on SQLite and a test on PostgreSQL.
#[allow(unused_macros)] // Only the store's test crates run cases on both.
macro_rules! on_both_backends {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let database = TestDatabase::sqlite();
                    super::$case(&database).await;
                }
            )*
        }
        mod postgres {
            use super::*;
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let database = TestDatabase::postgres().await;
                    super::$case(&database).await;
                }
            )*
        }
    };
}
#[allow(unused_imports)]
pub(crate) use on_both_backends;
