//! The web client's wire types (`web/assets/js/wire.d.ts`) are generated from
//! the Rust types; this test fails when the committed file is stale. Run
//! `scripts/generate-wire-types` to rewrite it.

use std::path::PathBuf;

#[test]
fn the_committed_typescript_declarations_match_the_rust_types() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/assets/js/wire.d.ts");
    let generated = narabe_server::wire_types::typescript_declarations();
    if std::env::var_os("NARABE_WRITE_WIRE_TYPES").is_some() {
        std::fs::write(&path, &generated).expect("wire.d.ts is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is stale: run scripts/generate-wire-types",
        path.display()
    );
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
