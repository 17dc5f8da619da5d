//! The server's edge: HTTP and the WebSocket. The routes (`router.rs`) lead
//! to the JSON API (`api/`: creating, joining, looking, acting, the log, the
//! analysis, the analysis board's positions and the live socket) and to what browsers get besides (`pages/`:
//! the embedded web client, the QR code, the 404 page and the site's frame;
//! `rules_pages/`: the rules with their diagrams). The extractors (`extract/`)
//! read what handlers share: the game of the path, the seat token, the
//! client's address and its rate limits, the JSON body. `metrics.rs` answers
//! Prometheus's scrape, `readiness.rs` the load balancers'. [`ApiError`] is the
//! one place where an error becomes a status and a JSON body; nothing below
//! this folder knows about HTTP. `connections/` holds the clients'
//! connections themselves: the accept loop, its timeouts and caps.

mod address_key;
mod address_ranges;
mod api;
mod api_error;
mod app_state;
pub(crate) mod connections;
mod diagrams;
mod extract;
mod metrics;
mod ndjson;
mod pages;
mod rate_limiter;
mod readiness;
mod request_budget;
mod router;
pub mod rules_pages;
mod security_headers;

pub use address_key::{DEFAULT_IPV6_PREFIX, address_key};
pub use address_ranges::{AddressRanges, ParseAddressRangesError};
pub(crate) use api::{
    ActionRequest, Analysis, AnalysisLine, AnalysisRequest, BotActed, Created, ImportedRecords,
    InvitationView, InviteLink, InviteLinks, JoinRequest, Joined, OutcomeView,
    PositionAnalysisRequest, PositionFacts, PositionRequest, PositionSetup, RecordView, ScoreView,
    StonesView, ThreatAnalysis, ThreatKindView, ThreatRequest, TreeNodeView,
    tournament::{
        TournamentActionRequest, TournamentJoinRequest, TournamentJoined, TournamentState, YouView,
    },
    tournament_create::TournamentCreated,
};
pub use api_error::ApiError;
pub(crate) use app_state::AppState;
pub use extract::{ParseTrustedProxiesError, TrustedProxies};
pub(crate) use metrics::MetricsSources;
pub(crate) use pages::qr_cache::QrCache;
pub use rate_limiter::{RateLimit, RateLimiter};
pub(crate) use request_budget::RequestBudgets;
pub(crate) use router::router;
pub(crate) use security_headers::SecurityHeaders;
