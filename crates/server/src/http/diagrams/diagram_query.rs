//! The query of a diagram: the position as the analysis endpoints take it
//! (`PositionRequest`: the game, the board, the set-up and the moves, here as
//! comma-separated points) and how to draw it. Every parameter at most once,
//! nothing unknown.

use narabe_rules::Color;

use crate::http::ApiError;
use crate::http::{PositionRequest, PositionSetup};

/// The GIF's time per move when the query names none, in milliseconds.
pub(super) const DEFAULT_DELAY_MS: u32 = 700;
/// The shortest and the longest time per move of a GIF.
pub(super) const DELAY_RANGE_MS: std::ops::RangeInclusive<u32> = 100..=5000;

/// What a diagram's address asks for.
#[derive(Debug)]
pub(super) struct DiagramQuery {
    /// The position: the set-up and the moves from it.
    pub position: PositionRequest,
    /// Each stone of the moves with its number.
    pub numbers: bool,
    /// The last move marked.
    pub last: bool,
    /// Letters and numbers around the board.
    pub coordinates: bool,
    /// The GIF's time per move in milliseconds.
    pub delay_ms: u32,
}

impl DiagramQuery {
    /// Reads the decoded pairs of a query; `animated` for the GIF, the only
    /// one that takes `delay`.
    ///
    /// # Errors
    ///
    /// `400 bad-request` for an unknown or repeated parameter, a missing
    /// `game`, or a value that does not read.
    pub(super) fn read(
        pairs: &[(String, String)],
        animated: bool,
    ) -> Result<DiagramQuery, ApiError> {
        let bad = |message: String| ApiError::BadRequest(message);
        let mut seen: Vec<&str> = Vec::new();
        let mut query = DiagramQuery {
            position: PositionRequest {
                game: String::new(),
                size: None,
                keryo: None,
                setup: None,
                moves: Vec::new(),
            },
            numbers: false,
            last: true,
            coordinates: true,
            delay_ms: DEFAULT_DELAY_MS,
        };
        let (mut black, mut white, mut to_move) = (Vec::new(), Vec::new(), None);
        for (key, value) in pairs {
            if seen.contains(&key.as_str()) {
                return Err(bad(format!("the query names `{key}` twice")));
            }
            seen.push(key);
            match key.as_str() {
                "game" => query.position.game.clone_from(value),
                "size" => {
                    query.position.size =
                        Some(value.parse().map_err(|_| {
                            bad(format!("size {value:?} is not a number of lines"))
                        })?);
                }
                "keryo" => query.position.keryo = Some(flag(key, value)?),
                "black" => black = points(value),
                "white" => white = points(value),
                "to_move" => {
                    to_move = Some(match value.as_str() {
                        "black" => Color::Black,
                        "white" => Color::White,
                        _ => return Err(bad(format!("to_move is black or white, not {value:?}"))),
                    });
                }
                "moves" => query.position.moves = points(value),
                "numbers" => query.numbers = flag(key, value)?,
                "last" => query.last = flag(key, value)?,
                "coordinates" => query.coordinates = flag(key, value)?,
                "delay" if animated => {
                    query.delay_ms = value
                        .parse()
                        .ok()
                        .filter(|delay| DELAY_RANGE_MS.contains(delay))
                        .ok_or_else(|| {
                            bad(format!(
                                "delay is {} to {} ms per move, not {value:?}",
                                DELAY_RANGE_MS.start(),
                                DELAY_RANGE_MS.end()
                            ))
                        })?;
                }
                _ => {
                    return Err(bad(format!(
                        "unknown query parameter {key:?}: the diagram reads game, size, keryo, \
                         black, white, to_move, moves, numbers, last, coordinates{}",
                        if animated { " and delay" } else { "" }
                    )));
                }
            }
        }
        if query.position.game.is_empty() {
            return Err(bad("the query names no game".to_owned()));
        }
        if !black.is_empty() || !white.is_empty() || to_move.is_some() {
            query.position.setup = Some(PositionSetup {
                black,
                white,
                to_move,
            });
        }
        Ok(query)
    }
}

/// The points of a comma-separated list (none for an empty value).
fn points(value: &str) -> Vec<String> {
    value
        .split(',')
        .filter(|point| !point.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A yes-or-no parameter: `1`/`true` or `0`/`false`.
fn flag(key: &str, value: &str) -> Result<bool, ApiError> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(ApiError::BadRequest(format!(
            "{key} is 1 or 0 (true or false), not {value:?}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(query: &[(&str, &str)], animated: bool) -> Result<DiagramQuery, ApiError> {
        let pairs: Vec<(String, String)> = query
            .iter()
            .map(|&(key, value)| (key.to_owned(), value.to_owned()))
            .collect();
        DiagramQuery::read(&pairs, animated)
    }

    #[test]
    fn a_query_names_the_position_and_the_drawing() {
        let query = read(
            &[
                ("game", "renju"),
                ("black", "h8,i9"),
                ("white", "j10"),
                ("moves", "k11,pass"),
                ("numbers", "1"),
                ("coordinates", "false"),
            ],
            false,
        )
        .unwrap();
        assert_eq!(query.position.moves, ["k11", "pass"]);
        let setup = query.position.setup.unwrap();
        assert_eq!(
            (setup.black.len(), setup.white.len(), setup.to_move),
            (2, 1, None)
        );
        assert!(query.numbers && query.last && !query.coordinates);
        assert_eq!(
            read(&[("game", "renju"), ("delay", "300")], true)
                .unwrap()
                .delay_ms,
            300
        );
    }

    #[test]
    fn unknown_repeated_and_unreadable_parameters_are_refused() {
        for query in [
            vec![("size", "15")],
            vec![("game", "renju"), ("game", "renju")],
            vec![("game", "renju"), ("colour", "black")],
            vec![("game", "renju"), ("delay", "300")],
            vec![("game", "renju"), ("numbers", "yes")],
            vec![("game", "renju"), ("to_move", "red")],
            vec![("game", "renju"), ("size", "big")],
        ] {
            assert_eq!(
                read(&query, false).unwrap_err().code(),
                "bad-request",
                "{query:?}"
            );
        }
        assert!(read(&[("game", "renju"), ("delay", "50")], true).is_err());
        assert!(read(&[("game", "renju"), ("delay", "6000")], true).is_err());
    }
}
