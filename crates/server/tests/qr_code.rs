//! `GET /qr.svg`: the share screen's QR code of an invite link, drawn by the
//! real server. The SVG's modules are read back and compared with the QR code
//! of the same text, so the picture holds exactly the link asked for; texts
//! that are not the server's own links, or too long, are refused.

mod live;

use live::LiveServer;
use qrcode::{Color, EcLevel, QrCode};
use serde_json::json;

/// `GET /qr.svg?text=<text>`: the status, the content type and the body.
async fn qr(server: &LiveServer, text: &str) -> (u16, String, String) {
    let response = server
        .http
        .get(format!(
            "{}/qr.svg?text={}",
            server.base,
            percent_encoded(text)
        ))
        .send()
        .await
        .expect("an answer");
    let kind = response
        .headers()
        .get("content-type")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (
        response.status().as_u16(),
        kind,
        response.text().await.unwrap(),
    )
}

/// `text` with every byte but the unreserved ones percent-encoded.
fn percent_encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(byte).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// The dark modules of an SVG drawn with one unit per module: the path is a
/// run of `M{x} {y}h{w}v{h}H{x}V{y}` rectangles; the quiet zone of four
/// modules is taken off.
fn dark_modules(svg: &str, width: usize) -> Vec<bool> {
    let path = svg
        .split(" d=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("one path");
    let mut dark = vec![false; width * width];
    for rect in path.split('M').filter(|part| !part.is_empty()) {
        let numbers: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|part| !part.is_empty())
            .map(|part| part.parse().unwrap())
            .collect();
        let (left, top, w, h) = (numbers[0], numbers[1], numbers[2], numbers[3]);
        for y in top..top + h {
            for x in left..left + w {
                dark[(y - 4) * width + (x - 4)] = true;
            }
        }
    }
    dark
}

#[tokio::test]
async fn the_invite_link_is_drawn_as_a_qr_code() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "renju"})).await;
    let invite = created["invite"].as_str().unwrap();

    let (status, kind, svg) = qr(&server, invite).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"), "{svg}");
    assert!(svg.contains("<svg"), "{svg}");

    let expected = QrCode::with_error_correction_level(invite, EcLevel::M).unwrap();
    let width = expected.width();
    assert!(
        svg.contains(&format!("viewBox=\"0 0 {0} {0}\"", width + 8)),
        "{svg}"
    );
    let wanted: Vec<bool> = expected
        .to_colors()
        .into_iter()
        .map(|color| color == Color::Dark)
        .collect();
    assert_eq!(dark_modules(&svg, width), wanted);
}

#[tokio::test]
async fn only_the_servers_own_links_are_drawn() {
    let server = LiveServer::start().await;
    for text in [
        "https://example.com/g/abc",
        "hello",
        "",
        // The server's address without the path separator: a look-alike host.
        &format!("{}.evil.example/g/x", server.base),
    ] {
        let (status, _, body) = qr(&server, text).await;
        assert_eq!(status, 422, "{text}: {body}");
        assert!(body.contains("bad-qr-text"), "{body}");
    }
    let long = format!("{}/g/{}", server.base, "x".repeat(600));
    let (status, _, body) = qr(&server, &long).await;
    assert_eq!(status, 422, "{body}");

    let response = server
        .http
        .get(format!("{}/qr.svg", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
}
