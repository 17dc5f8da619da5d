//! `narabe replay` as users run it: the built binary, a game log on stdin, the
//! final state as JSON or the first rejection on stdout, and the exit status.

mod support;

use std::process::Output;

use support::run_narabe_may_exit_early;

use serde_json::{Value, json};

fn replay(args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = std::iter::once("replay")
        .chain(args.iter().copied())
        .collect();
    run_narabe_may_exit_early(&args, input.as_bytes())
}

/// The JSON of a replay that must succeed.
fn snapshot(args: &[&str], input: &str) -> Value {
    let output = replay(args, input);
    assert_eq!(
        output.status.code(),
        Some(0),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// The stdout line of a replay that must be refused (exit status 1).
fn rejected(args: &[&str], input: &str) -> String {
    let output = replay(args, input);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

const RIF_GAME: &str = "\
# RIF opening, 3D Sosei
place h8
place h9
place j10

keep
place m3
offer e5
offer n13
choose n13
place k4
# normal play: black makes five on row 2
place c2
place c14
place d2
place e14
place e2
place g14
place f2
place i14
place g2
";

#[test]
fn a_whole_rif_game() {
    let json = snapshot(&["--game", "renju", "--opening", "rif"], RIF_GAME);
    assert_eq!(
        json["config"],
        json!({"game": "renju", "size": 15, "opening": "rif", "foul_policy": "loses", "keryo": false, "colors_by_swap": true, "capture_goal": null})
    );
    assert_eq!(json["phase"], "over");
    assert_eq!(json["actor"], Value::Null);
    assert_eq!(json["colors"], json!({"first": "black", "second": "white"}));
    assert_eq!(json["open_actions"], json!([]));
    assert_eq!(json["zone"], Value::Null);
    assert_eq!(json["opening_name"], json!({"code": "3D", "name": "Sosei"}));
    assert_eq!(
        json["result"],
        json!({
            "winner": "first",
            "winner_color": "black",
            "reason": "five",
            "detail": "c2 d2 e2 f2 g2",
            "row": ["c2", "d2", "e2", "f2", "g2"],
            "foul": null
        })
    );
    assert_eq!(json["ply"], 18);
    assert_eq!(json["moves"][4], "n13");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(15));
    assert_eq!(
        json["stones"][0],
        json!({"point": "h8", "color": "black", "move": 1})
    );
    assert_eq!(
        json["stones"][4],
        json!({"point": "n13", "color": "black", "move": 5})
    );
    assert!(
        !json["stones"]
            .as_array()
            .unwrap()
            .iter()
            .any(|stone| stone["point"] == "e5"),
        "the offer not chosen vanishes"
    );
    assert_eq!(json["captures"], json!({"black": 0, "white": 0}));
}

#[test]
fn the_state_in_the_middle_of_an_offer() {
    let json = snapshot(
        &["--game", "renju", "--opening", "yamaguchi"],
        "place h8\nplace h9\nplace i9\ndeclare 3\nswap\nplace i8\noffer j8\n",
    );
    assert_eq!(json["phase"], "offer");
    assert_eq!(json["actor"], "second");
    assert_eq!(json["colors"], json!({"first": "white", "second": "black"}));
    assert_eq!(json["open_actions"], json!(["offer"]));
    assert_eq!(
        json["zone"],
        json!({"kind": "anywhere", "center": null, "distance": null})
    );
    assert_eq!(json["declared"], 3);
    assert_eq!(json["offers_due"], 2);
    assert_eq!(json["offers"], json!(["j8"]));
    assert_eq!(json["excluded"], json!(["i7", "g9", "h10"]));
    assert_eq!(json["opening_name"]["code"], "4D");
    assert_eq!(json["result"], Value::Null);
    assert_eq!(json["ply"], 7);
}

#[test]
fn zones_and_the_empty_log() {
    let json = snapshot(
        &["--game", "renju", "--opening", "taraguchi10"],
        "place h8\nkeep\n",
    );
    assert_eq!(
        json["zone"],
        json!({"kind": "within", "center": "h8", "distance": 1})
    );
    assert_eq!(json["actor"], "second");
    let json = snapshot(&["--game", "pente"], "");
    assert_eq!(json["config"]["opening"], "tournament");
    assert_eq!(json["config"]["size"], 19);
    assert_eq!(json["colors"]["first"], "white");
    assert_eq!(
        json["zone"],
        json!({"kind": "exactly", "center": "j10", "distance": null})
    );
    let json = snapshot(
        &["--game", "freestyle", "--opening", "pro", "--size", "19"],
        "place j10\nplace a1\n",
    );
    assert_eq!(
        json["zone"],
        json!({"kind": "at-least", "center": "j10", "distance": 3})
    );
    let json = snapshot(&["--game", "caro"], "place j10\nplace k10\nplace l10\n");
    assert_eq!(json["phase"], "swap2-choice");
    assert_eq!(json["open_actions"], json!(["place", "swap", "keep"]));
}

#[test]
fn keryo_captures_leave_the_board() {
    let json = snapshot(
        &["--game", "pente", "--keryo"],
        "place j10\nplace b2\nplace c15\nplace s19\nplace c2\nplace s17\nplace d2\nplace s15\nplace e2\nplace f2\n",
    );
    assert_eq!(json["config"]["keryo"], true);
    assert_eq!(json["captures"], json!({"black": 3, "white": 0}));
    let points: Vec<&str> = json["stones"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|stone| stone["point"].as_str())
        .collect();
    assert!(
        !points.contains(&"c2") && points.contains(&"f2"),
        "{points:?}"
    );
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(10));
}

const DOUBLE_THREE: &str =
    "place g8\nplace a1\nplace h7\nplace a3\nplace h9\nplace a5\nplace i8\nplace a7\n";

#[test]
fn forbidden_moves_under_both_policies() {
    let json = snapshot(&["--game", "renju"], &format!("{DOUBLE_THREE}place h8\n"));
    let result = &json["result"];
    assert_eq!(
        (
            &result["winner"],
            &result["winner_color"],
            &result["reason"],
            &result["detail"]
        ),
        (
            &json!("second"),
            &json!("white"),
            &json!("foul"),
            &json!("double-three at h8")
        )
    );
    // The losing foul comes with its lines, for the board to keep drawn.
    assert_eq!(result["row"], json!([]));
    assert_eq!(
        (&result["foul"]["point"], &result["foul"]["kind"]),
        (&json!("h8"), &json!("double-three"))
    );
    assert_eq!(result["foul"]["lines"].as_array().map(Vec::len), Some(2));
    let json = snapshot(&["--game", "renju"], DOUBLE_THREE);
    assert_eq!(json["forbidden"], json!(["h8"]));
    assert_eq!(json["fouls"].as_array().map(Vec::len), Some(1));
    let foul = &json["fouls"][0];
    assert_eq!(
        (&foul["point"], &foul["kind"]),
        (&json!("h8"), &json!("double-three"))
    );
    let lines = foul["lines"].as_array().expect("the lines of the foul");
    assert_eq!(lines.len(), 2, "{foul}");
    for line in lines {
        assert_eq!(line["shape"], "three");
        let stones = line["stones"].as_array().unwrap();
        assert!(stones.contains(&json!("h8")) && stones.len() == 3, "{line}");
        assert!(!line["key_points"].as_array().unwrap().is_empty(), "{line}");
    }
    assert_eq!(
        rejected(
            &["--game", "renju", "--foul", "refused"],
            &format!("{DOUBLE_THREE}place h8\n")
        ),
        "rejected at line 9: forbidden: h8 is forbidden for black (3x3)\n"
    );
}

#[test]
fn resignation_and_double_pass() {
    let json = snapshot(
        &["--game", "standard", "--opening", "swap2"],
        "place h8\nresign second\n",
    );
    assert_eq!(
        json["result"],
        json!({"winner": "first", "winner_color": "black", "reason": "resignation", "detail": "second resigned", "row": [], "foul": null})
    );
    let json = snapshot(
        &["--game", "renju"],
        "place h8\nplace h9\nplace h10\npass\npass\n",
    );
    assert_eq!(json["result"]["reason"], "double-pass");
    assert_eq!(json["result"]["winner"], Value::Null);
    assert_eq!(json["moves"], json!(["h8", "h9", "h10", "pass", "pass"]));
}

#[test]
fn the_first_rejection_names_its_line_counting_every_line() {
    assert_eq!(
        rejected(
            &["--game", "renju"],
            "# a comment\n\nplace h8\n   \nplace h8\nplace z1\n"
        ),
        "rejected at line 5: occupied: h8 is occupied\n"
    );
    assert_eq!(
        rejected(
            &["--game", "renju", "--opening", "rif"],
            "place h8\nplace h9\nplace j10\n# B decides\nplace a1\n"
        ),
        "rejected at line 5: wrong-phase: place is not possible now (phase swap-or-keep)\n"
    );
    let line = rejected(
        &["--game", "renju", "--opening", "rif"],
        "place h8\n\nplace h9\nplace j10\nkeep\nplace a1\noffer j8\noffer j8\n",
    );
    assert_eq!(
        line,
        "rejected at line 8: already-offered: j8 is already offered\n"
    );
    let line = rejected(&["--game", "freestyle"], "place h8\npass\n");
    assert_eq!(
        line,
        "rejected at line 2: pass-not-allowed: passing is not allowed here\n"
    );
    let line = rejected(
        &["--game", "renju", "--opening", "yamaguchi"],
        "place h8\nplace h9\nplace h10\ndeclare 11\n",
    );
    assert!(
        line.starts_with("rejected at line 4: count-out-of-range: "),
        "{line}"
    );
}

#[test]
fn malformed_lines_are_rejected_with_code_malformed() {
    for (input, number) in [
        ("place h8\nput h9\n", 2),
        ("\n\nplace\n", 3),
        ("place h8\nplace h99\n", 2),
        ("resign black\n", 1),
        ("declare three\n", 1),
    ] {
        let line = rejected(&["--game", "renju"], input);
        assert!(
            line.starts_with(&format!("rejected at line {number}: malformed: ")),
            "{input:?}: {line}"
        );
    }
}

#[test]
fn a_bad_configuration_exits_with_two() {
    for args in [
        &["--game", "go"][..],
        &["--game", "renju", "--keryo"],
        &["--game", "renju", "--size", "19"],
        &["--game", "caro", "--opening", "rif"],
        &["--game", "renju", "--opening", "swap9"],
        &["--game", "renju", "--foul", "wins"],
        &["--opening", "rif"],
    ] {
        let output = replay(args, "place h8\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}
