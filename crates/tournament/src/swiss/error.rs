/// Why a Swiss round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SwissError {
    /// Every way of pairing the players present breaks an absolute rule:
    /// two would meet again, or a player would get a second bye or a side
    /// that the colour rules forbid.
    #[error(
        "no pairing satisfies the absolute criteria (no rematch, no second bye, the colour limits)"
    )]
    NoPairing,
}
