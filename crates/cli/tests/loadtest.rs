//! `narabe loadtest` end to end: a short run against the server it spawns, and
//! the refusal of any target that is not on this machine's loopback.

use std::process::Command;

use serde_json::Value;

/// Runs `narabe loadtest <args> --json` with the default action limit; its
/// report, once the run has succeeded.
fn successful_run(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_narabe"))
        .arg("loadtest")
        .args(args)
        .arg("--json")
        .env_remove("NARABE_ACTIONS_PER_SECOND")
        .output()
        .expect("narabe loadtest runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "exit {:?}\nstdout: {stdout}\nstderr: {stderr}",
        output.status
    );
    let report: Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    report
}

#[test]
fn a_short_run_plays_without_errors_and_reports_every_field() {
    let report = successful_run(&["--games", "20", "--rate", "40", "--duration", "3"]);
    for field in [
        "games",
        "sockets",
        "duration_seconds",
        "target_rate",
        "moves_sent",
        "moves_acked",
        "throughput",
        "round_trip_ms",
        "fan_out_ms",
        "errors",
        "errors_by_kind",
        "server_peak_rss_mib",
        "server_final_rss_mib",
        "client_peak_rss_mib",
    ] {
        assert!(report.get(field).is_some(), "no {field} in {report}");
    }
    assert_eq!(report["games"], 20);
    assert_eq!(report["games_ready"], 20);
    assert_eq!(report["sockets"], 40);
    assert_eq!(report["errors"], 0, "{report}");
    let acked = report["moves_acked"].as_u64().unwrap();
    assert!(acked > 0, "{report}");
    assert_eq!(report["moves_sent"].as_u64().unwrap(), acked, "{report}");
    for p in ["p50", "p90", "p99", "max"] {
        assert!(report["round_trip_ms"][p].as_f64().is_some(), "{report}");
    }
    assert!(report["fan_out_ms"]["p99"].as_f64().is_some(), "{report}");
    assert!(report["server_peak_rss_mib"].as_f64().unwrap() > 0.0);
    assert!(report["server_final_rss_mib"].as_f64().unwrap() > 0.0);
}

#[test]
fn targets_off_the_loopback_are_refused_before_any_traffic() {
    for url in [
        "http://10.1.2.3:8080",
        "http://192.168.0.1",
        "http://example.com:8080",
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_narabe"))
            .args(["loadtest", "--games", "1", "--duration", "1", "--url", url])
            .output()
            .expect("narabe loadtest runs");
        assert_eq!(output.status.code(), Some(2), "{url}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("loopback"), "{url}: {stderr}");
        assert!(output.stdout.is_empty(), "{url}");
    }
}

#[test]
fn an_abuse_run_measures_both_halves_and_the_hostile_address_meets_its_limits() {
    let report = successful_run(&[
        "--games",
        "10",
        "--rate",
        "20",
        "--duration",
        "4",
        "--sources",
        "10",
        "--abuse",
    ]);
    assert_eq!(report["errors"], 0, "{report}");
    for half in [
        "round_trip_ms",
        "round_trip_hostile_ms",
        "computer_reply_ms",
        "computer_reply_hostile_ms",
    ] {
        assert!(
            report[half]["samples"]
                .as_u64()
                .is_some_and(|samples| samples > 0),
            "no {half} in {report}"
        );
    }
    assert!(report["computer_games"].as_u64().unwrap() > 0, "{report}");
    let hostile = &report["hostile"];
    for activity in [
        "computer",
        "connections",
        "analyses",
        "qr",
        "junk",
        "spectators",
    ] {
        let counts = &hostile[activity];
        let sent = ["accepted", "limited", "failed"]
            .iter()
            .map(|kind| counts[kind].as_u64().unwrap())
            .sum::<u64>();
        assert!(sent > 0, "the hostile address did no {activity}: {report}");
    }
    // Within its limits: refused for them, never served without bound.
    for activity in ["computer", "connections", "qr", "junk", "spectators"] {
        assert!(
            hostile[activity]["limited"].as_u64().unwrap() > 0,
            "the hostile address met no limit in {activity}: {report}"
        );
    }
}
