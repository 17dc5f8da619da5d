//! SGF collections to records.

use narabe_rules::{Action, BoardSize, Color, Move, Point, RuleSet};

use super::coordinates::parse_point;
use super::parser::{Collection, Property, RawNode, line_of, parse_tree};
use crate::implied_opening::implied_opening;
use crate::rule_words::rules_from_words;
use crate::text_encoding::decode;
use crate::tree::move_action;
use crate::{
    Format, GameTree, Location, Mark, Node, NodeId, Problem, ReadError, ReadOptions, Record,
    RecordResult, Settings, TimeControl,
};

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let mut records = Vec::new();
    let mut at = 0;
    while let Some((tree, next)) = parse_tree(bytes, at)
        .map_err(|(location, problem)| ReadError::new(Format::Sgf, location, problem))?
    {
        let record =
            game(&tree, tree.roots[0], bytes, options).map_err(|(location, problem)| {
                let error = ReadError::new(Format::Sgf, location, problem);
                // Name the game when the file holds more than this one.
                if !records.is_empty() || bytes[next..].contains(&b'(') {
                    error.in_game(records.len() + 1)
                } else {
                    error
                }
            })?;
        records.push(record);
        at = next;
    }
    Ok(records)
}

type Failure = (Location, Problem);

/// The text of a property's first value, trimmed; `None` when empty.
fn text(node: &RawNode, ident: &str) -> Option<String> {
    let value = decode(node.get(ident)?.values.first()?);
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

fn game(
    collection: &Collection,
    root: usize,
    bytes: &[u8],
    options: &ReadOptions,
) -> Result<Record, Failure> {
    let raw_root = &collection.nodes[root];
    let line = |property: &Property| Location::Line(line_of(bytes, property.offset));
    if let Some(game) = text(raw_root, "GM")
        && game != "4"
    {
        return Err((
            line(raw_root.get("GM").expect("present")),
            Problem::BadValue {
                what: "game (GM, 4 is gomoku and renju)",
                value: game,
            },
        ));
    }
    let size = match raw_root.get("SZ") {
        None => BoardSize::FIFTEEN,
        Some(property) => {
            board_size(&decode(&property.values[0])).map_err(|p| (line(property), p))?
        }
    };
    let ru = text(raw_root, "RU")
        .map(|ru| rules_from_words(&ru))
        .unwrap_or_default();
    let gn = text(raw_root, "GN")
        .map(|gn| rules_from_words(&gn))
        .unwrap_or_default();
    let rules = ru.0.or(gn.0).or(options.rules).unwrap_or(RuleSet::Renju);
    if !rules.allows_size(size) {
        return Err((Location::Whole, Problem::RulesSize { rules, size }));
    }
    let mut settings = Settings::with_size(rules, size);
    settings.opening = ru.1.or(gn.1).or(options.opening);
    settings.black = text(raw_root, "PB");
    settings.white = text(raw_root, "PW");
    settings.date = text(raw_root, "DT");
    settings.event = text(raw_root, "EV");
    settings.round = text(raw_root, "RO");
    settings.place = text(raw_root, "PC");
    settings.opening_name = text(raw_root, "ON");
    settings.result = text(raw_root, "RE").and_then(|re| result(&re));
    settings.time_control = time_control(text(raw_root, "TM"), text(raw_root, "OT"));
    let root_offers = raw_root.get("5A");
    let tree = build_tree(collection, root, &settings, root_offers, bytes)?;
    if settings.opening.is_none() {
        settings.opening = implied_opening(rules, &tree.main_line_actions());
    }
    Ok(Record::new(settings, tree))
}

fn board_size(text: &str) -> Result<BoardSize, Problem> {
    let text = text.trim();
    let (width, height) = text.split_once(':').unwrap_or((text, text));
    let number = |part: &str| {
        part.trim().parse::<u32>().map_err(|_| Problem::BadValue {
            what: "board size (SZ)",
            value: text.to_owned(),
        })
    };
    let (width, height) = (number(width)?, number(height)?);
    if width != height {
        return Err(Problem::NotSquare { width, height });
    }
    u8::try_from(width)
        .ok()
        .and_then(BoardSize::new)
        .ok_or(Problem::BoardSize(width))
}

/// `B+R`, `W+T`, `B+`, `0`, `Draw`: the result, or `None` for unknown ones.
fn result(text: &str) -> Option<RecordResult> {
    let upper = text.to_ascii_uppercase();
    if matches!(upper.as_str(), "0" | "DRAW" | "JIGO" | "B+DRAW" | "W+DRAW") {
        return Some(RecordResult::draw());
    }
    let (color, rest) = if let Some(rest) = upper.strip_prefix("B+") {
        (Color::Black, rest)
    } else if let Some(rest) = upper.strip_prefix("W+") {
        (Color::White, rest)
    } else {
        return None;
    };
    let won = RecordResult::win(color);
    Some(match rest {
        "R" | "RESIGN" => won.because(narabe_rules::ResultCode::Resignation),
        "T" | "TIME" => won.because(narabe_rules::ResultCode::Timeout),
        "F" | "FORFEIT" => won.because(narabe_rules::ResultCode::Abandonment),
        _ => won,
    })
}

/// `TM` (the bank in seconds) and `OT` as narabe writes it (`+5 per move`,
/// `3d per move`, `none`).
fn time_control(tm: Option<String>, ot: Option<String>) -> Option<TimeControl> {
    let number_after = |text: &str, prefix: &str| -> Option<u32> {
        let rest = text.trim().strip_prefix(prefix)?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    if let Some(ot) = &ot {
        if ot.eq_ignore_ascii_case("none") && tm.is_none() {
            return Some(TimeControl::Unlimited);
        }
        if let Some(days) = number_after(ot, "")
            && ot
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .starts_with('d')
            && tm.is_none()
        {
            return u8::try_from(days).ok().map(TimeControl::DaysPerMove);
        }
    }
    let base_seconds = tm.and_then(|tm| {
        let whole = tm.split('.').next().unwrap_or("");
        whole.trim().parse::<u32>().ok()
    })?;
    let increment_seconds = ot
        .as_deref()
        .and_then(|ot| number_after(ot, "+"))
        .unwrap_or(0);
    Some(TimeControl::Clock {
        base_seconds,
        increment_seconds,
    })
}

/// One raw node waiting to be added under `parent`.
struct Pending {
    raw: usize,
    parent: NodeId,
    moves: usize,
    on_main_line: bool,
}

fn build_tree(
    collection: &Collection,
    root: usize,
    settings: &Settings,
    root_offers: Option<&Property>,
    bytes: &[u8],
) -> Result<GameTree, Failure> {
    let size = settings.size;
    let first = settings.rules.first_color();
    let mut tree = GameTree::new();
    let mut pending = vec![Pending {
        raw: root,
        parent: NodeId::ROOT,
        moves: 0,
        on_main_line: true,
    }];
    while let Some(Pending {
        raw,
        parent,
        moves,
        on_main_line,
    }) = pending.pop()
    {
        let node = &collection.nodes[raw];
        let line = |property: &Property| Location::Line(line_of(bytes, property.offset));
        if let Some(property) = ["AB", "AW", "AE"].iter().find_map(|ident| node.get(ident)) {
            return Err((
                line(property),
                Problem::Unsupported("setup stones (AB, AW, AE)"),
            ));
        }
        let mut at = parent;
        let mut moves = moves;
        let stone = match (node.get("B"), node.get("W")) {
            (Some(black), None) => Some((Color::Black, black)),
            (None, Some(white)) => Some((Color::White, white)),
            (None, None) => None,
            (Some(black), Some(_)) => {
                return Err((line(black), Problem::Unsupported("nodes with both B and W")));
            }
        };
        if let Some((color, property)) = stone {
            let expected = if moves % 2 == 0 { first } else { first.other() };
            let number = moves + 1;
            if color != expected {
                return Err((
                    Location::Move(number),
                    Problem::WrongColor {
                        found: color,
                        expected,
                    },
                ));
            }
            let value: &[u8] = &property.values[0];
            let mv = if value.is_empty() || (value.eq_ignore_ascii_case(b"tt") && size.get() <= 19)
            {
                Move::Pass
            } else {
                Move::Place(parse_point(value, size).ok_or_else(|| {
                    (
                        Location::Move(number),
                        Problem::BadValue {
                            what: "point",
                            value: decode(value),
                        },
                    )
                })?)
            };
            let after_offers = matches!(tree.node(at).action(), Some(Action::Offer(_)));
            let offers = node
                .get("5A")
                .or(root_offers.filter(|_| on_main_line && number == 5 && raw != root));
            let action = match (mv, after_offers, offers) {
                (Move::Place(point), true, _) => Action::Choose(point),
                (Move::Place(point), false, Some(offers)) => {
                    let mut points = offer_points(offers, size).map_err(|p| (line(offers), p))?;
                    if !points.contains(&point) {
                        points.push(point);
                    }
                    for offer in points {
                        at = tree.add(at, Action::Offer(offer));
                    }
                    Action::Choose(point)
                }
                (mv, _, _) => move_action(mv),
            };
            at = tree.add(at, action);
            moves += 1;
        }
        let mut annotated = if stone.is_some() { Some(at) } else { None };
        if let Some(property) = node.get("NA") {
            for value in &property.values {
                let text = decode(value);
                let action: Action = text.trim().parse().map_err(|_| {
                    (
                        line(property),
                        Problem::BadValue {
                            what: "narabe action (NA)",
                            value: text.clone(),
                        },
                    )
                })?;
                at = tree.add(at, action);
                annotated.get_or_insert(at);
            }
        }
        let target = if raw == root && stone.is_none() {
            NodeId::ROOT
        } else {
            annotated.unwrap_or(parent)
        };
        let mut annotations = Node::default();
        annotate(&mut annotations, node, size, bytes)?;
        absorb_into(&mut tree, target, annotations);
        for (index, &child) in node.children.iter().enumerate().rev() {
            pending.push(Pending {
                raw: child,
                parent: at,
                moves,
                on_main_line: on_main_line && index == 0,
            });
        }
    }
    Ok(tree)
}

fn absorb_into(tree: &mut GameTree, id: NodeId, annotations: Node) {
    if !annotations.is_bare() {
        tree.node_mut(id).absorb(annotations);
    }
}

/// The points of a `5A` property: SGF points (`jj`) or renju notation, one or
/// several a value.
fn offer_points(property: &Property, size: BoardSize) -> Result<Vec<Point>, Problem> {
    let mut points = Vec::new();
    for value in &property.values {
        if let Some(point) = parse_point(value, size) {
            points.push(point);
            continue;
        }
        let text = decode(value);
        for word in text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            let point: Point = word.parse().map_err(|_| Problem::BadValue {
                what: "offered fifth move (5A)",
                value: text.clone(),
            })?;
            if !size.contains(point) {
                return Err(Problem::OffBoard(point.to_string()));
            }
            points.push(point);
        }
    }
    Ok(points)
}

fn annotate(
    target: &mut Node,
    node: &RawNode,
    size: BoardSize,
    bytes: &[u8],
) -> Result<(), Failure> {
    for property in &node.properties {
        let line = || Location::Line(line_of(bytes, property.offset));
        let point = |value: &[u8]| {
            parse_point(value, size).ok_or_else(|| {
                (
                    line(),
                    Problem::BadValue {
                        what: "point",
                        value: decode(value),
                    },
                )
            })
        };
        match property.ident.as_ref() {
            "C" => target.comment = decode(&property.values[0]).replace("\r\n", "\n"),
            "N" => target.title = decode(&property.values[0]),
            "HO" => target.marked = true,
            "LB" => {
                for value in &property.values {
                    let split = value.iter().position(|&byte| byte == b':');
                    let Some(split) = split else {
                        return Err((
                            line(),
                            Problem::BadValue {
                                what: "label (LB)",
                                value: decode(value),
                            },
                        ));
                    };
                    target
                        .labels
                        .insert(point(&value[..split])?, decode(&value[split + 1..]));
                }
            }
            ident => {
                let Some(mark) = Mark::ALL
                    .into_iter()
                    .find(|mark| mark.sgf_property() == ident)
                else {
                    continue;
                };
                for value in &property.values {
                    match value.iter().position(|&byte| byte == b':') {
                        None => {
                            target.marks.insert(point(value)?, mark);
                        }
                        Some(split) => {
                            let (from, to) = (point(&value[..split])?, point(&value[split + 1..])?);
                            for row in from.row().min(to.row())..=from.row().max(to.row()) {
                                for col in from.col().min(to.col())..=from.col().max(to.col()) {
                                    if let Some(point) = Point::new(col, row) {
                                        target.marks.insert(point, mark);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
