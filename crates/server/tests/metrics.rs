//! `GET /metrics` over real sockets: the text is Prometheus's format (every
//! sample after its metric's `HELP` and `TYPE`), the actions counter grows by
//! exactly the moves played over HTTP and the WebSocket, the sockets gauge
//! follows a socket opening and closing, the store's commit histogram grows
//! with cumulative buckets, the node's id is the option's (in `/readyz` too),
//! a budget's refusals are counted under its reason; and a client outside
//! `--metrics-allow` gets the 404 of a page that does not exist.
//!
//! The counters are the process's, shared by the tests of this file: only the
//! first plays moves and only the last is refused anything, so each one's
//! exact counts are its own.

mod live;

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use futures_util::SinkExt;
use live::LiveServer;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for what should happen within moments (a closed
/// socket counted out): far more than it takes.
const PATIENCE: Duration = Duration::from_secs(15);

/// One sample line: `name{labels} value`.
#[derive(Debug, Clone, PartialEq)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// A scrape read back: its samples in order, and each metric's type.
#[derive(Debug)]
struct Exposition {
    samples: Vec<Sample>,
    types: HashMap<String, String>,
}

impl Exposition {
    /// Reads the text format, panicking at the first line that breaks it, or
    /// at a sample whose metric had no `HELP` and `TYPE` before it.
    fn parse(text: &str) -> Exposition {
        let mut helped = Vec::<String>::new();
        let mut types = HashMap::new();
        let mut samples = Vec::new();
        for line in text.lines() {
            if let Some(help) = line.strip_prefix("# HELP ") {
                let (name, text) = help.split_once(' ').expect("HELP name text");
                assert!(!text.is_empty(), "{line}");
                helped.push(name.to_owned());
            } else if let Some(kind) = line.strip_prefix("# TYPE ") {
                let (name, kind) = kind.split_once(' ').expect("TYPE name kind");
                assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
                assert!(helped.iter().any(|h| h == name), "HELP before TYPE: {line}");
                types.insert(name.to_owned(), kind.to_owned());
            } else if line.starts_with('#') || line.is_empty() {
                panic!("unexpected line {line:?}");
            } else {
                let sample = parse_sample(line);
                let family = family_of(&sample.name, &types)
                    .unwrap_or_else(|| panic!("{} has no TYPE before it", sample.name));
                assert!(helped.contains(&family), "{family} has no HELP");
                samples.push(sample);
            }
        }
        Exposition { samples, types }
    }

    /// The value of the sample `name` with exactly `labels`.
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        let labels: BTreeMap<String, String> = labels
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect();
        self.samples
            .iter()
            .find(|sample| sample.name == name && sample.labels == labels)
            .unwrap_or_else(|| panic!("no sample {name} {labels:?} in {:?}", self.samples))
            .value
    }

    /// The samples called `name`.
    fn all(&self, name: &str) -> Vec<&Sample> {
        self.samples
            .iter()
            .filter(|sample| sample.name == name)
            .collect()
    }
}

/// The metric a sample belongs to: its own name, or for a histogram's
/// `_bucket`, `_sum` and `_count` the histogram's.
fn family_of(name: &str, types: &HashMap<String, String>) -> Option<String> {
    if types.contains_key(name) {
        return Some(name.to_owned());
    }
    ["_bucket", "_sum", "_count"]
        .iter()
        .filter_map(|suffix| name.strip_suffix(suffix))
        .find(|family| types.get(*family).is_some_and(|kind| kind == "histogram"))
        .map(str::to_owned)
}

/// `name{label="value",...} value`, label values with `\\`, `\"` and `\n`
/// escaped.
fn parse_sample(line: &str) -> Sample {
    let name_end = line
        .find(['{', ' '])
        .expect("a name then labels or a value");
    let name = &line[..name_end];
    assert!(
        !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
        "{line}"
    );
    let mut labels = BTreeMap::new();
    let mut rest = &line[name_end..];
    if let Some(after_brace) = rest.strip_prefix('{') {
        let mut chars = after_brace.char_indices();
        let mut label = String::new();
        let end = loop {
            let (index, c) = chars.next().expect("labels end with }");
            match c {
                '}' => break index,
                ',' => {}
                '=' => {
                    assert_eq!(chars.next().map(|(_, c)| c), Some('"'), "{line}");
                    let mut value = String::new();
                    loop {
                        match chars.next().expect("a closing quote").1 {
                            '"' => break,
                            '\\' => match chars.next().expect("an escape").1 {
                                'n' => value.push('\n'),
                                other => value.push(other),
                            },
                            other => value.push(other),
                        }
                    }
                    labels.insert(std::mem::take(&mut label), value);
                }
                c => label.push(c),
            }
        };
        rest = &after_brace[end + 1..];
    }
    let value = rest
        .strip_prefix(' ')
        .unwrap_or_else(|| panic!("one space before the value: {line}"));
    let value = match value {
        "+Inf" => f64::INFINITY,
        value => value.parse().unwrap_or_else(|_| panic!("a number: {line}")),
    };
    Sample {
        name: name.to_owned(),
        labels,
        value,
    }
}

/// `GET /metrics`, checked to be the text format, read back.
async fn scrape(server: &LiveServer) -> Exposition {
    let page = server.page("/metrics", &[]).await;
    assert_eq!(page.status, 200, "{}", page.text());
    assert!(
        page.kind.starts_with("text/plain; version=0.0.4"),
        "{}",
        page.kind
    );
    Exposition::parse(&page.text())
}

