//! The key the per-address limits count a client under: an IPv4 address as
//! it is, an IPv6 address by its network prefix (`/64` by default), since one
//! IPv6 subscriber is handed a whole `/64` and can rotate through 2^64
//! addresses of it at will.

use std::net::{IpAddr, Ipv6Addr};

/// The prefix length IPv6 clients are counted by unless configured otherwise:
/// the `/64` an ISP hands one subscriber (RFC 6177).
pub const DEFAULT_IPV6_PREFIX: u8 = 64;

/// The key of `address`: an IPv4 address (or an IPv4 address mapped into
/// IPv6, as dual-stack sockets report them) unchanged; an IPv6 address with
/// every bit after its first `ipv6_prefix` cleared (128 or more: the exact
/// address; 0: every IPv6 client is one).
#[must_use]
pub fn address_key(address: IpAddr, ipv6_prefix: u8) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return IpAddr::V4(v4);
            }
            let kept = u32::from(ipv6_prefix.min(128));
            let mask = u128::MAX.checked_shl(128 - kept).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & mask))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv4_is_keyed_on_the_exact_address() {
        assert_eq!(address_key(ip("203.0.113.9"), 64), ip("203.0.113.9"));
        assert_ne!(
            address_key(ip("203.0.113.9"), 64),
            address_key(ip("203.0.113.10"), 64)
        );
        assert_eq!(
            address_key(ip("::ffff:203.0.113.9"), 64),
            ip("203.0.113.9"),
            "IPv4 mapped into IPv6 is IPv4"
        );
    }

    #[test]
    fn ipv6_is_keyed_on_its_prefix() {
        let one = address_key(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), 64);
        assert_eq!(one, ip("2001:db8:1:2::"));
        assert_eq!(one, address_key(ip("2001:db8:1:2::1"), 64), "same /64");
        assert_ne!(one, address_key(ip("2001:db8:1:3::1"), 64), "next /64");
        assert_eq!(
            address_key(ip("2001:db8:1:2ff::1"), 56),
            ip("2001:db8:1:200::"),
            "a shorter prefix"
        );
        assert_eq!(
            address_key(ip("2001:db8::1"), 128),
            ip("2001:db8::1"),
            "128 is the exact address"
        );
        assert_eq!(address_key(ip("2001:db8::1"), 200), ip("2001:db8::1"));
        assert_eq!(address_key(ip("2001:db8::1"), 0), ip("::"));
        assert_eq!(address_key(ip("::1"), 64), ip("::"));
    }
}
