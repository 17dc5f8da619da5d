//! The analysis board's endpoints over a real server: the facts of a position
//! (`POST /api/position`), set-up positions, the best few moves of an analysis
//! (`"lines"`), and the threat searches (`POST /api/analysis/threats`).

mod live;

use std::time::Duration;

use live::{LiveServer, client_from};
use serde_json::{Value, json};

/// The points of a JSON array of strings.
fn points(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|point| point.as_str().unwrap())
        .collect()
}

async fn facts(server: &LiveServer, body: Value) -> Value {
    let (status, facts) = server.post("/api/position", None, body.clone()).await;
    assert_eq!(status, 200, "{body}: {facts}");
    facts
}

#[tokio::test]
async fn a_renju_position_shows_its_forbidden_points_explained() {
    let server = LiveServer::start().await;
    // Black g8 h7 h9 i8 around the empty h8: a double three.
    let facts = facts(
        &server,
        json!({"game": "renju", "moves": ["g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7"]}),
    )
    .await;
    assert_eq!(facts["ply"], 8);
    assert_eq!(facts["to_move"], "black");
    assert_eq!(points(&facts["stones"]["black"]), ["h7", "g8", "i8", "h9"]);
    assert_eq!(points(&facts["stones"]["white"]), ["a1", "a3", "a5", "a7"]);
    assert!(facts["outcome"].is_null(), "{facts}");
    assert!(points(&facts["forbidden"]).contains(&"h8"), "{facts}");
    let fouls = facts["fouls"].as_array().unwrap();
    assert_eq!(fouls.len(), facts["forbidden"].as_array().unwrap().len());
    let h8 = fouls.iter().find(|foul| foul["point"] == "h8").unwrap();
    assert_eq!(h8["kind"], "double-three", "{h8}");
    let lines = h8["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{h8}");
    assert!(lines.iter().all(|line| line["shape"] == "three"), "{h8}");
    let mut directions: Vec<&str> = lines
        .iter()
        .map(|line| line["direction"].as_str().unwrap())
        .collect();
    directions.sort_unstable();
    assert_eq!(directions, ["horizontal", "vertical"]);
    assert!(facts["opening_name"].is_null());
    // White to move: the points stay forbidden for Black all the same.
    let white_to_move = json!({"game": "renju",
        "moves": ["g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7", "o15"]});
    let after = self::facts(&server, white_to_move).await;
    assert!(points(&after["forbidden"]).contains(&"h8"), "{after}");
    // Other games have no forbidden points.
    let free = self::facts(
        &server,
        json!({"game": "freestyle", "moves": ["g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7"]}),
    )
    .await;
    assert_eq!(free["forbidden"], json!([]));
    assert_eq!(free["fouls"], json!([]));
}

