//! The JSON API under `/api` (the catalogue, the games, the analysis board's
//! positions, the tournaments, the bots and their challenges) and the game's
//! WebSocket, documented in `docs/api.md` and `docs/bot-api.md`.

pub(super) mod analysis;
pub(super) mod bot_game;
pub(super) mod bot_streams;
pub(super) mod bots;
pub(super) mod catalog;
pub(super) mod challenges;
pub(super) mod create;
pub(super) mod game;
pub(super) mod position_analysis;
pub(super) mod position_facts;
pub(super) mod position_request;
pub(super) mod record;
pub(super) mod record_export;
pub(super) mod record_import;
pub(super) mod record_view;
pub(super) mod seats;
pub(super) mod socket;
pub(super) mod threat_analysis;
pub(super) mod tournament;
pub(super) mod tournament_create;
pub(super) mod tournament_export;
pub(super) mod tournament_socket;

pub(crate) use analysis::{Analysis, AnalysisLine, AnalysisRequest, ScoreView};
pub(crate) use bot_game::BotActed;
pub(crate) use create::{Created, InviteLinks};
pub(crate) use game::ActionRequest;
pub(crate) use position_analysis::PositionAnalysisRequest;
pub(crate) use position_facts::{OutcomeView, PositionFacts, StonesView};
pub(crate) use position_request::{PositionRequest, PositionSetup};
pub(crate) use record_import::ImportedRecords;
pub(crate) use record_view::{RecordView, TreeNodeView};
pub(crate) use seats::{InvitationView, InviteLink, JoinRequest, Joined};
pub(crate) use threat_analysis::{ThreatAnalysis, ThreatKindView, ThreatRequest};
