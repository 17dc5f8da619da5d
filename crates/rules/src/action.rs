//! What a player does in a game, and its one-line text form.

use std::fmt;
use std::str::FromStr;

use crate::{ParsePlayerError, ParsePointError, Player, Point};

/// One step of a game, as the game log stores it.
///
/// Every action has one text form, with single spaces and lower-case words:
///
/// | action | text |
/// |---|---|
/// | a stone for whoever places now | `place h8` |
/// | a pass (renju, after the opening) | `pass` |
/// | exchange the colours | `swap` |
/// | leave the colours | `keep` |
/// | Yamaguchi's N, Soosõrv's k | `declare 3` |
/// | one offered fifth move | `offer k11` |
/// | White's pick among the offers | `choose k11` |
/// | a player gives up | `resign first` |
///
/// ```
/// use narabe_rules::{Action, Player};
/// let action: Action = "resign second".parse()?;
/// assert_eq!(action, Action::Resign(Player::Second));
/// assert_eq!("place H8".parse::<Action>()?.to_string(), "place h8");
/// assert!("place".parse::<Action>().is_err());
/// # Ok::<(), narabe_rules::ParseActionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone on a point, of the colour whose move it is.
    Place(Point),
    /// No stone.
    Pass,
    /// Exchange the colours of the players (never the stones).
    Swap,
    /// Leave the colours as they are.
    Keep,
    /// A declared number: Yamaguchi's N, Soosõrv's k.
    Declare(u8),
    /// One tentative fifth move.
    Offer(Point),
    /// The offered fifth move that becomes move 5.
    Choose(Point),
    /// The named player gives up and loses.
    Resign(Player),
}

impl Action {
    /// What kind of action this is.
    #[must_use]
    pub const fn kind(self) -> ActionKind {
        match self {
            Action::Place(_) => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Swap => ActionKind::Swap,
            Action::Keep => ActionKind::Keep,
            Action::Declare(_) => ActionKind::Declare,
            Action::Offer(_) => ActionKind::Offer,
            Action::Choose(_) => ActionKind::Choose,
            Action::Resign(_) => ActionKind::Resign,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.kind().name();
        match self {
            Action::Place(point) | Action::Offer(point) | Action::Choose(point) => {
                write!(f, "{word} {point}")
            }
            Action::Declare(count) => write!(f, "{word} {count}"),
            Action::Resign(player) => write!(f, "{word} {player}"),
            Action::Pass | Action::Swap | Action::Keep => f.write_str(word),
        }
    }
}

/// The kinds of [`Action`], without their arguments: what a game lists as open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum ActionKind {
    /// `place <point>`.
    Place,
    /// `pass`.
    Pass,
    /// `swap`.
    Swap,
    /// `keep`.
    Keep,
    /// `declare <n>`.
    Declare,
    /// `offer <point>`.
    Offer,
    /// `choose <point>`.
    Choose,
    /// `resign <player>`.
    Resign,
}

impl ActionKind {
    /// Every kind, in the order of the text-form table.
    pub const ALL: [ActionKind; 8] = [
        ActionKind::Place,
        ActionKind::Pass,
        ActionKind::Swap,
        ActionKind::Keep,
        ActionKind::Declare,
        ActionKind::Offer,
        ActionKind::Choose,
        ActionKind::Resign,
    ];

