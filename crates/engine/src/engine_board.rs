//! The engine's board: a padded cell array with, for every point and direction,
//! the key of its line window and, on every empty point, the pattern a stone of
//! either colour would make there, all kept up to date on make and unmake; plus
//! the Zobrist hash, the neighbourhood counts behind candidate moves, pente
//! captures and the running sums the evaluation reads.

use narabe_rules::{Board, BoardSize, Color, Point, Position, RuleSet, forbidden};

use crate::evaluation_combinations::{
    CombinationValues, OWN, PERSPECTIVES, THEIR, combination_values, table_of,
};
use crate::line_pattern::{
    BLACK, EMPTY, Pattern, PatternPairTable, REACH, WALL, WHITE, slot_shift,
};
use crate::zobrist;

/// Wall cells around the board: a line window reaches five cells past a point.
pub const PAD: usize = REACH;
/// Cells per row of the padded array (22 lines plus the walls fit in 32).
pub const STRIDE: usize = 32;
/// Cells of the padded array.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions: along a row, along a column, the
/// diagonal and the anti-diagonal.
pub const STEPS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];
/// Distance (king moves) within which an empty point next to stones is a
/// candidate move.
const NEAR_RADIUS: isize = 2;

/// The levels whose points are kept as bit sets (`EngineBoard::points_at_least`
/// walks the set instead of every candidate): fours, open fours and fives are
/// what the threat searches and the forced-move rules look for at every node.
const INDEXED_LEVELS: [Pattern; 3] = [Pattern::Four, Pattern::OpenFour, Pattern::Five];
/// 64-bit words of one bit set over the padded array.
const BIT_WORDS: usize = CELLS / 64;

/// How much each line pattern of an empty point is worth to the move ordering
/// (`threat_moves::shape_score`; the evaluation has tuned weights of its own).
pub const PATTERN_VALUE: [i32; 10] = [0, 1, 4, 12, 14, 48, 60, 400, 2000, 0];

/// The array index of `point`.
#[must_use]
pub const fn index_of(point: Point) -> usize {
    (point.row() as usize + PAD) * STRIDE + point.col() as usize + PAD
}

/// The point at array index `index` (a board cell).
#[must_use]
pub fn point_of(index: usize) -> Point {
    let col = u8::try_from(index % STRIDE - PAD).expect("board column");
    let row = u8::try_from(index / STRIDE - PAD).expect("board row");
    Point::new(col, row).expect("board point")
}

/// The cell code of a stone of `color`.
#[must_use]
pub const fn stone_code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// What one move changed, to take it back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    at: u16,
    /// Stones this move captured, on top of `EngineBoard::captured_stack`.
    captured: u8,
}

/// A position as the search sees it. See the module documentation.
#[derive(Clone)]
pub struct EngineBoard {
    rules: RuleSet,
    size: BoardSize,
    cells: [u8; CELLS],
    keys: Box<[[u32; 4]; CELLS]>,
    /// `patterns[cell][colour][direction]` as `Pattern` codes (current on
    /// empty cells; a stone's are those of its point when it was placed).
    patterns: Box<[[[u8; 4]; 2]; CELLS]>,
    tables: PatternPairTable,
    near: Box<[u8; CELLS]>,
    board_cells: Vec<u16>,
    hash: u64,
    side: Color,
    captures: [u16; 2],
    history: Vec<Undo>,
    captured_stack: Vec<u16>,
    /// How many empty points have each strongest pattern, per colour.
    level_count: [[i32; 10]; 2],
    /// Per colour, the sum over its empty points of their combination values
    /// (`evaluation_combinations`), `[own, their]`.
    combination_sum: [[i32; PERSPECTIVES]; 2],
    /// The combination values.
    combinations: &'static CombinationValues,
    /// The table of `combinations` each colour reads (`table_of`).
    combination_table: [usize; 2],
    /// Per colour and `INDEXED_LEVELS` entry, the empty points that reach it.
    level_points: [[[u64; BIT_WORDS]; 3]; 2],
    /// The same stones as a rules-crate board, for exact renju verdicts.
    rules_board: Board,
    stones: usize,
    /// Per move made without captures: the sums before it and where its saved
    /// patterns start in `saved_patterns`.
    saved_sums: Vec<SavedSums>,
    /// The patterns of the points a move changed, as they were before it, so
    /// that unmake puts them back without looking them up again.
    saved_patterns: Vec<(u16, [[u8; 4]; 2])>,
}

