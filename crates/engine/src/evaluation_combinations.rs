//! The evaluation's per-point table: what an empty point is worth to a colour
//! by the combination of its four line patterns (an open three with a three
//! across it is worth more than the two apart), for the side to move ("own":
//! it may play there next) and for the other side ("their"). The board keeps
//! the sum of these values up to date on make and unmake
//! (`EngineBoard::combination_value`), so the evaluation reads it for free.
//!
//! The values are learned, not set by hand: the tuner
//! (`crates/engine/examples/tune_evaluation.rs`) fits one value per
//! combination, colour table and side, and writes the data files of
//! `crates/engine/evaluation/`, which this module reads once.
//! Renju has a table per colour (most of Black's double threes are fouls),
//! fitted on renju games (`combinations.txt`). Freestyle and standard gomoku
//! share a table of their own for both colours, fitted on their games
//! (`combinations-gomoku.txt`). Caro and pente, which have no games to fit
//! on, use White's renju table for both colours, since White's shapes there
//! carry no foul (docs/engine.md).

use std::sync::OnceLock;

use narabe_rules::{Color, RuleSet};

/// Pattern codes per direction (`Pattern` as `u8`).
const CODES: usize = 10;
/// The distinct combinations of four codes, order ignored: C(13, 4).
pub const COMBINATIONS: usize = 715;
/// The colour tables: Black's in renju, White's in renju (also caro's and
/// pente's), and gomoku's (freestyle and standard, both colours).
pub const TABLES: usize = 3;
/// Black's renju table.
pub const RENJU_BLACK_TABLE: usize = 0;
/// White's renju table, also caro's and pente's for both colours.
pub const RENJU_WHITE_TABLE: usize = 1;
/// The gomoku table: freestyle's and standard's, both colours.
pub const GOMOKU_TABLE: usize = 2;
/// The names of the tables in the data files, by number.
pub const TABLE_NAMES: [&str; TABLES] = ["black", "white", "gomoku"];
/// The two sides a point is valued for: the side to move, the other side.
pub const PERSPECTIVES: usize = 2;
/// The perspective of the side to move.
pub const OWN: usize = 0;
/// The perspective of the side not to move.
pub const THEIR: usize = 1;

/// The learned values, as the tuner wrote them: the renju tables, then the
/// gomoku table.
const COMBINATION_FILES: [&str; 2] = [
    include_str!("../evaluation/combinations.txt"),
    include_str!("../evaluation/combinations-gomoku.txt"),
];

/// The names of the patterns in `combinations.txt`, by code.
const PATTERN_NAMES: [&str; CODES] = [
    "dead",
    "one",
    "two",
    "open-two",
    "three",
    "open-three",
    "four",
    "open-four",
    "five",
    "overline",
];

/// The colour table that values `color`'s points under `rules`.
#[must_use]
pub fn table_of(rules: RuleSet, color: Color) -> usize {
    match (rules, color) {
        (RuleSet::Renju, Color::Black) => RENJU_BLACK_TABLE,
        (RuleSet::Freestyle | RuleSet::Standard, _) => GOMOKU_TABLE,
        _ => RENJU_WHITE_TABLE,
    }
}

/// The combination of four pattern codes, in `0..COMBINATIONS`: equal for
/// every order of the same codes.
#[must_use]
pub fn combination_index(codes: [u8; 4]) -> usize {
    usize::from(index_tables().by_raw[raw_number(codes)])
}

/// Ordered code tuples: 10^4.
pub(crate) const RAW_TUPLES: usize = CODES * CODES * CODES * CODES;

/// The base-10 number of four ordered codes.
#[inline]
pub(crate) fn raw_number(codes: [u8; 4]) -> usize {
    codes
        .iter()
        .fold(0usize, |raw, &code| raw * CODES + usize::from(code))
}

