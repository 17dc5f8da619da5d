//! `GET /diagram.svg|png|gif`: pictures of a position and animations of its
//! moves, over a real server: their types, names and cache, the stones where
//! they stand, pente's captures, and every refusal.

mod live;

use live::LiveServer;

async fn fetch(server: &LiveServer, path: &str) -> (u16, [String; 3], Vec<u8>) {
    let response = server
        .http
        .get(format!("{}{path}", server.base))
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
    let headers = [
        header("content-type"),
        header("cache-control"),
        header("content-disposition"),
    ];
    let status = response.status().as_u16();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn each_picture_has_its_type_name_and_cache() {
    let server = LiveServer::start().await;
    let query = "game=renju&black=a1&white=o15&to_move=black&moves=h8%2Ch9%2Ci10&numbers=1";
    for (extension, media_type) in [
        ("svg", "image/svg+xml"),
        ("png", "image/png"),
        ("gif", "image/gif"),
    ] {
        let (status, headers, body) =
            fetch(&server, &format!("/diagram.{extension}?{query}")).await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        assert_eq!(headers[0], media_type);
        assert_eq!(headers[1], "public, max-age=86400");
        assert_eq!(
            headers[2],
            format!("inline; filename=\"narabe-renju.{extension}\"")
        );
    }
    let (_, _, svg) = fetch(&server, &format!("/diagram.svg?{query}")).await;
    let svg = String::from_utf8(svg).unwrap();
    assert!(svg.contains("viewBox=\"0 0 516 516\""), "{svg}");
    // Three numbered moves, the set-up stones without numbers.
    for number in [">1</text>", ">2</text>", ">3</text>"] {
        assert!(svg.contains(number), "{number}");
    }
    assert_eq!(
        svg.matches("stroke-width=\"1.2\"/>").count() - 30,
        5,
        "five stones"
    );

    let (_, _, png) = fetch(&server, "/diagram.png?game=renju&moves=h8,h9&coordinates=0").await;
    let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(pixmap.width(), 20 * 2 + 14 * 32);
    let color = |col: u32, row_from_top: u32| {
        let pixel = pixmap
            .pixel(20 + 32 * col + 8, 20 + 32 * row_from_top)
            .unwrap();
        (pixel.red(), pixel.green(), pixel.blue())
    };
    assert_eq!(color(7, 7), (0x11, 0x11, 0x11), "black h8");
    assert_eq!(color(7, 6), (0xfa, 0xfa, 0xfa), "white h9");
}

#[tokio::test]
async fn a_game_animates_a_frame_a_move_and_pente_captures_vanish() {
    let server = LiveServer::start().await;
    let moves = "h8,h9,i9,i10,j10,k11,j11,j9,k10";
    let (status, _, gif) = fetch(
        &server,
        &format!("/diagram.gif?game=renju&moves={moves}&delay=250"),
    )
    .await;
    assert_eq!(status, 200);
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    assert_eq!(delays.len(), 10, "the empty board and nine moves");
    assert!(delays[..9].iter().all(|&delay| delay == 25));
    assert_eq!(delays[9], 300, "the last frame holds three seconds");

    // Pente: White (first) h8, Black h9, White a1, Black h10, White h11 takes h9 h10.
    let (_, _, svg) = fetch(
        &server,
        "/diagram.svg?game=pente&moves=h8,h9,a1,h10,h11&size=19",
    )
    .await;
    let svg = String::from_utf8(svg).unwrap();
    assert_eq!(
        svg.matches("fill=\"#111111\" stroke").count(),
        0,
        "no black stone is left"
    );
    assert_eq!(svg.matches("fill=\"#fafafa\" stroke").count(), 3);
}

#[tokio::test]
async fn bad_queries_are_refused_with_their_code() {
    let server = LiveServer::start().await;
    for (path, status, code) in [
        ("/diagram.png", 400, "bad-request"),
        ("/diagram.png?game=renju&colour=black", 400, "bad-request"),
        ("/diagram.png?game=renju&game=renju", 400, "bad-request"),
        ("/diagram.png?game=renju&delay=300", 400, "bad-request"),
        ("/diagram.gif?game=renju&delay=20", 400, "bad-request"),
        (
            "/diagram.svg?game=renju&moves=h8,nowhere",
            400,
            "bad-request",
        ),
        ("/diagram.svg?game=chess", 422, "bad-settings"),
        ("/diagram.svg?game=renju&size=19", 422, "bad-settings"),
        ("/diagram.svg?game=renju&moves=h8,h8", 409, "occupied"),
        ("/diagram.svg?game=renju&moves=h8,q3", 422, "off-board"),
        ("/diagram.svg?game=renju&black=h8&white=h8", 409, "occupied"),
    ] {
        let (answer, _, body) = fetch(&server, path).await;
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            (answer, body["code"].as_str()),
            (status, Some(code)),
            "{path}: {body}"
        );
    }
    let over = "/diagram.svg?game=freestyle&moves=a1,a3,b1,b3,c1,c3,d1,d3,e1,e3";
    let (answer, _, body) = fetch(&server, over).await;
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["code"], "game-over", "{answer}: {body}");
}
