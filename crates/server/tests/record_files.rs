//! `POST /api/records/import` and `POST /api/records/export`: the analysis
//! board's record files read into trees and trees written as files, over a
//! real server, with the repository's hand-made and program-made files.

mod live;

use std::path::Path;

use live::LiveServer;
use narabe_records::{Format, ReadOptions, read};
use serde_json::{Value, json};

fn testdata(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/records")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

async fn send(server: &LiveServer, path: &str, body: Vec<u8>) -> (u16, String, Vec<u8>) {
    let response = server
        .http
        .post(format!("{}{path}", server.base))
        .body(body)
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (
        status,
        disposition,
        response.bytes().await.unwrap().to_vec(),
    )
}

async fn import(server: &LiveServer, query: &str, file: Vec<u8>) -> (u16, Value) {
    let (status, _, body) = send(server, &format!("/api/records/import{query}"), file).await;
    (
        status,
        serde_json::from_slice(&body).expect("a JSON answer"),
    )
}

fn moves_of(game: &Value) -> Vec<Option<String>> {
    game["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["move"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_library_with_variations_and_comments_becomes_a_tree_and_goes_back() {
    let server = LiveServer::start().await;
    let (status, answer) = import(&server, "", testdata("lib/v30-tree.lib")).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["format"], "lib");
    assert_eq!(answer["games_in_file"], 1);
    let game = &answer["games"][0];
    assert_eq!(game["game"], "renju");
    assert_eq!(game["size"], 15);
    let nodes = game["nodes"].as_array().unwrap();
    assert!(nodes[0]["parent"].is_null() && nodes[0]["move"].is_null());
    assert_eq!(nodes[1]["move"], "h8");
    assert_eq!(nodes[1]["title"], "Centre");
    let branching = nodes
        .iter()
        .enumerate()
        .filter(|(index, _)| {
            nodes
                .iter()
                .filter(|node| node["parent"].as_u64() == Some(*index as u64))
                .count()
                > 1
        })
        .count();
    assert!(branching >= 1, "a variation: {game}");
    assert!(
        nodes
            .iter()
            .any(|node| node["comment"].as_str().unwrap().contains("line two")),
        "{game}"
    );

    for format in ["lib", "sgf"] {
        let (status, disposition, file) = send(
            &server,
            &format!("/api/records/export?format={format}"),
            serde_json::to_vec(game).unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&file));
        assert_eq!(
            disposition,
            format!("attachment; filename=\"narabe-analysis.{format}\"")
        );
        let parsed: Format = format.parse().unwrap();
        read(parsed, &file, &ReadOptions::default()).expect("narabe reads what it wrote");
        let (status, again) = import(&server, &format!("?format={format}"), file).await;
        assert_eq!(status, 200, "{again}");
        assert_eq!(moves_of(&again["games"][0]), moves_of(game), "{format}");
    }
}

