//! The game log: a game's actions as text, one per line.

use std::fmt;
use std::str::FromStr;

use crate::{Action, ParseActionError};

/// The actions of a game in order: the text form the server stores and
/// `narabe replay` reads.
///
/// One action per line in the form of [`Action`]'s `Display`. When read, blank
/// lines and lines whose first non-blank character is `#` are ignored, and lines
/// are numbered from 1 counting every line. Written, a log is exactly one action
/// per line, each ending in a newline, so parsing a written log gives the same
/// actions and writing a parsed canonical text gives the same text.
///
/// ```
/// use narabe_rules::{Action, GameLog};
/// let log: GameLog = "# a short game\nplace h8\n\nplace h9\n".parse()?;
/// assert_eq!(log.actions(), &[Action::Place("h8".parse()?), Action::Place("h9".parse()?)]);
/// assert_eq!(log.to_string(), "place h8\nplace h9\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct GameLog {
    actions: Vec<Action>,
}

/// A line of a log text that is not an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct LogError {
    /// The line number, counting from 1 and counting every line.
    pub line: usize,
    /// Why the line is not an action.
    pub error: ParseActionError,
}

impl GameLog {
    /// A log of `actions`.
    #[must_use]
    pub const fn new(actions: Vec<Action>) -> GameLog {
        GameLog { actions }
    }

    /// The actions, in order.
    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Appends an action.
    pub fn push(&mut self, action: Action) {
        self.actions.push(action);
    }

    /// The actions, consuming the log.
    #[must_use]
    pub fn into_actions(self) -> Vec<Action> {
        self.actions
    }
}

impl From<Vec<Action>> for GameLog {
    fn from(actions: Vec<Action>) -> GameLog {
        GameLog::new(actions)
    }
}

/// Each action line of a log text with its line number (from 1, counting every
/// line), or the reason it is not an action; blank and `#` lines are skipped.
///
/// ```
/// use narabe_rules::log_lines;
/// let lines: Vec<_> = log_lines("# comment\n\nswap\nplease").collect();
/// assert_eq!(lines.len(), 2);
/// assert_eq!(lines[0].0, 3);
/// assert!(lines[1].1.is_err());
/// ```
pub fn log_lines(
    text: &str,
) -> impl Iterator<Item = (usize, Result<Action, ParseActionError>)> + '_ {
    text.lines().enumerate().filter_map(|(index, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            None
        } else {
            Some((index + 1, line.parse()))
        }
    })
}

impl FromStr for GameLog {
    type Err = LogError;

    fn from_str(text: &str) -> Result<GameLog, LogError> {
        log_lines(text)
            .map(|(line, parsed)| parsed.map_err(|error| LogError { line, error }))
            .collect::<Result<Vec<Action>, LogError>>()
            .map(GameLog::new)
    }
}

impl fmt::Display for GameLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for action in &self.actions {
            writeln!(f, "{action}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANONICAL: &str = "place h8\nplace i9\nplace j10\nswap\nplace h9\noffer g10\noffer k8\nchoose k8\nplace g7\npass\ndeclare 4\nresign second\n";

    #[test]
    fn canonical_text_round_trips_exactly() {
        let log: GameLog = CANONICAL.parse().unwrap();
        assert_eq!(log.actions().len(), 12);
        assert_eq!(log.to_string(), CANONICAL);
        assert_eq!(log.to_string().parse::<GameLog>(), Ok(log));
    }

    #[test]
    fn comments_blank_lines_and_crlf_are_skipped_but_counted() {
        let text = "# renju rif\r\n\r\nplace h8\r\n   # indented comment\n  place  h9  \nkeep";
        let log: GameLog = text.parse().unwrap();
        assert_eq!(log.to_string(), "place h8\nplace h9\nkeep\n");
        let error = "place h8\n\n# x\nplace h99\n"
            .parse::<GameLog>()
            .unwrap_err();
        assert_eq!(error.line, 4);
        assert!(error.to_string().starts_with("line 4: "), "{error}");
    }

    #[test]
    fn the_empty_log() {
        assert_eq!("".parse::<GameLog>(), Ok(GameLog::default()));
        assert_eq!("\n# nothing\n".parse::<GameLog>(), Ok(GameLog::default()));
        assert_eq!(GameLog::default().to_string(), "");
    }
}