/// The running sums before a move, and where the move's saved patterns start.
#[derive(Debug, Clone, Copy)]
struct SavedSums {
    level_count: [[i32; 10]; 2],
    combination_sum: [[i32; PERSPECTIVES]; 2],
    patterns_from: usize,
}

impl std::fmt::Debug for EngineBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineBoard")
            .field("rules", &self.rules)
            .field("side", &self.side)
            .field("board", &self.rules_board)
            .finish_non_exhaustive()
    }
}

impl EngineBoard {
    /// The engine board of `position` (its stones, side to move and captures).
    #[must_use]
    pub fn from_position(position: &Position) -> EngineBoard {
        let rules = position.rules();
        let size = position.board().size();
        let lines = usize::from(size.get());
        let mut cells = [WALL; CELLS];
        let mut board_cells = Vec::with_capacity(lines * lines);
        for row in 0..lines {
            for col in 0..lines {
                let at = (row + PAD) * STRIDE + col + PAD;
                cells[at] = EMPTY;
                board_cells.push(u16::try_from(at).expect("small index"));
            }
        }
        let mut board = EngineBoard {
            rules,
            size,
            cells,
            keys: Box::new([[0; 4]; CELLS]),
            patterns: Box::new([[[0; 4]; 2]; CELLS]),
            tables: PatternPairTable::new(rules),
            near: Box::new([0; CELLS]),
            board_cells,
            hash: 0,
            side: Color::Black,
            captures: [0, 0],
            history: Vec::with_capacity(256),
            captured_stack: Vec::new(),
            level_count: [[0; 10]; 2],
            combination_sum: [[0; PERSPECTIVES]; 2],
            combinations: combination_values(),
            combination_table: Color::ALL.map(|color| table_of(rules, color)),
            level_points: [[[0; BIT_WORDS]; 3]; 2],
            rules_board: Board::new(size),
            stones: 0,
            saved_sums: Vec::with_capacity(256),
            saved_patterns: Vec::with_capacity(256 * 4 * 2 * REACH),
        };
        board.rebuild_keys();
        for index in 0..board.board_cells.len() {
            let at = usize::from(board.board_cells[index]);
            board.refresh_patterns(at);
            board.account(at, 1);
        }
        for (point, color) in position.board().stones() {
            board.place_stone(index_of(point), color, false);
        }
        for color in Color::ALL {
            board.set_captures(color, position.captures(color));
        }
        board.side = Color::Black;
        if position.turn() == Color::White {
            board.hash ^= zobrist::keys().white_to_move;
            board.side = Color::White;
        }
        board
    }

    fn rebuild_keys(&mut self) {
        for at in 0..CELLS {
            for (direction, &step) in STEPS.iter().enumerate() {
                let mut key = 0;
                for offset in (-(REACH as isize)..0).chain(1..=REACH as isize) {
                    let code = at
                        .checked_add_signed(offset * step as isize)
                        .filter(|&cell| cell < CELLS)
                        .map_or(WALL, |cell| self.cells[cell]);
                    key |= u32::from(code) << slot_shift(offset);
                }
                self.keys[at][direction] = key;
            }
        }
    }

    fn set_captures(&mut self, color: Color, count: u16) {
        let keys = zobrist::keys();
        let slot = color.index();
        self.hash ^= keys.captures[slot][usize::from(self.captures[slot].min(31))];
        self.captures[slot] = count;
        self.hash ^= keys.captures[slot][usize::from(count.min(31))];
    }

    /// The rule set.
    #[must_use]
    pub const fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The colour to move.
    #[must_use]
    pub const fn side(&self) -> Color {
        self.side
    }

    /// The Zobrist hash of stones, side to move and captures.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones on the board.
    #[must_use]
    pub const fn stone_count(&self) -> usize {
        self.stones
    }

    /// Stones captured so far by `color`.
    #[must_use]
    pub const fn captures(&self, color: Color) -> u16 {
        self.captures[color.index()]
    }

    /// Moves made since the board was set up.
    #[must_use]
    pub fn moves_made(&self) -> usize {
        self.history.len()
    }

