//! Fifth-move symmetry (RULES.md §6): when two offered fifth moves give the same
//! position up to pattern symmetry.
//!
//! Two offers `p` and `q` on a 4-stone position `S` are equivalent when the 5-stone
//! positions `S+p` and `S+q` (the fifth stone is Black) are congruent: one of the
//! eight rotations and reflections followed by *any* translation maps one onto the
//! other with colours kept. The symmetry need not fix the board centre, so the
//! eight board symmetries about `h8` are not enough.

use std::collections::HashSet;

use crate::lattice_isometry::LatticeIsometry;
use crate::{Board, Color, Point, Symmetry};

/// The canonical form of a set of stones under pattern symmetry: over the eight
/// rotations and reflections, the lexicographically smallest sorted list of
/// `(colour, x - min_x, y - min_y)`, where `x` is the column, `y` the row and the
/// minima are taken over the transformed stones. Black sorts before White.
///
/// Two stone sets have the same canonical form exactly when some lattice isometry
/// (rotation or reflection plus translation) maps one onto the other with colours
/// kept. Each point should appear once in `stones`; an empty slice gives an empty
/// form.
///
/// ```
/// use narabe_rules::{canonical_pattern, Color, Point};
/// let stones = |names: [&str; 2]| -> Vec<(Point, Color)> {
///     names.iter().map(|name| (name.parse().unwrap(), Color::Black)).collect()
/// };
/// // The same diagonal pair, turned and moved across the board.
/// assert_eq!(canonical_pattern(&stones(["a1", "b2"])), canonical_pattern(&stones(["k5", "j6"])));
/// assert_ne!(canonical_pattern(&stones(["a1", "b2"])), canonical_pattern(&stones(["a1", "b1"])));
/// ```
#[must_use]
pub fn canonical_pattern(stones: &[(Point, Color)]) -> Vec<(Color, i32, i32)> {
    Symmetry::ALL
        .iter()
        .map(|&linear| normalised_image(linear, stones))
        .min()
        .unwrap_or_default()
}

/// The stones moved by `linear`, shifted so the smallest column and row are 0,
/// sorted.
fn normalised_image(linear: Symmetry, stones: &[(Point, Color)]) -> Vec<(Color, i32, i32)> {
    let mut image: Vec<(Color, i32, i32)> = stones
        .iter()
        .map(|&(point, color)| {
            let (x, y) = linear.apply_offset(i32::from(point.col()), i32::from(point.row()));
            (color, x, y)
        })
        .collect();
    let min_x = image.iter().map(|&(_, x, _)| x).min().unwrap_or(0);
    let min_y = image.iter().map(|&(_, _, y)| y).min().unwrap_or(0);
    for (_, x, y) in &mut image {
        *x -= min_x;
        *y -= min_y;
    }
    image.sort_unstable();
    image
}

/// Whether offering `p` and `q` as fifth moves on `board` would offer the same
/// position twice: `board + Black p` and `board + Black q` are congruent under a
/// lattice isometry (RULES.md §6).
///
/// `false` when `p == q` or either point is not an empty point of the board.
///
/// ```
/// use narabe_rules::{board_from_moves, fifth_moves_equivalent, BoardSize};
/// // 4D Kagetsu with the fourth move on i8 (RULES.md §6, worked example A).
/// let board = board_from_moves("h8 h9 i9 i8", BoardSize::FIFTEEN)?;
/// let point = |name: &str| name.parse().unwrap();
/// assert!(fifth_moves_equivalent(&board, point("j8"), point("g9")));
/// assert!(!fifth_moves_equivalent(&board, point("j8"), point("j9")));
/// # Ok::<(), narabe_rules::MoveListError>(())
/// ```
#[must_use]
pub fn fifth_moves_equivalent(board: &Board, p: Point, q: Point) -> bool {
    if p == q || !board.is_empty_at(p) || !board.is_empty_at(q) {
        return false;
    }
    let mut stones: Vec<(Point, Color)> = board.stones().collect();
    stones.push((p, Color::Black));
    let with_p = canonical_pattern(&stones);
    if let Some(last) = stones.last_mut() {
        *last = (q, Color::Black);
    }
    with_p == canonical_pattern(&stones)
}

