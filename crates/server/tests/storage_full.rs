//! A full disk under the SQLite store: writes fail while it is full (and
//! `/readyz` says so while `/healthz` stays a liveness check), and once room
//! is made the next writes succeed without a restart and `/readyz` is ready
//! again.
//!
//! The data directory is a tmpfs of 4 MB mounted for the test (the tests run
//! as root), filled with a filler file until writes fail, then freed.

mod live;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use live::LiveServer;
use narabe_server::ServeOptions;
use serde_json::json;

/// The size of the test's disk.
const DISK: &str = "size=4m";
/// Games created after the disk is full before the test gives up waiting for
/// a write to fail (each commit grows the write-ahead log by a page or more).
const WRITES_UNTIL_FULL: usize = 2_000;

/// A tmpfs mounted on a directory, unmounted when dropped (also when the test
/// fails; lazily, in case a file on it is still open).
struct Tmpfs {
    path: PathBuf,
}

impl Tmpfs {
    fn mount(path: &Path) -> Tmpfs {
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", DISK, "tmpfs"])
            .arg(path)
            .status()
            .expect("mount runs");
        assert!(status.success(), "mounting a tmpfs needs root: {status}");
        Tmpfs {
            path: path.to_path_buf(),
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

/// No creation limit in the way of the writes that fill the disk.
fn unlimited_creations(options: &mut ServeOptions) {
    options.create_per_minute = 1e9;
}

/// Writes `path` until the disk has no room left.
fn fill(path: &Path) {
    let mut filler = std::fs::File::create(path).expect("the filler file");
    let chunk = vec![0xA5_u8; 16 * 1024];
    while filler
        .write_all(&chunk)
        .and_then(|()| filler.sync_all())
        .is_ok()
    {}
    // The last chunk may have been written in part: room for a few bytes
    // stays; a page of SQLite needs more.
    let mut byte = 0;
    while filler.write_all(&[0]).is_ok() && byte < 4096 {
        byte += 1;
    }
}

#[tokio::test]
async fn a_full_disk_heals_without_a_restart() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let disk = Tmpfs::mount(data.path());
    let server = LiveServer::start_in(data, unlimited_creations).await;
    let (id, first, second) = server.game_under_way(json!({"game": "freestyle"})).await;
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["ready"], true, "{ready}");

    let filler = server.data_path().join("filler");
    fill(&filler);
    let mut failed = None;
    for _ in 0..WRITES_UNTIL_FULL {
        let (status, answer) = server
            .post("/api/games", None, json!({"game": "freestyle"}))
            .await;
        if status != 201 {
            failed = Some((status, answer));
            break;
        }
    }
    let (status, answer) = failed.expect("a write fails on the full disk");
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["code"], "unavailable", "{answer}");
    let (status, refused) = server.act(&id, &first, "place a1").await;
    assert_eq!((status, &refused["code"]), (503, &json!("unavailable")));
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 503, "{ready}");
    assert_eq!(ready["ready"], false, "{ready}");
    assert_eq!(ready["storage"]["ok"], false, "{ready}");
    assert!(ready["reason"].is_string(), "{ready}");
    let (status, alive) = server.get("/healthz", None).await;
    assert_eq!((status, alive), (200, json!("ok")));

    std::fs::remove_file(&filler).expect("the filler goes");
    // The very next writes work: the writer did not keep a broken
    // transaction around.
    server.must_act(&id, &first, "place a1").await;
    server.must_act(&id, &second, "place a2").await;
    server.create(json!({"game": "freestyle"})).await;
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["storage"]["ok"], true, "{ready}");
    let state = server.state(&id).await;
    assert_eq!(state["version"], 4, "{state}");

    // Unmounted before the temporary directory goes, so that it can go.
    let stopped = server.stop().await;
    drop(disk);
    drop(stopped);
}

#[tokio::test]
async fn readiness_probes_the_store_when_no_game_writes() {
    let data = tempfile::tempdir().expect("a temporary directory");
    let disk = Tmpfs::mount(data.path());
    let server = LiveServer::start_in(data, unlimited_creations).await;
    let filler = server.data_path().join("filler");
    fill(&filler);
    let mut failing = false;
    for _ in 0..WRITES_UNTIL_FULL {
        let (status, _) = server
            .post("/api/games", None, json!({"game": "freestyle"}))
            .await;
        if status == 503 {
            failing = true;
            break;
        }
    }
    assert!(failing, "a write fails on the full disk");
    std::fs::remove_file(&filler).expect("the filler goes");
    // No game writes now: the readiness check's own probe finds the store
    // working again.
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["ready"], true, "{ready}");

    // Unmounted before the temporary directory goes, so that it can go.
    let stopped = server.stop().await;
    drop(disk);
    drop(stopped);
}
