//! The TypeScript declarations of everything the server and the web client
//! exchange, generated from the Rust types so that the two cannot drift apart.
//! `web/assets/js/wire.d.ts` holds the output; a test fails when it is stale
//! (`scripts/generate-wire-types` rewrites it).

use narabe_game::{
    ClockSnapshot, OpenActionsSnapshot, SessionActionKind, SessionSettings, SessionSnapshot,
};
use narabe_rules::catalog::{CatalogGame, CatalogOpening};
use narabe_rules::foul_explanation::LineShape;
use narabe_rules::game_snapshot::{
    CapturesSnapshot, ColorsSnapshot, ConfigSnapshot, FoulLineSnapshot, FoulSnapshot,
    OpeningNameSnapshot, PlayedSnapshot, ResultSnapshot, StoneSnapshot, ZoneSnapshot,
};
use narabe_rules::{
    ActionKind, Catalog, Color, Direction, FoulKind, FoulPolicy, GameSnapshot, Opening, Phase,
    Player, ResultCode, ZoneKind,
};
use ts_rs::{Config, TS};

use crate::bots::{
    AcceptedGame, BotGameView, BotProfile, BotRecordView, BotRegistered, BotView, ChallengeState,
    ChallengeView, ChallengerView, DeclineReason, Speed,
};
use crate::http::{
    ActionRequest, Analysis, AnalysisLine, AnalysisRequest, BotActed, Created, ImportedRecords,
    InvitationView, InviteLink, InviteLinks, JoinRequest, Joined, OutcomeView,
    PositionAnalysisRequest, PositionFacts, PositionRequest, PositionSetup, RecordView, ScoreView,
    StonesView, ThreatAnalysis, ThreatKindView, ThreatRequest, TournamentActionRequest,
    TournamentCreated, TournamentJoinRequest, TournamentJoined, TournamentState, TreeNodeView,
    YouView,
};
use crate::tournaments::{
    AdjustmentView, AnnouncementView, LineView, PlayerView, RoundView, StandingView, SystemView,
    TournamentView,
};
use crate::wire::{
    ActorView, BotsView, ClientMessage, ComputerView, GameView, PresenceView, SeatState,
    SeatTimesView, SeatsView, ServerMessage,
};

/// The declarations, in dependency order, as the text of `wire.d.ts`.
#[must_use]
pub fn typescript_declarations() -> String {
    // Millisecond times and versions are u64 in Rust; they stay far below
    // 2^53 and travel as JSON numbers, so `number` is what the client gets.
    let config = Config::new().with_large_int("number");
    let mut text = String::from(
        "// Generated from the Rust types by `scripts/generate-wire-types`\n\
         // (crates/server/src/wire_types.rs). Do not edit by hand.\n\n",
    );
    let declarations = [
        Player::decl(&config),
        Color::decl(&config),
        Phase::decl(&config),
        ActionKind::decl(&config),
        SessionActionKind::decl(&config),
        Opening::decl(&config),
        FoulPolicy::decl(&config),
        ZoneKind::decl(&config),
        FoulKind::decl(&config),
        LineShape::decl(&config),
        Direction::decl(&config),
        ResultCode::decl(&config),
        CatalogOpening::decl(&config),
        CatalogGame::decl(&config),
        Catalog::decl(&config),
        SeatState::decl(&config),
        ActorView::decl(&config),
        ConfigSnapshot::decl(&config),
        ColorsSnapshot::decl(&config),
        ZoneSnapshot::decl(&config),
        OpeningNameSnapshot::decl(&config),
        StoneSnapshot::decl(&config),
        PlayedSnapshot::decl(&config),
        FoulLineSnapshot::decl(&config),
        FoulSnapshot::decl(&config),
        CapturesSnapshot::decl(&config),
        ResultSnapshot::decl(&config),
        GameSnapshot::decl(&config),
        ClockSnapshot::decl(&config),
        OpenActionsSnapshot::decl(&config),
        SessionSnapshot::decl(&config),
        SeatsView::decl(&config),
        BotsView::decl(&config),
        ComputerView::decl(&config),
        SeatTimesView::decl(&config),
        PresenceView::decl(&config),
        GameView::decl(&config),
        ServerMessage::decl(&config),
        ClientMessage::decl(&config),
        SessionSettings::decl(&config),
        InviteLinks::decl(&config),
        Created::decl(&config),
        JoinRequest::decl(&config),
        Joined::decl(&config),
        InvitationView::decl(&config),
        InviteLink::decl(&config),
        ActionRequest::decl(&config),
        AnalysisRequest::decl(&config),
        PositionSetup::decl(&config),
        PositionRequest::decl(&config),
        PositionAnalysisRequest::decl(&config),
        ScoreView::decl(&config),
        AnalysisLine::decl(&config),
        Analysis::decl(&config),
        TreeNodeView::decl(&config),
        RecordView::decl(&config),
        ImportedRecords::decl(&config),
        StonesView::decl(&config),
        OutcomeView::decl(&config),
        PositionFacts::decl(&config),
        ThreatKindView::decl(&config),
        ThreatRequest::decl(&config),
        ThreatAnalysis::decl(&config),
        SystemView::decl(&config),
        PlayerView::decl(&config),
        StandingView::decl(&config),
        LineView::decl(&config),
        RoundView::decl(&config),
        AnnouncementView::decl(&config),
        AdjustmentView::decl(&config),
        TournamentView::decl(&config),
        YouView::decl(&config),
        TournamentState::decl(&config),
        TournamentCreated::decl(&config),
        TournamentJoinRequest::decl(&config),
        TournamentJoined::decl(&config),
        TournamentActionRequest::decl(&config),
        Speed::decl(&config),
        DeclineReason::decl(&config),
        AcceptedGame::decl(&config),
        BotProfile::decl(&config),
        ChallengerView::decl(&config),
        ChallengeState::decl(&config),
        ChallengeView::decl(&config),
        BotRecordView::decl(&config),
        BotGameView::decl(&config),
        BotView::decl(&config),
        BotRegistered::decl(&config),
        BotActed::decl(&config),
    ];
    for declaration in declarations {
        text.push_str("export ");
        text.push_str(&declaration);
        text.push_str("\n\n");
    }
    // `GET /api/games/{id}` answers the view plus the asking seat.
    text.push_str(
        "/** The answer to `GET /api/games/{id}`: the view and the seat the token holds. */\n\
         export type GameState = GameView & { you: Player | null };\n",
    );
    text
}

/// The platform's catalogue as the ES module `web/assets/js/catalog.js`: the
/// games, sizes and opening rules the browser offers, straight from the rules
/// crate, so that the client keeps no copy of them. `GET /api/catalog` serves
/// the same data.
#[must_use]
pub fn catalog_module() -> String {
    let json =
        serde_json::to_string_pretty(&Catalog::platform()).expect("the catalogue serialises");
    format!(
        "// Generated from the rules crate's catalogue by `scripts/generate-wire-types`\n\
         // (crates/server/src/wire_types.rs). Do not edit by hand.\n\n\
         /** @type {{import('./wire').Catalog}} */\n\
         export const CATALOG = {json};\n"
    )
}
