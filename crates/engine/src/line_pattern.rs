//! Line patterns: what a stone on an empty point would make along one line.
//!
//! The eleven cells of a line centred on a point (five on each side) decide every
//! shape through it: a five through the point lies within four cells of it, and
//! the cells just past a five decide overlines and caro's blocked fives. Each of
//! the ten neighbours is two bits (empty, black, white, wall), so a line window is
//! a 20-bit key, and one precomputed table per win rule and colour answers the
//! pattern with a single lookup. The tables are built once per process, in one
//! pass from the largest key down: a shape is a four when one more stone makes
//! one five, an open four with two, a three when one more stone makes a four,
//! and so on. The engine board reads both colours' patterns at once from a
//! `PatternPairTable`, the two tables of its rule set in one.

use std::sync::OnceLock;

use narabe_rules::{Color, RuleSet};

/// Cell code: an empty intersection.
pub const EMPTY: u8 = 0;
/// Cell code: a black stone.
pub const BLACK: u8 = 1;
/// Cell code: a white stone.
pub const WHITE: u8 = 2;
/// Cell code: outside the board.
pub const WALL: u8 = 3;

/// Neighbours on each side of the centre that a line window holds.
pub const REACH: usize = 5;
/// Number of 20-bit keys.
const KEYS: usize = 1 << 20;

/// What a stone of one colour on an empty point would make along one line,
/// weakest first. The order matters: search and evaluation compare patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing: no five can ever pass through the point along this line.
    Dead = 0,
    /// A lone stone with room for a five.
    One = 1,
    /// Two stones that can become at most a closed three.
    Two = 2,
    /// Two stones that can become an open three.
    OpenTwo = 3,
    /// Three stones that can become at most a four (a closed three).
    Three = 4,
    /// Three stones that can become an open four.
    OpenThree = 5,
    /// Four: one point completes a five.
    Four = 6,
    /// An open four (or two fours on the line): two points complete a five.
    OpenFour = 7,
    /// A winning row under the rule set.
    Five = 8,
    /// A row that is too long (or, in caro, blocked at both ends): no win, and a
    /// foul for Black in renju.
    Overline = 9,
}

impl Pattern {
    const ALL: [Pattern; 10] = [
        Pattern::Dead,
        Pattern::One,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
        Pattern::Overline,
    ];

    /// The pattern of a stored code.
    #[inline]
    #[must_use]
    pub const fn from_code(code: u8) -> Pattern {
        Pattern::ALL[code as usize]
    }

    /// The strength used to rank threats: an overline counts as nothing.
    #[must_use]
    pub const fn threat(self) -> Pattern {
        match self {
            Pattern::Overline => Pattern::Dead,
            other => other,
        }
    }

    /// Whether it is a four or an open four.
    #[must_use]
    pub const fn is_four(self) -> bool {
        matches!(self, Pattern::Four | Pattern::OpenFour)
    }
}

/// How a row wins, per rule set and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WinRule {
    /// Five or more wins (freestyle, pente, renju White).
    FiveOrMore,
    /// Exactly five wins (standard, renju Black).
    ExactlyFive,
    /// Exactly five not blocked at both ends by enemy stones (caro).
    UnblockedFive,
}

impl WinRule {
    const fn of(rules: RuleSet, color: Color) -> WinRule {
        match (rules, color) {
            (RuleSet::Standard, _) | (RuleSet::Renju, Color::Black) => WinRule::ExactlyFive,
            (RuleSet::Caro, _) => WinRule::UnblockedFive,
            _ => WinRule::FiveOrMore,
        }
    }

    const fn index(self) -> usize {
        match self {
            WinRule::FiveOrMore => 0,
            WinRule::ExactlyFive => 1,
            WinRule::UnblockedFive => 2,
        }
    }
}

/// The bit position of the neighbour at `offset` (-5..=-1, 1..=5) in a key.
#[must_use]
pub const fn slot_shift(offset: isize) -> u32 {
    let slot = if offset < 0 {
        offset + REACH as isize
    } else {
        offset + REACH as isize - 1
    };
    2 * slot as u32
}

/// The pattern table of one colour under one rule set: index it with a key.
#[derive(Clone, Copy)]
pub struct PatternTable(&'static [u8]);

impl std::fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PatternTable")
    }
}

