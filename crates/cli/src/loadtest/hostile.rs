//! The hostile address of an abuse run (issue 12): one loopback address doing,
//! all at once and within the limits the server gives it, what once spoiled the
//! service for everyone:
//!
//! - **computer** (finding 2): as many games against the computer at the top
//!   level as it may create, kept busy with move and takeback;
//! - **connections** (finding 3): hundreds of idle connections holding a
//!   half-sent request (from a second address, [`HOSTILE_IDLE_ADDRESS`], since
//!   they would otherwise take all of the first's connections and shut its
//!   other activities out, which the server's cap is there to do);
//! - **analyses** (finding 4): analyses of a finished game, several at once,
//!   of ever other positions;
//! - **qr** and **junk** (finding 6): QR codes of ever new links, and a
//!   spectator socket sending junk as fast as it can;
//! - **spectators** (finding 7): a crowd of spectator sockets joining and
//!   leaving one of the normal players' games.
//!
//! Each activity counts what the server answered: accepted, refused for a limit
//! (`429`, a closed connection, a socket error message), or failed otherwise.
//! Like the abuse it stands for, it stays within its limits: told `429`, it
//! waits as long as `Retry-After` says before its next try.
//!
//! A real attacker brings its own processors; here it shares the server's.
//! So that the run measures what the server does with the attack, not how
//! two processes share two cores, the hostile address runs on a runtime of
//! its own whose threads have the lowest priority ([`run_apart`]): it still
//! gets whatever processor time the server and the normal players leave,
//! and the report's counts say how much it sent.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::target::Target;
use super::{connect, quiet};

/// The hostile address: outside the normal players' 127.0.0.2..=127.0.0.251.
pub const HOSTILE_ADDRESS: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 254));
/// The address of its idle connections: the server caps the connections
/// one address holds (256 by default), and the flood would hold them all,
/// leaving the hostile address's other activities no connection to meet
/// their own limits with.
pub const HOSTILE_IDLE_ADDRESS: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 253));
/// Games against the computer it tries to keep busy (the finding used 25).
const COMPUTER_GAMES: usize = 25;
/// Idle connections it tries to hold (the finding used 1,100).
const IDLE_CONNECTIONS: usize = 1_100;
/// Analyses it asks for at once.
const ANALYSES_AT_ONCE: usize = 3;
/// QR requests it keeps in flight.
const QR_AT_ONCE: usize = 4;
/// Spectator sockets it tries to hold on one game (the finding used 5,000;
/// fewer keep the load test's own file descriptors in bounds).
const SPECTATORS: usize = 1_000;
/// Moves of its finished game (the positions it analyses).
const ANALYSED_MOVES: usize = 30;

/// What one activity got from the server.
#[derive(Debug, Default)]
struct Counts {
    accepted: AtomicU64,
    limited: AtomicU64,
    failed: AtomicU64,
}

