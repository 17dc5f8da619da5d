//! A game record: settings and a move tree.

use narabe_rules::{Game, ResultCode};

use crate::{GameTree, RecordResult, Settings};

/// One game as a file holds it: its [`Settings`] and its [`GameTree`] (one line
/// for most formats, variations for SGF and RenLib).
///
/// ```
/// use narabe_records::{GameTree, Record, Settings};
/// use narabe_rules::{Action, RuleSet};
/// let tree = GameTree::from_actions(&[Action::Place("h8".parse()?)]);
/// let record = Record::new(Settings::new(RuleSet::Renju), tree);
/// assert_eq!(record.tree.main_line_actions().len(), 1);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The game's settings and facts.
    pub settings: Settings,
    /// The moves, with variations and annotations.
    pub tree: GameTree,
}

impl Record {
    /// A record of `settings` and `tree`.
    #[must_use]
    pub const fn new(settings: Settings, tree: GameTree) -> Record {
        Record { settings, tree }
    }

    /// The record of a game played on narabe: its configuration, its log as
    /// the main line, the canonical opening's name and, once it has ended, the
    /// result the rules decided. The platform's facts (players, date, clock,
    /// a result by time or agreement) are the caller's to add.
    ///
    /// ```
    /// use narabe_records::{Format, Record, ReadOptions, read, write};
    /// use narabe_rules::{Action, Game, GameConfig};
    /// let config = GameConfig::from_words("renju", None, Some("rif"), None, false)?;
    /// let mut game = Game::new(config);
    /// for action in ["place h8", "place h9", "place j10", "keep"] {
    ///     game.apply_next(action.parse()?)?;
    /// }
    /// let mut record = Record::from_game(&game);
    /// record.settings.black = Some("Ann".to_owned());
    /// assert_eq!(record.settings.opening_name.as_deref(), Some("3D Sosei"));
    /// let text = String::from_utf8(write(Format::NarabeLog, &[record.clone()])?)?;
    /// assert!(text.starts_with("# narabe game record\n# game: renju\n# size: 15\n# opening: rif\n"));
    /// assert!(text.ends_with("place j10\nkeep\n"));
    /// assert_eq!(read(Format::NarabeLog, text.as_bytes(), &ReadOptions::default())?, [record]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_game(game: &Game) -> Record {
        let config = game.config();
        let mut settings = Settings::with_size(config.rules(), config.size());
        settings.opening = Some(config.opening());
        settings.foul_policy = config
            .rules()
            .has_forbidden_moves()
            .then_some(config.foul_policy());
        settings.opening_name = game
            .opening_name()
            .map(|opening| format!("{} {}", opening.code(), opening.name()));
        settings.result = game.result().map(|result| RecordResult {
            winner: result.winner_color,
            reason: Some(ResultCode::from(result.reason)),
        });
        Record::new(settings, GameTree::from_actions(game.log().actions()))
    }
}
