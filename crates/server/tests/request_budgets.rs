//! Every request and every WebSocket message is under a per-address budget:
//! a flood from one address is refused (`429 rate-limited` with `Retry-After`
//! over HTTP, `rate-limited` errors and then a close over a socket) while
//! another address is served as before. IPv6 clients are counted by their
//! `/64`. Errors never echo a long `ref` back.
//!
//! The budgets in these tests refill at one token per 100 s or slower, so that
//! no outcome depends on how fast the machine sends.

mod live;

use std::net::IpAddr;

use futures_util::{SinkExt, StreamExt};
use live::LiveServer;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// A client whose requests come from `source` (any address of 127.0.0.0/8
/// reaches a server on 127.0.0.1).
fn client_from(source: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(source.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

/// `GET path` with `client`: the status, `Retry-After` and the JSON body's
/// code, if any.
async fn get(
    server: &LiveServer,
    client: &reqwest::Client,
    path: &str,
) -> (u16, Option<String>, Option<String>) {
    let response = client
        .get(format!("{}{path}", server.base))
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().unwrap().to_owned());
    let body: Value = response.json().await.unwrap_or(Value::Null);
    (status, retry, body["code"].as_str().map(str::to_owned))
}

#[tokio::test]
async fn a_flood_of_qr_codes_is_refused_while_another_address_is_served() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| options.qr_per_minute = 0.5).await;
    let created = server.create(json!({"game": "renju"})).await;
    let link = created["watch"].as_str().unwrap();
    let path = format!(
        "/qr.svg?text={}",
        link.replace(':', "%3A").replace('/', "%2F")
    );
    let attacker = client_from("127.0.0.1");
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(get(&server, &attacker, &path).await);
    }
    assert_eq!(statuses[0].0, 200, "the first code is drawn");
    let (status, retry, code) = statuses.last().unwrap().clone();
    assert_eq!((status, code.as_deref()), (429, Some("rate-limited")));
    let retry: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!(retry >= 1, "{retry}");
    let (status, _, _) = get(&server, &client_from("127.0.0.2"), &path).await;
    assert_eq!(status, 200, "another address still gets its code");
}

