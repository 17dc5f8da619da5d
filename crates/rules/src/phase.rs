//! The phases of a game: what kind of step comes next.

use std::fmt;

/// What kind of step a game waits for. Each phase has a stable name used in
/// JSON and documentation.
///
/// | phase | name | open actions |
/// |---|---|---|
/// | a stone is due (opening stones and normal play) | `place` | `place`, and `pass` where allowed |
/// | a colour decision | `swap-or-keep` | `swap`, `keep` |
/// | Yamaguchi's N or Soosõrv's k | `declare` | `declare` |
/// | fifth moves are being offered | `offer` | `offer` |
/// | all offers are made; White picks one | `choose` | `choose` |
/// | Taraguchi-10's fifth-move step | `taraguchi-choice` | `swap`, `keep`, `offer` |
/// | Swap2's second step | `swap2-choice` | `place`, `swap`, `keep` |
/// | the game has ended | `over` | none |
///
/// `resign` is open to both players in every phase but `over`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum Phase {
    /// A stone is due.
    Place,
    /// A player decides whether to exchange colours.
    SwapOrKeep,
    /// A player declares a number.
    Declare,
    /// The Black holder offers fifth moves.
    Offer,
    /// The White holder picks one of the offered fifth moves.
    Choose,
    /// Taraguchi-10 step 5: swap, keep, or start offering.
    TaraguchiChoice,
    /// Swap2 step 2: take White (`keep`), take Black (`swap`) or place two more.
    Swap2Choice,
    /// The game has ended.
    Over,
}

impl Phase {
    /// The stable name: `place`, `swap-or-keep`, `declare`, `offer`, `choose`,
    /// `taraguchi-choice`, `swap2-choice`, `over`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Place => "place",
            Phase::SwapOrKeep => "swap-or-keep",
            Phase::Declare => "declare",
            Phase::Offer => "offer",
            Phase::Choose => "choose",
            Phase::TaraguchiChoice => "taraguchi-choice",
            Phase::Swap2Choice => "swap2-choice",
            Phase::Over => "over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
