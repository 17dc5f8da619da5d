//! narabe's game log (docs/game-log.md) with a header of `#` comment lines:
//! the download of a narabe game. `narabe replay` reads it as it is, since it
//! skips comments.
//!
//! ```text
//! # narabe game record
//! # game: renju
//! # size: 15
//! # opening: rif
//! # black: Ann
//! # white: Bo
//! # result: black five
//! place h8
//! ...
//! ```

use narabe_rules::{BoardSize, FoulPolicy, Opening, RuleSet, log_lines};

use crate::text_encoding::decode;
use crate::{
    Format, GameTree, Location, Problem, ReadError, ReadOptions, Record, RecordResult, Settings,
    TimeControl,
};

/// The first line of a written log, by which a log is recognised.
pub(crate) const FIRST_LINE: &str = "# narabe game record";

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let text = decode(bytes);
    let error = |line: usize, problem: Problem| {
        ReadError::new(Format::NarabeLog, Location::Line(line), problem)
    };
    let mut header: Vec<(usize, &str, &str)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix('#') else {
            break;
        };
        if let Some((key, value)) = comment.split_once(':') {
            header.push((index + 1, key.trim(), value.trim()));
        }
    }
    let find = |key: &str| header.iter().find(|(_, name, _)| *name == key).copied();
    let rules = match find("game") {
        Some((line, _, value)) => value.parse::<RuleSet>().map_err(|_| {
            error(
                line,
                Problem::BadValue {
                    what: "game",
                    value: value.to_owned(),
                },
            )
        })?,
        None => options.rules.ok_or_else(|| {
            ReadError::new(
                Format::NarabeLog,
                Location::Whole,
                Problem::Missing("the game"),
            )
        })?,
    };
    let mut settings = Settings::new(rules);
    if let Some((line, _, value)) = find("size") {
        let lines = value.split_once('x').map_or(value, |(lines, _)| lines);
        settings.size = lines
            .parse::<u8>()
            .ok()
            .and_then(BoardSize::new)
            .ok_or_else(|| {
                error(
                    line,
                    Problem::BadValue {
                        what: "size",
                        value: value.to_owned(),
                    },
                )
            })?;
    }
    settings.opening = match find("opening") {
        Some((line, _, value)) => Some(value.parse::<Opening>().map_err(|_| {
            error(
                line,
                Problem::BadValue {
                    what: "opening",
                    value: value.to_owned(),
                },
            )
        })?),
        None => options.opening,
    };
    if let Some((line, _, value)) = find("foul") {
        settings.foul_policy = Some(value.parse::<FoulPolicy>().map_err(|_| {
            error(
                line,
                Problem::BadValue {
                    what: "foul policy",
                    value: value.to_owned(),
                },
            )
        })?);
    }
    if let Some((line, _, value)) = find("clock") {
        settings.time_control = Some(value.parse::<TimeControl>().map_err(|_| {
            error(
                line,
                Problem::BadValue {
                    what: "clock",
                    value: value.to_owned(),
                },
            )
        })?);
    }
    if let Some((line, _, value)) = find("result") {
        settings.result = Some(value.parse::<RecordResult>().map_err(|_| {
            error(
                line,
                Problem::BadValue {
                    what: "result",
                    value: value.to_owned(),
                },
            )
        })?);
    }
    let text_of = |key: &str| {
        find(key)
            .map(|(_, _, value)| value.to_owned())
            .filter(|v| !v.is_empty())
    };
    settings.black = text_of("black");
    settings.white = text_of("white");
    settings.date = text_of("date");
    settings.event = text_of("event");
    settings.round = text_of("round");
    settings.place = text_of("place");
    settings.opening_name = text_of("opening-name");
    let mut actions = Vec::new();
    for (line, parsed) in log_lines(&text) {
        let action = parsed.map_err(|problem| {
            error(
                line,
                Problem::BadValue {
                    what: "action",
                    value: problem.to_string(),
                },
            )
        })?;
        actions.push(action);
    }
    Ok(vec![Record::new(
        settings,
        GameTree::from_actions(&actions),
    )])
}

/// One header value on one line.
fn one_line(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub(crate) fn write(record: &Record) -> String {
    let settings = &record.settings;
    let mut text = format!(
        "{FIRST_LINE}\n# game: {}\n# size: {}\n",
        settings.rules,
        settings.size.get()
    );
    let mut line = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            text.push_str(&format!("# {key}: {}\n", one_line(&value)));
        }
    };
    line("opening", settings.opening.map(|o| o.name().to_owned()));
    line("foul", settings.foul_policy.map(|p| p.name().to_owned()));
    line("clock", settings.time_control.map(|c| c.to_string()));
    line("black", settings.black.clone());
    line("white", settings.white.clone());
    line("date", settings.date.clone());
    line("event", settings.event.clone());
    line("round", settings.round.clone());
    line("place", settings.place.clone());
    line("opening-name", settings.opening_name.clone());
    line("result", settings.result.map(|r| r.to_string()));
    for action in record.tree.main_line_actions() {
        text.push_str(&format!("{action}\n"));
    }
    text
}