    /// The first word of the text form: `place`, `pass`, `swap`, `keep`,
    /// `declare`, `offer`, `choose`, `resign`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Place => "place",
            ActionKind::Pass => "pass",
            ActionKind::Swap => "swap",
            ActionKind::Keep => "keep",
            ActionKind::Declare => "declare",
            ActionKind::Offer => "offer",
            ActionKind::Choose => "choose",
            ActionKind::Resign => "resign",
        }
    }

    /// Whether the text form takes an argument after the word.
    #[must_use]
    pub const fn takes_argument(self) -> bool {
        !matches!(self, ActionKind::Pass | ActionKind::Swap | ActionKind::Keep)
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Nothing to parse.
    #[error("empty action")]
    Empty,
    /// The first word names no action.
    #[error(
        "unknown action {0:?} (expected place, pass, swap, keep, declare, offer, choose or resign)"
    )]
    UnknownAction(String),
    /// The action needs an argument and has none.
    #[error("{0} needs an argument")]
    MissingArgument(ActionKind),
    /// There is more text than the action takes.
    #[error("unexpected text after {kind}: {rest:?}")]
    Unexpected {
        /// The action.
        kind: ActionKind,
        /// The extra text.
        rest: String,
    },
    /// The point is not in renju notation.
    #[error(transparent)]
    Point(#[from] ParsePointError),
    /// The count of `declare` is not a number from 0 to 255.
    #[error("bad count {0:?}: expected a number")]
    Count(String),
    /// The player of `resign` is neither `first` nor `second`.
    #[error(transparent)]
    Player(#[from] ParsePlayerError),
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// The text form: a lower-case word, then for most actions one space and the
    /// argument. Points may be written in either case; surrounding white space is
    /// ignored, and so is extra space between the two words.
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let mut words = text.split_whitespace();
        let Some(word) = words.next() else {
            return Err(ParseActionError::Empty);
        };
        let kind = ActionKind::ALL
            .into_iter()
            .find(|kind| kind.name() == word)
            .ok_or_else(|| ParseActionError::UnknownAction(word.to_owned()))?;
        let argument = if kind.takes_argument() {
            words
                .next()
                .ok_or(ParseActionError::MissingArgument(kind))?
        } else {
            ""
        };
        let rest: Vec<&str> = words.collect();
        if !rest.is_empty() {
            return Err(ParseActionError::Unexpected {
                kind,
                rest: rest.join(" "),
            });
        }
        Ok(match kind {
            ActionKind::Place => Action::Place(argument.parse()?),
            ActionKind::Pass => Action::Pass,
            ActionKind::Swap => Action::Swap,
            ActionKind::Keep => Action::Keep,
            ActionKind::Declare => Action::Declare(
                Some(argument)
                    .filter(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|digits| digits.parse().ok())
                    .ok_or_else(|| ParseActionError::Count(argument.to_owned()))?,
            ),
            ActionKind::Offer => Action::Offer(argument.parse()?),
            ActionKind::Choose => Action::Choose(argument.parse()?),
            ActionKind::Resign => Action::Resign(argument.parse()?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_form_round_trips() {
        for text in [
            "place h8",
            "pass",
            "swap",
            "keep",
            "declare 3",
            "declare 10",
            "offer k11",
            "choose k11",
            "resign first",
            "resign second",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn malformed_text_gives_typed_errors() {
        assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
        assert_eq!("   ".parse::<Action>(), Err(ParseActionError::Empty));
        assert!(matches!(
            "Place h8".parse::<Action>(),
            Err(ParseActionError::UnknownAction(_))
        ));
        assert_eq!(
            "offer".parse::<Action>(),
            Err(ParseActionError::MissingArgument(ActionKind::Offer))
        );
        assert!(matches!(
            "swap now".parse::<Action>(),
            Err(ParseActionError::Unexpected { .. })
        ));
        assert!(matches!(
            "place h8 h9".parse::<Action>(),
            Err(ParseActionError::Unexpected { .. })
        ));
        assert!(matches!(
            "place z9".parse::<Action>(),
            Err(ParseActionError::Point(_))
        ));
        assert!(matches!(
            "declare 256".parse::<Action>(),
            Err(ParseActionError::Count(_))
        ));
        assert!(matches!(
            "declare +1".parse::<Action>(),
            Err(ParseActionError::Count(_))
        ));
        assert!(matches!(
            "resign black".parse::<Action>(),
            Err(ParseActionError::Player(_))
        ));
    }
}
