//! A bot's name: what its page, its challenges and its games are known by.

use std::fmt;

use super::BotError;

/// The words of the Bot API's own paths (`/api/bot/account`,
/// `/api/bot/game/...`, `/api/bot/stream/...`), which a bot's name beside
/// them (`/api/bot/{name}/challenge`) must not be.
const RESERVED: [&str; 3] = ["account", "game", "stream"];

/// A bot's name: 2 to 24 characters, ASCII letters, digits, `-` and `_`,
/// starting with a letter or a digit. Two names that differ only in case are
/// the same bot ([`BotName::id`]), so nobody can pass for `Rapfi` as `rapfi`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BotName(String);

impl BotName {
    /// The fewest characters a name has.
    pub(crate) const MIN: usize = 2;
    /// The most characters a name has.
    pub(crate) const MAX: usize = 24;

    /// A name as a client sent it, checked.
    ///
    /// # Errors
    ///
    /// [`BotError::BadName`] saying what is wrong.
    pub(crate) fn parse(text: &str) -> Result<BotName, BotError> {
        let length = text.chars().count();
        if !(BotName::MIN..=BotName::MAX).contains(&length) {
            return Err(BotError::BadName(format!(
                "a bot's name has {} to {} characters, not {length}",
                BotName::MIN,
                BotName::MAX
            )));
        }
        if !text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(BotError::BadName(
                "a bot's name has only ASCII letters, digits, `-` and `_`".to_owned(),
            ));
        }
        if RESERVED.iter().any(|word| word.eq_ignore_ascii_case(text)) {
            return Err(BotError::BadName(format!(
                "{text:?} names a part of the Bot API: choose another name"
            )));
        }
        if !text.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            return Err(BotError::BadName(
                "a bot's name starts with a letter or a digit".to_owned(),
            ));
        }
        Ok(BotName(text.to_owned()))
    }

    /// The name as registered.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// The name in lower case: the bot's key in the store.
    pub(crate) fn id(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_plain_words() {
        let name = BotName::parse("Rapfi_2024-b").unwrap();
        assert_eq!(name.as_str(), "Rapfi_2024-b");
        assert_eq!(name.id(), "rapfi_2024-b");
        for bad in [
            "",
            "a",
            "-rapfi",
            "_x",
            "has space",
            "päev",
            &"x".repeat(25),
            "a/b",
            "Game",
            "stream",
        ] {
            assert!(BotName::parse(bad).is_err(), "{bad:?}");
        }
        assert!(BotName::parse(&"x".repeat(24)).is_ok());
    }
}
