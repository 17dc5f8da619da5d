//! The binary `.pos` of zjrenju, which RenLib reads: a byte with the number of
//! moves, then one byte a move, `15 * row-from-the-top + column`.

use narabe_rules::{Action, BoardSize, Point, RuleSet};

use crate::{Format, GameTree, Location, Problem, ReadError, ReadOptions, Record, Settings};

pub(crate) fn read(bytes: &[u8], options: &ReadOptions) -> Result<Vec<Record>, ReadError> {
    let error = |offset: usize, problem: Problem| {
        ReadError::new(Format::Pos, Location::Byte(offset), problem)
    };
    let Some(&count) = bytes.first() else {
        return Err(error(0, Problem::Truncated("the move count")));
    };
    if count == 0 || count > 225 {
        return Err(error(
            0,
            Problem::BadValue {
                what: "move count",
                value: count.to_string(),
            },
        ));
    }
    let moves = bytes
        .get(1..=usize::from(count))
        .ok_or_else(|| error(bytes.len(), Problem::Truncated("the move list")))?;
    let mut actions = Vec::with_capacity(moves.len());
    for (index, &byte) in moves.iter().enumerate() {
        let point = (byte < 225)
            .then(|| Point::new(byte % 15, 14 - byte / 15))
            .flatten()
            .ok_or_else(|| {
                error(
                    index + 1,
                    Problem::BadValue {
                        what: "point byte",
                        value: byte.to_string(),
                    },
                )
            })?;
        actions.push(Action::Place(point));
    }
    let rules = options.rules.unwrap_or(RuleSet::Renju);
    let mut settings = Settings::with_size(rules, BoardSize::FIFTEEN);
    settings.opening = options.opening;
    Ok(vec![Record::new(
        settings,
        GameTree::from_actions(&actions),
    )])
}
