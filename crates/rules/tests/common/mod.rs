//! Shared helpers of the integration tests: locating the renju test data.
//!
//! The canonical test data lives in the shared directory next to the workspace
//! (`<workspace>/../shared/testdata`); the repository carries a copy in
//! `<workspace>/testdata` for checkouts without the shared directory. A test never
//! skips because a file is missing: it panics and says where it looked.

#![allow(dead_code)] // Each test crate uses its own subset of these helpers.

use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate's manifest.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where the shared copy of test data file `name` would be.
pub fn shared_path(name: &str) -> PathBuf {
    workspace_root().join("../shared/testdata").join(name)
}

/// Where the repository copy of test data file `name` would be.
pub fn repo_path(name: &str) -> PathBuf {
    workspace_root().join("testdata").join(name)
}

/// The test data file `name`: the shared copy when it exists, else the repository
/// copy.
///
/// # Panics
///
/// When neither exists.
pub fn testdata_path(name: &str) -> PathBuf {
    let shared = shared_path(name);
    if shared.is_file() {
        return shared;
    }
    let repo = repo_path(name);
    if repo.is_file() {
        return repo;
    }
    panic!(
        "test data file {name:?} not found: looked for {} and {}",
        shared.display(),
        repo.display()
    );
}

/// The text of test data file `name` (see [`testdata_path`]).
///
/// # Panics
///
/// When the file is missing or unreadable.
pub fn read_testdata(name: &str) -> String {
    let path = testdata_path(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}
