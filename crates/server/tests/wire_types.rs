//! The web client's wire types (`web/assets/js/wire.d.ts`) and its catalogue
//! of games (`web/assets/js/catalog.js`) are generated from the Rust types and
//! the rules crate; these tests fail when a committed file is stale. Run
//! `scripts/generate-wire-types` to rewrite them.

use std::path::PathBuf;

/// Fails unless `web/assets/js/<file>` holds `generated`; rewrites it first
/// when `NARABE_WRITE_WIRE_TYPES` is set (what the script does).
fn assert_current(file: &str, generated: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/assets/js")
        .join(file);
    if std::env::var_os("NARABE_WRITE_WIRE_TYPES").is_some() {
        std::fs::write(&path, generated).unwrap_or_else(|_| panic!("{file} is writable"));
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is stale: run scripts/generate-wire-types",
        path.display()
    );
}

#[test]
fn the_committed_typescript_declarations_match_the_rust_types() {
    assert_current(
        "wire.d.ts",
        &narabe_server::wire_types::typescript_declarations(),
    );
}

#[test]
fn the_committed_catalogue_module_matches_the_rules() {
    assert_current("catalog.js", &narabe_server::wire_types::catalog_module());
}

#[test]
fn the_declarations_cover_the_types_the_client_reads() {
    let generated = narabe_server::wire_types::typescript_declarations();
    for name in [
        "export type GameView",
        "export type GameState",
        "export type ServerMessage",
        "export type ClientMessage",
        "export type Created",
        "export type SessionSettings",
    ] {
        assert!(generated.contains(name), "{name} is missing");
    }
    // u64 fields (versions, server times) are plain numbers in the client.
    assert!(!generated.contains("bigint"));
}

/// Each enum that crosses the wire as a string serialises to the stable name
/// the code uses everywhere else (`name()`, `code()`): the JSON is the same as
/// when these fields were strings, and the TypeScript unions list exactly
/// these names.
#[test]
fn every_wire_enum_serialises_to_its_stable_name() {
    use narabe_game::SessionActionKind;
    use narabe_rules::foul_explanation::LineShape;
    use narabe_rules::{
        ActionKind, Color, Direction, FoulKind, FoulPolicy, Opening, Phase, Player, ResultCode,
        ZoneKind,
    };
    fn check<T: serde::Serialize + std::fmt::Debug>(value: T, name: &str) {
        assert_eq!(
            serde_json::to_value(&value).unwrap(),
            serde_json::json!(name),
            "{value:?}"
        );
    }
    for player in Player::ALL {
        check(player, player.name());
    }
    for color in Color::ALL {
        check(color, color.name());
    }
    for phase in [
        Phase::Place,
        Phase::SwapOrKeep,
        Phase::Declare,
        Phase::Offer,
        Phase::Choose,
        Phase::TaraguchiChoice,
        Phase::Swap2Choice,
        Phase::Over,
    ] {
        check(phase, phase.name());
    }
    for kind in ActionKind::ALL {
        check(kind, kind.name());
    }
    for kind in SessionActionKind::ALL {
        check(kind, kind.name());
    }
    for opening in Opening::ALL {
        check(opening, opening.name());
    }
    for policy in [FoulPolicy::Loses, FoulPolicy::Refused] {
        check(policy, policy.name());
    }
    for kind in [
        ZoneKind::Anywhere,
        ZoneKind::Exactly,
        ZoneKind::Within,
        ZoneKind::AtLeast,
    ] {
        check(kind, kind.name());
    }
    for kind in [
        FoulKind::Overline,
        FoulKind::DoubleFour,
        FoulKind::DoubleThree,
    ] {
        check(kind, kind.code());
    }
    for (shape, name) in [
        (LineShape::Overline, "overline"),
        (LineShape::Four, "four"),
        (LineShape::Three, "three"),
    ] {
        check(shape, name);
    }
    for direction in Direction::ALL {
        check(direction, direction.name());
    }
    for code in ResultCode::ALL {
        check(code, code.code());
    }
}