/// Every other empty point of `board` whose fifth move is equivalent to `offer`
/// (see [`fifth_moves_equivalent`]), sorted by row then column: the points a UI
/// greys out once `offer` is on the board.
///
/// Empty when `offer` is not an empty point of the board.
///
/// ```
/// use narabe_rules::{board_from_moves, symmetric_fifth_moves, BoardSize};
/// // 1D Kansei with the fourth move on g9 (RULES.md §6, worked example B): the
/// // position is symmetric in row 9, which is not a symmetry of the board.
/// let board = board_from_moves("h8 h9 h10 g9", BoardSize::FIFTEEN)?;
/// let names = |offer: &str| -> Vec<String> {
///     let offer = offer.parse().unwrap();
///     symmetric_fifth_moves(&board, offer).iter().map(ToString::to_string).collect()
/// };
/// assert_eq!(names("i8"), ["i10"]);
/// assert!(names("j9").is_empty());
/// # Ok::<(), narabe_rules::MoveListError>(())
/// ```
#[must_use]
pub fn symmetric_fifth_moves(board: &Board, offer: Point) -> Vec<Point> {
    if !board.is_empty_at(offer) {
        return Vec::new();
    }
    let stones: Vec<(Point, Color)> = board.stones().collect();
    if stones.is_empty() {
        // A lone black stone is congruent to any other by translation.
        return board
            .empty_points()
            .filter(|&point| point != offer)
            .collect();
    }
    let mut equivalents: HashSet<Point> = stabiliser(&stones)
        .into_iter()
        .filter_map(|isometry| isometry.apply(offer))
        .collect();
    equivalents.extend(offers_exchanged_with_black_stones(board, &stones, offer));
    let mut equivalents: Vec<Point> = equivalents
        .into_iter()
        .filter(|&point| point != offer && board.is_empty_at(point))
        .collect();
    equivalents.sort_unstable();
    equivalents
}

/// The stabiliser of a non-empty stone set: every lattice isometry that maps the
/// Black stones onto the Black stones and the White onto the White. The identity
/// is always among them.
///
/// Each isometry is fixed by its linear part and the image of one stone, and that
/// image must be a stone of the same colour, so trying every pair finds them all.
pub(crate) fn stabiliser(stones: &[(Point, Color)]) -> Vec<LatticeIsometry> {
    let Some(&(anchor, anchor_color)) = stones.first() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for linear in Symmetry::ALL {
        for &(target, color) in stones {
            if color != anchor_color {
                continue;
            }
            let isometry = LatticeIsometry::sending(linear, anchor, target);
            if maps_onto_itself(isometry, stones) {
                found.push(isometry);
            }
        }
    }
    found
}

/// Whether `isometry` sends every stone onto a stone of the same colour (and so,
/// being injective, maps the set onto itself).
fn maps_onto_itself(isometry: LatticeIsometry, stones: &[(Point, Color)]) -> bool {
    stones.iter().all(|&(point, color)| {
        isometry
            .apply(point)
            .is_some_and(|image| stones.contains(&(image, color)))
    })
}

/// The fifth moves `q` reached by an isometry that sends `board + offer` onto
/// `board + q` while moving `offer` onto one of the board's Black stones.
///
/// The stabiliser misses these. They never occur when the board holds two White
/// stones (an isometry keeping a two-stone set has order at most 2, and an
/// involution sending `offer` onto a stone would send that stone back to `offer`,
/// not to a new point), so for the 2+2 positions of renju openings this is empty;
/// it keeps [`symmetric_fifth_moves`] exact on any board.
fn offers_exchanged_with_black_stones(
    board: &Board,
    stones: &[(Point, Color)],
    offer: Point,
) -> Vec<Point> {
    let mut found = Vec::new();
    for linear in Symmetry::ALL {
        for &(target, color) in stones {
            if color != Color::Black {
                continue;
            }
            let isometry = LatticeIsometry::sending(linear, offer, target);
            if let Some(image) = new_black_point(isometry, board, stones) {
                found.push(image);
            }
        }
    }
    found
}