/// The four ordered codes of a base-10 number (`raw_number`'s inverse).
pub(crate) fn raw_codes(raw: usize) -> [u8; 4] {
    let mut codes = [0u8; 4];
    let mut rest = raw;
    for slot in (0..4).rev() {
        codes[slot] = u8::try_from(rest % CODES).expect("a digit");
        rest /= CODES;
    }
    codes
}

/// The name of a combination as `combinations.txt` writes it: its four
/// patterns, highest code first, separated by spaces.
#[must_use]
pub fn combination_name(index: usize) -> String {
    index_tables().patterns[index]
        .map(|code| PATTERN_NAMES[usize::from(code)])
        .join(" ")
}

/// The values of one point by its combination, `[own, their]` per table.
#[derive(Debug)]
pub struct CombinationValues {
    /// The values by the ordered codes' base-10 number (`table * 10^4 +
    /// number`), so that the board's hot loop looks a point up in one read.
    /// Stored as `i16` (the parser rejects larger values) to halve the
    /// table's share of the cache.
    by_raw: Vec<[i16; PERSPECTIVES]>,
}

impl CombinationValues {
    /// The `[own, their]` values of `codes` in `table`.
    #[inline]
    #[must_use]
    pub fn of(&self, table: usize, codes: [u8; 4]) -> [i32; PERSPECTIVES] {
        self.by_raw[table * RAW_TUPLES + raw_number(codes)].map(i32::from)
    }

    /// The value of one combination, table and perspective.
    #[must_use]
    pub fn value(&self, table: usize, combination: usize, perspective: usize) -> i32 {
        self.of(table, index_tables().patterns[combination])[perspective]
    }

    fn from_values(values: &[[[i32; PERSPECTIVES]; COMBINATIONS]]) -> CombinationValues {
        let by_raw = (0..TABLES * RAW_TUPLES)
            .map(|raw| {
                values[raw / RAW_TUPLES][usize::from(index_tables().by_raw[raw % RAW_TUPLES])]
                    .map(|value| i16::try_from(value).expect("checked by the parser"))
            })
            .collect();
        CombinationValues { by_raw }
    }

    /// Parses the texts of the data files (`combinations.txt` and
    /// `combinations-gomoku.txt`, in turn): `# comments`,
    /// then lines of a table (`black`, `white` or `gomoku`), a perspective
    /// (`own` or `their`), four pattern names and a value; combinations not
    /// listed are worth 0.
    ///
    /// # Errors
    ///
    /// The first line that does not parse, with its number and why.
    pub fn parse(texts: &[&str]) -> Result<CombinationValues, String> {
        let mut values = vec![[[0; PERSPECTIVES]; COMBINATIONS]; TABLES];
        for text in texts {
            parse_into(&mut values, text)?;
        }
        Ok(CombinationValues::from_values(&values))
    }
}

/// Reads one data file's lines into `values`.
fn parse_into(
    values: &mut [[[i32; PERSPECTIVES]; COMBINATIONS]],
    text: &str,
) -> Result<(), String> {
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |why: &str| format!("line {}: {why}: {line:?}", number + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [table, perspective, a, b, c, d, value] = words[..] else {
            return Err(fail("expected 7 words"));
        };
        let table = TABLE_NAMES
            .iter()
            .position(|&known| known == table)
            .ok_or_else(|| fail("the table is black, white or gomoku"))?;
        let perspective = match perspective {
            "own" => OWN,
            "their" => THEIR,
            _ => return Err(fail("the perspective is own or their")),
        };
        let mut codes = [0u8; 4];
        for (slot, name) in [a, b, c, d].into_iter().enumerate() {
            let code = PATTERN_NAMES
                .iter()
                .position(|&known| known == name)
                .ok_or_else(|| fail("unknown pattern"))?;
            codes[slot] = u8::try_from(code).expect("ten codes");
        }
        let value: i16 = value
            .parse()
            .map_err(|_| fail("the value is an integer from -32768 to 32767"))?;
        let value = i32::from(value);
        values[table][combination_index(codes)][perspective] = value;
    }
    Ok(())
}