impl Counts {
    fn status(&self, status: reqwest::StatusCode) {
        let counter = if status.is_success() {
            &self.accepted
        } else if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            &self.limited
        } else {
            &self.failed
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn add(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// The counts of one activity, for the report.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct ActivityReport {
    /// Requests, connections or messages the server accepted.
    pub accepted: u64,
    /// Refused by a limit: `429`, a connection closed or refused, a socket
    /// told to slow down or closed.
    pub limited: u64,
    /// Anything else (errors of other kinds).
    pub failed: u64,
}

/// What the hostile address got, by activity.
pub type HostileReport = BTreeMap<&'static str, ActivityReport>;

/// The activities' counters, shared with their tasks.
#[derive(Debug, Default)]
struct Activities {
    computer: Counts,
    connections: Counts,
    analyses: Counts,
    qr: Counts,
    junk: Counts,
    spectators: Counts,
}

/// Junk messages sent back to back before the replies are read: more than
/// the socket-message budget's burst, so that the limit is met however slowly
/// the hostile address runs.
const JUNK_BURST: usize = 100;

/// The threads of the hostile address's own runtime.
const HOSTILE_THREADS: usize = 2;

/// [`run`] on a runtime of its own whose threads have the lowest priority
/// (the module's header says why), awaited from the caller's runtime.
pub async fn run_apart(
    target: Target,
    watched: String,
    analysed: Option<String>,
    until: Instant,
    only: Vec<String>,
) -> HostileReport {
    let (report, reported) = tokio::sync::oneshot::channel();
    let started = std::thread::Builder::new()
        .name("hostile".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(HOSTILE_THREADS)
                .thread_name("hostile-worker")
                .on_thread_start(lowest_priority)
                .enable_all()
                .build();
            match runtime {
                Ok(runtime) => {
                    lowest_priority();
                    let _ =
                        report.send(runtime.block_on(run(target, watched, analysed, until, &only)));
                }
                Err(error) => eprintln!("narabe loadtest: no hostile runtime: {error}"),
            }
        });
    if let Err(error) = started {
        eprintln!("narabe loadtest: no hostile thread: {error}");
        return HostileReport::new();
    }
    reported.await.unwrap_or_default()
}

/// Gives the calling thread the lowest priority (niceness 19 on Linux).
fn lowest_priority() {
    use thread_priority::{ThreadPriority, set_current_thread_priority};
    if let Err(error) = set_current_thread_priority(ThreadPriority::Min) {
        eprintln!("narabe loadtest: a hostile thread keeps its normal priority: {error:?}");
    }
}

/// Runs every activity from [`HOSTILE_ADDRESS`] until `until`: the spectators
/// on game `watched` of the normal players, the analyses on its own finished
/// game `analysed` (from [`prepare`]); what each got.
pub async fn run(
    target: Target,
    watched: String,
    analysed: Option<String>,
    until: Instant,
    only: &[String],
) -> HostileReport {
    let does = |activity: &str| only.is_empty() || only.iter().any(|name| name == activity);
    let activities = Arc::new(Activities::default());
    let mut tasks = JoinSet::new();
    let client = match connect::http_client(HOSTILE_ADDRESS, Duration::from_secs(10)) {
        Ok(client) => client,
        Err(error) => {
            eprintln!("narabe loadtest: no hostile client: {error:#}");
            return HostileReport::new();
        }
    };
    for _ in 0..COMPUTER_GAMES * usize::from(does("computer")) {
        tasks.spawn(computer_game(
            client.clone(),
            target,
            Arc::clone(&activities),
            until,
        ));
    }
    for _ in 0..IDLE_CONNECTIONS * usize::from(does("connections")) {
        tasks.spawn(idle_connection(target, Arc::clone(&activities), until));
    }
    match analysed.filter(|_| does("analyses")) {
        Some(id) => {
            tasks.spawn(analyses(
                client.clone(),
                target,
                id,
                Arc::clone(&activities),
                until,
            ));
        }
        None if does("analyses") => Counts::add(&activities.analyses.failed),
        None => {}
    }
    for worker in 0..QR_AT_ONCE * usize::from(does("qr")) {
        tasks.spawn(qr_codes(
            client.clone(),
            target,
            worker,
            Arc::clone(&activities),
            until,
        ));
    }
    if does("junk") {
        tasks.spawn(junk(
            target,
            watched.clone(),
            Arc::clone(&activities),
            until,
        ));
    }
    for _ in 0..SPECTATORS * usize::from(does("spectators")) {
        tasks.spawn(spectator(
            target,
            watched.clone(),
            Arc::clone(&activities),
            until,
        ));
    }
    while tasks.join_next().await.is_some() {}
    let report = |counts: &Counts| ActivityReport {
        accepted: counts.accepted.load(Ordering::Relaxed),
        limited: counts.limited.load(Ordering::Relaxed),
        failed: counts.failed.load(Ordering::Relaxed),
    };
    HostileReport::from([
        ("computer", report(&activities.computer)),
        ("connections", report(&activities.connections)),
        ("analyses", report(&activities.analyses)),
        ("qr", report(&activities.qr)),
        ("junk", report(&activities.junk)),
        ("spectators", report(&activities.spectators)),
    ])
}

/// Posts `body` to `path`; the status and the JSON answer (`Null` when none).
async fn post(
    client: &reqwest::Client,
    target: Target,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> Option<(reqwest::StatusCode, Value)> {
    let mut request = client
        .post(format!("{}{path}", target.base_url()))
        .json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.ok()?;
    let status = response.status();
    back_off(&response).await;
    Some((status, response.json().await.unwrap_or(Value::Null)))
}

/// Waits as long as a `429` says (its `Retry-After`, at most 5 s): the hostile
/// address stays within its limits, as the abuse it stands for does; the
/// server must hold up against that, not against a flood it refuses anyway.
async fn back_off(response: &reqwest::Response) {
    if response.status() != reqwest::StatusCode::TOO_MANY_REQUESTS {
        return;
    }
    let seconds = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok())
        .unwrap_or(1)
        .clamp(1, 5);
    tokio::time::sleep(Duration::from_secs(seconds)).await;
}

/// One game against the computer at the top level, kept busy with a move and
/// a takeback request in turn; a new one when it ends or cannot be created.
async fn computer_game(
    client: reqwest::Client,
    target: Target,
    activities: Arc<Activities>,
    until: Instant,
) {
    let counts = &activities.computer;
    let body = json!({"game": "freestyle", "seat": "first", "takebacks": true, "opponent": {"computer": 8}});
    while Instant::now() < until {
        let Some((status, created)) = post(&client, target, "/api/games", None, &body).await else {
            Counts::add(&counts.failed);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        counts.status(status);
        let (Some(id), Some(token)) = (created["id"].as_str(), created["token"].as_str()) else {
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        };
        let path = format!("/api/games/{id}/actions");
        let mut over = false;
        for ply in 0_usize.. {
            if over || Instant::now() >= until {
                break;
            }
            let column = char::from(b'a' + u8::try_from(ply % 15).unwrap_or(0));
            let point = format!("{column}{}", 1 + ply / 15 % 15);
            for action in [format!("place {point}"), "takeback request".to_owned()] {
                let Some((status, answer)) = post(
                    &client,
                    target,
                    &path,
                    Some(token),
                    &json!({"action": action}),
                )
                .await
                else {
                    // Refused a connection (its address's cap): it waits.
                    Counts::add(&counts.limited);
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                };
                counts.status(status);
                if answer["code"] == "game-over" {
                    over = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
    }
}

/// An idle connection holding half a request, opened again after the server
/// closes it.
async fn idle_connection(target: Target, activities: Arc<Activities>, until: Instant) {
    let counts = &activities.connections;
    while Instant::now() < until {
        let Ok(mut stream) = connect::tcp(HOSTILE_IDLE_ADDRESS, target.addr).await else {
            Counts::add(&counts.limited);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        Counts::add(&counts.accepted);
        let _ = stream
            .write_all(b"GET / HTTP/1.1\r\nHost: narabe\r\n")
            .await;
        let mut buffer = [0_u8; 512];
        // Held until the server closes it (or answers it, also a close soon).
        match tokio::time::timeout_at(until, stream.read(&mut buffer)).await {
            Ok(_) => Counts::add(&counts.limited),
            Err(_) => return,
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Analyses of the positions of its finished game `id`, several at once.
async fn analyses(
    client: reqwest::Client,
    target: Target,
    id: String,
    activities: Arc<Activities>,
    until: Instant,
) {
    let path = format!("/api/games/{id}/analysis");
    let mut workers = JoinSet::new();
    for worker in 0..ANALYSES_AT_ONCE {
        let client = client.clone();
        let path = path.clone();
        let activities = Arc::clone(&activities);
        workers.spawn(async move {
            let mut ply = worker * 7;
            while Instant::now() < until {
                ply = (ply + 1) % ANALYSED_MOVES;
                match post(&client, target, &path, None, &json!({"ply": ply})).await {
                    Some((status, _)) => activities.analyses.status(status),
                    None => {
                        // Refused a connection (its address's cap): it waits.
                        Counts::add(&activities.analyses.limited);
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
}

/// Prepares, before the hostile phase, what the activities need: a game
/// between two seats of its own, [`ANALYSED_MOVES`] quiet moves long, resigned
/// (the positions it analyses); its id.
pub async fn prepare(target: Target) -> Option<String> {
    let client = connect::http_client(HOSTILE_ADDRESS, Duration::from_secs(10)).ok()?;
    finished_game(&client, target).await
}

async fn finished_game(client: &reqwest::Client, target: Target) -> Option<String> {
    let (_, created) = post(
        client,
        target,
        "/api/games",
        None,
        &json!({"game": "freestyle"}),
    )
    .await?;
    let id = created["id"].as_str()?.to_owned();
    let first = created["token"].as_str()?.to_owned();
    let invite = created["invite"]
        .as_str()?
        .rsplit_once("invite=")?
        .1
        .to_owned();
    let (_, joined) = post(
        client,
        target,
        &format!("/api/games/{id}/join"),
        None,
        &json!({"invite": invite}),
    )
    .await?;
    let second = joined["token"].as_str()?.to_owned();
    let path = format!("/api/games/{id}/actions");
    // The load test's quiet pattern: no five anywhere, so the game goes on.
    for (ply, point) in quiet::quiet_moves(15, ANALYSED_MOVES).iter().enumerate() {
        let token = if ply % 2 == 0 { &first } else { &second };
        post(
            client,
            target,
            &path,
            Some(token),
            &json!({"action": format!("place {point}")}),
        )
        .await?;
    }
    post(
        client,
        target,
        &path,
        Some(&first),
        &json!({"action": "resign"}),
    )
    .await?;
    Some(id)
}

/// QR codes of ever new links, one request after another.
async fn qr_codes(
    client: reqwest::Client,
    target: Target,
    worker: usize,
    activities: Arc<Activities>,
    until: Instant,
) {
    let counts = &activities.qr;
    let mut serial = 0_u64;
    while Instant::now() < until {
        serial += 1;
        let link = format!("{}/g/Q{worker}{serial:010}", target.base_url());
        let answer = client
            .get(format!(
                "{}/qr.svg?text={}",
                target.base_url(),
                percent_encoded(&link)
            ))
            .send()
            .await;
        match answer {
            Ok(response) => {
                counts.status(response.status());
                back_off(&response).await;
                let _ = response.bytes().await;
            }
            Err(_) => {
                // Refused a connection (its address's cap): it waits.
                Counts::add(&counts.limited);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// A spectator's socket on game `watched`, hello said; `None` when the server
/// refuses it (a cap) or cannot be reached.
async fn spectator_socket(target: Target, watched: &str) -> Option<connect::Socket> {
    let mut socket = connect::websocket(HOSTILE_ADDRESS, target.addr, &target.socket_url(watched))
        .await
        .ok()?;
    let hello = json!({"type": "hello", "version": null, "token": null});
    socket.send(Message::text(hello.to_string())).await.ok()?;
    Some(socket)
}

/// A spectator socket sending junk as fast as it can, with long references;
/// connected again after the server closes it.
async fn junk(target: Target, watched: String, activities: Arc<Activities>, until: Instant) {
    let counts = &activities.junk;
    let junk =
        json!({"type": "action", "action": "place h8", "ref": "x".repeat(8_000)}).to_string();
    while Instant::now() < until {
        let Some(mut socket) = spectator_socket(target, &watched).await else {
            Counts::add(&counts.limited);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        'socket: while Instant::now() < until {
            // A burst beyond any per-second budget, whatever processor time
            // this lowest-priority task gets, then what came back.
            for _ in 0..JUNK_BURST {
                if socket.send(Message::text(junk.clone())).await.is_err() {
                    Counts::add(&counts.limited);
                    break 'socket;
                }
                Counts::add(&counts.accepted);
            }
            // Read what came back without waiting long: refusals count.
            while let Ok(Some(message)) =
                tokio::time::timeout(Duration::from_millis(1), socket.next()).await
            {
                match message {
                    Ok(Message::Text(text)) if text.contains("rate-limited") => {
                        Counts::add(&counts.limited);
                        // Within its limits: it slows down when told to.
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    Ok(Message::Close(_)) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// A spectator joining one of the normal players' games, staying two seconds,
/// leaving and joining again.
async fn spectator(target: Target, watched: String, activities: Arc<Activities>, until: Instant) {
    let counts = &activities.spectators;
    while Instant::now() < until {
        let Some(mut socket) = spectator_socket(target, &watched).await else {
            Counts::add(&counts.limited);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        Counts::add(&counts.accepted);
        let stay = Instant::now() + Duration::from_secs(2);
        while let Ok(Some(Ok(_))) = tokio::time::timeout_at(stay.min(until), socket.next()).await {}
        let _ = socket.close(None).await;
    }
}

/// `text` for a query string: letters, digits and `-._~` as they are, every
/// other byte as `%XX`.
fn percent_encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_percent_encoded_for_a_query() {
        assert_eq!(
            percent_encoded("http://127.0.0.1:80/g/a_b-c~"),
            "http%3A%2F%2F127.0.0.1%3A80%2Fg%2Fa_b-c~"
        );
    }
}