/// If `isometry` maps every stone but one onto a stone of the same colour, and that
/// one is Black and lands on an empty point of the board, the point it lands on.
///
/// Called with an isometry that already sends the offer onto a Black stone, this
/// tells whether `board + offer` maps onto `board + point`.
fn new_black_point(
    isometry: LatticeIsometry,
    board: &Board,
    stones: &[(Point, Color)],
) -> Option<Point> {
    let mut leftover = None;
    for &(point, color) in stones {
        let image = isometry.apply(point)?;
        if board.get(image) == Some(color) {
            continue;
        }
        if color != Color::Black || !board.is_empty_at(image) || leftover.is_some() {
            return None;
        }
        leftover = Some(image);
    }
    leftover
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::{BoardSize, CanonicalOpening, board_from_moves};

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(ToString::to_string).collect()
    }

    /// The fifth moves equivalent to each other, found from the definition: group
    /// every empty point by the canonical form of the board plus that point.
    fn brute_force_classes(board: &Board) -> HashMap<Vec<(Color, i32, i32)>, Vec<Point>> {
        let mut stones: Vec<(Point, Color)> = board.stones().collect();
        let mut classes: HashMap<_, Vec<Point>> = HashMap::new();
        for point in board.empty_points() {
            stones.push((point, Color::Black));
            classes
                .entry(canonical_pattern(&stones))
                .or_default()
                .push(point);
            stones.pop();
        }
        classes
    }

    /// Checks [`symmetric_fifth_moves`] against the brute-force classes for every
    /// empty point of `board`.
    fn assert_matches_brute_force(board: &Board) {
        for class in brute_force_classes(board).values() {
            for &offer in class {
                let others: Vec<Point> = class.iter().copied().filter(|&p| p != offer).collect();
                assert_eq!(
                    symmetric_fifth_moves(board, offer),
                    others,
                    "offer {offer} on\n{board}"
                );
            }
        }
    }

    fn assert_class(board: &Board, class: &[&str]) {
        for &member in class {
            let mut expected: Vec<Point> = class
                .iter()
                .filter(|&&other| other != member)
                .map(|&other| point(other))
                .collect();
            expected.sort_unstable();
            assert_eq!(
                names(&symmetric_fifth_moves(board, point(member))),
                names(&expected),
                "class of {member}"
            );
            for &other in class {
                assert_eq!(
                    fifth_moves_equivalent(board, point(member), point(other)),
                    member != other
                );
            }
        }
    }

    #[test]
    fn worked_example_a_kagetsu_with_i8() {
        let board = board_from_moves("h8 h9 i9 i8", BoardSize::FIFTEEN).unwrap();
        assert_eq!(stabiliser(&board.stones().collect::<Vec<_>>()).len(), 4);
        assert_class(&board, &["j8", "h10", "g9", "i7"]);
        assert_class(&board, &["h7", "g8", "i10", "j9"]);
        assert_class(&board, &["j10", "g7"]);
        assert_class(&board, &["k11", "f6"]);
        // A board-centred checker would accept this pair.
        assert!(fifth_moves_equivalent(&board, point("j8"), point("g9")));
    }

    #[test]
    fn worked_example_b_kansei_with_g9() {
        let board = board_from_moves("h8 h9 h10 g9", BoardSize::FIFTEEN).unwrap();
        assert_eq!(stabiliser(&board.stones().collect::<Vec<_>>()).len(), 2);
        assert_class(&board, &["i8", "i10"]);
        assert_class(&board, &["g8", "g10"]);
        assert_class(&board, &["h7", "h11"]);
        assert_class(&board, &["j9"]);
        assert_class(&board, &["f9"]);
    }

    #[test]
    fn occupied_equal_or_off_board_points_are_never_equivalent() {
        let board = board_from_moves("h8 h9 i9 i8", BoardSize::FIFTEEN).unwrap();
        assert!(!fifth_moves_equivalent(&board, point("j8"), point("j8")));
        assert!(!fifth_moves_equivalent(&board, point("h8"), point("j8")));
        assert!(!fifth_moves_equivalent(&board, point("j8"), point("p1")));
        assert!(symmetric_fifth_moves(&board, point("h9")).is_empty());
        assert!(symmetric_fifth_moves(&board, point("p1")).is_empty());
    }

    #[test]
    fn on_an_empty_board_every_point_is_equivalent() {
        let board = Board::new(BoardSize::MIN);
        assert_eq!(symmetric_fifth_moves(&board, point("c3")).len(), 24);
        assert_matches_brute_force(&board);
    }

    #[test]
    fn an_offer_may_trade_places_with_a_black_stone() {
        // With only Black stones an isometry can send the offer onto a stone of the
        // board. These three have no symmetry at all, yet i5 and j8 are equivalent:
        // a quarter turn clockwise about h7 sends i5 to f6, f6 to g9 and g9 to j8,
        // which the stabiliser alone cannot see.
        let mut board = Board::new(BoardSize::FIFTEEN);
        for name in ["f6", "h7", "g9"] {
            board.put(point(name), Color::Black);
        }
        assert_eq!(stabiliser(&board.stones().collect::<Vec<_>>()).len(), 1);
        assert_eq!(names(&symmetric_fifth_moves(&board, point("i5"))), ["j8"]);
        assert_eq!(names(&symmetric_fifth_moves(&board, point("j8"))), ["i5"]);
        assert_matches_brute_force(&board);
    }

    /// A small deterministic generator, so the test needs no dependency and always
    /// checks the same boards.
    fn next_random(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn stabiliser_classes_equal_canonical_classes_on_random_boards() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..500 {
            let mut board = Board::new(BoardSize::new(9).unwrap());
            let stones = 1 + next_random(&mut state) % 5;
            for _ in 0..stones {
                let col = (next_random(&mut state) % 5) as u8 + 2;
                let row = (next_random(&mut state) % 5) as u8 + 2;
                let color = Color::ALL[(next_random(&mut state) % 2) as usize];
                board.put(Point::new(col, row).unwrap(), color);
            }
            assert_matches_brute_force(&board);
        }
    }

    /// How many 4-stone positions have a non-trivial symmetry of each kind.
    #[derive(Debug, Default, PartialEq, Eq)]
    struct FourthMoveCensus {
        positions: usize,
        stabiliser_order_counts: [usize; 9],
        pattern_symmetric: usize,
        board_symmetric: usize,
    }

    #[test]
    fn census_of_the_section_six_statistics() {
        // RULES.md §6 counts 5,772 positions: the 26 openings times the 222 empty
        // points for the fourth move, each with all its fifth moves classified.
        let mut census = FourthMoveCensus::default();
        for opening in CanonicalOpening::ALL {
            let mut board = Board::new(BoardSize::FIFTEEN);
            for (stone, color) in opening.stones() {
                board.put(stone, color);
            }
            for fourth in board.empty_points().collect::<Vec<_>>() {
                let mut position = board.clone();
                position.put(fourth, Color::White);
                let stones: Vec<(Point, Color)> = position.stones().collect();
                let order = stabiliser(&stones).len();
                census.positions += 1;
                census.stabiliser_order_counts[order] += 1;
                census.pattern_symmetric += usize::from(order > 1);
                census.board_symmetric += usize::from(
                    Symmetry::ALL[1..]
                        .iter()
                        .any(|symmetry| symmetry.apply_board(&position) == position),
                );
                assert_matches_brute_force(&position);
            }
        }
        assert_eq!(
            census,
            FourthMoveCensus {
                positions: 5_772,
                stabiliser_order_counts: [0, 5_609, 157, 0, 6, 0, 0, 0, 0],
                pattern_symmetric: 163,
                board_symmetric: 84,
            }
        );
    }
}
