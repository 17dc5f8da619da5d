//! PlayOK's text export: PGN-like tag lines (`[Black "ann"]`), then the moves
//! with their numbers (`1. h8 h9 2. j10 swap ...`).
//!
//! Besides points, the move text may hold `--` or `pass` (a pass), `swap` or
//! `sw` (the colours exchanged), `keep` or `noswap`, the offered fifth moves
//! as one word of points joined by `/` or `,` (`5a:j7/k9`, the chosen one
//! played next), a thinking time after a move in brackets (`h8(12)`), `{...}`
//! comments and the result (`1-0`, `0-1`, `1/2-1/2`, `*`). A file may hold
//! several games, each starting with its tags.

use narabe_rules::{Action, BoardSize, Color, Point, RuleSet};

use crate::implied_opening::implied_opening;
use crate::rule_words::rules_from_words;
use crate::text_encoding::decode;
use crate::{
    Format, GameTree, Location, Problem, ReadError, ReadOptions, Record, RecordResult, Settings,
    TimeControl,
};

/// One game's text: its tags and its move words, each with its line.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    words: Vec<(usize, String)>,
}

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let text = decode(bytes);
    let error = |line: usize, problem: Problem| {
        ReadError::new(Format::PlayOk, Location::Line(line), problem)
    };
    let mut games: Vec<RawGame> = Vec::new();
    let mut in_comment = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') {
            let (key, value) = tag(trimmed).ok_or_else(|| {
                error(
                    number,
                    Problem::Unexpected {
                        found: format!("{trimmed:?}"),
                        expected: "a tag such as [Black \"name\"]",
                    },
                )
            })?;
            if games.last().is_none_or(|game| !game.words.is_empty()) {
                games.push(RawGame::default());
            }
            games
                .last_mut()
                .expect("just pushed")
                .tags
                .push((key, value));
            continue;
        }
        let mut rest = trimmed;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        in_comment = false;
                        rest = &rest[end + 1..];
                    }
                    None => rest = "",
                }
                continue;
            }
            match rest.find('{') {
                Some(start) => {
                    push_words(&mut games, number, &rest[..start]);
                    in_comment = true;
                    rest = &rest[start + 1..];
                }
                None => {
                    push_words(&mut games, number, rest);
                    rest = "";
                }
            }
        }
    }
    games
        .into_iter()
        .map(|game| record(game, options).map_err(|(line, problem)| error(line, problem)))
        .collect()
}

fn push_words(games: &mut Vec<RawGame>, line: usize, text: &str) {
    let words = text.split_whitespace();
    for word in words {
        if games.is_empty() {
            games.push(RawGame::default());
        }
        games
            .last_mut()
            .expect("a game")
            .words
            .push((line, word.to_owned()));
    }
}

/// `[Key "value"]`.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.to_owned(), value.replace("\\\"", "\"")))
}

fn record(game: RawGame, options: &ReadOptions) -> Result<Record, (usize, Problem)> {
    let find = |key: &str| {
        game.tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(key))
            .map(|(_, value)| value.trim().to_owned())
            .filter(|value| !value.is_empty() && value != "?" && value != "-")
    };
    let (mut rules, mut opening) = (None, None);
    for key in ["Variant", "Rules", "Game", "Event"] {
        if let Some(value) = find(key) {
            let (r, o) = rules_from_words(&value);
            rules = rules.or(r);
            opening = opening.or(o);
        }
    }
    let rules = rules.or(options.rules).unwrap_or(RuleSet::Freestyle);
    let size = find("Size")
        .and_then(|size| size.parse::<u8>().ok())
        .and_then(BoardSize::new)
        .unwrap_or(rules.default_size());
    let mut settings = Settings::with_size(rules, size);
    settings.opening = opening.or(options.opening);
    settings.black = find("Black");
    settings.white = find("White");
    settings.date = find("Date");
    settings.event = find("Event");
    settings.round = find("Round");
    settings.place = find("Site");
    settings.result = find("Result").and_then(|result| score(&result));
    settings.time_control = find("TimeControl").and_then(|clock| time_control(&clock));
    let mut actions = Vec::new();
    for (line, word) in &game.words {
        let word = word.as_str();
        if is_move_number(word) {
            continue;
        }
        if let Some(result) = score(word) {
            settings.result = settings.result.or(Some(result));
            continue;
        }
        if word == "*" {
            continue;
        }
        let word = word.split('(').next().unwrap_or(word);
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "--" | "pass" => actions.push(Action::Pass),
            "swap" | "sw" | "swap1" | "swap2" => actions.push(Action::Swap),
            "keep" | "noswap" | "ns" => actions.push(Action::Keep),
            _ => {
                let offered = lower.strip_prefix("5a:").unwrap_or(&lower);
                if offered.contains(['/', ',']) {
                    for part in offered.split(['/', ',']).filter(|part| !part.is_empty()) {
                        actions.push(Action::Offer(point(part, size, *line)?));
                    }
                    continue;
                }
                let point = point(offered, size, *line)?;
                // The offers just made: only they are searched, so that a long
                // text costs linear time.
                let offers = actions
                    .iter()
                    .rev()
                    .take_while(|action| matches!(action, Action::Offer(_)))
                    .count();
                if offers > 0 {
                    if !actions[actions.len() - offers..].contains(&Action::Offer(point)) {
                        actions.push(Action::Offer(point));
                    }
                    actions.push(Action::Choose(point));
                } else {
                    actions.push(Action::Place(point));
                }
            }
        }
    }
    if settings.opening.is_none() {
        settings.opening = implied_opening(rules, &actions);
    }
    Ok(Record::new(settings, GameTree::from_actions(&actions)))
}

fn point(word: &str, size: BoardSize, line: usize) -> Result<Point, (usize, Problem)> {
    let point: Point = word.parse().map_err(|_| {
        (
            line,
            Problem::Unexpected {
                found: format!("{word:?}"),
                expected: "a move, --, swap, keep or offered fifth moves",
            },
        )
    })?;
    if !size.contains(point) {
        return Err((line, Problem::OffBoard(point.to_string())));
    }
    Ok(point)
}

fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `1-0` (Black, who moves first, won), `0-1`, `1/2-1/2` or `0.5-0.5`.
fn score(text: &str) -> Option<RecordResult> {
    match text {
        "1-0" => Some(RecordResult::win(Color::Black)),
        "0-1" => Some(RecordResult::win(Color::White)),
        "1/2-1/2" | "0.5-0.5" | "½-½" => Some(RecordResult::draw()),
        _ => None,
    }
}

/// `300` (seconds), `300+5` or `300/5` (with an increment).
fn time_control(text: &str) -> Option<TimeControl> {
    let (base, increment) = text.split_once(['+', '/']).unwrap_or((text, "0"));
    Some(TimeControl::Clock {
        base_seconds: crate::time_control::digits(base.trim())?,
        increment_seconds: crate::time_control::digits(increment.trim())?,
    })
}