#[tokio::test]
async fn fives_fouls_and_captures_end_or_change_the_position() {
    let server = LiveServer::start().await;
    let five = facts(
        &server,
        json!({"game": "freestyle", "moves": ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"]}),
    )
    .await;
    let outcome = &five["outcome"];
    assert_eq!(outcome["winner"], "black", "{five}");
    assert_eq!(outcome["reason"], "five");
    assert_eq!(points(&outcome["line"]), ["a1", "b1", "c1", "d1", "e1"]);
    assert!(outcome["foul"].is_null());
    // Black plays the double three h8 under the default policy `loses`: the
    // position ends, White wins, and the foul's shape is the line.
    let foul = facts(
        &server,
        json!({"game": "renju",
            "moves": ["g8", "a1", "h7", "a3", "h9", "a5", "i8", "a7", "h8"]}),
    )
    .await;
    let outcome = &foul["outcome"];
    assert_eq!(outcome["winner"], "white", "{foul}");
    assert_eq!(outcome["reason"], "foul");
    assert_eq!(points(&outcome["line"]), ["h7", "g8", "h8", "i8", "h9"]);
    assert_eq!(outcome["foul"]["point"], "h8");
    assert_eq!(outcome["foul"]["kind"], "double-three");
    assert_eq!(foul["forbidden"], json!([]), "none once it is over");
    assert!(points(&foul["stones"]["black"]).contains(&"h8"));
    // The same in a real opening: Keigetsu, and Black's double three k10.
    let keigetsu = [
        "h8", "h9", "i10", "i9", "j10", "g7", "l9", "g8", "m8", "a1", "k10",
    ];
    let foul = facts(&server, json!({"game": "renju", "moves": keigetsu})).await;
    assert_eq!(foul["outcome"]["reason"], "foul", "{foul}");
    assert_eq!(
        points(&foul["outcome"]["line"]),
        ["m8", "l9", "i10", "j10", "k10"]
    );
    assert_eq!(foul["opening_name"], "Keigetsu");
    // Pente (White first): White's h8 and h11 take Black's h9 and h10.
    let pente = facts(
        &server,
        json!({"game": "pente", "moves": ["h8", "h9", "a1", "h10", "h11"]}),
    )
    .await;
    assert!(pente["outcome"].is_null(), "{pente}");
    assert_eq!(pente["stones"]["black"], json!([]), "{pente}");
    assert_eq!(points(&pente["stones"]["white"]), ["a1", "h8", "h11"]);
    assert_eq!(pente["captures"], json!({"black": 0, "white": 2}));
    assert_eq!(pente["to_move"], "black");
    assert_eq!(pente["ply"], 5);
}

#[tokio::test]
async fn canonical_openings_are_named_in_any_orientation() {
    let server = LiveServer::start().await;
    for (body, name) in [
        (
            json!({"game": "renju", "moves": ["h8", "h9", "i10"]}),
            "Keigetsu",
        ),
        (
            json!({"game": "renju", "moves": ["h8", "h9", "i9", "g7"]}),
            "Kagetsu",
        ),
        // 13D Yūsei with White on the left of h8.
        (
            json!({"game": "renju", "moves": ["h8", "g8", "j10"]}),
            "Yūsei",
        ),
        (
            json!({"game": "renju", "setup": {"black": ["h8", "i10"], "white": ["h9"]}}),
            "Keigetsu",
        ),
        (
            json!({"game": "renju", "setup": {"black": ["h8"], "white": ["h9"]}, "moves": ["i10"]}),
            "Keigetsu",
        ),
    ] {
        let facts = facts(&server, body.clone()).await;
        assert_eq!(facts["opening_name"], name, "{body}: {facts}");
    }
    for body in [
        json!({"game": "renju", "moves": ["h8", "h9"]}),
        json!({"game": "renju", "moves": ["h8", "h9", "a1"]}),
        json!({"game": "freestyle", "moves": ["h8", "h9", "i10"]}),
    ] {
        let facts = facts(&server, body.clone()).await;
        assert!(facts["opening_name"].is_null(), "{body}: {facts}");
    }
}

#[tokio::test]
async fn set_up_positions_take_their_stones_then_the_moves() {
    let server = LiveServer::start().await;
    let facts = facts(
        &server,
        json!({"game": "freestyle",
            "setup": {"black": ["h8", "i9"], "white": ["h9"]}, "moves": ["a1", "b2"]}),
    )
    .await;
    // Black has more stones: White moves first after the set-up.
    assert_eq!(points(&facts["stones"]["white"]), ["a1", "h9"]);
    assert_eq!(points(&facts["stones"]["black"]), ["b2", "h8", "i9"]);
    assert_eq!(facts["ply"], 5);
    assert_eq!(facts["to_move"], "white");
    let chosen = self::facts(
        &server,
        json!({"game": "renju", "setup": {"black": ["h8"], "to_move": "white"}}),
    )
    .await;
    assert_eq!(chosen["to_move"], "white");
    let even = self::facts(
        &server,
        json!({"game": "renju", "setup": {"black": ["h8"], "white": ["h9"]}}),
    )
    .await;
    assert_eq!(even["to_move"], "black");
    // A set-up position is analysed like any other.
    let (status, analysis) = server
        .post(
            "/api/analysis",
            None,
            json!({"game": "freestyle", "setup": {"black": ["h8", "i8", "j8", "k8"],
                "white": ["a1", "o1", "a15", "o15"]}}),
        )
        .await;
    assert_eq!(status, 200, "{analysis}");
    assert!(["g8", "l8"].contains(&analysis["best_move"].as_str().unwrap()));
    assert_eq!(analysis["score"], json!({"kind": "win-in", "plies": 1}));
}

#[tokio::test]
async fn bad_positions_are_refused_with_their_codes() {
    let server = LiveServer::start().await;
    let renju = |setup: Value| json!({"game": "renju", "setup": setup});
    for (body, status, code) in [
        (
            renju(json!({"black": ["h8"], "white": ["h8"]})),
            409,
            "occupied",
        ),
        (renju(json!({"black": ["h8", "h8"]})), 409, "occupied"),
        (renju(json!({"white": ["p16"]})), 422, "off-board"),
        (
            renju(json!({"black": ["h8", "nowhere"]})),
            400,
            "bad-request",
        ),
        (
            renju(json!({"black": ["h8"], "to_move": "red"})),
            400,
            "bad-request",
        ),
        (
            renju(json!({"black": ["h8"], "colour": "black"})),
            400,
            "bad-request",
        ),
        (
            renju(json!({"black": ["a1", "b1", "c1", "d1", "e1"]})),
            422,
            "bad-settings",
        ),
        (
            json!({"game": "renju", "setup": {"black": ["h8"]}, "moves": ["h8"]}),
            409,
            "occupied",
        ),
        (
            json!({"game": "renju", "moves": ["h8", "q3"]}),
            422,
            "off-board",
        ),
        (
            json!({"game": "renju", "moves": ["h8", "nowhere"]}),
            400,
            "bad-request",
        ),
        (json!({"game": "go"}), 422, "bad-settings"),
        (json!({"game": "renju", "size": 19}), 422, "bad-settings"),
        (json!({"game": "renju", "lines": 2}), 400, "bad-request"),
        (json!({"moves": []}), 400, "bad-request"),
        (
            json!({"game": "freestyle",
                "moves": ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1", "o15"]}),
            409,
            "game-over",
        ),
    ] {
        let (answer_status, answer) = server.post("/api/position", None, body.clone()).await;
        assert_eq!(
            (answer_status, answer["code"].as_str()),
            (status, Some(code)),
            "{body}: {answer}"
        );
    }
    let (_, named) = server
        .post(
            "/api/position",
            None,
            renju(json!({"black": ["h8", "nowhere"]})),
        )
        .await;
    assert!(
        named["message"].as_str().unwrap().contains("\"nowhere\""),
        "{named}"
    );
}

#[tokio::test]
async fn the_position_facts_are_not_counted_as_actions() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.actions_per_second = 1.0).await;
    let body = json!({"game": "renju", "moves": ["h8", "h9"]});
    for _ in 0..10 {
        let (status, facts) = server.post("/api/position", None, body.clone()).await;
        assert_eq!(status, 200, "{facts}");
    }
    // The analyses are: their burst (two) spent, the next is refused even
    // before its body is read.
    let mut codes = Vec::new();
    for _ in 0..3 {
        let (_, answer) = server.post("/api/analysis", None, json!({})).await;
        codes.push(answer["code"].as_str().unwrap().to_owned());
    }
    assert_eq!(codes, ["bad-request", "bad-request", "rate-limited"]);
}

#[tokio::test]
async fn several_lines_are_distinct_moves_best_first() {
    let server = LiveServer::start().await;
    let body = json!({"game": "renju", "moves": ["h8", "h9", "i8"], "lines": 3});
    let (status, analysis) = server.post("/api/analysis", None, body).await;
    assert_eq!(status, 200, "{analysis}");
    let lines = analysis["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{analysis}");
    assert_eq!(lines[0]["move"], analysis["best_move"]);
    assert_eq!(lines[0]["score"], analysis["score"]);
    assert_eq!(lines[0]["line"], analysis["line"]);
    let mut moves: Vec<&str> = lines
        .iter()
        .map(|line| line["move"].as_str().unwrap())
        .collect();
    for line in lines {
        assert_eq!(line["line"][0], line["move"], "{line}");
    }
    let values: Vec<i64> = lines
        .iter()
        .map(|line| {
            assert_eq!(line["score"]["kind"], "value", "{analysis}");
            line["score"]["value"].as_i64().unwrap()
        })
        .collect();
    assert!(
        values.windows(2).all(|pair| pair[0] >= pair[1]),
        "{analysis}"
    );
    moves.sort_unstable();
    moves.dedup();
    assert_eq!(moves.len(), 3, "{analysis}");
    // One line by default; the number of lines is part of what is
    // remembered, so one line is its own analysis.
    let (status, one) = server
        .post(
            "/api/analysis",
            None,
            json!({"game": "renju", "moves": ["h8", "h9", "i8"]}),
        )
        .await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["lines"].as_array().unwrap().len(), 1, "{one}");
    assert_eq!(one["lines"][0]["move"], one["best_move"]);
    for lines in [json!(0), json!(6), json!("two"), json!(-1)] {
        let (status, answer) = server
            .post(
                "/api/analysis",
                None,
                json!({"game": "renju", "moves": ["h8"], "lines": lines}),
            )
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("bad-request")),
            "{lines}: {answer}"
        );
    }
}

