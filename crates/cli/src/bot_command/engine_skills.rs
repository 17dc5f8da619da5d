//! What a Gomocup engine can play, learnt by asking it: which of narabe's
//! games it takes (`INFO rule` without an `ERROR`, and a move on an empty
//! board), on which boards, and which of Yixin's and Rapfi's extensions it
//! answers (`SWAP2BOARD`, `YXBLOCK`, `YXBALANCEONE`). From that follow the
//! opening rules the bridge can play through it; the others it declines.
//! Each question runs in a fresh process, so that an engine confused by
//! one question answers the next one afresh.

use std::time::{Duration, Instant};

use narabe_engine::GomocupCoord;
use narabe_rules::{BoardSize, Opening, Point, RuleSet};
use serde_json::{Value, json};

use crate::gomocup::engine_process::EngineProcess;
use crate::gomocup::rule_value::rule_value;

/// How long an engine may take to answer a probe (loading its tables and
/// weights, then a move searched for a moment).
const PROBE_TIMEOUT: Duration = Duration::from_secs(15);

/// The games narabe has a Gomocup rule for, with the boards to try.
const GAMES: [(RuleSet, &str); 4] = [
    (RuleSet::Freestyle, "freestyle"),
    (RuleSet::Standard, "standard"),
    (RuleSet::Renju, "renju"),
    (RuleSet::Caro, "caro"),
];

/// One game the engine plays, on these boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayableGame {
    /// The rule set.
    pub rules: RuleSet,
    /// The game word of the API (`freestyle`, ...).
    pub game: &'static str,
    /// The board sizes it plays the game on.
    pub sizes: Vec<u8>,
}

/// What an engine can play, and what it calls itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineSkills {
    /// The games it plays.
    pub games: Vec<PlayableGame>,
    /// Whether it answers `SWAP2BOARD` (Gomocup's Swap2 extension).
    pub swap2board: bool,
    /// Whether it obeys `YXBLOCK` (Yixin's forbidden-for-the-search points).
    pub block: bool,
    /// Whether it answers `YXBALANCEONE` (Yixin's balanced stone).
    pub balance: bool,
    /// Its `ABOUT` answer, for the bot's description.
    pub about: String,
}

impl EngineSkills {
    /// Asks the engine of `command` what it plays.
    ///
    /// # Errors
    ///
    /// When the engine cannot be started or answers `START 15` with nothing
    /// but errors: nothing can be played through it.
    pub fn probe(command: &str) -> Result<EngineSkills, String> {
        let mut skills = EngineSkills {
            about: about(command)?,
            ..EngineSkills::default()
        };
        for (rules, game) in GAMES {
            let rule = rule_value(rules).expect("the games listed have a rule value");
            let sizes: Vec<u8> = rules
                .platform_sizes()
                .iter()
                .map(|size| size.get())
                .filter(|&lines| plays_on_empty_board(command, lines, rule))
                .collect();
            if !sizes.is_empty() {
                skills.games.push(PlayableGame { rules, game, sizes });
            }
        }
        if skills.games.is_empty() {
            return Err(format!(
                "{command:?} plays none of narabe's games (INFO rule 0, 1, 4 or 8 and a move on an empty board)"
            ));
        }
        let (size, rule) = skills.probe_board();
        skills.swap2board = answers_swap2board(command, size, rule);
        skills.block = obeys_yxblock(command, size, rule);
        skills.balance = answers_yxbalanceone(command, size, rule);
        Ok(skills)
    }

    /// The board and rule the extensions are asked on: 15x15 in the first
    /// game that has it.
    fn probe_board(&self) -> (u8, u32) {
        let game = self
            .games
            .iter()
            .find(|game| game.sizes.contains(&15))
            .unwrap_or(&self.games[0]);
        let size = if game.sizes.contains(&15) {
            15
        } else {
            game.sizes[0]
        };
        (size, rule_value(game.rules).expect("a game with a rule"))
    }

    /// The game named `game` (the API's word), if the engine plays it.
    #[must_use]
    pub fn game(&self, game: &str) -> Option<&PlayableGame> {
        self.games.iter().find(|playable| playable.game == game)
    }

    /// The opening rules of `rules` the bridge plays through this engine:
    /// `free` always; Pro and Long-Pro with `YXBLOCK` (the stone kept out of
    /// the centre); Swap1 and Swap2 with `SWAP2BOARD`; renju's RIF,
    /// Yamaguchi, Soosõrv-8 and Taraguchi-10 with all three extensions
    /// (balanced stones in the zones, swap decisions, offers and the choice).
    #[must_use]
    pub fn openings(&self, rules: RuleSet) -> Vec<Opening> {
        Opening::allowed(rules)
            .iter()
            .copied()
            .filter(|&opening| match opening {
                Opening::Free => true,
                Opening::Pro | Opening::LongPro => self.block,
                Opening::Swap1 | Opening::Swap2 => self.swap2board,
                Opening::Rif | Opening::Yamaguchi | Opening::Soosorv8 | Opening::Taraguchi10 => {
                    self.swap2board && self.block && self.balance
                }
                Opening::Tournament => false,
            })
            .collect()
    }

