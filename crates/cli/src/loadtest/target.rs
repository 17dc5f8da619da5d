//! Where the load goes: a loopback server only. Load traffic never leaves this
//! machine (a workplace rule), so any other host is refused before a single
//! request is sent.

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, bail};

/// A validated load-test target: a plain-HTTP server on a loopback address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// The server's address (always loopback).
    pub addr: SocketAddr,
}

impl Target {
    /// The base URL for HTTP requests, without a trailing slash.
    #[must_use]
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The WebSocket URL of game `id`.
    #[must_use]
    pub fn socket_url(&self, id: &str) -> String {
        format!("ws://{}/api/games/{id}/ws", self.addr)
    }
}

/// Whether `ip` is a loopback address: 127.0.0.0/8 or `::1`.
#[must_use]
pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

/// Checks `url` (`http://HOST:PORT`, with an optional trailing path that is
/// ignored) and resolves it to a loopback address. `localhost` is resolved and
/// every address it names must be loopback; IPv4 is preferred.
///
/// # Errors
///
/// When the URL is not plain HTTP, or its host is not 127.0.0.0/8, `::1` or
/// `localhost`.
pub async fn resolve(url: &str) -> anyhow::Result<Target> {
    let host = loopback_host(url)?;
    let parsed = reqwest::Url::parse(url).with_context(|| format!("bad --url {url:?}"))?;
    let port = parsed
        .port_or_known_default()
        .context("the --url names no port")?;
    let addrs: Vec<SocketAddr> = match host {
        LoopbackHost::Ip(ip) => vec![SocketAddr::new(ip, port)],
        LoopbackHost::Localhost => tokio::net::lookup_host(("localhost", port))
            .await
            .context("cannot resolve localhost")?
            .collect(),
    };
    if let Some(outside) = addrs.iter().find(|addr| !is_loopback(addr.ip())) {
        bail!("localhost resolves to {outside}, which is not a loopback address: refused");
    }
    let addr = addrs
        .iter()
        .find(|addr| addr.is_ipv4())
        .or_else(|| addrs.first())
        .copied()
        .context("localhost resolves to no address")?;
    Ok(Target { addr })
}

/// The host of a `--url` that passed the loopback check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LoopbackHost {
    Ip(IpAddr),
    Localhost,
}

/// The loopback check alone, without any resolution.
fn loopback_host(url: &str) -> anyhow::Result<LoopbackHost> {
    let parsed = reqwest::Url::parse(url).with_context(|| format!("bad --url {url:?}"))?;
    if parsed.scheme() != "http" {
        bail!(
            "--url must be a plain http:// URL of a narabe server on this machine, not {:?}",
            parsed.scheme()
        );
    }
    let host = parsed.host_str().context("the --url names no host")?;
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare.eq_ignore_ascii_case("localhost") {
        return Ok(LoopbackHost::Localhost);
    }
    match bare.parse::<IpAddr>() {
        Ok(ip) if is_loopback(ip) => Ok(LoopbackHost::Ip(ip)),
        _ => bail!(
            "refusing to load-test {host}: load tests only target this machine's loopback \
             addresses (127.0.0.0/8, ::1 or localhost)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_pass() {
        for url in [
            "http://127.0.0.1:8080",
            "http://127.3.2.1:80/",
            "http://[::1]:8080",
            "http://localhost:8080",
            "http://LOCALHOST:1/x",
        ] {
            assert!(loopback_host(url).is_ok(), "{url}");
        }
    }

    #[test]
    fn every_other_host_is_refused() {
        for url in [
            "http://10.0.0.1:8080",
            "http://192.168.1.10",
            "http://172.16.0.1:80",
            "http://8.8.8.8",
            "http://[2001:db8::1]:80",
            "http://example.com",
            "http://localhost.example.com",
            "http://0.0.0.0:8080",
            "https://127.0.0.1:8443",
            "not a url",
        ] {
            assert!(loopback_host(url).is_err(), "{url}");
        }
    }

    #[tokio::test]
    async fn resolve_keeps_the_port() {
        let target = resolve("http://127.0.0.1:4321").await.unwrap();
        assert_eq!(target.addr, "127.0.0.1:4321".parse().unwrap());
        assert_eq!(
            target.socket_url("abc"),
            "ws://127.0.0.1:4321/api/games/abc/ws"
        );
    }
}