#[tokio::test]
async fn a_games_analysis_takes_lines_too() {
    let server = LiveServer::start().await;
    let (id, first, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    server.must_act(&id, &first, "resign").await;
    let path = format!("/api/games/{id}/analysis");
    let (status, analysis) = server.post(&path, None, json!({"lines": 2})).await;
    assert_eq!(status, 200, "{analysis}");
    let lines = analysis["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{analysis}");
    assert_ne!(lines[0]["move"], lines[1]["move"]);
    assert_eq!(lines[0]["move"], analysis["best_move"]);
    let (status, refused) = server.post(&path, None, json!({"lines": 9})).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad-request"))
    );
}

#[tokio::test]
async fn two_winning_points_are_two_lines() {
    let server = LiveServer::start().await;
    // Black's open four h8 i8 j8 k8: fives at g8 and l8.
    let body = json!({"game": "freestyle",
        "moves": ["h8", "a1", "i8", "o1", "j8", "a15", "k8", "o15"], "lines": 2});
    let (status, analysis) = server.post("/api/analysis", None, body).await;
    assert_eq!(status, 200, "{analysis}");
    let mut fives: Vec<&str> = analysis["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            assert_eq!(line["score"], json!({"kind": "win-in", "plies": 1}));
            line["move"].as_str().unwrap()
        })
        .collect();
    fives.sort_unstable();
    assert_eq!(fives, ["g8", "l8"], "{analysis}");
    assert!(analysis["forced_win"].is_array(), "{analysis}");
}

