//! The JSON API under `/api/games` and the game's WebSocket, documented in
//! `docs/api.md`.

pub(super) mod analysis;
pub(super) mod create;
pub(super) mod socket;

pub(crate) use analysis::{Analysis, AnalysisRequest, ScoreView};
pub(crate) use create::{
    ActionRequest, Created, InvitationView, InviteLink, InviteLinks, JoinRequest, Joined,
};
