//! The kinds of session actions: what a seat may be offered to do.

use narabe_rules::ActionKind;

/// The kind of a [`crate::SessionAction`] without its arguments: the game's
/// action kinds and the platform's, as [`crate::Session::open_actions`] lists
/// them and clients read them (`place`, `draw offer`, `claim win`, ...).
///
/// ```
/// use narabe_game::{SessionAction, SessionActionKind};
/// let action: SessionAction = "draw withdraw".parse()?;
/// assert_eq!(action.kind(), SessionActionKind::DrawWithdraw);
/// assert_eq!(SessionActionKind::DrawWithdraw.name(), "draw withdraw");
/// # Ok::<(), narabe_game::ParseSessionActionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum SessionActionKind {
    /// `place <point>`.
    #[serde(rename = "place")]
    Place,
    /// `pass`.
    #[serde(rename = "pass")]
    Pass,
    /// `swap`.
    #[serde(rename = "swap")]
    Swap,
    /// `keep`.
    #[serde(rename = "keep")]
    Keep,
    /// `declare <n>`.
    #[serde(rename = "declare")]
    Declare,
    /// `offer <point>`.
    #[serde(rename = "offer")]
    Offer,
    /// `choose <point>`.
    #[serde(rename = "choose")]
    Choose,
    /// `resign`.
    #[serde(rename = "resign")]
    Resign,
    /// `draw offer`.
    #[serde(rename = "draw offer")]
    DrawOffer,
    /// `draw accept`.
    #[serde(rename = "draw accept")]
    DrawAccept,
    /// `draw decline`.
    #[serde(rename = "draw decline")]
    DrawDecline,
    /// `draw withdraw`.
    #[serde(rename = "draw withdraw")]
    DrawWithdraw,
    /// `takeback request`.
    #[serde(rename = "takeback request")]
    TakebackRequest,
    /// `takeback accept`.
    #[serde(rename = "takeback accept")]
    TakebackAccept,
    /// `takeback decline`.
    #[serde(rename = "takeback decline")]
    TakebackDecline,
    /// `takeback withdraw`.
    #[serde(rename = "takeback withdraw")]
    TakebackWithdraw,
    /// `abort`.
    #[serde(rename = "abort")]
    Abort,
    /// `claim win`.
    #[serde(rename = "claim win")]
    ClaimWin,
    /// `claim draw`.
    #[serde(rename = "claim draw")]
    ClaimDraw,
    /// `rematch offer`.
    #[serde(rename = "rematch offer")]
    RematchOffer,
    /// `rematch accept`.
    #[serde(rename = "rematch accept")]
    RematchAccept,
    /// `rematch decline`.
    #[serde(rename = "rematch decline")]
    RematchDecline,
    /// `rematch withdraw`.
    #[serde(rename = "rematch withdraw")]
    RematchWithdraw,
    /// `timeout <player>` (the server's).
    #[serde(rename = "timeout")]
    Timeout,
    /// `credit <player> <ms>` (the server's).
    #[serde(rename = "credit")]
    Credit,
}

impl SessionActionKind {
    /// Every kind.
    pub const ALL: [SessionActionKind; 25] = [
        SessionActionKind::Place,
        SessionActionKind::Pass,
        SessionActionKind::Swap,
        SessionActionKind::Keep,
        SessionActionKind::Declare,
        SessionActionKind::Offer,
        SessionActionKind::Choose,
        SessionActionKind::Resign,
        SessionActionKind::DrawOffer,
        SessionActionKind::DrawAccept,
        SessionActionKind::DrawDecline,
        SessionActionKind::DrawWithdraw,
        SessionActionKind::TakebackRequest,
        SessionActionKind::TakebackAccept,
        SessionActionKind::TakebackDecline,
        SessionActionKind::TakebackWithdraw,
        SessionActionKind::Abort,
        SessionActionKind::ClaimWin,
        SessionActionKind::ClaimDraw,
        SessionActionKind::RematchOffer,
        SessionActionKind::RematchAccept,
        SessionActionKind::RematchDecline,
        SessionActionKind::RematchWithdraw,
        SessionActionKind::Timeout,
        SessionActionKind::Credit,
    ];

    /// The stable name: the first words of the action's text form.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SessionActionKind::Place => "place",
            SessionActionKind::Pass => "pass",
            SessionActionKind::Swap => "swap",
            SessionActionKind::Keep => "keep",
            SessionActionKind::Declare => "declare",
            SessionActionKind::Offer => "offer",
            SessionActionKind::Choose => "choose",
            SessionActionKind::Resign => "resign",
            SessionActionKind::DrawOffer => "draw offer",
            SessionActionKind::DrawAccept => "draw accept",
            SessionActionKind::DrawDecline => "draw decline",
            SessionActionKind::DrawWithdraw => "draw withdraw",
            SessionActionKind::TakebackRequest => "takeback request",
            SessionActionKind::TakebackAccept => "takeback accept",
            SessionActionKind::TakebackDecline => "takeback decline",
            SessionActionKind::TakebackWithdraw => "takeback withdraw",
            SessionActionKind::Abort => "abort",
            SessionActionKind::ClaimWin => "claim win",
            SessionActionKind::ClaimDraw => "claim draw",
            SessionActionKind::RematchOffer => "rematch offer",
            SessionActionKind::RematchAccept => "rematch accept",
            SessionActionKind::RematchDecline => "rematch decline",
            SessionActionKind::RematchWithdraw => "rematch withdraw",
            SessionActionKind::Timeout => "timeout",
            SessionActionKind::Credit => "credit",
        }
    }
}

impl From<ActionKind> for SessionActionKind {
    fn from(kind: ActionKind) -> SessionActionKind {
        match kind {
            ActionKind::Place => SessionActionKind::Place,
            ActionKind::Pass => SessionActionKind::Pass,
            ActionKind::Swap => SessionActionKind::Swap,
            ActionKind::Keep => SessionActionKind::Keep,
            ActionKind::Declare => SessionActionKind::Declare,
            ActionKind::Offer => SessionActionKind::Offer,
            ActionKind::Choose => SessionActionKind::Choose,
            ActionKind::Resign => SessionActionKind::Resign,
        }
    }
}

impl PartialEq<&str> for SessionActionKind {
    /// Compares with a name (`kind == "draw offer"`), for tests and logs.
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}
