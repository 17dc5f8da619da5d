//! The games against the computer each address is playing, so that one address
//! cannot keep the engine busy with many games at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::address_key;

/// Which address plays each live game against the computer, with at most
/// `per_address` games per address (IPv6 addresses counted by their prefix, as
/// the rate limits count them: [`crate::address_key`]). A game counts from its creation (or the
/// first action of a player after its actor started again) until it is over
/// or its actor stops. Cloning shares the table.
#[derive(Debug, Clone)]
pub(crate) struct ComputerGames {
    table: Arc<Mutex<Table>>,
    per_address: usize,
    ipv6_prefix: u8,
}

#[derive(Debug, Default)]
struct Table {
    owners: HashMap<String, IpAddr>,
    counts: HashMap<IpAddr, usize>,
    /// Places taken by games being created, not yet known by id.
    reserved: HashMap<IpAddr, usize>,
}

/// A place held for a game being created: [`Reservation::bind`] gives it to the
/// game once stored; dropped unbound, the place is free again.
#[derive(Debug)]
pub(crate) struct Reservation {
    games: ComputerGames,
    address: IpAddr,
}

/// The address already plays as many computer games as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooManyComputerGames;

impl ComputerGames {
    /// An empty table allowing `per_address` games per address (at least
    /// one), IPv6 addresses counted by their first `ipv6_prefix` bits.
    pub(crate) fn new(per_address: usize, ipv6_prefix: u8) -> ComputerGames {
        ComputerGames {
            table: Arc::default(),
            per_address: per_address.max(1),
            ipv6_prefix,
        }
    }

    /// How many games `address` may play at once.
    pub(crate) const fn per_address(&self) -> usize {
        self.per_address
    }

    /// Holds a place for a game `address` is creating.
    pub(crate) fn reserve(&self, address: IpAddr) -> Result<Reservation, TooManyComputerGames> {
        let address = address_key(address, self.ipv6_prefix);
        let mut table = self.lock();
        if table.used(address) >= self.per_address {
            return Err(TooManyComputerGames);
        }
        *table.reserved.entry(address).or_default() += 1;
        Ok(Reservation {
            games: self.clone(),
            address,
        })
    }

    /// Counts `game` for `address` unless some address plays it already; when
    /// it is new and `address` has no place left, refused.
    pub(crate) fn claim(&self, address: IpAddr, game: &str) -> Result<(), TooManyComputerGames> {
        let address = address_key(address, self.ipv6_prefix);
        let mut table = self.lock();
        if table.owners.contains_key(game) {
            return Ok(());
        }
        if table.used(address) >= self.per_address {
            return Err(TooManyComputerGames);
        }
        table.insert(address, game);
        Ok(())
    }

    /// The address playing `game` (as counted: an IPv6 address by its prefix),
    /// if it counts for one.
    pub(crate) fn owner(&self, game: &str) -> Option<IpAddr> {
        self.lock().owners.get(game).copied()
    }

    /// Stops counting `game` (over, or its actor stopped).
    pub(crate) fn release(&self, game: &str) {
        let mut table = self.lock();
        if let Some(address) = table.owners.remove(game) {
            decrement(&mut table.counts, address);
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Reservation {
    /// Gives the held place to the stored game `game`.
    pub(crate) fn bind(self, game: &str) {
        // The reserved place itself is given back when `self` drops, here.
        self.games.lock().insert(self.address, game);
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        decrement(&mut self.games.lock().reserved, self.address);
    }
}

impl Table {
    fn used(&self, address: IpAddr) -> usize {
        self.counts.get(&address).copied().unwrap_or(0)
            + self.reserved.get(&address).copied().unwrap_or(0)
    }

    fn insert(&mut self, address: IpAddr, game: &str) {
        if self.owners.insert(game.to_owned(), address).is_none() {
            *self.counts.entry(address).or_default() += 1;
        }
    }
}

fn decrement(counts: &mut HashMap<IpAddr, usize>, address: IpAddr) {
    if let Some(count) = counts.get_mut(&address) {
        *count -= 1;
        if *count == 0 {
            counts.remove(&address);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn an_address_plays_at_most_its_share_and_gets_places_back() {
        let games = ComputerGames::new(2, 64);
        games.reserve(address(1)).unwrap().bind("a");
        let pending = games.reserve(address(1)).unwrap();
        assert_eq!(games.reserve(address(1)).unwrap_err(), TooManyComputerGames);
        assert_eq!(games.claim(address(1), "c"), Err(TooManyComputerGames));
        assert!(
            games.reserve(address(2)).is_ok(),
            "other addresses are free"
        );
        drop(pending);
        games.claim(address(1), "b").unwrap();
        assert_eq!(games.owner("b"), Some(address(1)));
        // A game counts once, for the address that had it first.
        games.claim(address(2), "b").unwrap();
        assert_eq!(games.owner("b"), Some(address(1)));
        games.release("a");
        games.release("a");
        assert!(games.reserve(address(1)).is_ok());
        assert_eq!(games.owner("a"), None);
    }

    #[test]
    fn ipv6_addresses_of_one_prefix_share_their_places() {
        let games = ComputerGames::new(1, 64);
        let first: IpAddr = "2001:db8:1:2::a".parse().unwrap();
        let neighbour: IpAddr = "2001:db8:1:2::b".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::a".parse().unwrap();
        games.reserve(first).unwrap().bind("a");
        assert_eq!(games.claim(neighbour, "b"), Err(TooManyComputerGames));
        assert_eq!(games.claim(elsewhere, "b"), Ok(()));
    }
}
