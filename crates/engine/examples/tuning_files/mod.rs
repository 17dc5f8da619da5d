//! Reading the files of `crates/engine/tuning/` (shared by the tuning and
//! screening examples): the rule set a file is named after, and the moves
//! of a game or position.

use std::path::Path;

use narabe_rules::{Move, Point, Position, RuleSet};

/// The rule set a records or labels file's name starts with
/// (`renju-...tsv`, `freestyle-...labels`); exits with a clear message when
/// it starts with none.
pub fn rules_of(file: &str) -> RuleSet {
    let name = Path::new(file)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or_default();
    let prefix = name.split(['-', '.']).next().unwrap_or_default();
    prefix.parse().unwrap_or_else(|_| {
        eprintln!("{file}: the name does not start with a rule set (renju-..., freestyle-...)");
        std::process::exit(2);
    })
}

/// Plays the move `text`, the `index`-th of its game (from 0).
pub fn play(position: &mut Position, index: usize, text: &str) -> Result<(), String> {
    let point: Point = text.parse().map_err(|_| format!("bad move {text:?}"))?;
    position
        .play_mut(Move::Place(point))
        .map_err(|error| format!("move {}: {error}", index + 1))
}