#[tokio::test]
async fn every_readable_format_imports_and_opening_steps_become_moves() {
    let server = LiveServer::start().await;
    for (file, format, first_moves) in [
        ("sgf/rif-renlib-style.sgf", "sgf", ["h8", "h9", "j10"]),
        ("psq/narabe-match.psq", "psq", ["", "", ""]),
        ("rif/database.rif", "rif", ["h8", "", ""]),
        ("playok/renju-rif.txt", "playok", ["h8", "h9", "j10"]),
        ("pos/five.pos", "pos", ["h8", "h9", "j10"]),
        ("bdt/games.bdt", "bdt", ["h8", "h9", "j10"]),
        ("narabe/rif-five.txt", "txt", ["h8", "h9", "j10"]),
        ("lib/rapfi-export.lib", "lib", ["h8", "", ""]),
    ] {
        let (status, answer) = import(&server, "", testdata(file)).await;
        assert_eq!(status, 200, "{file}: {answer}");
        assert_eq!(answer["format"], format, "{file}");
        let moves = moves_of(&answer["games"][0]);
        for (index, expected) in first_moves.iter().enumerate() {
            if !expected.is_empty() {
                assert_eq!(moves[index + 1].as_deref(), Some(*expected), "{file}");
            }
        }
    }
    // The RIF game's offers, keep and choice are gone: n13 is the fifth move.
    let (_, answer) = import(&server, "", testdata("narabe/rif-five.txt")).await;
    let moves = moves_of(&answer["games"][0]);
    assert_eq!(moves[5].as_deref(), Some("n13"), "{moves:?}");
    // A collection far over the JSON bodies' 8 KiB: every game counted, the
    // first 500 answered.
    let collection = "(;GM[4]SZ[15];B[hh];W[hg];B[ig])".repeat(600);
    let (status, answer) = import(&server, "", collection.into_bytes()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["games_in_file"], 600);
    assert_eq!(answer["games"].as_array().unwrap().len(), 500);
    // A file that names no rules takes the game asked for.
    let (_, renju) = import(&server, "?game=renju", testdata("psq/renju-no-times.psq")).await;
    assert_eq!(renju["games"][0]["game"], "renju");
}

#[tokio::test]
async fn broken_files_and_bad_trees_get_their_error_and_change_nothing() {
    let server = LiveServer::start().await;
    for (file, needle) in [
        ("broken/stone-on-stone.sgf", "occupied"),
        ("broken/truncated-comment.lib", "byte"),
        ("broken/unclosed.sgf", "sgf"),
        ("broken/off-board.psq", "psq"),
    ] {
        let (status, answer) = import(&server, "", testdata(file)).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (422, Some("bad-record")),
            "{file}"
        );
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains(needle), "{file}: {message}");
    }
    for (query, body, status, code) in [
        ("?format=doc", b"x".to_vec(), 400, "bad-request"),
        ("?colour=black", b"x".to_vec(), 400, "bad-request"),
        ("", Vec::new(), 400, "bad-request"),
        ("", b"hello, this is no record".to_vec(), 422, "bad-record"),
        ("", vec![b'('; 5 * 1024 * 1024], 413, "too-large"),
    ] {
        let (answer_status, answer) = import(&server, query, body).await;
        assert_eq!(
            (answer_status, answer["code"].as_str()),
            (status, Some(code)),
            "{query}: {answer}"
        );
    }
    let tree = json!({"game": "renju", "size": 15, "nodes": [
        {"parent": null, "move": null},
        {"parent": 0, "move": "h8"},
        {"parent": 1, "move": "h8"},
    ]});
    let no_root = json!({"game": "renju", "size": 15, "nodes": [{"parent": 0, "move": "h8"}]});
    let unknown = json!({"game": "renju", "size": 15, "nodes": [], "colour": 1});
    for (query, body, status, code) in [
        ("?format=sgf", tree.to_string(), 422, "bad-record"),
        ("?format=sgf", no_root.to_string(), 400, "bad-request"),
        ("?format=sgf", unknown.to_string(), 400, "bad-request"),
        ("?format=sgf", "{".to_owned(), 400, "bad-request"),
        ("?format=rif", no_root.to_string(), 400, "bad-request"),
    ] {
        let (answer_status, _, answer) = send(
            &server,
            &format!("/api/records/export{query}"),
            body.into_bytes(),
        )
        .await;
        let answer: Value = serde_json::from_slice(&answer).unwrap();
        assert_eq!(
            (answer_status, answer["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
    }
    // A RenLib library is 15x15 only.
    let big = json!({"game": "freestyle", "size": 19, "nodes": [
        {"parent": null, "move": null}, {"parent": 0, "move": "s19"}]});
    let (status, _, answer) = send(
        &server,
        "/api/records/export?format=lib",
        big.to_string().into_bytes(),
    )
    .await;
    let answer: Value = serde_json::from_slice(&answer).unwrap();
    assert_eq!(
        (status, answer["code"].as_str()),
        (422, Some("unwritable-record"))
    );
}
