//! Caps on what one address holds open at once (connections, WebSockets),
//! and on the total: a permit per open thing, given back when it is dropped.
//! Addresses are counted by their key (IPv6 by its prefix), as the rate
//! limits count them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use crate::http::address_key;

/// Counts what is open per address and in all, refusing past either cap.
#[derive(Debug)]
pub(crate) struct AddressCounter {
    per_address: usize,
    total: usize,
    ipv6_prefix: u8,
    open: Mutex<OpenCounts>,
}

#[derive(Debug, Default)]
struct OpenCounts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// One open thing counted by an [`AddressCounter`]; dropping it gives it back.
#[derive(Debug)]
pub(crate) struct AddressPermit {
    counter: Arc<AddressCounter>,
    /// The address it counts against, `None` for an exempt one (counted in
    /// the total only).
    address: Option<IpAddr>,
}

impl AddressCounter {
    /// At most `per_address` per address (IPv6 addresses counted by their
    /// first `ipv6_prefix` bits) and `total` in all.
    pub(crate) fn new(per_address: usize, total: usize, ipv6_prefix: u8) -> Arc<AddressCounter> {
        Arc::new(AddressCounter {
            per_address,
            total,
            ipv6_prefix,
            open: Mutex::new(OpenCounts::default()),
        })
    }

    /// The cap per address.
    pub(crate) fn per_address(&self) -> usize {
        self.per_address
    }

    /// A permit for one more at `address`, unless that address or the total
    /// is at its cap. An `exempt` address (a trusted proxy speaking for many
    /// clients) counts in the total only.
    pub(crate) fn try_acquire(
        self: &Arc<Self>,
        address: IpAddr,
        exempt: bool,
    ) -> Option<AddressPermit> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.total {
            return None;
        }
        let address = address_key(address, self.ipv6_prefix);
        if !exempt {
            let count = open.by_address.entry(address).or_default();
            if *count >= self.per_address {
                return None;
            }
            *count += 1;
        }
        open.total += 1;
        Some(AddressPermit {
            counter: Arc::clone(self),
            address: (!exempt).then_some(address),
        })
    }

    /// How many are open in all (exempt addresses' included).
    pub(crate) fn open(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }

    /// Whether the total is at its cap.
    pub(crate) fn is_full(&self) -> bool {
        self.open() >= self.total
    }
}

impl Drop for AddressPermit {
    fn drop(&mut self) {
        let mut open = self
            .counter
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total -= 1;
        if let Some(address) = self.address
            && let Some(count) = open.by_address.get_mut(&address)
        {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&address);
            }
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
    fn caps_per_address_and_in_all_and_gives_back_on_drop() {
        let counter = AddressCounter::new(2, 3, 64);
        let a = [
            counter.try_acquire(ip("127.0.0.1"), false),
            counter.try_acquire(ip("127.0.0.1"), false),
        ];
        assert!(a.iter().all(Option::is_some));
        assert!(counter.try_acquire(ip("127.0.0.1"), false).is_none());
        let b = counter.try_acquire(ip("127.0.0.2"), false);
        assert!(b.is_some(), "another address has its own cap");
        assert!(
            counter.try_acquire(ip("127.0.0.3"), true).is_none(),
            "the total caps even the exempt"
        );
        assert!(counter.is_full());
        drop(a);
        assert_eq!(counter.open(), 1);
        let proxy = [
            counter.try_acquire(ip("10.0.0.1"), true),
            counter.try_acquire(ip("10.0.0.1"), true),
        ];
        assert!(proxy.iter().all(Option::is_some), "a proxy is exempt");
        drop((b, proxy));
        assert_eq!(counter.open(), 0);
        let one_network = [
            counter.try_acquire(ip("2001:db8::1"), false),
            counter.try_acquire(ip("2001:db8::2"), false),
        ];
        assert!(one_network.iter().all(Option::is_some));
        assert!(
            counter.try_acquire(ip("2001:db8::3"), false).is_none(),
            "an IPv6 /64 counts as one address"
        );
        drop(one_network);
        assert!(counter.open.lock().unwrap().by_address.is_empty());
    }
}