    /// The `games` of a bot's registration: every game the engine plays,
    /// with the opening rules the bridge plays through it and its boards.
    #[must_use]
    pub fn accepted_games(&self) -> Value {
        Value::Array(
            self.games
                .iter()
                .map(|game| {
                    let openings: Vec<&str> = self
                        .openings(game.rules)
                        .into_iter()
                        .map(Opening::name)
                        .collect();
                    json!({"game": game.game, "openings": openings, "sizes": game.sizes})
                })
                .collect(),
        )
    }

    /// Why the bridge declines a game of `settings` (a challenge's, as the
    /// API writes them), as a decline reason's code; `None` when it plays it.
    #[must_use]
    pub fn refusal(&self, settings: &Value) -> Option<&'static str> {
        let Some(game) = settings["game"].as_str().and_then(|game| self.game(game)) else {
            return Some("game");
        };
        let size = settings["size"]
            .as_u64()
            .and_then(|size| u8::try_from(size).ok());
        if !size.is_some_and(|size| game.sizes.contains(&size)) {
            return Some("board");
        }
        let opening = settings["opening"].as_str().unwrap_or("free");
        if !self
            .openings(game.rules)
            .iter()
            .any(|playable| playable.name() == opening)
        {
            return Some("opening");
        }
        None
    }
}

/// The engine's `ABOUT` answer (an empty one when it says nothing).
fn about(command: &str) -> Result<String, String> {
    let mut engine = EngineProcess::spawn(command)?;
    let deadline = Instant::now() + PROBE_TIMEOUT;
    let started = engine
        .send("START 15")
        .and_then(|()| engine.answer(deadline));
    match started {
        Ok(line) if line.eq_ignore_ascii_case("OK") => {}
        Ok(line) => return Err(format!("{command:?} answered {line:?} to START 15")),
        Err(failure) => {
            return Err(format!("{command:?} did not answer START 15: {failure:?}"));
        }
    }
    let about = engine
        .send("ABOUT")
        .and_then(|()| engine.answer(deadline))
        .unwrap_or_default();
    engine.finish();
    Ok(about)
}

/// The answer lines of a fresh engine to `lines`: every line it says
/// within the deadline, up to `answers` of them (the `MESSAGE` lines left
/// out), then the engine is ended.
fn ask_fresh(command: &str, lines: &[String], answers: usize) -> Vec<String> {
    let Ok(mut engine) = EngineProcess::spawn(command) else {
        return Vec::new();
    };
    let deadline = Instant::now() + PROBE_TIMEOUT;
    let mut said = Vec::new();
    for line in lines {
        if engine.send(line).is_err() {
            return said;
        }
    }
    while said.len() < answers {
        match engine.answer(deadline) {
            Ok(line) if line.eq_ignore_ascii_case("OK") && said.is_empty() => {}
            Ok(line) => said.push(line),
            Err(_) => break,
        }
    }
    engine.finish();
    said
}

/// Whether `line` is a refusal: `ERROR ...` or `UNKNOWN ...`.
fn refuses(line: &str) -> bool {
    let keyword = line.split_whitespace().next().unwrap_or_default();
    keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN")
}

/// The points of an answer of coordinates (`7,7 8,8`), or `None`.
fn points(line: &str, size: BoardSize) -> Option<Vec<Point>> {
    line.split_whitespace()
        .map(|word| word.parse::<GomocupCoord>().ok()?.to_point(size))
        .collect()
}

/// The commands that set a fresh engine up for game `rule` on `size` with
/// a short move time.
fn set_up(size: u8, rule: u32) -> Vec<String> {
    vec![
        format!("START {size}"),
        "INFO timeout_turn 300".to_owned(),
        "INFO timeout_match 0".to_owned(),
        format!("INFO rule {rule}"),
    ]
}

/// Whether the engine takes rule `rule` on a `size` board: it answers
/// `START` with `OK`, `INFO rule` with nothing, and `BEGIN` with a move.
fn plays_on_empty_board(command: &str, size: u8, rule: u32) -> bool {
    let Some(board) = BoardSize::new(size) else {
        return false;
    };
    let mut lines = set_up(size, rule);
    lines.push("BEGIN".to_owned());
    let said = ask_fresh(command, &lines, 1);
    said.first()
        .is_some_and(|line| points(line, board).is_some_and(|points| points.len() == 1))
}

