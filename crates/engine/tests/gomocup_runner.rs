//! `run_gomocup` on in-memory streams: line ends, flushing order, `END`.

use std::io::Cursor;

use narabe_engine::{EngineOptions, run_gomocup};

fn run(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    run_gomocup(
        Cursor::new(input.as_bytes().to_vec()),
        &mut output,
        EngineOptions::default(),
    )
    .expect("in-memory streams do not fail");
    String::from_utf8(output)
        .expect("UTF-8")
        .lines()
        .filter(|line| !line.starts_with("MESSAGE "))
        .map(str::to_owned)
        .collect()
}

#[test]
fn answers_in_order_and_stops_at_end() {
    let lines = run(
        "START 15\r\nINFO timeout_turn 100\r\nINFO max_depth 1\r\nBEGIN\r\nTURN 0,0\r\nEND\r\nABOUT\r\n",
    );
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "OK");
    for answer in &lines[1..] {
        assert!(
            answer.parse::<narabe_engine::GomocupCoord>().is_ok(),
            "{lines:?}"
        );
    }
}

#[test]
fn lone_carriage_returns_end_lines_too() {
    assert_eq!(
        run("START 15\rRESTART\rFOO\r"),
        ["OK", "OK", "UNKNOWN command FOO is not supported"]
    );
}

#[test]
fn the_end_of_input_ends_the_session() {
    assert_eq!(run("START 15\n"), ["OK"]);
    assert!(run("").is_empty());
}

#[test]
fn bytes_that_are_not_utf8_are_an_unknown_command() {
    let mut output = Vec::new();
    run_gomocup(
        Cursor::new(b"\xff\xfe\nSTART 15\n".to_vec()),
        &mut output,
        EngineOptions::default(),
    )
    .expect("in-memory streams do not fail");
    let text = String::from_utf8(output).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("UNKNOWN command "), "{lines:?}");
    assert_eq!(lines[1], "OK");
}
