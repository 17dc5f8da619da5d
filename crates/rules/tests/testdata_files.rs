//! The test data files: each one the suites read can be found, and the
//! repository copy in `testdata/` is byte-identical to the shared original
//! whenever both exist, so the copy cannot go stale unnoticed.
//!
//! `testdata/openings/` is narabe's own: the opening games that the rules and
//! the server tests both play (see its README) have no shared original, so
//! nothing there is compared, and its README cannot go in `testdata/README.md`,
//! which is a copy.

mod common;

/// Every test data file the suites (or their README) rely on.
const FILES: [&str; 3] = [
    "README.md",
    "renju-forbidden-cases.txt",
    "renju-forbidden-random.tsv",
];

#[test]
fn every_file_is_found() {
    for name in FILES {
        let path = common::testdata_path(name);
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
        assert!(!bytes.is_empty(), "{} is empty", path.display());
    }
}

#[test]
fn repo_copy_matches_shared_original() {
    let mut compared = 0;
    let mut stale = Vec::new();
    for name in FILES {
        let (shared, repo) = (common::shared_path(name), common::repo_path(name));
        if !(shared.is_file() && repo.is_file()) {
            eprintln!(
                "{name}: not compared, {} or {} is missing",
                shared.display(),
                repo.display()
            );
            continue;
        }
        let read = |path: &std::path::Path| {
            std::fs::read(path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
        };
        compared += 1;
        if read(&shared) != read(&repo) {
            stale.push(format!(
                "{} differs from {}",
                repo.display(),
                shared.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "stale repository copy of the test data:\n{}",
        stale.join("\n")
    );
    eprintln!("compared {compared} of {} files", FILES.len());
}

#[test]
fn the_opening_games_are_the_repositorys_own() {
    let repo = common::repo_path("openings");
    let logs = std::fs::read_dir(&repo)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", repo.display()))
        .filter(|entry| {
            let entry = entry.as_ref().expect("a folder entry");
            entry.path().extension().is_some_and(|end| end == "log")
        })
        .count();
    assert!(logs > 0, "no game logs in {}", repo.display());
    let shared = common::shared_path("openings");
    assert!(
        !shared.exists(),
        "{} appeared: compare its files with the repository's as FILES are",
        shared.display()
    );
}
