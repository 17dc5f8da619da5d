//! Every reason a game can end for, as one vocabulary for clients.

use crate::{OutcomeReason, ResultReason};

/// Why a game ended, as the snapshot names it: the reasons the rules decide
/// (a row, a foul, captures, two passes, a full board, a resignation) and the
/// ones the platform around the game adds (a flag, an agreement, a claim
/// against a vanished opponent, an abort), so that clients read one list.
///
/// ```
/// use narabe_rules::{ResultCode, ResultReason};
/// assert_eq!(ResultCode::from(ResultReason::Resignation).code(), "resignation");
/// assert_eq!(ResultCode::Abandonment.code(), "abandonment");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
#[cfg_attr(feature = "wire-types", derive(ts_rs::TS))]
pub enum ResultCode {
    /// Exactly five in a row (or five or more where longer rows win).
    Five,
    /// A winning row longer than five.
    Overline,
    /// Black played a forbidden point under the `loses` policy.
    Foul,
    /// Enough captured stones (Pente).
    Captures,
    /// Two passes in a row: a draw.
    DoublePass,
    /// No empty point left: a draw.
    FullBoard,
    /// A player resigned.
    Resignation,
    /// A flag fell or a correspondence deadline passed (the platform's).
    Timeout,
    /// Both players agreed to a draw (the platform's).
    Agreement,
    /// A claim against an opponent gone too long (the platform's).
    Abandonment,
    /// Called off before both players had moved (the platform's).
    Aborted,
}

impl ResultCode {
    /// Every code.
    pub const ALL: [ResultCode; 11] = [
        ResultCode::Five,
        ResultCode::Overline,
        ResultCode::Foul,
        ResultCode::Captures,
        ResultCode::DoublePass,
        ResultCode::FullBoard,
        ResultCode::Resignation,
        ResultCode::Timeout,
        ResultCode::Agreement,
        ResultCode::Abandonment,
        ResultCode::Aborted,
    ];

    /// The stable name: `five`, `overline`, `foul`, `captures`, `double-pass`,
    /// `full-board`, `resignation`, `timeout`, `agreement`, `abandonment`,
    /// `aborted`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ResultCode::Five => "five",
            ResultCode::Overline => "overline",
            ResultCode::Foul => "foul",
            ResultCode::Captures => "captures",
            ResultCode::DoublePass => "double-pass",
            ResultCode::FullBoard => "full-board",
            ResultCode::Resignation => "resignation",
            ResultCode::Timeout => "timeout",
            ResultCode::Agreement => "agreement",
            ResultCode::Abandonment => "abandonment",
            ResultCode::Aborted => "aborted",
        }
    }
}

impl From<ResultReason> for ResultCode {
    fn from(reason: ResultReason) -> ResultCode {
        match reason {
            ResultReason::Board(OutcomeReason::Row(row)) if row.length > 5 => ResultCode::Overline,
            ResultReason::Board(OutcomeReason::Row(_)) => ResultCode::Five,
            ResultReason::Board(OutcomeReason::Foul { .. }) => ResultCode::Foul,
            ResultReason::Board(OutcomeReason::Captures(_)) => ResultCode::Captures,
            ResultReason::Board(OutcomeReason::DoublePass) => ResultCode::DoublePass,
            ResultReason::Board(OutcomeReason::FullBoard) => ResultCode::FullBoard,
            ResultReason::Resignation => ResultCode::Resignation,
        }
    }
}
