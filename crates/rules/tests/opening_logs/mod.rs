//! The opening games of `testdata/openings/` (see its README): one game log per
//! game and opening rule, with the comments that name its configuration, who
//! takes each action and who moves once normal play begins.
//!
//! The rules tests read them here, and the server tests include this very file
//! (`#[path]` in `crates/server/tests/live/mod.rs`), so that both play the same
//! logs read the same way.

#![allow(dead_code)] // Each test crate uses its own subset.

use std::path::{Path, PathBuf};

use narabe_rules::{Action, Color, GameConfig, Player};

/// One log of `testdata/openings/`.
#[derive(Debug, Clone)]
pub struct OpeningLog {
    /// The file name without `.log`.
    pub name: String,
    /// The game word of the `# narabe replay` line (`--game`).
    pub game: String,
    /// The opening rule (`--opening`).
    pub opening: String,
    /// The number of lines of the board, when not the game's default (`--size`).
    pub size: Option<u8>,
    /// Keryo-Pente (`--keryo`).
    pub keryo: bool,
    /// The actions in order.
    pub steps: Vec<Step>,
    /// Who moves once the opening is over (the `# Normal play:` line).
    pub normal_play: NormalPlay,
}

/// One action of a log with the player its `# A:` or `# B:` comment names.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// The line number in the file, from 1.
    pub line: usize,
    /// Who takes the action.
    pub player: Player,
    /// The action.
    pub action: Action,
}

/// The first move of normal play, as `# Normal play: B (Black) plays move 7.`
/// says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormalPlay {
    /// Who plays it.
    pub player: Player,
    /// The colour that player holds.
    pub color: Color,
    /// Its move number, from 1.
    pub move_number: usize,
}

impl OpeningLog {
    /// The game's configuration, as `narabe replay` builds it from the same words.
    pub fn config(&self) -> GameConfig {
        GameConfig::from_words(&self.game, self.size, Some(&self.opening), None, self.keryo)
            .unwrap_or_else(|error| panic!("{}: {error}", self.name))
    }

    /// Reads the log `name` from its text, panicking at the first line that does
    /// not follow the folder's conventions.
    pub fn parse(name: &str, text: &str) -> OpeningLog {
        let mut config = None;
        let mut player = None;
        let mut steps = Vec::new();
        let mut normal_play = None;
        for (index, line) in text.lines().enumerate() {
            let at = format!("{name}.log line {}", index + 1);
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#').map(str::trim) {
                if let Some(flags) = comment.strip_prefix("narabe replay ") {
                    config = Some(replay_flags(flags, &at));
                } else if let Some(next) = comment.strip_prefix("Normal play: ") {
                    normal_play = Some(parse_normal_play(next).unwrap_or_else(|| {
                        panic!("{at}: expected `# Normal play: B (Black) plays move 7.`")
                    }));
                } else if let Some((who, _)) = comment.split_once(':') {
                    player = player_letter(who).or(player);
                }
            } else if !line.is_empty() {
                steps.push(Step {
                    line: index + 1,
                    player: player.unwrap_or_else(|| panic!("{at}: no `# A:` or `# B:` above")),
                    action: line.parse().unwrap_or_else(|error| panic!("{at}: {error}")),
                });
            }
        }
        let (game, opening, size, keryo) =
            config.unwrap_or_else(|| panic!("{name}.log: no `# narabe replay` line"));
        OpeningLog {
            name: name.to_owned(),
            game,
            opening,
            size,
            keryo,
            steps,
            normal_play: normal_play
                .unwrap_or_else(|| panic!("{name}.log: no `# Normal play:` line")),
        }
    }
}

/// `A` for the first player, `B` for the second.
fn player_letter(word: &str) -> Option<Player> {
    match word {
        "A" => Some(Player::First),
        "B" => Some(Player::Second),
        _ => None,
    }
}

/// The game, opening, size and Keryo option of `narabe replay`'s flags.
fn replay_flags(flags: &str, at: &str) -> (String, String, Option<u8>, bool) {
    let (mut game, mut opening, mut size, mut keryo) = (None, None, None, false);
    let mut words = flags.split_whitespace();
    while let Some(flag) = words.next() {
        let mut value = || {
            words
                .next()
                .unwrap_or_else(|| panic!("{at}: {flag} needs a value"))
        };
        match flag {
            "--game" => game = Some(value().to_owned()),
            "--opening" => opening = Some(value().to_owned()),
            "--size" => size = Some(value().parse().unwrap_or_else(|_| panic!("{at}: size"))),
            "--keryo" => keryo = true,
            _ => panic!("{at}: unexpected flag {flag}"),
        }
    }
    (
        game.unwrap_or_else(|| panic!("{at}: no --game")),
        opening.unwrap_or_else(|| panic!("{at}: no --opening")),
        size,
        keryo,
    )
}

/// `B (Black) plays move 7.`
fn parse_normal_play(text: &str) -> Option<NormalPlay> {
    let (who, rest) = text.split_once(" (")?;
    let (color, number) = rest.split_once(") plays move ")?;
    Some(NormalPlay {
        player: player_letter(who)?,
        color: color.parse().ok()?,
        move_number: number.strip_suffix('.')?.parse().ok()?,
    })
}

/// The folder of the logs.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/openings")
}

/// The log `testdata/openings/<name>.log`.
pub fn opening_log(name: &str) -> OpeningLog {
    let path = folder().join(format!("{name}.log"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    OpeningLog::parse(name, &text)
}

/// Every log of the folder, in the order of their file names.
pub fn opening_logs() -> Vec<OpeningLog> {
    let folder = folder();
    let entries = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", folder.display()));
    let mut names: Vec<String> = entries
        .map(|entry| entry.expect("a folder entry").file_name())
        .filter_map(|file| file.to_str()?.strip_suffix(".log").map(str::to_owned))
        .collect();
    assert!(!names.is_empty(), "no game logs in {}", folder.display());
    names.sort();
    names.iter().map(|name| opening_log(name)).collect()
}
