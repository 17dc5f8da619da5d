//! The configuration of a game: rules, board, opening rule and foul policy.

use std::fmt;

use crate::{BoardSize, FoulPolicy, Opening, RuleSet};

/// A validated game configuration: the rule set, a board size the platform offers
/// for it ([`RuleSet::platform_sizes`]), an opening rule it allows
/// ([`Opening::allowed`]) and what a forbidden black move does (renju; ignored by
/// the other games).
///
/// ```
/// use narabe_rules::{GameConfig, Opening, RuleSet};
/// let config = GameConfig::from_words("pente", None, Some("swap2"), None, true)?;
/// assert_eq!(config.rules(), RuleSet::KeryoPente);
/// assert_eq!(config.opening(), Opening::Swap2);
/// assert_eq!(config.size().get(), 19);
/// assert!(GameConfig::from_words("renju", Some(19), None, None, false).is_err());
/// assert!(GameConfig::from_words("caro", None, Some("rif"), None, false).is_err());
/// # Ok::<(), narabe_rules::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameConfig {
    rules: RuleSet,
    size: BoardSize,
    opening: Opening,
    foul_policy: FoulPolicy,
}

/// Why a configuration is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The game word is not `freestyle`, `standard`, `renju`, `caro` or `pente`.
    #[error("unknown game {0:?} (expected freestyle, standard, renju, caro or pente)")]
    UnknownGame(String),
    /// The Keryo option was asked for a game other than pente.
    #[error("the keryo option is only for pente, not {0}")]
    KeryoOutsidePente(RuleSet),
    /// A foul policy was given for a game without forbidden moves.
    #[error("the foul policy is only for renju, not {0}")]
    FoulOutsideRenju(RuleSet),
    /// The board size is not one the platform offers for the game.
    #[error("{rules} is not played on {lines}x{lines} here (allowed: {})", size_list(.allowed))]
    Size {
        /// The game.
        rules: RuleSet,
        /// The refused number of lines.
        lines: u8,
        /// The sizes the game allows.
        allowed: &'static [BoardSize],
    },
    /// The opening word names no opening rule.
    #[error(transparent)]
    UnknownOpening(#[from] crate::ParseOpeningError),
    /// The opening rule is not played in this game.
    #[error("the {opening} opening is not played in {rules} (allowed: {})", opening_list(*.rules))]
    OpeningNotAllowed {
        /// The refused opening rule.
        opening: Opening,
        /// The game.
        rules: RuleSet,
    },
    /// The foul policy is neither `loses` nor `refused`.
    #[error("unknown foul policy {0:?} (expected loses or refused)")]
    UnknownFoulPolicy(String),
}

fn size_list(sizes: &[BoardSize]) -> String {
    let names: Vec<String> = sizes.iter().map(|size| size.get().to_string()).collect();
    names.join(", ")
}

fn opening_list(rules: RuleSet) -> String {
    let names: Vec<&str> = Opening::allowed(rules).iter().map(|o| o.name()).collect();
    names.join(", ")
}

impl GameConfig {
    /// A configuration, checked against the platform's rules.
    ///
    /// # Errors
    ///
    /// [`ConfigError::Size`] or [`ConfigError::OpeningNotAllowed`].
    pub fn new(
        rules: RuleSet,
        size: BoardSize,
        opening: Opening,
        foul_policy: FoulPolicy,
    ) -> Result<GameConfig, ConfigError> {
        if !rules.platform_sizes().contains(&size) {
            return Err(ConfigError::Size {
                rules,
                lines: size.get(),
                allowed: rules.platform_sizes(),
            });
        }
        if !opening.is_allowed_in(rules) {
            return Err(ConfigError::OpeningNotAllowed { opening, rules });
        }
        Ok(GameConfig {
            rules,
            size,
            opening,
            foul_policy,
        })
    }

    /// The platform's defaults for `rules`: its default board and opening rule,
    /// foul policy `loses`.
    #[must_use]
    pub const fn default_for(rules: RuleSet) -> GameConfig {
        GameConfig {
            rules,
            size: rules.default_size(),
            opening: Opening::default_for(rules),
            foul_policy: FoulPolicy::Loses,
        }
    }

    /// A configuration from the words of the command line and the web form: the
    /// game (`freestyle`, `standard`, `renju`, `caro`, `pente`), the number of
    /// lines, the opening rule, the foul policy (`loses`, `refused`) and the Keryo
    /// option (pente only). What is left out takes the game's default.
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming the first word that does not fit.
    pub fn from_words(
        game: &str,
        size: Option<u8>,
        opening: Option<&str>,
        foul_policy: Option<&str>,
        keryo: bool,
    ) -> Result<GameConfig, ConfigError> {
        let rules = match game {
            "freestyle" => RuleSet::Freestyle,
            "standard" => RuleSet::Standard,
            "renju" => RuleSet::Renju,
            "caro" => RuleSet::Caro,
            "pente" if keryo => RuleSet::KeryoPente,
            "pente" => RuleSet::Pente,
            _ => return Err(ConfigError::UnknownGame(game.to_owned())),
        };
        if keryo && rules != RuleSet::KeryoPente {
            return Err(ConfigError::KeryoOutsidePente(rules));
        }
        // An option that does not apply is refused, not stored and ignored.
        if foul_policy.is_some() && !rules.has_forbidden_moves() {
            return Err(ConfigError::FoulOutsideRenju(rules));
        }
        let size = match size {
            None => rules.default_size(),
            Some(lines) => BoardSize::new(lines).ok_or(ConfigError::Size {
                rules,
                lines,
                allowed: rules.platform_sizes(),
            })?,
        };
        let opening = match opening {
            None => Opening::default_for(rules),
            Some(word) => word.parse()?,
        };
        let foul_policy = match foul_policy {
            None => FoulPolicy::default(),
            Some(word) => word
                .parse()
                .map_err(|_| ConfigError::UnknownFoulPolicy(word.to_owned()))?,
        };
        GameConfig::new(rules, size, opening, foul_policy)
    }

