//! The address a request comes from, for the per-address limits. Normally the
//! socket's peer; behind a reverse proxy that is the proxy, so for peers listed
//! as trusted proxies the client is read from `X-Forwarded-For` instead.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::http::address_ranges::{AddressRanges, ParseAddressRangesError, canonical};
use crate::http::app_state::AppState;

/// The addresses whose `X-Forwarded-For` is believed: single addresses or
/// ranges in CIDR form (`10.0.0.0/8`), none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(AddressRanges);

/// A trusted-proxies list that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or a CIDR range (such as 10.0.0.0/8)")]
pub struct ParseTrustedProxiesError(String);

impl FromStr for TrustedProxies {
    type Err = ParseTrustedProxiesError;

    /// A comma-separated list: `127.0.0.1, 10.0.0.0/8, fd00::/8`; empty for none.
    fn from_str(text: &str) -> Result<TrustedProxies, ParseTrustedProxiesError> {
        text.parse()
            .map(TrustedProxies)
            .map_err(|ParseAddressRangesError(item)| ParseTrustedProxiesError(item))
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl TrustedProxies {
    /// Whether `address` is a trusted proxy.
    #[must_use]
    pub fn trusts(&self, address: IpAddr) -> bool {
        self.0.contains(address)
    }

    /// The client of a request that reached us from `peer` with `headers`: the
    /// peer itself unless it is a trusted proxy; else, walking `X-Forwarded-For`
    /// from its end (each proxy appends the address it was reached from), the
    /// first address that is not a trusted proxy. Entries before it may be
    /// forged by the client and are never read; an unreadable entry stops the
    /// walk at the last address known good.
    #[must_use]
    pub fn client_of(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = canonical(peer);
        if !self.trusts(client) {
            return client;
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for entry in forwarded.iter().rev() {
            match entry.parse::<IpAddr>() {
                Ok(address) => {
                    client = canonical(address);
                    if !self.trusts(client) {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        client
    }
}

/// The client's address of a request ([`TrustedProxies::client_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientAddress(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = <ConnectInfo<SocketAddr> as FromRequestParts<AppState>>::Rejection;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddress, Self::Rejection> {
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await?;
        Ok(ClientAddress(
            state.trusted_proxies.client_of(peer.ip(), &parts.headers),
        ))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn lists_of_addresses_and_ranges_are_read_and_bad_ones_refused() {
        let proxies: TrustedProxies = "127.0.0.1, 10.0.0.0/8,fd00::/8".parse().unwrap();
        assert!(proxies.trusts(ip("127.0.0.1")));
        assert!(!proxies.trusts(ip("127.0.0.2")));
        assert!(proxies.trusts(ip("10.200.3.4")));
        assert!(!proxies.trusts(ip("11.0.0.1")));
        assert!(proxies.trusts(ip("fd12::1")));
        assert!(
            proxies.trusts(ip("::ffff:10.1.2.3")),
            "IPv4-mapped IPv6 compares as IPv4"
        );
        assert_eq!("".parse::<TrustedProxies>(), Ok(TrustedProxies::default()));
        for bad in ["10.0.0.0/33", "nonsense", "10.0.0.1/x", "::/129"] {
            assert!(bad.parse::<TrustedProxies>().is_err(), "{bad}");
        }
        assert!(
            "0.0.0.0/0"
                .parse::<TrustedProxies>()
                .unwrap()
                .trusts(ip("203.0.113.9"))
        );
        assert_eq!(proxies.to_string(), "127.0.0.1/32,10.0.0.0/8,fd00::/8");
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let proxies = TrustedProxies::default();
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(
            proxies.client_of(ip("127.0.0.1"), &headers),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_last_untrusted_hop_is_the_client() {
        let proxies: TrustedProxies = "127.0.0.1,10.0.0.0/8".parse().unwrap();
        // The client forged the first entry; the proxies appended the rest.
        let headers = forwarded(&["198.51.100.1, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(
            proxies.client_of(ip("127.0.0.1"), &headers),
            ip("203.0.113.9")
        );
        // A peer that is not trusted is the client whatever it claims.
        assert_eq!(
            proxies.client_of(ip("192.0.2.7"), &headers),
            ip("192.0.2.7")
        );
        // No header, or an unreadable entry: the last address known good.
        assert_eq!(
            proxies.client_of(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        let garbled = forwarded(&["203.0.113.9, unknown, 10.0.0.5"]);
        assert_eq!(proxies.client_of(ip("127.0.0.1"), &garbled), ip("10.0.0.5"));
    }
}
