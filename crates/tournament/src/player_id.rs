use serde::{Deserialize, Serialize};

/// A player of one tournament: the order in which they joined, from 1.
///
/// The id never changes, whatever happens to ratings or pairing numbers, so it
/// is what results, pairings and the store refer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}
