//! The loopback source addresses client connections are spread over, so that the
//! server's per-address rate limits see many moderate clients instead of one
//! enormous one, as they would in real life.

use std::net::{IpAddr, Ipv4Addr};

/// The most source addresses: 127.0.0.2 to 127.0.0.251.
pub const MAX_SOURCES: u16 = 250;

/// The source addresses for `count` clients of a server at `server`:
/// 127.0.0.2, 127.0.0.3, ... for an IPv4 loopback server (Linux routes all of
/// 127.0.0.0/8 to the loopback interface), or `::1` alone for an IPv6 one (which
/// has a single loopback address).
#[must_use]
pub fn source_addresses(server: IpAddr, count: u16) -> Vec<IpAddr> {
    match server {
        IpAddr::V4(_) => (0..count.clamp(1, MAX_SOURCES))
            .map(|k| {
                let [_, _, high, low] = (2 + u32::from(k)).to_be_bytes();
                IpAddr::V4(Ipv4Addr::new(127, 0, high, low))
            })
            .collect(),
        IpAddr::V6(v6) => vec![IpAddr::V6(v6)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_count_up_from_127_0_0_2() {
        let sources = source_addresses("127.0.0.1".parse().unwrap(), 3);
        let expected: Vec<IpAddr> = ["127.0.0.2", "127.0.0.3", "127.0.0.4"]
            .map(|text| text.parse().unwrap())
            .to_vec();
        assert_eq!(sources, expected);
        let last = *source_addresses("127.0.0.1".parse().unwrap(), 250)
            .last()
            .unwrap();
        assert_eq!(last, "127.0.0.251".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn an_ipv6_server_gets_its_own_address() {
        assert_eq!(
            source_addresses("::1".parse().unwrap(), 64),
            vec!["::1".parse::<IpAddr>().unwrap()]
        );
    }
}
