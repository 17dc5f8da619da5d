//! Why a game refused an action.

use crate::{ActionKind, IllegalMove, Phase, Player, Point, Zone};

/// Why an action was refused. A refused action leaves the game unchanged.
///
/// Each reason has a stable kebab-case [`code`](Rejection::code) for machines and
/// a message for people (its `Display`).
///
/// ```
/// use narabe_rules::{Action, Game, GameConfig, Player};
/// let mut game = Game::new(GameConfig::default());
/// let rejection = game.apply(Player::Second, Action::Place("h8".parse()?)).unwrap_err();
/// assert_eq!(rejection.code(), "not-your-turn");
/// assert_eq!(rejection.to_string(), "not your turn: this action is for first, not second");
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Rejection {
    /// The player may not act now (or resigned in the other player's name).
    #[error("not your turn: this action is for {expected}, not {player}")]
    NotYourTurn {
        /// Who tried.
        player: Player,
        /// Who may take this action now.
        expected: Player,
    },
    /// The action is not one of the open actions of this phase.
    #[error("{action} is not possible now (phase {phase})")]
    WrongPhase {
        /// The kind of action tried.
        action: ActionKind,
        /// The phase the game is in.
        phase: Phase,
    },
    /// The opening rule does not let this stone go there.
    #[error("{point} is outside the zone: the stone must go {zone}")]
    OutsideZone {
        /// The refused point.
        point: Point,
        /// Where the stone may go.
        zone: Zone,
    },
    /// The offer gives the same position as an earlier offer (RULES.md §6).
    #[error("{point} is symmetric to the earlier offer {earlier}")]
    SymmetricOffer {
        /// The refused offer.
        point: Point,
        /// The earlier offer it is equivalent to.
        earlier: Point,
    },
    /// The point is already offered.
    #[error("{0} is already offered")]
    AlreadyOffered(Point),
    /// Every due offer is made: the next step is White's choice.
    #[error("all {0} fifth moves are offered: white chooses one now")]
    TooManyOffers(u8),
    /// The chosen point is not one of the offers.
    #[error("{0} was not offered")]
    NotOffered(Point),
    /// The board refuses the stone: off the board, on a stone, or forbidden
    /// for Black under the `refused` policy (the position's own reasons).
    #[error(transparent)]
    Illegal(IllegalMove),
    /// Passing is not allowed in this game or at this point of it.
    #[error("passing is not allowed here")]
    PassNotAllowed,
    /// The declared number is outside its range.
    #[error("{count} is out of range: declare 1 to {max}")]
    CountOutOfRange {
        /// The refused number.
        count: u8,
        /// The largest number allowed (the smallest is 1).
        max: u8,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
}

impl Rejection {
    /// Every code, in the order of the variants (the position's three in
    /// the middle).
    pub const CODES: [&'static str; 13] = [
        "not-your-turn",
        "wrong-phase",
        "outside-zone",
        "symmetric-offer",
        "already-offered",
        "too-many-offers",
        "not-offered",
        "occupied",
        "off-board",
        "forbidden",
        "pass-not-allowed",
        "count-out-of-range",
        "game-over",
    ];

    /// The stable code: `not-your-turn`, `wrong-phase`, `outside-zone`,
    /// `symmetric-offer`, `already-offered`, `too-many-offers`, `not-offered`,
    /// `occupied`, `off-board`, `forbidden`, `pass-not-allowed`,
    /// `count-out-of-range`, `game-over`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Rejection::NotYourTurn { .. } => "not-your-turn",
            Rejection::WrongPhase { .. } => "wrong-phase",
            Rejection::OutsideZone { .. } => "outside-zone",
            Rejection::SymmetricOffer { .. } => "symmetric-offer",
            Rejection::AlreadyOffered(_) => "already-offered",
            Rejection::TooManyOffers(_) => "too-many-offers",
            Rejection::NotOffered(_) => "not-offered",
            Rejection::Illegal(illegal) => illegal.code(),
            Rejection::PassNotAllowed => "pass-not-allowed",
            Rejection::CountOutOfRange { .. } => "count-out-of-range",
            Rejection::GameOver => "game-over",
        }
    }
}