    /// Whether no empty point is left.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.board_cells.len()
    }

    /// The cell code at `at`.
    #[must_use]
    pub fn cell(&self, at: usize) -> u8 {
        self.cells[at]
    }

    /// Whether `at` is an empty board point.
    #[must_use]
    pub fn is_empty(&self, at: usize) -> bool {
        self.cells[at] == EMPTY
    }

    /// Every board cell, row by row.
    #[must_use]
    pub fn board_cells(&self) -> &[u16] {
        &self.board_cells
    }

    /// The rules-crate board holding the same stones.
    #[must_use]
    pub const fn rules_board(&self) -> &Board {
        &self.rules_board
    }

    /// What a stone of `color` on the empty point `at` makes along `direction`.
    #[inline]
    #[must_use]
    pub fn pattern(&self, at: usize, color: Color, direction: usize) -> Pattern {
        debug_assert_eq!(self.cells[at], EMPTY, "a stone's patterns are stale");
        Pattern::from_code(self.patterns[at][color.index()][direction])
    }

    /// The four patterns of `color` on `at`.
    #[inline]
    #[must_use]
    pub fn patterns(&self, at: usize, color: Color) -> [Pattern; 4] {
        debug_assert_eq!(self.cells[at], EMPTY, "a stone's patterns are stale");
        self.patterns[at][color.index()].map(Pattern::from_code)
    }

    /// The four patterns of `color` on `at` as stored codes (`Pattern as u8`),
    /// for lookups keyed by them.
    #[inline]
    #[must_use]
    pub fn pattern_codes(&self, at: usize, color: Color) -> [u8; 4] {
        debug_assert_eq!(self.cells[at], EMPTY, "a stone's patterns are stale");
        self.patterns[at][color.index()]
    }

    /// The strongest threat a stone of `color` makes on the empty point `at`.
    #[inline]
    #[must_use]
    pub fn level(&self, at: usize, color: Color) -> Pattern {
        debug_assert_eq!(self.cells[at], EMPTY, "a stone's patterns are stale");
        strongest(self.patterns[at][color.index()])
    }

    /// How many empty points give `color` exactly `level` as strongest threat.
    #[inline]
    #[must_use]
    pub fn level_count(&self, color: Color, level: Pattern) -> i32 {
        self.level_count[color.index()][level as usize]
    }

    /// How many empty points give `color` at least `level`.
    #[must_use]
    pub fn count_at_least(&self, color: Color, level: Pattern) -> i32 {
        self.level_count[color.index()][level as usize..=Pattern::Five as usize]
            .iter()
            .sum()
    }

    /// The sum of the combination values of every empty point
    /// (`evaluation_combinations`): the side to move's own values and the
    /// other side's.
    #[inline]
    #[must_use]
    pub fn combination_value(&self) -> i32 {
        let side = self.side.index();
        self.combination_sum[side][OWN] + self.combination_sum[1 - side][THEIR]
    }

    /// Whether a stone (of either colour) lies within two points, king moves.
    #[must_use]
    pub fn has_neighbours(&self, at: usize) -> bool {
        self.near[at] > 0
    }

    /// The empty points near stones: the candidate moves.
    pub fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.board_cells
            .iter()
            .map(|&at| usize::from(at))
            .filter(|&at| self.cells[at] == EMPTY && self.near[at] > 0)
    }

    /// Empty points where `color` reaches at least `level`, in index order.
    /// Fours, open fours and fives come from a bit set; weaker levels are
    /// looked for among the candidates.
    pub fn points_at_least(
        &self,
        color: Color,
        level: Pattern,
    ) -> impl Iterator<Item = usize> + '_ {
        let slot = INDEXED_LEVELS.iter().position(|&indexed| indexed == level);
        let from_bits = slot
            .map(|slot| &self.level_points[color.index()][slot])
            .into_iter()
            .flat_map(|words| {
                words.iter().enumerate().flat_map(|(index, &word)| SetBits {
                    word,
                    base: index * 64,
                })
            });
        let scanned = slot.is_none().then(|| {
            self.candidates()
                .filter(move |&at| self.level(at, color) >= level)
        });
        from_bits.chain(scanned.into_iter().flatten())
    }

    /// Empty points where either colour reaches at least `level`, one of the
    /// levels kept as bit sets (a four, an open four or a five), in index
    /// order: such a point has a stone next to it, so it is a candidate.
    pub fn points_either_reaches(&self, level: Pattern) -> impl Iterator<Item = usize> + '_ {
        let slot = INDEXED_LEVELS
            .iter()
            .position(|&indexed| indexed == level)
            .expect("an indexed level");
        let [black, white] = &self.level_points;
        black[slot]
            .iter()
            .zip(&white[slot])
            .enumerate()
            .flat_map(|(index, (&black, &white))| SetBits {
                word: black | white,
                base: index * 64,
            })
    }

    /// Whether a black stone on the empty point `at` is forbidden (renju only).
    /// The line patterns rule out almost every point at once; the few that could
    /// be fouls (an overline, two fours or an open four, two open threes) get the
    /// exact verdict of `narabe_rules::forbidden::classify`, with its recursive
    /// real-three rule.
    #[must_use]
    pub fn black_foul(&self, at: usize) -> bool {
        if self.rules != RuleSet::Renju || self.cells[at] != EMPTY {
            return false;
        }
        let patterns = self.patterns(at, Color::Black);
        if patterns.contains(&Pattern::Five) {
            return false;
        }
        if !could_be_foul(patterns) {
            return false;
        }
        forbidden::classify(&self.rules_board, point_of(at)).is_some_and(|v| v.is_foul())
    }

    /// Whether the side to move may put a stone on `at` without fouling.
    #[must_use]
    pub fn playable(&self, at: usize) -> bool {
        self.cells[at] == EMPTY && !(self.side == Color::Black && self.black_foul(at))
    }

    /// How many stones a stone of `color` on the empty point `at` would capture.
    #[must_use]
    pub fn capture_count(&self, at: usize, color: Color) -> u16 {
        let mut count = 0;
        for_each_capture(&self.cells, self.rules, at, stone_code(color), |_| {
            count += 1
        });
        count
    }

    /// Whether a stone of `color` on `at` wins at once (a five, or the capture
    /// goal in pente).
    #[must_use]
    pub fn wins_at(&self, at: usize, color: Color) -> bool {
        if self.patterns(at, color).contains(&Pattern::Five) {
            return true;
        }
        self.rules.capture_goal().is_some_and(|goal| {
            let taken = self.capture_count(at, color);
            taken > 0 && self.captures[color.index()] + taken >= goal
        })
    }

    /// Whether `color` could win by capturing soon enough that capture wins are
    /// worth looking for (pente only).
    #[must_use]
    pub fn capture_win_possible(&self, color: Color) -> bool {
        self.rules
            .capture_goal()
            .is_some_and(|goal| self.captures[color.index()] + 2 * 4 >= goal)
    }

    /// Every empty point where a stone of `color` wins at once.
    #[must_use]
    pub fn winning_points(&self, color: Color) -> Vec<usize> {
        let mut points = Vec::new();
        let by_capture = self.capture_win_possible(color);
        if self.level_count(color, Pattern::Five) == 0 && !by_capture {
            return points;
        }
        if by_capture {
            points.extend(self.candidates().filter(|&at| self.wins_at(at, color)));
        } else {
            points.extend(self.points_at_least(color, Pattern::Five));
        }
        points
    }

    /// Plays a stone of the side to move on the empty point `at`, with captures.
    pub fn make(&mut self, at: usize) {
        debug_assert_eq!(self.cells[at], EMPTY);
        let mover = self.side;
        // Without captures a move changes only the lines through it: the
        // patterns it changes are saved for unmake (`update_lines`).
        let save = self.rules.capture_sizes().is_empty();
        if save {
            self.saved_sums.push(SavedSums {
                level_count: self.level_count,
                combination_sum: self.combination_sum,
                patterns_from: self.saved_patterns.len(),
            });
        }
        self.place_stone(at, mover, save);
        let mut captured = 0u8;
        if !self.rules.capture_sizes().is_empty() {
            let mut taken = [0usize; 24];
            let mut count = 0;
            for_each_capture(&self.cells, self.rules, at, stone_code(mover), |cell| {
                taken[count] = cell;
                count += 1;
            });
            for &cell in &taken[..count] {
                self.remove_stone(cell);
                self.captured_stack
                    .push(u16::try_from(cell).expect("index"));
            }
            captured = u8::try_from(count).expect("few captures");
            if count > 0 {
                let total = self.captures[mover.index()] + u16::from(captured);
                self.set_captures(mover, total);
            }
        }
        self.history.push(Undo {
            at: u16::try_from(at).expect("index"),
            captured,
        });
        self.side = mover.other();
        self.hash ^= zobrist::keys().white_to_move;
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let undo = self.history.pop().expect("a move to take back");
        self.side = self.side.other();
        self.hash ^= zobrist::keys().white_to_move;
        let mover = self.side;
        if self.rules.capture_sizes().is_empty() {
            self.lift_saved_stone(usize::from(undo.at));
            return;
        }
        if undo.captured > 0 {
            let total = self.captures[mover.index()] - u16::from(undo.captured);
            self.set_captures(mover, total);
            for _ in 0..undo.captured {
                let cell = self.captured_stack.pop().expect("captured stone");
                self.place_stone(usize::from(cell), mover.other(), false);
            }
        }
        self.remove_stone(usize::from(undo.at));
    }

    /// Passes the turn without a stone (for threat tests of the other side).
    pub fn make_null(&mut self) {
        self.side = self.side.other();
        self.hash ^= zobrist::keys().white_to_move;
    }

    /// The last moves made, oldest first.
    pub fn move_history(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.history.iter().map(|undo| usize::from(undo.at))
    }

    /// Puts a stone of `color` on `at`; with `save`, the patterns it changes
    /// are saved for `lift_saved_stone`.
    fn place_stone(&mut self, at: usize, color: Color, save: bool) {
        self.account(at, -1);
        let code = stone_code(color);
        self.cells[at] = code;
        self.hash ^= zobrist::keys().stones[color.index()][at];
        self.rules_board.put(point_of(at), color);
        self.stones += 1;
        self.adjust_near(at, 1);
        self.update_lines(at, code, save);
    }

    /// Takes back the stone on `at` of a move without captures: the line keys
    /// are rewritten, and the patterns and sums saved by `make` come back.
    fn lift_saved_stone(&mut self, at: usize) {
        self.clear_cell(at);
        self.for_each_line_point(at, |board, point, (direction, shift)| {
            let key = &mut board.keys[point][direction];
            *key &= !(3 << shift);
        });
        let saved = self.saved_sums.pop().expect("a saved move");
        let restored = saved.patterns_from..self.saved_patterns.len();
        for index in restored.clone() {
            let (point, patterns) = self.saved_patterns[index];
            let point = usize::from(point);
            let current = self.patterns[point];
            self.patterns[point] = patterns;
            for slot in 0..2 {
                // The bit sets only hold fours and better: a point below a
                // four before and after is in none of them.
                let level = strongest(patterns[slot]);
                if level >= INDEXED_LEVELS[0] || strongest(current[slot]) >= INDEXED_LEVELS[0] {
                    self.mark_level(point, slot, level);
                }
            }
        }
        self.saved_patterns.truncate(restored.start);
        for slot in 0..2 {
            self.mark_level(at, slot, strongest(self.patterns[at][slot]));
        }
        self.level_count = saved.level_count;
        self.combination_sum = saved.combination_sum;
    }

    /// Calls `visit` with every board point within reach of `at` along the
    /// four lines, with its direction and the shift of `at`'s slot in its key.
    #[inline]
    fn for_each_line_point(
        &mut self,
        at: usize,
        mut visit: impl FnMut(&mut EngineBoard, usize, (usize, u32)),
    ) {
        for (direction, &step) in STEPS.iter().enumerate() {
            for distance in 1..=REACH as isize {
                for sign in [-1, 1] {
                    let offset = sign * distance;
                    // `at` lies at `-offset` from the point at `at + offset * step`.
                    let point = at.wrapping_add_signed(offset * step as isize);
                    if self.cells[point] != WALL {
                        visit(self, point, (direction, slot_shift(-offset)));
                    }
                }
            }
        }
    }

    fn remove_stone(&mut self, at: usize) {
        self.clear_cell(at);
        self.update_lines(at, EMPTY, false);
        // The stone's own patterns went stale while it stood (captures take
        // stones in any order).
        self.refresh_patterns(at);
        self.account(at, 1);
    }

    /// Empties the cell of the stone on `at`: the cell, the hash, the rules
    /// board, the stone count and the neighbourhood counts (the lines and
    /// sums are the caller's).
    fn clear_cell(&mut self, at: usize) {
        let color = if self.cells[at] == BLACK {
            Color::Black
        } else {
            Color::White
        };
        self.cells[at] = EMPTY;
        self.hash ^= zobrist::keys().stones[color.index()][at];
        self.rules_board.remove(point_of(at));
        self.stones -= 1;
        self.adjust_near(at, -1);
    }

    fn adjust_near(&mut self, at: usize, delta: i8) {
        for drow in -NEAR_RADIUS..=NEAR_RADIUS {
            for dcol in -NEAR_RADIUS..=NEAR_RADIUS {
                let cell = at.wrapping_add_signed(drow * STRIDE as isize + dcol);
                self.near[cell] = self.near[cell].wrapping_add_signed(delta);
            }
        }
    }

    /// Writes `code` into the line keys of every point within reach of `at`
    /// and refreshes the patterns of the empty ones. A stone's patterns are
    /// left as they were when it was placed: nothing reads them, and they come
    /// back right when the stone goes (unmake restores the patterns it saved;
    /// a capture refreshes them in `remove_stone`).
    ///
    /// With `save`, each empty point whose patterns change has them saved
    /// first, as they were (`saved_patterns`; a point lies on one line
    /// through `at`, so it is saved at most once).
    fn update_lines(&mut self, at: usize, code: u8, save: bool) {
        self.for_each_line_point(at, |board, point, (direction, shift)| {
            let key = &mut board.keys[point][direction];
            *key = (*key & !(3 << shift)) | (u32::from(code) << shift);
            if board.cells[point] == EMPTY {
                board.refresh_empty_direction(point, direction, save);
            }
        });
    }

    fn refresh_patterns(&mut self, at: usize) {
        for direction in 0..4 {
            self.refresh_direction(at, direction);
        }
    }

    #[inline]
    fn refresh_direction(&mut self, at: usize, direction: usize) {
        let codes = self.tables.get(self.keys[at][direction]);
        for (slot, code) in codes.into_iter().enumerate() {
            self.patterns[at][slot][direction] = code;
        }
    }

    /// Refreshes one direction of the empty point `at` and moves the sums by the
    /// difference alone (the other three directions did not change); with
    /// `save`, saves the point's patterns first if they change.
    #[inline]
    fn refresh_empty_direction(&mut self, at: usize, direction: usize, save: bool) {
        let codes = self.tables.get(self.keys[at][direction]);
        let current = self.patterns[at];
        if save && (codes[0] != current[0][direction] || codes[1] != current[1][direction]) {
            self.saved_patterns
                .push((u16::try_from(at).expect("index"), current));
        }
        for (slot, new_code) in codes.into_iter().enumerate() {
            let before = current[slot];
            if new_code == before[direction] {
                continue;
            }
            // The new codes are built in a register and stored whole: writing
            // one byte and reading the four back would stall on the store.
            let shift = 8 * direction as u32;
            let after = ((u32::from_le_bytes(before) & !(0xff << shift))
                | (u32::from(new_code) << shift))
                .to_le_bytes();
            self.patterns[at][slot] = after;
            let table = self.combination_table[slot];
            let old_values = self.combinations.of(table, before);
            let new_values = self.combinations.of(table, after);
            for perspective in [OWN, THEIR] {
                self.combination_sum[slot][perspective] +=
                    new_values[perspective] - old_values[perspective];
            }
            let old_level = strongest(before);
            let new_level = strongest(after);
            if old_level != new_level {
                self.level_count[slot][old_level as usize] -= 1;
                self.level_count[slot][new_level as usize] += 1;
                self.mark_level(at, slot, new_level);
            }
        }
    }

    /// Adds (`sign` 1) or removes (-1) the empty point `at` from the sums.
    #[inline]
    fn account(&mut self, at: usize, sign: i32) {
        for color in Color::ALL {
            let codes = self.patterns[at][color.index()];
            let level = strongest(codes);
            self.level_count[color.index()][level as usize] += sign;
            let values = self
                .combinations
                .of(self.combination_table[color.index()], codes);
            for perspective in [OWN, THEIR] {
                self.combination_sum[color.index()][perspective] += sign * values[perspective];
            }
            self.mark_level(
                at,
                color.index(),
                if sign > 0 { level } else { Pattern::Dead },
            );
        }
    }

    /// Puts the point `at` into the bit sets of the indexed levels that
    /// `level` reaches for colour `slot`, and out of the others.
    #[inline]
    fn mark_level(&mut self, at: usize, slot: usize, level: Pattern) {
        let (word, bit) = (at / 64, 1u64 << (at % 64));
        for (sets, &indexed) in self.level_points[slot].iter_mut().zip(&INDEXED_LEVELS) {
            if level >= indexed {
                sets[word] |= bit;
            } else {
                sets[word] &= !bit;
            }
        }
    }

    /// The level counts and the combination sums recomputed from scratch
    /// (tests compare them with the running ones).
    #[must_use]
    pub fn recomputed_sums(&self) -> RunningSums {
        let mut level_counts = [[0; 10]; 2];
        let mut combination_sums = [[0; PERSPECTIVES]; 2];
        for at in self.board_cells.iter().map(|&at| usize::from(at)) {
            if self.cells[at] != EMPTY {
                continue;
            }
            for color in Color::ALL {
                let mut level = Pattern::Dead;
                for direction in 0..4 {
                    let pattern = self.pattern(at, color, direction);
                    level = level.max(pattern.threat());
                }
                level_counts[color.index()][level as usize] += 1;
                let values = self.combinations.of(
                    self.combination_table[color.index()],
                    self.patterns[at][color.index()],
                );
                for perspective in [OWN, THEIR] {
                    combination_sums[color.index()][perspective] += values[perspective];
                }
            }
        }
        RunningSums {
            level_counts,
            combination_sums,
        }
    }

    /// The running sums, for the same comparison.
    #[must_use]
    pub fn running_sums(&self) -> RunningSums {
        RunningSums {
            level_counts: self.level_count,
            combination_sums: self.combination_sum,
        }
    }
}