/// White's four at k10 leaves Black only l10, a double three (renju): White's
/// VCF through a black foul. Black's stones and White's, as a set-up.
fn white_wins_through_a_foul(to_move: &str) -> Value {
    json!({"game": "renju", "setup": {
        "black": ["g10", "l11", "l12", "m11", "n12"],
        "white": ["h10", "i10", "j10", "a1"],
        "to_move": to_move,
    }})
}

async fn threats(server: &LiveServer, mut body: Value, side: &str, kind: &str) -> Value {
    body["side"] = json!(side);
    body["kind"] = json!(kind);
    let (status, answer) = server
        .post("/api/analysis/threats", None, body.clone())
        .await;
    assert_eq!(status, 200, "{body}: {answer}");
    assert_eq!(
        (answer["side"].as_str(), answer["kind"].as_str()),
        (Some(side), Some(kind))
    );
    answer
}

#[tokio::test]
async fn a_vcf_of_the_side_not_to_move_is_found() {
    let server = LiveServer::start().await;
    for to_move in ["white", "black"] {
        let answer = threats(&server, white_wins_through_a_foul(to_move), "white", "vcf").await;
        let line = points(&answer["line"]);
        assert_eq!(line[0], "k10", "{to_move}: {answer}");
        assert_eq!(line.len() % 2, 1, "the attacker's move ends it: {answer}");
        assert_eq!(answer["complete"], true);
        assert!(answer["elapsed_ms"].is_u64());
    }
    // Black has none there.
    let none = threats(&server, white_wins_through_a_foul("white"), "black", "vcf").await;
    assert!(none["line"].is_null(), "{none}");
}

