//! Random three-stone openings for `narabe match --random-openings N`: Black's
//! first stone on the centre, White's and Black's second stones anywhere on
//! the empty points within `REACH` lines of it, no two openings images of one
//! another under the board's eight symmetries about the centre. Seeded, so a
//! match can be played again from the same openings.
//!
//! The canonical 26 renju openings are exactly the openings of this shape
//! with White's stone next to the centre and Black's within two lines; a
//! reach of three gives 297 distinct openings, most of them far from any
//! book. Their balance is not checked: each is played twice with colours
//! swapped, so an opening that favours one colour gives each engine one win
//! and decides nothing.

use std::collections::HashSet;

use narabe_engine::SplitMix64;
use narabe_rules::BoardSize;

use super::openings::Opening;

/// How many lines from the centre the second and third stones may lie.
pub const REACH: i32 = 3;

/// Offsets `(columns, rows)` from the centre of White's stone and Black's
/// second stone.
type Shape = [(i32, i32); 2];

/// `count` distinct random openings on a board of `size` from `seed`.
///
/// # Errors
///
/// `count` is 0 or above the number of distinct openings of this shape, or
/// the board is narrower than the openings' square.
pub fn random_openings(count: usize, seed: u64, size: BoardSize) -> Result<Vec<Opening>, String> {
    if count == 0 {
        return Err("at least 1".to_owned());
    }
    if i32::from(size.get()) < 2 * REACH + 1 {
        return Err(format!(
            "random openings need a board of at least {} lines",
            2 * REACH + 1
        ));
    }
    let available = distinct_shapes().len();
    if count > available {
        return Err(format!(
            "at most {available} distinct random openings (three stones within {REACH} lines of the centre)"
        ));
    }
    let mut random = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    let side = u64::try_from(2 * REACH + 1).expect("small");
    let mut offset = || i32::try_from(random.below(side)).expect("small") - REACH;
    while openings.len() < count {
        let shape = [(offset(), offset()), (offset(), offset())];
        if shape[0] == (0, 0) || shape[1] == (0, 0) || shape[0] == shape[1] {
            continue;
        }
        if !seen.insert(canonical(shape)) {
            continue;
        }
        openings.push(opening_of(shape, size));
    }
    Ok(openings)
}

/// Every opening of the shape, one per class of images.
fn distinct_shapes() -> HashSet<Shape> {
    let offsets: Vec<(i32, i32)> = (-REACH..=REACH)
        .flat_map(|columns| (-REACH..=REACH).map(move |rows| (columns, rows)))
        .filter(|&offset| offset != (0, 0))
        .collect();
    let mut shapes = HashSet::new();
    for &white in &offsets {
        for &black in &offsets {
            if white != black {
                shapes.insert(canonical([white, black]));
            }
        }
    }
    shapes
}

/// The smallest of a shape's eight images (rotations and reflections about
/// the centre): two shapes are one opening when their canonical forms match.
fn canonical(shape: Shape) -> Shape {
    (0..8)
        .map(|symmetry| [image(shape[0], symmetry), image(shape[1], symmetry)])
        .min()
        .expect("eight images")
}

/// The offset under one of the eight symmetries of the square: bit 2 swaps
/// the axes, bits 0 and 1 mirror the columns and the rows.
fn image((columns, rows): (i32, i32), symmetry: u8) -> (i32, i32) {
    let (columns, rows) = if symmetry & 4 == 0 {
        (columns, rows)
    } else {
        (rows, columns)
    };
    let columns = if symmetry & 1 == 0 { columns } else { -columns };
    let rows = if symmetry & 2 == 0 { rows } else { -rows };
    (columns, rows)
}

fn opening_of(shape: Shape, size: BoardSize) -> Opening {
    let centre = size.center();
    let mut moves = vec![centre];
    moves.extend(shape.iter().map(|&(columns, rows)| {
        centre
            .offset(columns, rows)
            .expect("the board is checked to hold the square")
    }));
    Opening { moves }
}

#[cfg(test)]
mod tests {
    use narabe_rules::RuleSet;

    use super::super::openings::opening_position;
    use super::*;

    #[test]
    fn openings_are_distinct_up_to_symmetry_legal_and_reproducible() {
        let size = BoardSize::FIFTEEN;
        let openings = random_openings(200, 7, size).expect("200 openings");
        assert_eq!(openings.len(), 200);
        let mut classes = HashSet::new();
        let centre = size.center();
        for opening in &openings {
            assert_eq!(opening.moves.len(), 3);
            assert_eq!(opening.moves[0], centre, "Black starts on the centre");
            let offsets: Vec<(i32, i32)> = opening.moves[1..]
                .iter()
                .map(|point| {
                    let columns = i32::from(point.col()) - i32::from(centre.col());
                    let rows = i32::from(point.row()) - i32::from(centre.row());
                    assert!(columns.abs() <= REACH && rows.abs() <= REACH);
                    (columns, rows)
                })
                .collect();
            assert!(classes.insert(canonical([offsets[0], offsets[1]])));
            opening_position(opening, RuleSet::Renju, size).expect("a legal opening");
        }
        assert_eq!(random_openings(200, 7, size), Ok(openings.clone()));
        assert_ne!(random_openings(200, 8, size), Ok(openings));
    }

    #[test]
    fn the_canonical_openings_are_the_narrow_case() {
        // White next to the centre, Black within two lines: the 26 openings.
        let narrow: HashSet<Shape> = distinct_shapes()
            .into_iter()
            .filter(|&[white, black]| {
                white.0.abs() <= 1 && white.1.abs() <= 1 && black.0.abs() <= 2 && black.1.abs() <= 2
            })
            .collect();
        assert_eq!(narrow.len(), 26);
    }

    #[test]
    fn asking_for_more_than_there_are_is_an_error() {
        let available = distinct_shapes().len();
        assert!(random_openings(available, 1, BoardSize::FIFTEEN).is_ok());
        let error = random_openings(available + 1, 1, BoardSize::FIFTEEN).unwrap_err();
        assert!(error.contains(&available.to_string()), "{error}");
    }
}
