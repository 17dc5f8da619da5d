//! Lists of addresses and CIDR ranges given as options (`127.0.0.1,
//! 10.0.0.0/8, fd00::/8`): the trusted proxies, and who may read `/metrics`.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// Addresses and ranges in CIDR form; an address matches when it lies in one
/// of them. IPv4 addresses mapped into IPv6 (`::ffff:10.0.0.1`) match as IPv4.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressRanges(Vec<AddressRange>);

/// One address range: every address sharing the first `prefix` bits of `base`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct AddressRange {
    base: IpAddr,
    prefix: u8,
}

impl AddressRange {
    fn contains(self, address: IpAddr) -> bool {
        match (self.base, canonical(address)) {
            (IpAddr::V4(base), IpAddr::V4(address)) => same_prefix(
                u128::from(base.to_bits()),
                u128::from(address.to_bits()),
                32,
                self.prefix,
            ),
            (IpAddr::V6(base), IpAddr::V6(address)) => {
                same_prefix(base.to_bits(), address.to_bits(), 128, self.prefix)
            }
            _ => false,
        }
    }
}

/// Whether the top `prefix` of the `width` bits of `a` and `b` agree.
fn same_prefix(a: u128, b: u128, width: u8, prefix: u8) -> bool {
    let ignored = u32::from(width - prefix);
    a.checked_shr(ignored).unwrap_or(0) == b.checked_shr(ignored).unwrap_or(0)
}

/// IPv4 addresses mapped into IPv6 (`::ffff:10.0.0.1`), as dual-stack sockets
/// report them, compare as IPv4.
pub(crate) fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

/// An item of an address list that is neither an address nor a CIDR range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or a CIDR range (such as 10.0.0.0/8)")]
pub struct ParseAddressRangesError(pub String);

impl FromStr for AddressRanges {
    type Err = ParseAddressRangesError;

    /// A comma-separated list: `127.0.0.1, 10.0.0.0/8, fd00::/8`; empty for none.
    fn from_str(text: &str) -> Result<AddressRanges, ParseAddressRangesError> {
        let mut ranges = Vec::new();
        for item in text
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
        {
            let error = || ParseAddressRangesError(item.to_owned());
            let (address, prefix) = match item.split_once('/') {
                Some((address, prefix)) => (address, Some(prefix)),
                None => (item, None),
            };
            let base = canonical(address.parse::<IpAddr>().map_err(|_| error())?);
            let width = if base.is_ipv4() { 32 } else { 128 };
            let prefix = match prefix {
                Some(prefix) => prefix
                    .parse::<u8>()
                    .ok()
                    .filter(|p| *p <= width)
                    .ok_or_else(error)?,
                None => width,
            };
            ranges.push(AddressRange { base, prefix });
        }
        Ok(AddressRanges(ranges))
    }
}

impl fmt::Display for AddressRanges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, range) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}/{}", range.base, range.prefix)?;
        }
        Ok(())
    }
}

impl AddressRanges {
    /// Whether `address` lies in one of the ranges.
    #[must_use]
    pub fn contains(&self, address: IpAddr) -> bool {
        self.0.iter().any(|range| range.contains(address))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn lists_of_addresses_and_ranges_are_read_and_bad_ones_refused() {
        let ranges: AddressRanges = "127.0.0.1, 10.0.0.0/8,fd00::/8".parse().unwrap();
        assert!(ranges.contains(ip("127.0.0.1")));
        assert!(!ranges.contains(ip("127.0.0.2")));
        assert!(ranges.contains(ip("10.200.3.4")));
        assert!(!ranges.contains(ip("11.0.0.1")));
        assert!(ranges.contains(ip("fd12::1")));
        assert!(
            ranges.contains(ip("::ffff:10.1.2.3")),
            "IPv4-mapped IPv6 compares as IPv4"
        );
        assert_eq!("".parse::<AddressRanges>(), Ok(AddressRanges::default()));
        for bad in ["10.0.0.0/33", "nonsense", "10.0.0.1/x", "::/129"] {
            assert!(bad.parse::<AddressRanges>().is_err(), "{bad}");
        }
        assert!(
            "0.0.0.0/0"
                .parse::<AddressRanges>()
                .unwrap()
                .contains(ip("203.0.113.9"))
        );
        assert_eq!(ranges.to_string(), "127.0.0.1/32,10.0.0.0/8,fd00::/8");
        let loopback: AddressRanges = "127.0.0.0/8,::1".parse().unwrap();
        assert!(loopback.contains(ip("127.0.0.1")) && loopback.contains(ip("::1")));
        assert!(loopback.contains(ip("::ffff:127.0.0.1")));
        assert!(!loopback.contains(ip("::2")));
    }
}
