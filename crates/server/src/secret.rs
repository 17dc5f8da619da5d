//! Unguessable secrets: seat tokens and invite codes, and their stored hashes.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::Rng;
use sha2::{Digest, Sha256};

/// The SHA-256 hash of a secret: what the store keeps instead of the secret.
pub type SecretHash = [u8; 32];

/// A random secret of 128 bits, written as 22 URL-safe base64 characters. Seat
/// tokens and invite codes are secrets; the server keeps only their hashes, so a
/// leaked database does not hand out seats.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// The number of random bytes in a secret.
    pub const BYTES: usize = 16;

    /// A fresh secret from the operating system's random generator.
    #[must_use]
    pub fn generate() -> Secret {
        let mut bytes = [0u8; Secret::BYTES];
        rand::rng().fill_bytes(&mut bytes);
        Secret(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The secret as a client sent it; any text is accepted and simply fails to
    /// match when it is not a secret of ours.
    #[must_use]
    pub fn from_client(text: &str) -> Secret {
        Secret(text.trim().to_owned())
    }

    /// The text to hand to the client.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The invite code that goes with this seat token: the creator's page can
    /// show the invite link again (after a reload, on another device) although
    /// the server keeps only hashes. Derived one way, so an invite never leads
    /// back to the token; distinct from the token's hash, so the stored hash of
    /// the token does not give the invite either.
    #[must_use]
    pub fn derived_invite(&self) -> Secret {
        let digest = Sha256::new()
            .chain_update(b"narabe invite of seat token\0")
            .chain_update(self.0.as_bytes())
            .finalize();
        Secret(URL_SAFE_NO_PAD.encode(&digest[..Secret::BYTES]))
    }

    /// The seat token of the rematch `rematch_id` that goes with this seat
    /// token of the game before: handed out only when the holder's page asks
    /// for it with this token (`POST /api/games/{id}/rematch-seat`), the same
    /// every time it asks (so each of the holder's devices gets it), and
    /// derived one way, so the rematch's token never leads back to this one.
    #[must_use]
    pub fn derived_rematch_token(&self, rematch_id: &str) -> Secret {
        let digest = Sha256::new()
            .chain_update(b"narabe rematch seat of seat token\0")
            .chain_update(rematch_id.as_bytes())
            .chain_update(b"\0")
            .chain_update(self.0.as_bytes())
            .finalize();
        Secret(URL_SAFE_NO_PAD.encode(&digest[..Secret::BYTES]))
    }

    /// The seat token, in the game that challenge `challenge_id` becomes,
    /// of the person who made it and holds this secret: handed out when the
    /// person asks with the secret once the bot has accepted, and derived
    /// one way, so that neither the token nor its stored hash leads back to
    /// the secret.
    #[must_use]
    pub fn derived_challenge_seat(&self, challenge_id: &str) -> Secret {
        let digest = Sha256::new()
            .chain_update(b"narabe challenge seat of challenger secret\0")
            .chain_update(challenge_id.as_bytes())
            .chain_update(b"\0")
            .chain_update(self.0.as_bytes())
            .finalize();
        Secret(URL_SAFE_NO_PAD.encode(&digest[..Secret::BYTES]))
    }

    /// The hash the store keeps.
    #[must_use]
    pub fn hash(&self) -> SecretHash {
        Sha256::digest(self.0.as_bytes()).into()
    }

    /// Whether this secret hashes to `hash`. Comparing hashes (not secrets)
    /// leaks nothing useful through timing: an attacker learns at most a prefix
    /// of a hash, which does not lead back to the secret.
    #[must_use]
    pub fn matches(&self, hash: &SecretHash) -> bool {
        self.hash() == *hash
    }
}

/// Never print a secret into logs by accident.
impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A hash as lower-case hex, for JSON columns.
#[must_use]
pub(crate) fn hash_to_hex(hash: &SecretHash) -> String {
    hash.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The hash of a lower-case hex string written by [`hash_to_hex`].
#[must_use]
pub(crate) fn hash_from_hex(text: &str) -> Option<SecretHash> {
    if text.len() != 64 {
        return None;
    }
    let mut hash = [0u8; 32];
    for (slot, pair) in hash.iter_mut().zip(text.as_bytes().chunks(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *slot = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_distinct_and_match_only_their_hash() {
        let a = Secret::generate();
        let b = Secret::generate();
        assert_eq!(a.as_str().len(), 22);
        assert_ne!(a, b);
        assert!(a.matches(&a.hash()));
        assert!(!b.matches(&a.hash()));
        assert!(Secret::from_client(a.as_str()).matches(&a.hash()));
        assert_eq!(format!("{a:?}"), "Secret(…)");
        assert_eq!(hash_from_hex(&hash_to_hex(&a.hash())), Some(a.hash()));
        assert_eq!(hash_from_hex("zz"), None);
        let invite = a.derived_invite();
        assert_eq!(invite, Secret::from_client(a.as_str()).derived_invite());
        assert_eq!(invite.as_str().len(), 22);
        assert_ne!(invite, a);
        assert_ne!(invite, b.derived_invite());
        let rematch = a.derived_rematch_token("AAAAAAAAAAAA");
        assert_eq!(rematch.as_str().len(), 22);
        assert_eq!(rematch, a.derived_rematch_token("AAAAAAAAAAAA"));
        assert_ne!(rematch, a.derived_rematch_token("BBBBBBBBBBBB"));
        assert_ne!(rematch, b.derived_rematch_token("AAAAAAAAAAAA"));
        assert_ne!(rematch, a);
        assert_ne!(rematch, invite);
        assert!(!invite.matches(&a.hash()));
        let seat = a.derived_challenge_seat("AAAAAAAAAAAA");
        assert_eq!(seat, a.derived_challenge_seat("AAAAAAAAAAAA"));
        assert_ne!(seat, a.derived_challenge_seat("BBBBBBBBBBBB"));
        assert_ne!(seat, rematch);
        assert_ne!(seat, a);
    }
}