/// The values of the data files, parsed once.
#[must_use]
pub fn combination_values() -> &'static CombinationValues {
    static VALUES: OnceLock<CombinationValues> = OnceLock::new();
    VALUES.get_or_init(|| {
        CombinationValues::parse(&COMBINATION_FILES).expect("the data files parse (a test checks)")
    })
}

/// The lookup tables between code tuples and combinations.
struct IndexTables {
    /// The combination of each ordered tuple, by its base-10 number.
    by_raw: Vec<u16>,
    /// The codes of each combination, highest first.
    patterns: Vec<[u8; 4]>,
}

fn index_tables() -> &'static IndexTables {
    static TABLES: OnceLock<IndexTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut patterns = Vec::with_capacity(COMBINATIONS);
        let mut by_raw = vec![0u16; RAW_TUPLES];
        for (raw, combination) in by_raw.iter_mut().enumerate() {
            let mut sorted = raw_codes(raw);
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let index = match patterns.iter().position(|&known| known == sorted) {
                Some(index) => index,
                None => {
                    patterns.push(sorted);
                    patterns.len() - 1
                }
            };
            *combination = u16::try_from(index).expect("few combinations");
        }
        assert_eq!(patterns.len(), COMBINATIONS);
        IndexTables { by_raw, patterns }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_of_the_same_codes_is_one_combination() {
        let index = combination_index([5, 0, 3, 5]);
        assert_eq!(combination_index([0, 3, 5, 5]), index);
        assert_eq!(combination_index([5, 5, 3, 0]), index);
        assert_ne!(combination_index([5, 0, 3, 4]), index);
        assert_eq!(
            combination_name(index),
            "open-three open-three open-two dead"
        );
    }

    #[test]
    fn the_shipped_values_parse() {
        for text in COMBINATION_FILES {
            assert!(CombinationValues::parse(&[text]).is_ok());
        }
    }

    #[test]
    fn a_line_names_its_table_perspective_patterns_and_value() {
        let values =
            CombinationValues::parse(&["# comment\nwhite their open-three three dead dead -42\n"])
                .expect("parses");
        let index = combination_index([5, 4, 0, 0]);
        assert_eq!(values.value(1, index, THEIR), -42);
        assert_eq!(values.value(1, index, OWN), 0);
        assert_eq!(values.of(1, [0, 5, 0, 4]), [0, -42]);
        for bad in [
            "grey own dead dead dead dead 1",
            "white mine dead dead dead dead 1",
            "white own dead dead dead ten 1",
            "white own dead dead dead dead one",
            "white own dead dead dead 1",
        ] {
            let error = CombinationValues::parse(&[bad]).expect_err(bad);
            assert!(error.starts_with("line 1:"), "{error}");
        }
    }

    #[test]
    fn renju_black_has_its_own_table_and_gomoku_one_for_both_colours() {
        assert_eq!(table_of(RuleSet::Renju, Color::Black), 0);
        assert_eq!(table_of(RuleSet::Renju, Color::White), 1);
        assert_eq!(table_of(RuleSet::Caro, Color::Black), 1);
        for rules in [RuleSet::Freestyle, RuleSet::Standard] {
            for color in Color::ALL {
                assert_eq!(table_of(rules, color), 2);
            }
        }
    }

    #[test]
    fn later_files_fill_other_tables() {
        let values = CombinationValues::parse(&[
            "black own three dead dead dead 7\n",
            "gomoku own three dead dead dead 9\n",
        ])
        .expect("parses");
        assert_eq!(values.of(0, [4, 0, 0, 0]), [7, 0]);
        assert_eq!(values.of(1, [4, 0, 0, 0]), [0, 0]);
        assert_eq!(values.of(2, [4, 0, 0, 0]), [9, 0]);
    }
}
