//! Records to an SGF collection.

use std::fmt::Write as _;

use narabe_rules::{Action, Color, Move, Point, ResultCode};

use super::coordinates::point_text;
use crate::rule_words::rule_words;
use crate::tree::board_move;
use crate::{GameTree, Node, NodeId, Record, RecordResult, Settings, TimeControl};

pub(crate) fn write(records: &[Record]) -> String {
    let mut out = String::new();
    for record in records {
        game(&mut out, record);
        out.push('\n');
    }
    out
}

/// `text` as an SGF value: `]` and `\` escaped.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

fn property(out: &mut String, ident: &str, value: &str) {
    let _ = write!(out, "{ident}[{}]", escape(value));
}

fn game(out: &mut String, record: &Record) {
    let settings = &record.settings;
    out.push_str("(;FF[4]GM[4]CA[UTF-8]AP[narabe]");
    let _ = write!(out, "SZ[{}]", settings.size.get());
    property(out, "RU", &rule_words(settings.rules, settings.opening));
    info(out, settings);
    annotations(out, record.tree.root(), settings);
    emit_children(out, &record.tree, NodeId::ROOT, settings);
    out.push(')');
}

fn info(out: &mut String, settings: &Settings) {
    for (ident, value) in [
        ("PB", &settings.black),
        ("PW", &settings.white),
        ("DT", &settings.date),
        ("EV", &settings.event),
        ("RO", &settings.round),
        ("PC", &settings.place),
        ("ON", &settings.opening_name),
    ] {
        if let Some(value) = value {
            property(out, ident, value);
        }
    }
    if let Some(result) = settings.result {
        property(out, "RE", &result_text(result));
    }
    match settings.time_control {
        None => {}
        Some(TimeControl::Unlimited) => property(out, "OT", "none"),
        Some(TimeControl::Clock {
            base_seconds,
            increment_seconds,
        }) => {
            let _ = write!(out, "TM[{base_seconds}]");
            if increment_seconds > 0 {
                let _ = write!(out, "OT[+{increment_seconds} per move]");
            }
        }
        Some(TimeControl::DaysPerMove(days)) => {
            let _ = write!(out, "OT[{days}d per move]");
        }
    }
}

fn result_text(result: RecordResult) -> String {
    let Some(color) = result.winner else {
        return "Draw".to_owned();
    };
    let letter = if color == Color::Black { 'B' } else { 'W' };
    let reason = match result.reason {
        Some(ResultCode::Resignation) => "R",
        Some(ResultCode::Timeout) => "T",
        Some(ResultCode::Abandonment) => "F",
        _ => "",
    };
    format!("{letter}+{reason}")
}

fn annotations(out: &mut String, node: &Node, settings: &Settings) {
    if !node.title.is_empty() {
        property(out, "N", &node.title);
    }
    if !node.comment.is_empty() {
        property(out, "C", &node.comment);
    }
    if node.marked {
        out.push_str("HO[1]");
    }
    if !node.labels.is_empty() {
        out.push_str("LB");
        for (&point, text) in &node.labels {
            let _ = write!(
                out,
                "[{}:{}]",
                point_text(point, settings.size),
                escape(text)
            );
        }
    }
    for mark in crate::Mark::ALL {
        let points: Vec<Point> = node
            .marks
            .iter()
            .filter(|&(_, &m)| m == mark)
            .map(|(&point, _)| point)
            .collect();
        if !points.is_empty() {
            out.push_str(mark.sgf_property());
            for point in points {
                let _ = write!(out, "[{}]", point_text(point, settings.size));
            }
        }
    }
}

/// Whether `node` holds something an `NA` property cannot carry.
fn carries_annotations(node: &Node) -> bool {
    !node.is_bare()
}

/// What is written next: a node and its line, or a bracket.
enum Task {
    Line(NodeId),
    Text(&'static str),
}

fn emit_children(out: &mut String, tree: &GameTree, parent: NodeId, settings: &Settings) {
    let mut tasks = Vec::new();
    push_children(&mut tasks, tree, parent);
    while let Some(task) = tasks.pop() {
        match task {
            Task::Text(text) => out.push_str(text),
            Task::Line(id) => {
                let last = emit_node(out, tree, id, settings);
                push_children(&mut tasks, tree, last);
            }
        }
    }
}

/// Schedules the children of `id`: one child continues the sequence, several
/// become variations in brackets.
fn push_children(tasks: &mut Vec<Task>, tree: &GameTree, id: NodeId) {
    match tree.node(id).children() {
        [] => {}
        [only] => tasks.push(Task::Line(*only)),
        children => {
            for &child in children.iter().rev() {
                tasks.push(Task::Text(")"));
                tasks.push(Task::Line(child));
                tasks.push(Task::Text("("));
            }
        }
    }
}

/// Writes the SGF node of `id`, folding into its `NA` the bare non-move
/// actions that follow it alone; returns the last tree node written.
fn emit_node(out: &mut String, tree: &GameTree, id: NodeId, settings: &Settings) -> NodeId {
    let node = tree.node(id);
    out.push(';');
    let mut narabe_actions: Vec<Action> = Vec::new();
    match board_move(node.action()) {
        Some(mv) => {
            let moves = tree.move_number(id);
            let first = settings.rules.first_color();
            let color = if moves % 2 == 1 { first } else { first.other() };
            let letter = if color == Color::Black { "B" } else { "W" };
            let value = match mv {
                Move::Place(point) => point_text(point, settings.size),
                Move::Pass if settings.size.get() <= 19 => "tt".to_owned(),
                Move::Pass => String::new(),
            };
            let _ = write!(out, "{letter}[{value}]");
            if let Some(Action::Choose(_)) = node.action() {
                let offers = offers_before(tree, id);
                if !offers.is_empty() {
                    out.push_str("5A");
                    for offer in offers {
                        let _ = write!(out, "[{}]", point_text(offer, settings.size));
                    }
                }
            }
        }
        None => narabe_actions.extend(node.action()),
    }
    annotations(out, node, settings);
    let mut last = id;
    while let [only] = tree.node(last).children()
        && board_move(tree.node(*only).action()).is_none()
        && !carries_annotations(tree.node(*only))
    {
        narabe_actions.extend(tree.node(*only).action());
        last = *only;
    }
    if !narabe_actions.is_empty() {
        out.push_str("NA");
        for action in narabe_actions {
            let _ = write!(out, "[{action}]");
        }
    }
    last
}

/// The offers made just before the choice `id`, in order.
fn offers_before(tree: &GameTree, id: NodeId) -> Vec<Point> {
    let mut offers = Vec::new();
    let mut at = tree.parent(id);
    while let Some(Action::Offer(point)) = tree.node(at).action() {
        offers.push(point);
        at = tree.parent(at);
    }
    offers.reverse();
    offers
}
