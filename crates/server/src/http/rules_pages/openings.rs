//! The drawings of the 26 canonical renju openings, by family:
//! `{{openings direct}}` and `{{openings indirect}}`.

use narabe_rules::{BoardSize, CanonicalOpening};

use super::board_diagram::{BoardDiagram, DiagramStone, Window};
use crate::http::pages::words::PageWords;

/// The two families of canonical openings, as a page names them:
/// `{{openings direct}}` and `{{openings indirect}}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OpeningFamily {
    /// `1D`..`13D`: White orthogonally next to `h8`.
    Direct,
    /// `1I`..`13I`: White diagonally next to `h8`.
    Indirect,
}

impl OpeningFamily {
    /// The family a directive names.
    #[must_use]
    pub(super) fn from_name(name: &str) -> Option<OpeningFamily> {
        match name {
            "direct" => Some(OpeningFamily::Direct),
            "indirect" => Some(OpeningFamily::Indirect),
            _ => None,
        }
    }

    /// The openings of the family, in their order.
    pub(super) fn openings(self) -> impl Iterator<Item = CanonicalOpening> {
        CanonicalOpening::ALL
            .into_iter()
            .filter(move |opening| opening.is_direct() == (self == OpeningFamily::Direct))
    }
}

/// The drawing of a canonical opening: its three stones numbered in the
/// renju.net orientation, on the central 5x5 where the third stone goes,
/// without coordinates.
#[must_use]
pub(super) fn opening_drawing(opening: CanonicalOpening, language: &str) -> BoardDiagram {
    let words = PageWords::of(language);
    let stones: Vec<DiagramStone> = opening
        .stones()
        .into_iter()
        .zip(1..)
        .map(|((point, color), number)| DiagramStone {
            point,
            color,
            number: Some(number),
        })
        .collect();
    let [first, second, third] = opening.stones().map(|(point, _)| point);
    BoardDiagram {
        size: BoardSize::FIFTEEN,
        window: Window::centred(BoardSize::FIFTEEN.center(), 2, BoardSize::FIFTEEN),
        // The caption and the page say where h8 is; letters and numbers
        // would crowd a drawing this small.
        coordinates: false,
        description: format!(
            "{opening}: 1. {} {first}, 2. {} {second}, 3. {} {third}.",
            words.black_stones, words.white_stones, words.black_stones
        ),
        stones,
        marks: Vec::new(),
        lines: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use narabe_rules::{Board, identify_opening};

    use super::*;

    #[test]
    fn the_drawn_openings_are_the_26_the_rules_crate_names() {
        let mut seen = HashSet::new();
        for family in [OpeningFamily::Direct, OpeningFamily::Indirect] {
            for opening in family.openings() {
                let drawing = opening_drawing(opening, "en");
                let mut board = Board::new(BoardSize::FIFTEEN);
                for stone in &drawing.stones {
                    board.put(stone.point, stone.color);
                }
                assert_eq!(identify_opening(&board), Some(opening));
                assert!(drawing.description.starts_with(&opening.to_string()));
                assert!(seen.insert(opening.code()));
            }
        }
        assert_eq!(seen.len(), 26);
    }
}