/// The sums the board keeps up to date, per colour (`EngineBoard::running_sums`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunningSums {
    /// Empty points by strongest pattern.
    pub level_counts: [[i32; 10]; 2],
    /// Combination values of the empty points, `[own, their]`.
    pub combination_sums: [[i32; PERSPECTIVES]; 2],
}

/// The indices of the set bits of one word of a bit set, lowest first.
struct SetBits {
    word: u64,
    base: usize,
}

impl Iterator for SetBits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.word == 0 {
            return None;
        }
        let bit = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(self.base + bit)
    }
}

/// The strongest threat among four pattern codes.
#[inline]
fn strongest(codes: [u8; 4]) -> Pattern {
    // On the codes themselves (`Pattern::threat`: an overline counts as
    // nothing), without a table lookup a code.
    let mut level = Pattern::Dead as u8;
    for code in codes {
        if code != Pattern::Overline as u8 {
            level = level.max(code);
        }
    }
    Pattern::from_code(level)
}

/// Whether a black stone with these line patterns could be a renju foul: only
/// overlines, two fours (on two lines, or on one line, which the tables call an
/// open four) and two open threes can be. Tests check that every foul of the
/// rules crate passes this filter.
#[must_use]
pub fn could_be_foul(patterns: [Pattern; 4]) -> bool {
    let mut fours = 0;
    let mut threes = 0;
    for pattern in patterns {
        match pattern {
            Pattern::Overline | Pattern::OpenFour => return true,
            Pattern::Four => fours += 1,
            Pattern::OpenThree => threes += 1,
            _ => {}
        }
    }
    fours >= 2 || threes >= 2
}