#[tokio::test]
async fn metrics_count_this_nodes_moves_sockets_and_store_commits() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.node_id = Some("metrics-node-3".to_owned());
    })
    .await;
    let (id, first, second) = server
        .two_player_game(json!({"game": "freestyle", "opening": "free"}))
        .await;
    let before = scrape(&server).await;
    assert_eq!(
        before.value(
            "narabe_node_info",
            &[
                ("node", "metrics-node-3"),
                ("version", env!("CARGO_PKG_VERSION"))
            ]
        ),
        1.0
    );
    assert_eq!(before.types["narabe_actions_total"], "counter");
    assert_eq!(before.types["narabe_sockets_open"], "gauge");
    assert_eq!(before.types["narabe_store_commit_seconds"], "histogram");
    assert_eq!(before.value("narabe_sockets_open", &[]), 0.0);
    assert!(before.value("narabe_games_live", &[]) >= 1.0);
    assert!(
        before.value("narabe_connections_open", &[]) >= 1.0,
        "the scrape's own connection is open"
    );
    for gauge in ["narabe_engine_queue_jobs", "narabe_engine_busy_threads"] {
        assert_eq!(before.value(gauge, &[]), 0.0, "{gauge}: no computer here");
    }
    assert_eq!(before.value("narabe_store_commits_failed_total", &[]), 0.0);
    assert_eq!(before.all("narabe_requests_refused_total").len(), 5);

    // Two moves over HTTP, a third over the player's socket.
    server.must_act(&id, &first, "place h8").await;
    server.must_act(&id, &second, "place h9").await;
    let mut socket = server.socket(&id, Some(&first), None).await;
    socket.next_of("welcome").await;
    let ack = socket.act("place j10", "third").await;
    assert_eq!(ack["type"], "ack", "{ack}");

    let during = scrape(&server).await;
    assert_eq!(
        during.value("narabe_actions_total", &[]) - before.value("narabe_actions_total", &[]),
        3.0,
        "exactly the moves played"
    );
    assert_eq!(during.value("narabe_sockets_open", &[]), 1.0);
    let commits = |scrape: &Exposition| scrape.value("narabe_store_commit_seconds_count", &[]);
    assert!(
        commits(&during) >= commits(&before) + 3.0,
        "each move is a commit"
    );
    let buckets = during.all("narabe_store_commit_seconds_bucket");
    assert!(buckets.len() >= 2);
    let bounds: Vec<f64> = buckets
        .iter()
        .map(|bucket| bucket.labels["le"].parse().expect("a bound"))
        .collect();
    assert!(
        bounds.windows(2).all(|pair| pair[0] < pair[1]),
        "{bounds:?}"
    );
    assert_eq!(bounds[0], 0.0005);
    assert_eq!(bounds.last(), Some(&f64::INFINITY));
    assert!(bounds.contains(&1.0));
    assert!(
        buckets
            .windows(2)
            .all(|pair| pair[0].value <= pair[1].value),
        "buckets are cumulative: {buckets:?}"
    );
    assert_eq!(buckets.last().unwrap().value, commits(&during));
    assert!(during.value("narabe_store_commit_seconds_sum", &[]) > 0.0);

    socket
        .stream
        .send(Message::Close(None))
        .await
        .expect("the close is sent");
    drop(socket);
    let closed = tokio::time::timeout(PATIENCE, async {
        while scrape(&server).await.value("narabe_sockets_open", &[]) != 0.0 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(closed.is_ok(), "the closed socket is counted out");

    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["node"], "metrics-node-3", "{ready}");
}

#[tokio::test]
async fn clients_outside_the_allow_list_are_told_metrics_do_not_exist() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.metrics_allow = "10.0.0.0/8".parse().unwrap();
    })
    .await;
    let metrics = server.page("/metrics", &[]).await;
    let nothing = server.page("/no-such-page", &[]).await;
    assert_eq!(metrics.status, 404);
    assert_eq!(metrics.kind, nothing.kind);
    assert_eq!(
        metrics.text().replace("/metrics", "/no-such-page"),
        nothing.text(),
        "the same page as for an address that names nothing"
    );
    assert!(!metrics.text().contains("narabe_"));
    // The node still reports its (default) id to load balancers.
    let (_, ready) = server.get("/readyz", None).await;
    let node = ready["node"].as_str().expect("a node id");
    assert!(
        node.ends_with(&format!("-{}", std::process::id())),
        "{node}"
    );
}

#[tokio::test]
async fn refusals_by_a_budget_are_counted_under_its_reason() {
    let data = tempfile::tempdir().unwrap();
    // One game a minute, and no burst beyond it: the second and third
    // creations in a row are refused.
    let server = LiveServer::start_in(data, |options| {
        options.create_per_minute = 1.0;
    })
    .await;
    let refused = |scrape: &Exposition| {
        scrape.value("narabe_requests_refused_total", &[("reason", "creating")])
    };
    let before = scrape(&server).await;
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let (status, _) = server
            .post("/api/games", None, json!({"game": "freestyle"}))
            .await;
        statuses.push(status);
    }
    assert_eq!(statuses, [201, 429, 429]);
    let after = scrape(&server).await;
    assert_eq!(refused(&after) - refused(&before), 2.0);
}
