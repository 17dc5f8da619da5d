//! The configuration of a session: the game, its clock and the platform options,
//! with a plain serde form for storage and the HTTP API.

use narabe_rules::{ConfigError, GameConfig};
use serde::{Deserialize, Serialize};

use crate::{ParseTimeControlError, TimeControl};

/// A validated session configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionConfig {
    /// The game and its opening rule.
    pub game: GameConfig,
    /// The clock.
    pub time: TimeControl,
    /// Whether takebacks may be asked for (granted only by agreement).
    pub takebacks: bool,
    /// Whether Black's forbidden points are shown with their reasons (renju).
    pub hints: bool,
}

impl SessionConfig {
    /// A session of `game` with no clock, no takebacks and hints on.
    #[must_use]
    pub const fn untimed(game: GameConfig) -> SessionConfig {
        SessionConfig {
            game,
            time: TimeControl::Unlimited,
            takebacks: false,
            hints: true,
        }
    }

    /// The plain form of this configuration.
    #[must_use]
    pub fn settings(&self) -> SessionSettings {
        SessionSettings {
            game: self.game.game_name().to_owned(),
            size: Some(self.game.size().get()),
            opening: Some(self.game.opening().name().to_owned()),
            foul: self
                .game
                .rules()
                .has_forbidden_moves()
                .then(|| self.game.foul_policy().name().to_owned()),
            keryo: self.game.keryo(),
            time: Some(self.time.to_string()),
            takebacks: self.takebacks,
            hints: self.hints,
        }
    }
}

/// The plain, serde form of a [`SessionConfig`]: the words of the web form and
/// the HTTP API, and what the store keeps. Missing fields take the game's
/// defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SessionSettings {
    /// `freestyle`, `standard`, `renju`, `caro` or `pente`.
    pub game: String,
    /// Board lines (15 or 19 where the game allows a choice).
    #[serde(default)]
    #[cfg_attr(feature = "wire-types", ts(optional))]
    pub size: Option<u8>,
    /// The opening rule (`free`, `rif`, `yamaguchi`, ...).
    #[serde(default)]
    #[cfg_attr(feature = "wire-types", ts(optional))]
    pub opening: Option<String>,
    /// The forbidden-move policy, `loses` (default) or `refused`.
    #[serde(default)]
    #[cfg_attr(feature = "wire-types", ts(optional))]
    pub foul: Option<String>,
    /// Keryo-Pente captures (pente only).
    #[serde(default)]
    pub keryo: bool,
    /// The time control: `none` (default), `5+3` or `3d` (see [`TimeControl`]).
    #[serde(default)]
    #[cfg_attr(feature = "wire-types", ts(optional))]
    pub time: Option<String>,
    /// Whether takebacks may be asked for.
    #[serde(default)]
    pub takebacks: bool,
    /// Whether forbidden-point hints are shown (default on).
    #[serde(default = "hints_default")]
    pub hints: bool,
}

const fn hints_default() -> bool {
    true
}

/// Why settings are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The game, size, opening, foul policy or keryo option does not fit.
    #[error(transparent)]
    Game(#[from] ConfigError),
    /// The time control is malformed or out of range.
    #[error(transparent)]
    Time(#[from] ParseTimeControlError),
}

impl SessionSettings {
    /// Checks settings that were stored: as [`SessionSettings::validate`],
    /// but a foul policy that earlier versions wrote for every game is
    /// dropped where it means nothing, so that those games still load.
    ///
    /// # Errors
    ///
    /// The first field that does not fit.
    pub fn validate_stored(&self) -> Result<SessionConfig, SettingsError> {
        let mut settings = self.clone();
        if settings.game != "renju" {
            settings.foul = None;
        }
        settings.validate()
    }

    /// Checks the settings.
    ///
    /// # Errors
    ///
    /// The first field that does not fit.
    pub fn validate(&self) -> Result<SessionConfig, SettingsError> {
        let game = GameConfig::from_words(
            &self.game,
            self.size,
            self.opening.as_deref(),
            self.foul.as_deref(),
            self.keryo,
        )?;
        let time = match &self.time {
            Some(text) => text.parse()?,
            None => TimeControl::Unlimited,
        };
        Ok(SessionConfig {
            game,
            time,
            takebacks: self.takebacks,
            hints: self.hints,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_json() {
        let json = r#"{"game":"renju","opening":"yamaguchi","time":"5+3","takebacks":true}"#;
        let settings: SessionSettings = serde_json::from_str(json).unwrap();
        let config = settings.validate().unwrap();
        assert!(config.hints, "hints default on");
        let again = config.settings();
        assert_eq!(again.validate().unwrap(), config);
        assert_eq!(again.size, Some(15));
        assert_eq!(again.foul.as_deref(), Some("loses"));
    }

    #[test]
    fn bad_settings_say_why() {
        let bad = |json: &str| -> String {
            match serde_json::from_str::<SessionSettings>(json) {
                Ok(settings) => settings.validate().unwrap_err().to_string(),
                Err(error) => error.to_string(),
            }
        };
        assert!(bad(r#"{"game":"chess"}"#).contains("unknown game"));
        assert!(bad(r#"{"game":"renju","size":19}"#).contains("not played on 19x19"));
        assert!(bad(r#"{"game":"renju","time":"99d"}"#).contains("bad time control"));
        assert!(bad(r#"{"game":"renju","colour":"red"}"#).contains("unknown field"));
        // Options that do not apply are refused alike.
        assert!(bad(r#"{"game":"freestyle","foul":"refused"}"#).contains("only for renju"));
        assert!(bad(r#"{"game":"renju","keryo":true}"#).contains("only for pente"));
    }

    #[test]
    fn stored_settings_of_earlier_versions_still_load() {
        // Earlier versions wrote the default foul policy for every game.
        let json = r#"{"game":"caro","size":19,"opening":"swap2","foul":"loses","keryo":false,"time":"none","takebacks":false,"hints":true}"#;
        let settings: SessionSettings = serde_json::from_str(json).unwrap();
        assert!(settings.validate().is_err());
        let config = settings.validate_stored().unwrap();
        assert_eq!(config.settings().foul, None);
        assert_eq!(config.settings().validate().unwrap(), config);
    }
}