/// Calls `take` for each enemy stone a stone coded `own` on `at` captures.
fn for_each_capture(
    cells: &[u8; CELLS],
    rules: RuleSet,
    at: usize,
    own: u8,
    mut take: impl FnMut(usize),
) {
    let enemy = if own == BLACK { WHITE } else { BLACK };
    for &step in &STEPS {
        for sign in [-1isize, 1] {
            let delta = sign * step as isize;
            for &group in rules.capture_sizes() {
                let group = group as isize;
                let flanked = (1..=group)
                    .all(|k| cells[at.wrapping_add_signed(k * delta)] == enemy)
                    && cells[at.wrapping_add_signed((group + 1) * delta)] == own;
                if flanked {
                    for k in 1..=group {
                        take(at.wrapping_add_signed(k * delta));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use narabe_rules::{FoulPolicy, Move};

    /// A tiny deterministic generator for test positions.
    fn random_position(rules: RuleSet, seed: u64, stones: usize) -> Position {
        let mut random = crate::random::SplitMix64::new(seed);
        let mut position = Position::new(rules);
        let lines = u64::from(position.board().size().get());
        let mut placed = 0;
        while placed < stones && !position.is_over() {
            // Cluster stones near the centre so that shapes form.
            let col = lines / 2 - 4 + random.below(9);
            let row = lines / 2 - 4 + random.below(9);
            let point = Point::new(col as u8, row as u8).unwrap();
            if position.play_mut(Move::Place(point)).is_ok() {
                placed += 1;
            }
        }
        position
    }

    #[test]
    fn running_sums_match_a_recount_after_make_and_unmake() {
        for rules in RuleSet::ALL {
            for seed in 0..20 {
                let position = random_position(rules, seed, 30);
                if position.is_over() {
                    continue;
                }
                let mut board = EngineBoard::from_position(&position);
                let start_hash = board.hash();
                let sums = board.recomputed_sums();
                assert_eq!(board.running_sums(), sums);
                let moves: Vec<usize> = board.candidates().take(6).collect();
                for &at in &moves {
                    board.make(at);
                }
                assert_eq!(board.running_sums(), board.recomputed_sums(), "{rules}");
                for _ in &moves {
                    board.unmake();
                }
                assert_eq!(board.running_sums(), sums);
                assert_eq!(board.hash(), start_hash);
            }
        }
    }

    /// Keys, patterns, sums and hash after a line of moves and after taking
    /// it back are those of a board built afresh from the same position.
    #[test]
    fn make_and_unmake_leave_the_board_as_built_afresh() {
        let same = |board: &EngineBoard, fresh: &EngineBoard, context: &str| {
            for &at in board.board_cells() {
                let at = usize::from(at);
                assert_eq!(
                    board.keys[at],
                    fresh.keys[at],
                    "keys of {} {context}",
                    point_of(at)
                );
                if board.is_empty(at) {
                    assert_eq!(
                        board.patterns[at],
                        fresh.patterns[at],
                        "patterns of {} {context}",
                        point_of(at)
                    );
                }
            }
            assert_eq!(board.running_sums(), fresh.running_sums(), "{context}");
            assert_eq!(board.hash(), fresh.hash(), "{context}");
            for color in Color::ALL {
                for level in INDEXED_LEVELS {
                    let indexed: Vec<usize> = board.points_at_least(color, level).collect();
                    let scanned: Vec<usize> = board
                        .candidates()
                        .filter(|&at| board.level(at, color) >= level)
                        .collect();
                    assert_eq!(indexed, scanned, "{color:?} {level:?} {context}");
                }
            }
        };
        for rules in RuleSet::ALL {
            for seed in 0..20 {
                let position = random_position(rules, seed + 500, 24);
                if position.is_over() {
                    continue;
                }
                let mut board = EngineBoard::from_position(&position);
                let mut after = position.clone();
                let mut made = 0;
                for at in board.candidates().step_by(3).take(8).collect::<Vec<_>>() {
                    if after.is_over() || after.play_mut(Move::Place(point_of(at))).is_err() {
                        break;
                    }
                    board.make(at);
                    made += 1;
                }
                same(
                    &board,
                    &EngineBoard::from_position(&after),
                    &format!("{rules}, {made} moves on"),
                );
                for _ in 0..made {
                    board.unmake();
                }
                same(
                    &board,
                    &EngineBoard::from_position(&position),
                    &format!("{rules}, back"),
                );
            }
        }
    }

    #[test]
    fn patterns_agree_with_the_rules_crate_on_fives() {
        for rules in RuleSet::ALL {
            for seed in 0..30 {
                let position = random_position(rules, seed + 100, 40);
                if position.is_over() {
                    continue;
                }
                let board = EngineBoard::from_position(&position);
                let side = board.side();
                for at in board.candidates() {
                    let point = point_of(at);
                    let mut after = position.clone();
                    let legal = after.play_mut(Move::Place(point)).is_ok();
                    let rules_win = legal
                        && after
                            .outcome()
                            .is_some_and(|outcome| outcome.winner == Some(side));
                    let foul = side == Color::Black && board.black_foul(at);
                    if !foul {
                        assert_eq!(
                            board.wins_at(at, side),
                            rules_win,
                            "{rules} {point} {position:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_foul_filter_passes_every_foul_and_verdicts_agree() {
        for seed in 0..400 {
            let position = random_position(RuleSet::Renju, seed + 1000, 20 + (seed as usize % 30));
            let board = EngineBoard::from_position(&position);
            let fouls = position.forbidden_points();
            for &at in board.board_cells() {
                let at = usize::from(at);
                if !board.is_empty(at) {
                    continue;
                }
                let rules_foul = fouls.contains(&point_of(at));
                if rules_foul {
                    assert!(
                        could_be_foul(board.patterns(at, Color::Black)),
                        "{}",
                        point_of(at)
                    );
                }
                assert_eq!(
                    board.black_foul(at),
                    rules_foul,
                    "{} in {position:?}",
                    point_of(at)
                );
            }
        }
        let _ = FoulPolicy::Loses;
    }
}
