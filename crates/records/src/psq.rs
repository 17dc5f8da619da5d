//! Piskvork's and Gomocup's `.psq`: `Piskvorky 20x20, 11:11, 0`, then one move
//! a line as `x,y,milliseconds` (from 1, the origin top left), then the two
//! players' names (Piskvork writes its engines' file names there).

use narabe_rules::{Action, BoardSize, Move, Point, RuleSet};

use crate::text_encoding::decode;
use crate::time_control::digits;
use crate::{
    Format, GameTree, Location, NodeId, Problem, ReadError, ReadOptions, Record, Settings,
    WriteError,
};

/// The word PSQ files start with.
pub(crate) const MAGIC: &str = "Piskvorky";

/// The name line of a player whose name is not known.
const UNKNOWN: &str = "?";

fn error(line: usize, problem: Problem) -> ReadError {
    ReadError::new(Format::Psq, Location::Line(line), problem)
}

/// `x,y` or `x,y,t` with decimal numbers.
fn move_line(line: &str) -> Option<(u32, u32, Option<u32>)> {
    let mut fields = line.split(',').map(str::trim);
    let x = digits(fields.next()?)?;
    let y = digits(fields.next()?)?;
    let time = match fields.next() {
        Some(time) => Some(digits(time)?),
        None => None,
    };
    fields.next().is_none().then_some((x, y, time))
}

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let text = decode(bytes);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()));
    let (_, header) = lines
        .next()
        .filter(|(_, line)| line.starts_with(MAGIC))
        .ok_or_else(|| error(1, Problem::NotThisFormat("a Piskvork PSQ file")))?;
    let dimensions = header[MAGIC.len()..].split(',').next().unwrap_or("").trim();
    let bad_size = || {
        error(
            1,
            Problem::BadValue {
                what: "board size",
                value: dimensions.to_owned(),
            },
        )
    };
    let (width, height) = dimensions.split_once(['x', 'X']).ok_or_else(bad_size)?;
    let (width, height) = (
        digits(width.trim()).ok_or_else(bad_size)?,
        digits(height.trim()).ok_or_else(bad_size)?,
    );
    if width != height {
        return Err(error(1, Problem::NotSquare { width, height }));
    }
    let size = u8::try_from(width)
        .ok()
        .and_then(BoardSize::new)
        .ok_or_else(|| error(1, Problem::BoardSize(width)))?;
    let rules = options.rules.unwrap_or(RuleSet::Freestyle);
    if !rules.allows_size(size) {
        return Err(error(1, Problem::RulesSize { rules, size }));
    }
    let mut settings = Settings::with_size(rules, size);
    settings.opening = options.opening;
    let mut tree = GameTree::new();
    let mut at = NodeId::ROOT;
    let mut names = Vec::new();
    let mut moves_done = false;
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        if !moves_done && let Some((x, y, time)) = move_line(line) {
            let point = (1..=width)
                .contains(&x)
                .then_some(())
                .and((1..=width).contains(&y).then_some(()))
                .and_then(|()| {
                    let col = u8::try_from(x - 1).ok()?;
                    let row = u8::try_from(width - y).ok()?;
                    Point::new(col, row)
                })
                .ok_or_else(|| error(number, Problem::OffBoard(format!("{x},{y}"))))?;
            at = tree.add(at, Action::Place(point));
            tree.node_mut(at).time_ms = time;
            continue;
        }
        moves_done = true;
        names.push(line.to_owned());
    }
    let mut names = names
        .into_iter()
        .filter(|name| digits(name.trim_start_matches('-')).is_none());
    let known = |name: Option<String>| name.filter(|name| name != UNKNOWN);
    settings.black = known(names.next());
    settings.white = known(names.next());
    Ok(vec![Record::new(settings, tree)])
}

pub(crate) fn write(record: &Record) -> Result<String, WriteError> {
    let size = record.settings.size.get();
    let mut text = format!("{MAGIC} {size}x{size}, 11:11, 0\n");
    let tree = record.tree.board_moves_only();
    for (index, id) in tree.main_line().into_iter().enumerate() {
        let node = tree.node(id);
        match crate::board_move(node.action()) {
            Some(Move::Place(point)) => {
                let (x, y) = (u32::from(point.col()) + 1, u32::from(size - point.row()));
                match node.time_ms {
                    Some(time) => text.push_str(&format!("{x},{y},{time}\n")),
                    None => text.push_str(&format!("{x},{y}\n")),
                }
            }
            _ => {
                return Err(WriteError::Pass {
                    format: Format::Psq,
                    move_number: index + 1,
                });
            }
        }
    }
    let (black, white) = (&record.settings.black, &record.settings.white);
    if black.is_some() || white.is_some() {
        // A missing name is `?`, so that the other keeps its place.
        for name in [black, white] {
            let name = name.as_deref().unwrap_or(UNKNOWN);
            text.push_str(&name.replace(['\r', '\n'], " "));
            text.push('\n');
        }
    }
    Ok(text)
}