#[tokio::test]
async fn a_vct_is_found_where_there_is_no_vcf() {
    let server = LiveServer::start().await;
    // Black's f8 g8 and h9 h10 cross on h8 (two open threes at once, allowed
    // in freestyle), White to move.
    let fork = json!({"game": "freestyle", "setup": {
        "black": ["f8", "g8", "h9", "h10"], "white": ["a1", "o1", "a15", "o15"],
        "to_move": "white",
    }});
    let vcf = threats(&server, fork.clone(), "black", "vcf").await;
    assert!(vcf["line"].is_null(), "{vcf}");
    assert_eq!(vcf["complete"], true, "{vcf}");
    let vct = threats(&server, fork, "black", "vct").await;
    let line = points(&vct["line"]);
    assert!(!line.is_empty(), "{vct}");
    assert_eq!(line.len() % 2, 1, "{vct}");
    // A quiet position has neither.
    let quiet = json!({"game": "renju", "moves": ["h8", "h9"]});
    let none = threats(&server, quiet, "white", "vcf").await;
    assert!(none["line"].is_null(), "{none}");
}

#[tokio::test]
async fn bad_threat_questions_are_refused() {
    let server = LiveServer::start().await;
    let with = |extra: Value| {
        let mut body = json!({"game": "renju", "moves": ["h8", "h9"]});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    for (body, status, code) in [
        (
            with(json!({"side": "red", "kind": "vcf"})),
            400,
            "bad-request",
        ),
        (
            with(json!({"side": "black", "kind": "vc4"})),
            400,
            "bad-request",
        ),
        (with(json!({"kind": "vcf"})), 400, "bad-request"),
        (with(json!({"side": "black"})), 400, "bad-request"),
        (
            with(json!({"side": "black", "kind": "vcf", "lines": 2})),
            400,
            "bad-request",
        ),
        (
            json!({"game": "freestyle", "side": "black", "kind": "vcf",
                "moves": ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"]}),
            422,
            "game-over",
        ),
        (
            json!({"game": "renju", "side": "black", "kind": "vcf",
                "setup": {"black": ["h8"], "white": ["h8"]}}),
            409,
            "occupied",
        ),
        (
            json!({"game": "go", "side": "black", "kind": "vcf"}),
            422,
            "bad-settings",
        ),
    ] {
        let (answer_status, answer) = server
            .post("/api/analysis/threats", None, body.clone())
            .await;
        assert_eq!(
            (answer_status, answer["code"].as_str()),
            (status, Some(code)),
            "{body}: {answer}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_threat_search_waits_for_the_addresss_analysis() {
    let server = LiveServer::start().await;
    let client = client_from("127.0.0.2");
    // A quiet position: the analysis takes its whole budget.
    let analysis = server.post_from(
        &client,
        "/api/analysis",
        None,
        json!({"game": "renju", "moves": ["h8", "h9", "j10", "g7"]}),
    );
    let threat = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        server
            .post_from(
                &client,
                "/api/analysis/threats",
                None,
                json!({"game": "renju", "moves": ["h8", "h9", "j10", "g7"],
                    "side": "black", "kind": "vct"}),
            )
            .await
    };
    let ((status, analysis), (refused_status, refused)) = tokio::join!(analysis, threat);
    assert_eq!(status, 200, "{analysis}");
    assert_eq!(
        (refused_status, refused["code"].as_str()),
        (429, Some("analysis-in-progress")),
        "{refused}"
    );
    // Asked again, the threat search runs; asked once more, it is remembered.
    let body = json!({"game": "renju", "moves": ["h8", "h9", "j10", "g7"],
        "side": "black", "kind": "vct"});
    let (status, first) = server
        .post_from(&client, "/api/analysis/threats", None, body.clone())
        .await;
    assert_eq!(status, 200, "{first}");
    let (status, again) = server
        .post_from(&client, "/api/analysis/threats", None, body)
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again, first, "remembered");
}
