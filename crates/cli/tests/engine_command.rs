//! `narabe engine` as a manager sees it: the built binary over pipes, a whole
//! Gomocup conversation, protocol lines only on stdout.

mod support;

use std::process::{Command, Output, Stdio};

use support::run_narabe;

/// Runs `narabe engine` with `input` on stdin until it exits.
fn converse(input: &str) -> Output {
    run_narabe(&["engine", "--level", "2", "--seed", "7"], input.as_bytes())
}

/// The answer lines without the `MESSAGE` lines the protocol allows anywhere.
fn answers(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .filter(|line| !line.starts_with("MESSAGE "))
        .map(str::to_owned)
        .collect()
}

fn is_move(line: &str) -> bool {
    line.split_once(',').is_some_and(|(x, y)| {
        [x, y]
            .iter()
            .all(|n| n.parse::<u32>().is_ok_and(|n| n < 15))
    })
}

#[test]
fn a_whole_conversation_over_pipes() {
    let input = [
        "ABOUT",
        "START 15",
        "INFO timeout_turn 200",
        "INFO timeout_match 0",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO rule 4",
        "INFO max_depth 2",
        "BEGIN",
        "TURN 0,0",
        "TURN 0,0",
        "BOARD",
        "7,7,2",
        "8,7,1",
        "7,6,2",
        "DONE",
        "TAKEBACK 7,6",
        "TAKEBACK 7,6",
        "YXBOARD",
        "6,7,1",
        "0,0,2",
        "7,6,1",
        "0,14,2",
        "7,8,1",
        "14,0,2",
        "8,7,1",
        "14,14,2",
        "DONE",
        "YXSHOWFORBID",
        "RECTSTART 20,20",
        "SWAP2BOARD",
        "TURN 99,99",
        "RESTART",
        "BEGIN",
        "END",
        "ABOUT",
    ]
    .join("\r\n")
        + "\r\n";
    let output = converse(&input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines = answers(&output);
    // END stops the engine: the ABOUT after it is never answered.
    assert_eq!(lines.len(), 14, "{lines:#?}");
    assert!(
        lines[0].starts_with("name=\"narabe\", version=\""),
        "{lines:#?}"
    );
    assert_eq!(lines[1], "OK");
    assert!(is_move(&lines[2]), "BEGIN answers a move: {lines:#?}");
    assert!(is_move(&lines[3]), "TURN answers a move: {lines:#?}");
    assert_eq!(lines[4], "ERROR 0,0 is occupied");
    assert!(is_move(&lines[5]), "BOARD answers a move: {lines:#?}");
    assert_eq!(lines[6], "OK");
    assert_eq!(lines[7], "ERROR there is no stone to take back at 7,6");
    // Black's h8 is a double three (RULES.md corpus Q2 with white stones in the
    // corners to balance the counts).
    assert_eq!(lines[8], "FORBID 0707.");
    assert!(
        lines[9].starts_with("ERROR rectangular boards"),
        "{lines:#?}"
    );
    assert_eq!(lines[10], "UNKNOWN command SWAP2BOARD is not supported");
    assert_eq!(lines[11], "ERROR 99,99 is off the 15x15 board");
    assert_eq!(lines[12], "OK");
    assert!(
        is_move(&lines[13]),
        "BEGIN after RESTART answers a move: {lines:#?}"
    );
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        stdout.lines().all(|line| line.starts_with("MESSAGE ")
            || line.starts_with("ERROR ")
            || line.starts_with("UNKNOWN ")
            || line.starts_with("FORBID ")
            || line.starts_with("name=")
            || line == "OK"
            || is_move(line)),
        "stdout carries protocol lines only:\n{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(
        stderr.contains("narabe engine"),
        "logs go to stderr: {stderr}"
    );
}

#[test]
fn the_end_of_input_ends_the_engine_quietly() {
    let output = converse("START 15\n");
    assert!(output.status.success());
    assert_eq!(answers(&output), ["OK"]);
}

#[test]
fn a_bad_level_is_refused_by_the_command_line() {
    let output = Command::new(env!("CARGO_BIN_EXE_narabe"))
        .args(["engine", "--level", "9"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--level"));
}
