//! Setting the games up over HTTP: create each game, join it through its
//! invite, and keep both seat tokens.

use std::net::IpAddr;
use std::time::Duration;

use anyhow::{Context, bail};
use futures_util::{StreamExt, stream};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::time::Instant;

use super::connect;

/// HTTP requests in flight at once during setup.
const IN_FLIGHT: usize = 64;
/// How long to wait before asking again after a `429 rate-limited`.
const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(250);
/// How long one request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// One seat of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The first seat (the creator's).
    First,
    /// The second seat (the invited player's).
    Second,
}

impl Seat {
    /// Both seats.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    /// The wire name: `first` or `second`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// 0 for the first seat, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The seat of a wire name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Seat> {
        match name {
            "first" => Some(Seat::First),
            "second" => Some(Seat::Second),
            _ => None,
        }
    }
}

/// A game ready to be played: its id, a token per seat, and the source address
/// its clients use.
#[derive(Debug, Clone)]
pub struct PreparedGame {
    /// The game id.
    pub id: String,
    /// The seat tokens, first seat then second.
    pub tokens: [String; 2],
    /// The loopback address its HTTP requests and sockets come from.
    pub source: IpAddr,
}

/// What the setup did.
#[derive(Debug)]
pub struct Setup {
    /// The games, in order.
    pub games: Vec<PreparedGame>,
    /// How many requests were refused with `429` and sent again.
    pub rate_limited_retries: u64,
}

#[derive(Debug, Deserialize)]
struct Created {
    id: String,
    token: String,
    seat: String,
    invite: String,
}

#[derive(Debug, Deserialize)]
struct Joined {
    token: String,
    seat: String,
}

/// Creates and joins `count` renju games on the server at `base`; game `i` uses
/// source `sources[i % len]`. Gives up at `deadline`.
///
/// # Errors
///
/// When a request fails, is refused (other than rate-limited) or the deadline
/// passes.
pub async fn prepare_games(
    base: &str,
    count: usize,
    sources: &[IpAddr],
    deadline: Instant,
) -> anyhow::Result<Setup> {
    let clients = sources
        .iter()
        .map(|&source| connect::http_client(source, REQUEST_TIMEOUT))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let results: Vec<anyhow::Result<(PreparedGame, u64)>> = stream::iter(0..count)
        .map(|index| {
            let client = &clients[index % clients.len()];
            let source = sources[index % sources.len()];
            async move { prepare_one(client, base, source, deadline).await }
        })
        .buffered(IN_FLIGHT)
        .collect()
        .await;
    let mut games = Vec::with_capacity(count);
    let mut rate_limited_retries = 0;
    for result in results {
        let (game, retries) = result?;
        games.push(game);
        rate_limited_retries += retries;
    }
    Ok(Setup {
        games,
        rate_limited_retries,
    })
}

async fn prepare_one(
    client: &reqwest::Client,
    base: &str,
    source: IpAddr,
    deadline: Instant,
) -> anyhow::Result<(PreparedGame, u64)> {
    let mut retries = 0;
    let created: Created = post(
        client,
        &format!("{base}/api/games"),
        &json!({"game": "renju", "opening": "free"}),
        deadline,
        &mut retries,
    )
    .await
    .context("cannot create a game")?;
    let invite = created
        .invite
        .rsplit_once("invite=")
        .map(|(_, code)| code.to_owned())
        .context("the invite link has no invite code")?;
    let joined: Joined = post(
        client,
        &format!("{base}/api/games/{}/join", created.id),
        &json!({ "invite": invite }),
        deadline,
        &mut retries,
    )
    .await
    .context("cannot join a game")?;
    let mut tokens = [String::new(), String::new()];
    for (seat, token) in [(&created.seat, created.token), (&joined.seat, joined.token)] {
        let seat = Seat::from_name(seat).with_context(|| format!("unknown seat {seat:?}"))?;
        tokens[seat.index()] = token;
    }
    if tokens.iter().any(String::is_empty) {
        bail!("game {} did not hand out both seats", created.id);
    }
    Ok((
        PreparedGame {
            id: created.id,
            tokens,
            source,
        },
        retries,
    ))
}

/// Posts `body`, sending it again after a pause while the server answers `429`.
async fn post<T: serde::de::DeserializeOwned>(
    client: &reqwest::Client,
    url: &str,
    body: &Value,
    deadline: Instant,
    retries: &mut u64,
) -> anyhow::Result<T> {
    loop {
        if Instant::now() >= deadline {
            bail!("the setup took too long (see --setup-timeout)");
        }
        let response = client
            .post(url)
            .json(body)
            .send()
            .await
            .with_context(|| format!("POST {url}"))?;
        let status = response.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            *retries += 1;
            tokio::time::sleep(RATE_LIMITED_PAUSE).await;
            continue;
        }
        if !status.is_success() {
            let text = response.text().await.unwrap_or_default();
            bail!("POST {url}: {status}: {text}");
        }
        return response
            .json()
            .await
            .with_context(|| format!("POST {url}: unreadable answer"));
    }
}