impl PatternTable {
    /// The table for stones of `color` under `rules`.
    #[must_use]
    pub fn new(rules: RuleSet, color: Color) -> PatternTable {
        static TABLES: [OnceLock<Box<[u8]>>; 6] = [const { OnceLock::new() }; 6];
        let rule = WinRule::of(rules, color);
        let own = match color {
            Color::Black => BLACK,
            Color::White => WHITE,
        };
        let slot = rule.index() * 2 + color.index();
        PatternTable(TABLES[slot].get_or_init(|| build_table(rule, own)))
    }

    /// The pattern a stone would make on a point whose line window is `key`.
    #[inline]
    #[must_use]
    pub fn get(self, key: u32) -> Pattern {
        Pattern::from_code(self.0[key as usize])
    }
}

/// Both colours' pattern tables of one rule set as one table: each byte holds
/// Black's pattern code in its low four bits and White's in its high four, so
/// that the board's line updates look each key up once, in half the memory of
/// two tables (1 MiB), which keeps more of it in the cache.
#[derive(Clone, Copy)]
pub struct PatternPairTable(&'static [u8]);

impl std::fmt::Debug for PatternPairTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PatternPairTable")
    }
}

impl PatternPairTable {
    /// The table of both colours under `rules`.
    #[must_use]
    pub fn new(rules: RuleSet) -> PatternPairTable {
        // One slot per pair of win rules (Black's, White's).
        static TABLES: [OnceLock<Box<[u8]>>; 9] = [const { OnceLock::new() }; 9];
        let black = WinRule::of(rules, Color::Black);
        let white = WinRule::of(rules, Color::White);
        let slot = black.index() * 3 + white.index();
        // The colours' own tables are built for the merge and dropped: only
        // the merged table stays in memory.
        PatternPairTable(TABLES[slot].get_or_init(|| {
            let (black, white) = (build_table(black, BLACK), build_table(white, WHITE));
            black
                .iter()
                .zip(white.iter())
                .map(|(&black, &white)| black | (white << 4))
                .collect()
        }))
    }

    /// The codes (`Pattern as u8`) a stone of each colour would make on a
    /// point whose line window is `key`, Black's first.
    #[inline]
    #[must_use]
    pub fn get(self, key: u32) -> [u8; 2] {
        let both = self.0[key as usize];
        [both & 0xf, both >> 4]
    }
}

fn build_table(rule: WinRule, own: u8) -> Box<[u8]> {
    let mut table = vec![Pattern::Dead as u8; KEYS].into_boxed_slice();
    // Adding a stone to an empty slot sets bits, so every key a shape can grow
    // into is larger than the key itself: going from the largest key down, the
    // patterns one stone further on are always known already. No recursion, no
    // memo checks: one pass over the keys.
    for key in (0..KEYS as u32).rev() {
        table[key as usize] = classify(&table, key, rule, own) as u8;
    }
    table
}

fn cell(key: u32, offset: isize) -> u8 {
    ((key >> slot_shift(offset)) & 3) as u8
}

/// The row through the centre (an own stone) if it wins, is too long, or neither.
fn row_verdict(key: u32, rule: WinRule, own: u8) -> Option<Pattern> {
    let enemy = if own == BLACK { WHITE } else { BLACK };
    let mut low = 1;
    while low <= REACH as isize && cell(key, -low) == own {
        low += 1;
    }
    let mut high = 1;
    while high <= REACH as isize && cell(key, high) == own {
        high += 1;
    }
    let length = low + high - 1;
    if length < 5 {
        return None;
    }
    Some(match rule {
        WinRule::FiveOrMore => Pattern::Five,
        WinRule::ExactlyFive if length == 5 => Pattern::Five,
        WinRule::UnblockedFive
            if length == 5 && !(cell(key, -low) == enemy && cell(key, high) == enemy) =>
        {
            Pattern::Five
        }
        _ => Pattern::Overline,
    })
}