#[tokio::test]
async fn every_route_is_under_the_request_budget_of_its_address() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.requests_per_second = 0.01;
        options.request_burst = 4.0;
    })
    .await;
    let attacker = client_from("127.0.0.1");
    let created: Value = attacker
        .post(format!("{}/api/games", server.base))
        .json(&json!({"game": "renju"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let game = format!("/api/games/{id}");
    // Three more requests fit the burst of four; then every route is refused.
    for path in [game.as_str(), "/", "/assets/js/api.js"] {
        assert_eq!(get(&server, &attacker, path).await.0, 200, "{path}");
    }
    for path in [
        game.as_str(),
        "/",
        "/assets/js/api.js",
        "/g/nonsense",
        "/rules",
        "/no/such/page",
    ] {
        let (status, retry, code) = get(&server, &attacker, path).await;
        assert_eq!(
            (status, code.as_deref()),
            (429, Some("rate-limited")),
            "{path}"
        );
        assert!(retry.is_some(), "{path} says when to retry");
    }
    let other = client_from("127.0.0.3");
    assert_eq!(get(&server, &other, &game).await.0, 200);
    assert_eq!(get(&server, &other, "/assets/js/api.js").await.0, 200);
}

#[tokio::test]
async fn a_spectators_junk_frames_are_rate_limited_and_then_the_socket_closed() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.socket_messages_per_second = 0.001;
        options.socket_refusals_before_close = 5;
    })
    .await;
    let (id, first, _) = server.two_player_game(json!({"game": "renju"})).await;
    let mut spectator = server.socket(&id, None, None).await;
    assert_eq!(spectator.next().await["type"], "welcome");
    let mut codes = Vec::new();
    let mut closed_with = None;
    for index in 0..50 {
        let junk = if index % 2 == 0 {
            Message::Text("{\"type\":\"junk\"".into())
        } else {
            Message::Binary(vec![0xff; 64].into())
        };
        if spectator.stream.send(junk).await.is_err() {
            break;
        }
    }
    while let Ok(Some(frame)) =
        tokio::time::timeout(std::time::Duration::from_secs(10), spectator.stream.next()).await
    {
        match frame {
            Ok(Message::Text(text)) => {
                let message: Value = serde_json::from_str(&text).unwrap();
                if message["type"] == "error" {
                    codes.push(message["code"].as_str().unwrap().to_owned());
                }
            }
            Ok(Message::Close(frame)) => {
                closed_with = frame.map(|frame| frame.code);
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    assert_eq!(codes.first().map(String::as_str), Some("malformed"));
    assert!(
        codes.iter().skip(1).all(|code| code == "rate-limited"),
        "{codes:?}"
    );
    assert_eq!(codes.len(), 1 + 5, "one answered, five refused: {codes:?}");
    assert_eq!(closed_with, Some(CloseCode::Policy));
    // The players' game goes on.
    server.must_act(&id, &first, "place h8").await;
}

#[tokio::test]
async fn a_long_ref_is_refused_not_echoed() {
    let server = LiveServer::start().await;
    let (id, first, _) = server.two_player_game(json!({"game": "renju"})).await;
    let mut socket = server.socket(&id, Some(&first), None).await;
    assert_eq!(socket.next().await["type"], "welcome");
    let long = "r".repeat(8 * 1024 - 64);
    socket
        .send(json!({"type": "action", "action": "place h8", "ref": long}))
        .await;
    let answer = socket.next_of("error").await;
    assert_eq!(answer["code"], "ref-too-long", "{answer}");
    assert_eq!(answer["ref"], Value::Null);
    assert!(answer.to_string().len() < 512, "{answer}");
    assert_eq!(server.state(&id).await["version"], 0, "nothing was done");
    let longest = "x".repeat(64);
    let ack = socket.act("place h8", &longest).await;
    assert_eq!(ack["type"], "ack", "a ref of 64 bytes is echoed: {ack}");
    // A refusal that quotes what was sent quotes only a little of it.
    let junk = format!("{{\"type\":\"{}\"}}", "y".repeat(4096));
    socket
        .stream
        .send(Message::Text(junk.into()))
        .await
        .unwrap();
    let error = socket.next_of("error").await;
    assert_eq!(error["code"], "malformed");
    assert!(error.to_string().len() < 512, "{error}");
}

/// Creates a game as `forwarded_for` (through the trusted proxy the request
/// comes from): the status.
async fn create_as(server: &LiveServer, client: &reqwest::Client, forwarded_for: &str) -> u16 {
    client
        .post(format!("{}/api/games", server.base))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"game": "freestyle"}))
        .send()
        .await
        .expect("the server answers")
        .status()
        .as_u16()
}

#[tokio::test]
async fn ipv6_clients_are_counted_by_their_network() {
    // Over IPv6 loopback when the machine has it: the proxy is `::1`.
    let ipv6 = std::net::TcpListener::bind("[::1]:0").is_ok();
    let (listen, proxy) = if ipv6 {
        ("[::1]:0", "::1")
    } else {
        ("127.0.0.1:0", "127.0.0.1")
    };
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.listen = listen.parse().unwrap();
        options.create_per_minute = 0.1;
        options.trusted_proxies = proxy.parse().unwrap();
    })
    .await;
    let client = reqwest::Client::new();
    // A burst of one per network: a second address of the same /64 is the
    // same client.
    assert_eq!(create_as(&server, &client, "2001:db8:1:2::1").await, 201);
    assert_eq!(
        create_as(&server, &client, "2001:db8:1:2::dead:beef").await,
        429
    );
    assert_eq!(
        create_as(&server, &client, "2001:db8:1:2:ffff:ffff:ffff:ffff").await,
        429
    );
    assert_eq!(
        create_as(&server, &client, "2001:db8:1:3::1").await,
        201,
        "the next /64"
    );
    // IPv4 clients are counted by the exact address.
    assert_eq!(create_as(&server, &client, "203.0.113.1").await, 201);
    assert_eq!(create_as(&server, &client, "203.0.113.2").await, 201);
    assert_eq!(create_as(&server, &client, "203.0.113.1").await, 429);
}

#[tokio::test]
async fn the_ipv6_prefix_is_configurable() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.create_per_minute = 0.1;
        options.trusted_proxies = "127.0.0.1".parse().unwrap();
        options.ipv6_prefix = 128;
    })
    .await;
    let client = reqwest::Client::new();
    assert_eq!(create_as(&server, &client, "2001:db8:1:2::1").await, 201);
    assert_eq!(create_as(&server, &client, "2001:db8:1:2::2").await, 201);
    assert_eq!(create_as(&server, &client, "2001:db8:1:2::1").await, 429);
}
