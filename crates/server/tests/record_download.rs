//! `GET /api/games/{id}/record`: a game downloaded in every format narabe
//! writes, read back by `narabe-records` with its moves, result and facts, over
//! a real server.

mod live;

use live::LiveServer;
use narabe_records::{Format, ReadOptions, TimeControl, read};
use narabe_rules::{Color, ResultCode};
use serde_json::json;

async fn download(server: &LiveServer, id: &str, query: &str) -> (u16, String, String, Vec<u8>) {
    let response = server
        .http
        .get(format!("{}/api/games/{id}/record{query}", server.base))
        .send()
        .await
        .expect("an answer");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let (kind, disposition) = (header("content-type"), header("content-disposition"));
    let status = response.status().as_u16();
    (
        status,
        kind,
        disposition,
        response.bytes().await.unwrap().to_vec(),
    )
}

#[tokio::test]
async fn a_finished_game_downloads_in_every_format_and_reads_back() {
    let server = LiveServer::start().await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "renju", "opening": "free", "time": "5+3"}))
        .await;
    for (token, point) in [
        (&first, "h8"),
        (&second, "h9"),
        (&first, "j8"),
        (&second, "j9"),
    ] {
        server.must_act(&id, token, &format!("place {point}")).await;
    }
    server.must_act(&id, &second, "resign").await;
    for (query, format, kind) in [
        ("", Format::NarabeLog, "text/plain; charset=utf-8"),
        (
            "?format=txt",
            Format::NarabeLog,
            "text/plain; charset=utf-8",
        ),
        ("?format=sgf", Format::Sgf, "application/x-go-sgf"),
        ("?format=lib", Format::Lib, "application/octet-stream"),
        ("?format=psq", Format::Psq, "text/plain; charset=utf-8"),
    ] {
        let (status, content_type, disposition, body) = download(&server, &id, query).await;
        assert_eq!(status, 200, "{query}: {}", String::from_utf8_lossy(&body));
        assert_eq!(content_type, kind, "{query}");
        assert_eq!(
            disposition,
            format!(
                "attachment; filename=\"narabe-{id}.{}\"",
                format.extension()
            ),
            "{query}"
        );
        let records = read(format, &body, &ReadOptions::default())
            .unwrap_or_else(|error| panic!("{query}: {error}"));
        let record = &records[0];
        let moves: Vec<String> = record
            .tree
            .main_line_actions()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            &moves[..4],
            ["place h8", "place h9", "place j8", "place j9"],
            "{query}"
        );
        if format == Format::NarabeLog || format == Format::Sgf {
            let result = record.settings.result.expect("a result");
            assert_eq!(result.winner, Some(Color::Black), "{query}");
            assert_eq!(result.reason, Some(ResultCode::Resignation), "{query}");
            assert_eq!(
                record.settings.time_control,
                Some(TimeControl::Clock {
                    base_seconds: 300,
                    increment_seconds: 3
                }),
                "{query}"
            );
            assert!(
                record
                    .settings
                    .date
                    .as_deref()
                    .is_some_and(|date| date.len() == 10)
            );
        }
    }
}

#[tokio::test]
async fn formats_narabe_cannot_write_or_boards_they_cannot_hold_are_refused() {
    let server = LiveServer::start().await;
    let (id, _, _) = server
        .game_under_way(json!({"game": "freestyle", "size": 19}))
        .await;
    for query in ["?format=rif", "?format=doc", "?fmt=sgf", "?format="] {
        let (status, _, _, body) = download(&server, &id, query).await;
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("bad-request")),
            "{query}: {answer}"
        );
    }
    let (status, _, _, body) = download(&server, &id, "?format=lib").await;
    let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        (status, answer["code"].as_str()),
        (422, Some("unwritable-record")),
        "{answer}"
    );
    let (status, _, _, _) = download(&server, &id, "?format=sgf").await;
    assert_eq!(status, 200, "a 19x19 game is fine in SGF");
    let (status, _, _, _) = download(&server, "AAAAAAAAAAAA", "").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_game_against_the_computer_names_the_computer() {
    let server = LiveServer::start().await;
    let created = server
        .create(json!({"game": "freestyle", "seat": "first", "opponent": {"computer": 3}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let (status, _, _, body) = download(&server, id, "?format=sgf").await;
    assert_eq!(status, 200);
    let records = read(Format::Sgf, &body, &ReadOptions::default()).unwrap();
    assert_eq!(
        records[0].settings.white.as_deref(),
        Some("narabe computer, level 3")
    );
    assert_eq!(records[0].settings.black, None);
}
