//! renju.net's database to records: the tables first, then each game with
//! its references resolved.

use std::collections::HashMap;

use narabe_rules::{Action, BoardSize, Color, Point, RuleSet};

use super::xml::{Event, events, line_of};
use crate::rule_words::rules_from_words;
use crate::text_encoding::decode;
use crate::{
    Format, GameTree, Location, NodeId, Problem, ReadError, ReadOptions, Record, RecordResult,
    Settings,
};

/// A game element, its references unresolved.
#[derive(Default)]
struct RawGame {
    attributes: HashMap<String, String>,
    moves: String,
    comment: String,
    offset: usize,
}

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let text = decode(bytes);
    let error =
        |location: Location, problem: Problem| ReadError::new(Format::Rif, location, problem);
    let events = events(&text).map_err(|(location, problem)| error(location, problem))?;
    let mut tables: HashMap<&'static str, HashMap<String, HashMap<String, String>>> =
        HashMap::new();
    let mut games: Vec<RawGame> = Vec::new();
    let mut inside: Vec<String> = Vec::new();
    // How many of the open elements are games (a counter, not a search of
    // `inside`, so that deep nesting costs linear time).
    let mut games_open = 0usize;
    let mut saw_database = false;
    for event in events {
        match event {
            Event::Start {
                name,
                attributes,
                offset,
            } => {
                saw_database |= name == "database";
                let attributes: HashMap<String, String> = attributes.into_iter().collect();
                let table = match name.as_str() {
                    "rule" => Some("rule"),
                    "player" => Some("player"),
                    "tournament" => Some("tournament"),
                    "opening" => Some("opening"),
                    _ => None,
                };
                if let (Some(table), Some(id)) = (table, attributes.get("id")) {
                    tables
                        .entry(table)
                        .or_default()
                        .insert(id.clone(), attributes.clone());
                }
                if name == "game" {
                    games.push(RawGame {
                        attributes,
                        offset,
                        ..RawGame::default()
                    });
                }
                games_open += usize::from(name == "game");
                inside.push(name);
            }
            Event::End => {
                if inside.pop().as_deref() == Some("game") {
                    games_open -= 1;
                }
            }
            Event::Text(content) => {
                let in_game = games_open > 0;
                match (inside.last().map(String::as_str), games.last_mut()) {
                    (Some("move"), Some(game)) if in_game => {
                        game.moves.push(' ');
                        game.moves.push_str(&content);
                    }
                    (Some("comment" | "comments" | "info"), Some(game)) if in_game => {
                        game.comment.push_str(content.trim());
                    }
                    _ => {}
                }
            }
        }
    }
    if !saw_database {
        return Err(error(
            Location::Whole,
            Problem::NotThisFormat("a renju.net database"),
        ));
    }
    let lookup = |table: &str, id: Option<&String>| -> Option<&HashMap<String, String>> {
        tables.get(table)?.get(id?)
    };
    let mut records = Vec::with_capacity(games.len());
    for game in &games {
        let attribute = |key: &str| {
            game.attributes
                .get(key)
                .filter(|value| !value.trim().is_empty())
        };
        let rule = lookup("rule", attribute("rule"));
        let rule_text = rule
            .map(|rule| {
                format!(
                    "{} {}",
                    rule.get("name").map_or("", String::as_str),
                    rule.get("info").map_or("", String::as_str)
                )
            })
            .unwrap_or_default();
        let (rules, opening) = rules_from_words(&rule_text);
        let rules = rules.or(options.rules).unwrap_or(RuleSet::Renju);
        let size = if rules.allows_size(BoardSize::FIFTEEN) {
            BoardSize::FIFTEEN
        } else {
            rules.default_size()
        };
        let mut settings = Settings::with_size(rules, size);
        settings.opening = opening.or(options.opening);
        let player = |key: &str| {
            lookup("player", attribute(key)).map(|player| {
                let part = |key: &str| player.get(key).map_or("", |v| v.trim());
                [part("name"), part("surname")]
                    .into_iter()
                    .filter(|part| !part.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        settings.black = player("black").filter(|name| !name.is_empty());
        settings.white = player("white").filter(|name| !name.is_empty());
        let tournament = lookup("tournament", attribute("tournament"));
        settings.event = tournament.and_then(|t| t.get("name")).cloned();
        settings.place = tournament
            .and_then(|t| t.get("city").or(t.get("place")))
            .filter(|city| city.parse::<u32>().is_err())
            .cloned();
        settings.round = attribute("round").cloned();
        settings.date = attribute("date")
            .or(tournament.and_then(|t| t.get("start")))
            .or(tournament.and_then(|t| t.get("year")))
            .cloned();
        settings.opening_name = lookup("opening", attribute("opening"))
            .and_then(|opening| opening.get("name"))
            .cloned();
        settings.result = match attribute("bresult").map(|r| r.trim()) {
            Some("1") => Some(RecordResult::win(Color::Black)),
            Some("0") => Some(RecordResult::win(Color::White)),
            Some("0.5") => Some(RecordResult::draw()),
            _ => None,
        };
        let mut actions = Vec::new();
        for word in game.moves.split_whitespace() {
            let action = match word {
                "--" | "pass" | "0" => Action::Pass,
                _ => {
                    let point: Point = word.parse().map_err(|_| {
                        error(
                            Location::Line(line_of(&text, game.offset)),
                            Problem::BadValue {
                                what: "move",
                                value: word.to_owned(),
                            },
                        )
                    })?;
                    Action::Place(point)
                }
            };
            actions.push(action);
        }
        let mut tree = GameTree::from_actions(&actions);
        tree.node_mut(NodeId::ROOT).comment = game.comment.clone();
        records.push(Record::new(settings, tree));
    }
    Ok(records)
}