/// Whether the engine answers `SWAP2BOARD` on an empty board with the
/// three stones of Swap2's first step.
fn answers_swap2board(command: &str, size: u8, rule: u32) -> bool {
    let Some(board) = BoardSize::new(size) else {
        return false;
    };
    let mut lines = set_up(size, rule);
    lines.extend(["SWAP2BOARD".to_owned(), "DONE".to_owned()]);
    let said = ask_fresh(command, &lines, 1);
    said.first().is_some_and(|line| {
        !refuses(line) && points(line, board).is_some_and(|points| points.len() == 3)
    })
}

/// Whether the engine keeps the points `YXBLOCK` blocks out of its search:
/// with the opponent's one stone on the centre and the 24 points around it
/// (its 5x5) blocked, the engine must answer outside that 5x5, where no engine
/// that ignores the block would play (nothing may refuse the block first).
/// The board is not empty because engines answer an empty board with the
/// centre without searching, blocks or not (Rapfi does).
fn obeys_yxblock(command: &str, size: u8, rule: u32) -> bool {
    let Some(board) = BoardSize::new(size) else {
        return false;
    };
    let centre = board.center();
    let mut lines = set_up(size, rule);
    lines.push("YXBLOCK".to_owned());
    lines.extend(
        board
            .points()
            .filter(|&point| point != centre && point.chebyshev(centre) <= 2)
            .map(|point| GomocupCoord::from_point(point, board).to_string()),
    );
    lines.extend([
        "DONE".to_owned(),
        "BOARD".to_owned(),
        format!("{},2", GomocupCoord::from_point(centre, board)),
        "DONE".to_owned(),
    ]);
    let said = ask_fresh(command, &lines, 1);
    said.first().is_some_and(|line| {
        !refuses(line)
            && points(line, board)
                .is_some_and(|points| points.len() == 1 && points[0].chebyshev(centre) > 2)
    })
}

/// Whether the engine answers `YXBALANCEONE` with a stone, after a
/// `YXBOARD` of one stone on the centre.
fn answers_yxbalanceone(command: &str, size: u8, rule: u32) -> bool {
    let Some(board) = BoardSize::new(size) else {
        return false;
    };
    let centre = GomocupCoord::from_point(board.center(), board);
    let mut lines = set_up(size, rule);
    lines.extend([
        "YXBOARD".to_owned(),
        format!("{centre},2"),
        "DONE".to_owned(),
        "YXBALANCEONE 0".to_owned(),
    ]);
    let said = ask_fresh(command, &lines, 1);
    said.first().is_some_and(|line| {
        !refuses(line)
            && points(line, board)
                .is_some_and(|points| points.len() == 1 && points[0] != board.center())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skills(swap2board: bool, block: bool, balance: bool) -> EngineSkills {
        EngineSkills {
            games: vec![
                PlayableGame {
                    rules: RuleSet::Renju,
                    game: "renju",
                    sizes: vec![15],
                },
                PlayableGame {
                    rules: RuleSet::Freestyle,
                    game: "freestyle",
                    sizes: vec![15],
                },
            ],
            swap2board,
            block,
            balance,
            about: String::new(),
        }
    }

    #[test]
    fn openings_follow_the_extensions() {
        let plain = skills(false, false, false);
        assert_eq!(plain.openings(RuleSet::Renju), [Opening::Free]);
        assert_eq!(plain.openings(RuleSet::Freestyle), [Opening::Free]);
        let swap = skills(true, false, false);
        assert_eq!(
            swap.openings(RuleSet::Freestyle),
            [Opening::Free, Opening::Swap1, Opening::Swap2]
        );
        assert_eq!(swap.openings(RuleSet::Renju), [Opening::Free]);
        let all = skills(true, true, true);
        assert_eq!(
            all.openings(RuleSet::Renju),
            Opening::allowed(RuleSet::Renju)
        );
        assert_eq!(
            all.openings(RuleSet::Freestyle),
            Opening::allowed(RuleSet::Freestyle)
        );
    }

    #[test]
    fn challenges_outside_the_skills_are_declined_with_their_reason() {
        let plain = skills(false, false, false);
        let refusal = |settings: Value| plain.refusal(&settings);
        assert_eq!(
            refusal(json!({"game": "renju", "size": 15, "opening": "free"})),
            None
        );
        assert_eq!(
            refusal(json!({"game": "pente", "size": 19, "opening": "free"})),
            Some("game")
        );
        assert_eq!(
            refusal(json!({"game": "freestyle", "size": 19, "opening": "free"})),
            Some("board")
        );
        assert_eq!(
            refusal(json!({"game": "renju", "size": 15, "opening": "rif"})),
            Some("opening")
        );
    }
}