    /// The rule set (Keryo-Pente is its own rule set).
    #[must_use]
    pub const fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The opening rule.
    #[must_use]
    pub const fn opening(&self) -> Opening {
        self.opening
    }

    /// What a forbidden black move does (renju).
    #[must_use]
    pub const fn foul_policy(&self) -> FoulPolicy {
        self.foul_policy
    }

    /// The game word of [`GameConfig::from_words`]: `pente` for Keryo-Pente too.
    #[must_use]
    pub const fn game_name(&self) -> &'static str {
        match self.rules {
            RuleSet::KeryoPente => "pente",
            rules => rules.name(),
        }
    }

    /// Whether the Keryo option is on.
    #[must_use]
    pub const fn keryo(&self) -> bool {
        matches!(self.rules, RuleSet::KeryoPente)
    }
}

impl Default for GameConfig {
    /// Renju on 15x15, free opening, foul policy `loses`.
    fn default() -> GameConfig {
        GameConfig::default_for(RuleSet::Renju)
    }
}

impl fmt::Display for GameConfig {
    /// The command-line words, e.g. `renju 15x15 rif foul=loses`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} foul={}",
            self.rules,
            self.size,
            self.opening,
            self.foul_policy.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_per_game() {
        let renju = GameConfig::from_words("renju", None, None, None, false).unwrap();
        assert_eq!(renju, GameConfig::default());
        let caro = GameConfig::from_words("caro", None, None, None, false).unwrap();
        assert_eq!((caro.size().get(), caro.opening()), (19, Opening::Swap2));
        let pente = GameConfig::from_words("pente", None, None, None, false).unwrap();
        assert_eq!(pente.opening(), Opening::Tournament);
        assert!(!pente.keryo());
        let gomoku =
            GameConfig::from_words("standard", Some(19), Some("pro"), None, false).unwrap();
        assert_eq!(gomoku.size(), BoardSize::NINETEEN);
        // A foul policy means nothing without forbidden moves: refused, like
        // Keryo outside pente.
        assert_eq!(
            GameConfig::from_words("standard", Some(19), Some("pro"), Some("refused"), false),
            Err(ConfigError::FoulOutsideRenju(RuleSet::Standard))
        );
        for rules in RuleSet::ALL {
            let config = GameConfig::default_for(rules);
            assert_eq!(
                GameConfig::new(rules, config.size(), config.opening(), config.foul_policy()),
                Ok(config)
            );
        }
    }

    #[test]
    fn no_configuration_holds_a_size_its_rules_are_not_played_on() {
        // `Position::from_config` cannot fail because of this.
        for rules in RuleSet::ALL {
            for lines in BoardSize::MIN.get()..=BoardSize::MAX.get() {
                let size = BoardSize::new(lines).unwrap();
                match GameConfig::new(rules, size, Opening::default_for(rules), FoulPolicy::Loses) {
                    Ok(config) => {
                        assert!(rules.allows_size(size), "{config} was built");
                        assert_eq!(
                            Ok(crate::Position::from_config(config)),
                            crate::Position::empty(rules, size, FoulPolicy::Loses),
                            "{config}"
                        );
                    }
                    Err(error) => assert!(
                        matches!(error, ConfigError::Size { .. }),
                        "{rules} {size}: {error}"
                    ),
                }
            }
        }
        assert_eq!(
            GameConfig::new(
                RuleSet::Renju,
                BoardSize::NINETEEN,
                Opening::Rif,
                FoulPolicy::Loses
            ),
            Err(ConfigError::Size {
                rules: RuleSet::Renju,
                lines: 19,
                allowed: &[BoardSize::FIFTEEN]
            })
        );
    }

    #[test]
    fn typed_errors() {
        assert!(matches!(
            GameConfig::from_words("go", None, None, None, false),
            Err(ConfigError::UnknownGame(_))
        ));
        assert!(matches!(
            GameConfig::from_words("keryo-pente", None, None, None, false),
            Err(ConfigError::UnknownGame(_))
        ));
        assert_eq!(
            GameConfig::from_words("renju", None, None, None, true),
            Err(ConfigError::KeryoOutsidePente(RuleSet::Renju))
        );
        assert!(matches!(
            GameConfig::from_words("freestyle", Some(20), None, None, false),
            Err(ConfigError::Size { lines: 20, .. })
        ));
        assert!(matches!(
            GameConfig::from_words("freestyle", Some(0), None, None, false),
            Err(ConfigError::Size { lines: 0, .. })
        ));
        assert!(matches!(
            GameConfig::from_words("renju", None, Some("swap9"), None, false),
            Err(ConfigError::UnknownOpening(_))
        ));
        assert_eq!(
            GameConfig::from_words("pente", None, Some("pro"), None, false),
            Err(ConfigError::OpeningNotAllowed {
                opening: Opening::Pro,
                rules: RuleSet::Pente
            })
        );
        assert!(matches!(
            GameConfig::from_words("renju", None, None, Some("wins"), false),
            Err(ConfigError::UnknownFoulPolicy(_))
        ));
        let message = GameConfig::from_words("caro", Some(15), None, None, false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("allowed: 19"), "{message}");
    }
}
