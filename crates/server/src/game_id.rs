//! Game identifiers: random, URL-safe, unguessable.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::Rng;

/// The id of a game: 12 URL-safe base64 characters (72 random bits). Ids appear
/// in watch links, so they must not be guessable: nobody should stumble into
/// games they were not sent.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A fresh random id.
    #[must_use]
    pub fn generate() -> GameId {
        let mut bytes = [0u8; 9];
        rand::rng().fill_bytes(&mut bytes);
        GameId(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The id in a path, checked for shape: 12 characters of the URL-safe base64
    /// alphabet. Anything else cannot name a game and is refused before any
    /// database work.
    #[must_use]
    pub fn parse(text: &str) -> Option<GameId> {
        let well_formed = text.len() == 12
            && text
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
        well_formed.then(|| GameId(text.to_owned()))
    }

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_parse_and_junk_does_not() {
        let id = GameId::generate();
        assert_eq!(GameId::parse(id.as_str()), Some(id.clone()));
        assert_ne!(GameId::generate(), id);
        for junk in [
            "",
            "short",
            "abc/def/ghij",
            "abcdefghijk!",
            "abcdefghijklm",
            "../../etc/pa",
        ] {
            assert_eq!(GameId::parse(junk), None, "{junk}");
        }
    }
}
