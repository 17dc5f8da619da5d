//! RenLib's `.bdt` text database: one game a line,
//! `Tournament=[Black,White,Result,Moves,5A,Reverse,Comment]`, the result
//! `+` (Black won), `-` (White won) or `=`, the moves as hexadecimal pairs of
//! column and row from 1 (`88` is h8, `00` a pass), 5A the offered fifth move
//! that was not played, in the old notation without the letter `i`.

use narabe_rules::{Action, BoardSize, Opening, Point, RuleSet};

use crate::text_encoding::decode;
use crate::{
    Format, GameTree, Location, Problem, ReadError, ReadOptions, Record, RecordResult, Settings,
};

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let text = decode(bytes);
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let number = index + 1;
        let record = game(line, options)
            .map_err(|problem| ReadError::new(Format::Bdt, Location::Line(number), problem))?;
        records.push(record);
    }
    Ok(records)
}

fn game(line: &str, options: &ReadOptions) -> Result<Record, Problem> {
    let (tournament, rest) = line.split_once("=[").ok_or_else(|| Problem::Unexpected {
        found: format!("{:?}", line.chars().take(20).collect::<String>()),
        expected: "Tournament=[Black,White,Result,Moves,5A,Reverse,Comment]",
    })?;
    let body = rest
        .strip_suffix(']')
        .ok_or(Problem::Truncated("a game line (no closing ']')"))?;
    let fields: Vec<&str> = body.splitn(7, ',').map(str::trim).collect();
    let field = |index: usize| fields.get(index).copied().unwrap_or("");
    let rules = options.rules.unwrap_or(RuleSet::Renju);
    let mut settings = Settings::with_size(rules, BoardSize::FIFTEEN);
    let named = |text: &str| (!text.is_empty()).then(|| text.to_owned());
    settings.event = named(tournament.trim());
    settings.black = named(field(0));
    settings.white = named(field(1));
    settings.result = match field(2) {
        "+" => Some(RecordResult::win(narabe_rules::Color::Black)),
        "-" => Some(RecordResult::win(narabe_rules::Color::White)),
        "=" => Some(RecordResult::draw()),
        _ => None,
    };
    let moves = moves(field(3))?;
    let alternative = match field(4) {
        "" | "?" => None,
        text => Some(old_point(text)?),
    };
    let mut actions = Vec::with_capacity(moves.len() + 2);
    for (index, &action) in moves.iter().enumerate() {
        match (index, action, alternative) {
            (4, Action::Place(fifth), Some(other)) if other != fifth => {
                actions.extend([
                    Action::Offer(fifth),
                    Action::Offer(other),
                    Action::Choose(fifth),
                ]);
            }
            _ => actions.push(action),
        }
    }
    settings.opening = if alternative.is_some() && moves.len() >= 5 {
        Some(Opening::Rif)
    } else {
        options.opening
    };
    let mut tree = GameTree::from_actions(&actions);
    let mut comment = field(6).to_owned();
    if !field(5).is_empty() {
        if !comment.is_empty() {
            comment.push('\n');
        }
        comment.push_str("Reverse: ");
        comment.push_str(field(5));
    }
    tree.node_mut(crate::NodeId::ROOT).comment = comment;
    Ok(Record::new(settings, tree))
}

fn moves(text: &str) -> Result<Vec<Action>, Problem> {
    let bad = || Problem::BadValue {
        what: "move list",
        value: text.to_owned(),
    };
    if text.len() % 2 == 1 {
        return Err(bad());
    }
    let digits: Vec<u32> = text
        .chars()
        .map(|c| c.to_digit(16))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    digits
        .chunks(2)
        .map(|pair| match (pair[0], pair[1]) {
            (0, 0) => Ok(Action::Pass),
            (x @ 1..=15, y @ 1..=15) => Point::new(
                u8::try_from(x - 1).unwrap_or(u8::MAX),
                u8::try_from(y - 1).unwrap_or(u8::MAX),
            )
            .map(Action::Place)
            .ok_or_else(bad),
            (x, y) => Err(Problem::OffBoard(format!("{x:x}{y:x}"))),
        })
        .collect()
}

/// A point in the old notation, whose columns skip the letter `i` (`j10` is
/// the ninth column).
fn old_point(text: &str) -> Result<Point, Problem> {
    let bad = || Problem::BadValue {
        what: "offered fifth move (5A)",
        value: text.to_owned(),
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    let col = match letter {
        'a'..='h' => u32::from(letter) - u32::from('a'),
        'j'..='p' => u32::from(letter) - u32::from('a') - 1,
        _ => return Err(bad()),
    };
    let row: u32 = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=15).contains(&row) || col > 14 {
        return Err(bad());
    }
    Point::new(
        u8::try_from(col).map_err(|_| bad())?,
        u8::try_from(row - 1).map_err(|_| bad())?,
    )
    .ok_or_else(bad)
}