/// The pattern of `key` from the patterns of the keys with one more own stone,
/// already in `table`.
fn classify(table: &[u8], key: u32, rule: WinRule, own: u8) -> Pattern {
    if let Some(row) = row_verdict(key, rule, own) {
        return row;
    }
    let mut fives = 0;
    let mut best = Pattern::Dead;
    for offset in (-4..=-1).chain(1..=4) {
        if cell(key, offset) != EMPTY {
            continue;
        }
        let next = key | (u32::from(own) << slot_shift(offset));
        match Pattern::from_code(table[next as usize]) {
            Pattern::Five => fives += 1,
            other => best = best.max(other.threat()),
        }
    }
    match (fives, best) {
        (2.., _) => Pattern::OpenFour,
        (1, _) => Pattern::Four,
        (_, Pattern::OpenFour) => Pattern::OpenThree,
        (_, Pattern::Four) => Pattern::Three,
        (_, Pattern::OpenThree) => Pattern::OpenTwo,
        (_, Pattern::Three) => Pattern::Two,
        (_, Pattern::Dead) => Pattern::Dead,
        _ => Pattern::One,
    }
}

/// The key of a line window given its cells from offset -5 to +5 (the centre,
/// index 5, is ignored): a helper for tests and setup.
#[must_use]
pub fn key_of(cells: [u8; 11]) -> u32 {
    let mut key = 0;
    for (index, &code) in cells.iter().enumerate() {
        let offset = index as isize - REACH as isize;
        if offset != 0 {
            key |= u32::from(code) << slot_shift(offset);
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window from text: `x` black, `o` white, `.` empty, `#` wall, `*` the
    /// centre; padded with empties to eleven cells around the centre.
    fn window(text: &str) -> u32 {
        let centre = text.find('*').unwrap();
        let mut cells = [EMPTY; 11];
        for (i, ch) in text.chars().enumerate() {
            let index = i as isize - centre as isize + REACH as isize;
            if (0..11).contains(&index) {
                cells[index as usize] = match ch {
                    'x' => BLACK,
                    'o' => WHITE,
                    '#' => WALL,
                    _ => EMPTY,
                };
            }
        }
        key_of(cells)
    }

    fn black(rules: RuleSet, text: &str) -> Pattern {
        PatternTable::new(rules, Color::Black).get(window(text))
    }

    #[test]
    fn shapes_are_named_as_players_name_them() {
        let rules = RuleSet::Freestyle;
        assert_eq!(black(rules, "xx*xx"), Pattern::Five);
        assert_eq!(black(rules, "..x*xx.."), Pattern::OpenFour);
        assert_eq!(black(rules, "ox*xx.."), Pattern::Four);
        assert_eq!(black(rules, "x.*xx"), Pattern::Four);
        assert_eq!(black(rules, "...x*x..."), Pattern::OpenThree);
        assert_eq!(black(rules, "o.x*x.o"), Pattern::Three);
        assert_eq!(black(rules, "...*x..."), Pattern::OpenTwo);
        assert_eq!(black(rules, "o*.x.o"), Pattern::Dead);
        assert_eq!(black(rules, "#*xxx#"), Pattern::Dead);
    }

    #[test]
    fn win_rules_differ_on_long_and_blocked_rows() {
        assert_eq!(black(RuleSet::Freestyle, "xxx*xx"), Pattern::Five);
        assert_eq!(black(RuleSet::Standard, "xxx*xx"), Pattern::Overline);
        assert_eq!(black(RuleSet::Renju, "xxx*xx"), Pattern::Overline);
        let white_six = PatternTable::new(RuleSet::Renju, Color::White).get(window("ooo*oo"));
        assert_eq!(white_six, Pattern::Five);
        assert_eq!(black(RuleSet::Caro, "oxx*xxo"), Pattern::Overline);
        assert_eq!(
            black(RuleSet::Caro, "#xx*xxo"),
            Pattern::Five,
            "edges do not block"
        );
        assert_eq!(black(RuleSet::Caro, "o.xx*x.o"), Pattern::OpenFour);
        assert_eq!(
            black(RuleSet::Caro, "oxxx*.o"),
            Pattern::Dead,
            "a five between enemies"
        );
        assert_eq!(black(RuleSet::Standard, "x.x*x.x"), Pattern::OpenFour);
    }

    #[test]
    fn the_pair_table_holds_both_colours_tables() {
        for rules in [RuleSet::Renju, RuleSet::Caro, RuleSet::Freestyle] {
            let pair = PatternPairTable::new(rules);
            let black = PatternTable::new(rules, Color::Black);
            let white = PatternTable::new(rules, Color::White);
            for key in (0..KEYS as u32).step_by(97) {
                assert_eq!(
                    pair.get(key),
                    [black.get(key) as u8, white.get(key) as u8],
                    "{rules:?} key {key:#x}"
                );
            }
        }
    }
}
