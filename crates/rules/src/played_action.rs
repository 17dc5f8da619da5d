//! One accepted action of a game with who took it and what it did to the board:
//! what a move list shows and what reviewing an earlier move needs.

use crate::{Action, Color, Player, Point};

/// An accepted action of a [`crate::Game`], in the order it was taken.
///
/// ```
/// use narabe_rules::{Action, Color, Game, GameConfig, Player};
/// let config = GameConfig::from_words("renju", None, Some("rif"), None, false)?;
/// let mut game = Game::new(config);
/// for point in ["h8", "h9", "j10"] {
///     game.apply(Player::First, Action::Place(point.parse()?))?;
/// }
/// game.apply(Player::Second, Action::Swap)?;
/// let swap = game.played().last().unwrap();
/// assert_eq!((swap.player, swap.action, swap.color_after), (Player::Second, Action::Swap, Color::Black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedAction {
    /// Who took it.
    pub player: Player,
    /// What it was.
    pub action: Action,
    /// The colour `player` holds after it (a swap changes it).
    pub color_after: Color,
    /// The number of the board move it made (a stone or a pass, move 1 being
    /// the first), or `None` for an action that is not a board move.
    pub move_number: Option<usize>,
    /// The colour of the stone it placed, for a stone (in some openings one
    /// player places stones of both colours).
    pub stone: Option<Color>,
    /// The stones it captured (Pente), in board order.
    pub captured: Vec<Point>,
}
