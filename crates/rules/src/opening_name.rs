//! The 26 canonical renju openings (RULES.md §5.2) and how to recognise one on a
//! board in any orientation.

use std::fmt;

use crate::{Board, BoardSize, Color, Point, Symmetry};

/// One of the 26 canonical renju openings: Black `h8`, White next to it, Black
/// within the central 5x5, up to the eight board symmetries about `h8`.
///
/// "Direct" openings (`1D`..`13D`) have White orthogonally next to `h8`, "indirect"
/// ones (`1I`..`13I`) diagonally. Variants are named by the ASCII spelling of the
/// opening's name.
///
/// ```
/// use narabe_rules::{board_from_moves, identify_opening, BoardSize, CanonicalOpening};
/// // 13D Yūsei, drawn with White on the left of h8 instead of above it.
/// let board = board_from_moves("h8 g8 j10", BoardSize::FIFTEEN)?;
/// let opening = identify_opening(&board);
/// assert_eq!(opening, Some(CanonicalOpening::Yusei));
/// assert_eq!(opening.map(|o| o.to_string()), Some("13D Yūsei".to_string()));
/// # Ok::<(), narabe_rules::MoveListError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CanonicalOpening {
    /// 1D Kansei 寒星.
    Kansei,
    /// 2D Keigetsu 渓月.
    Keigetsu,
    /// 3D Sosei 疎星.
    Sosei,
    /// 4D Kagetsu 花月.
    Kagetsu,
    /// 5D Zangetsu 残月.
    Zangetsu,
    /// 6D Ugetsu 雨月.
    Ugetsu,
    /// 7D Kinsei 金星.
    Kinsei,
    /// 8D Shōgetsu 松月.
    Shogetsu,
    /// 9D Kyūgetsu 丘月.
    Kyugetsu,
    /// 10D Shingetsu 新月.
    Shingetsu,
    /// 11D Zuisei 瑞星.
    Zuisei,
    /// 12D Sangetsu 山月.
    Sangetsu,
    /// 13D Yūsei 遊星.
    Yusei,
    /// 1I Chōsei 長星.
    Chosei,
    /// 2I Kyōgetsu 峡月.
    Kyogetsu,
    /// 3I Kōsei 恒星.
    Kosei,
    /// 4I Suigetsu 水月.
    Suigetsu,
    /// 5I Ryūsei 流星.
    Ryusei,
    /// 6I Ungetsu 雲月.
    Ungetsu,
    /// 7I Hogetsu 浦月.
    Hogetsu,
    /// 8I Rangetsu 嵐月.
    Rangetsu,
    /// 9I Gingetsu 銀月.
    Gingetsu,
    /// 10I Myōjō 明星.
    Myojo,
    /// 11I Shagetsu 斜月.
    Shagetsu,
    /// 12I Meigetsu 名月.
    Meigetsu,
    /// 13I Suisei 彗星.
    Suisei,
}

/// One row of the table of RULES.md §5.2.
struct OpeningRow {
    code: &'static str,
    name: &'static str,
    ascii_name: &'static str,
    kanji: &'static str,
    /// The third stone, Black, as `(columns right, rows up)` from `h8` in the
    /// orientation with White on `h9` (direct) or `i9` (indirect).
    third_from_centre: (i8, i8),
}

const fn row(
    code: &'static str,
    name: &'static str,
    ascii_name: &'static str,
    kanji: &'static str,
    third_from_centre: (i8, i8),
) -> OpeningRow {
    OpeningRow {
        code,
        name,
        ascii_name,
        kanji,
        third_from_centre,
    }
}

/// The table, in the order of [`CanonicalOpening::ALL`].
static TABLE: [OpeningRow; 26] = [
    row("1D", "Kansei", "Kansei", "寒星", (0, 2)),
    row("2D", "Keigetsu", "Keigetsu", "渓月", (1, 2)),
    row("3D", "Sosei", "Sosei", "疎星", (2, 2)),
    row("4D", "Kagetsu", "Kagetsu", "花月", (1, 1)),
    row("5D", "Zangetsu", "Zangetsu", "残月", (2, 1)),
    row("6D", "Ugetsu", "Ugetsu", "雨月", (1, 0)),
    row("7D", "Kinsei", "Kinsei", "金星", (2, 0)),
    row("8D", "Shōgetsu", "Shogetsu", "松月", (0, -1)),
    row("9D", "Kyūgetsu", "Kyugetsu", "丘月", (1, -1)),
    row("10D", "Shingetsu", "Shingetsu", "新月", (2, -1)),
    row("11D", "Zuisei", "Zuisei", "瑞星", (0, -2)),
    row("12D", "Sangetsu", "Sangetsu", "山月", (1, -2)),
    row("13D", "Yūsei", "Yusei", "遊星", (2, -2)),
    row("1I", "Chōsei", "Chosei", "長星", (2, 2)),
    row("2I", "Kyōgetsu", "Kyogetsu", "峡月", (2, 1)),
    row("3I", "Kōsei", "Kosei", "恒星", (2, 0)),
    row("4I", "Suigetsu", "Suigetsu", "水月", (2, -1)),
    row("5I", "Ryūsei", "Ryusei", "流星", (2, -2)),
    row("6I", "Ungetsu", "Ungetsu", "雲月", (1, 0)),
    row("7I", "Hogetsu", "Hogetsu", "浦月", (1, -1)),
    row("8I", "Rangetsu", "Rangetsu", "嵐月", (1, -2)),
    row("9I", "Gingetsu", "Gingetsu", "銀月", (0, -1)),
    row("10I", "Myōjō", "Myojo", "明星", (0, -2)),
    row("11I", "Shagetsu", "Shagetsu", "斜月", (-1, -1)),
    row("12I", "Meigetsu", "Meigetsu", "名月", (-1, -2)),
    row("13I", "Suisei", "Suisei", "彗星", (-2, -2)),
];

/// The point `(dcol, drow)` away from `h8`. Only evaluated on the constant table,
/// where every offset stays within the central 5x5.
const fn from_centre(dcol: i8, drow: i8) -> Point {
    const CENTRE: u8 = 7;
    match Point::new(
        CENTRE.wrapping_add_signed(dcol),
        CENTRE.wrapping_add_signed(drow),
    ) {
        Some(point) => point,
        None => panic!("the canonical openings lie in the centre of 15x15"),
    }
}

impl CanonicalOpening {
    /// All 26 openings: `1D`..`13D`, then `1I`..`13I`.
    pub const ALL: [CanonicalOpening; 26] = [
        CanonicalOpening::Kansei,
        CanonicalOpening::Keigetsu,
        CanonicalOpening::Sosei,
        CanonicalOpening::Kagetsu,
        CanonicalOpening::Zangetsu,
        CanonicalOpening::Ugetsu,
        CanonicalOpening::Kinsei,
        CanonicalOpening::Shogetsu,
        CanonicalOpening::Kyugetsu,
        CanonicalOpening::Shingetsu,
        CanonicalOpening::Zuisei,
        CanonicalOpening::Sangetsu,
        CanonicalOpening::Yusei,
        CanonicalOpening::Chosei,
        CanonicalOpening::Kyogetsu,
        CanonicalOpening::Kosei,
        CanonicalOpening::Suigetsu,
        CanonicalOpening::Ryusei,
        CanonicalOpening::Ungetsu,
        CanonicalOpening::Hogetsu,
        CanonicalOpening::Rangetsu,
        CanonicalOpening::Gingetsu,
        CanonicalOpening::Myojo,
        CanonicalOpening::Shagetsu,
        CanonicalOpening::Meigetsu,
        CanonicalOpening::Suisei,
    ];

    const fn table_row(self) -> &'static OpeningRow {
        // The variants are declared in table order, so the discriminant is the row.
        &TABLE[self as usize]
    }

    /// The code, `1D`..`13D` or `1I`..`13I`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        self.table_row().code
    }

    /// The romanised Japanese name with long vowels marked, as in RULES.md §5.2
    /// (`Yūsei`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.table_row().name
    }

    /// The name in plain ASCII, long-vowel marks dropped (`Yusei`).
    #[must_use]
    pub const fn ascii_name(self) -> &'static str {
        self.table_row().ascii_name
    }

    /// The name in kanji (`遊星`).
    #[must_use]
    pub const fn kanji(self) -> &'static str {
        self.table_row().kanji
    }

    /// Whether the second stone is orthogonally next to `h8` (a `D` opening)
    /// rather than diagonally (an `I` opening).
    #[must_use]
    pub const fn is_direct(self) -> bool {
        (self as usize) < 13
    }

    /// The three stones in the renju.net orientation: Black `h8`, White `h9`
    /// (direct) or `i9` (indirect), and the third stone, Black.
    #[must_use]
    pub const fn stones(self) -> [(Point, Color); 3] {
        let second = if self.is_direct() {
            from_centre(0, 1)
        } else {
            from_centre(1, 1)
        };
        let (dcol, drow) = self.table_row().third_from_centre;
        [
            (from_centre(0, 0), Color::Black),
            (second, Color::White),
            (from_centre(dcol, drow), Color::Black),
        ]
    }
}

/// Shows the code and the name: `13D Yūsei`.
impl fmt::Display for CanonicalOpening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code(), self.name())
    }
}

/// The canonical opening on a 15x15 `board`, in any of the eight orientations, or
/// `None` when the board is not one: it must hold exactly Black on `h8`, White
/// next to `h8` (the central 3x3) and one more Black stone within the central 5x5.
///
/// Classes are taken up to the symmetries that fix `h8`, never up to translation:
/// as free shapes `2D` and `2I` (and `6D` and `6I`) coincide and differ only in
/// which Black stone sits on the centre.
#[must_use]
pub fn identify_opening(board: &Board) -> Option<CanonicalOpening> {
    if board.size() != BoardSize::FIFTEEN
        || board.count(Color::Black) != 2
        || board.count(Color::White) != 1
    {
        return None;
    }
    let centre = BoardSize::FIFTEEN.center();
    if board.get(centre) != Some(Color::Black) {
        return None;
    }
    let white = board.stones_of(Color::White).next()?;
    let third = board
        .stones_of(Color::Black)
        .find(|&point| point != centre)?;
    if centre.chebyshev(white) != 1 || centre.chebyshev(third) > 2 {
        return None;
    }
    let key = centred_canonical_form(&[
        (centre, Color::Black),
        (white, Color::White),
        (third, Color::Black),
    ]);
    CanonicalOpening::ALL
        .into_iter()
        .find(|opening| centred_canonical_form(&opening.stones()) == key)
}

/// The stones as `(colour, columns right of h8, rows above h8)`, sorted, and the
/// lexicographic minimum of that over the eight symmetries about `h8`.
fn centred_canonical_form(stones: &[(Point, Color); 3]) -> [(Color, i32, i32); 3] {
    let centre = BoardSize::FIFTEEN.center();
    let offsets = stones.map(|(point, color)| {
        (
            color,
            i32::from(point.col()) - i32::from(centre.col()),
            i32::from(point.row()) - i32::from(centre.row()),
        )
    });
    Symmetry::ALL
        .map(|symmetry| {
            let mut image = offsets.map(|(color, dx, dy)| {
                let (x, y) = symmetry.apply_offset(dx, dy);
                (color, x, y)
            });
            image.sort_unstable();
            image
        })
        .into_iter()
        .min()
        .unwrap_or(offsets)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn board_of(stones: &[(Point, Color)]) -> Board {
        let mut board = Board::new(BoardSize::FIFTEEN);
        for &(point, color) in stones {
            board.put(point, color);
        }
        board
    }

    #[test]
    fn the_table_is_in_declaration_order() {
        for (index, opening) in CanonicalOpening::ALL.into_iter().enumerate() {
            assert_eq!(opening as usize, index);
            let number = index % 13 + 1;
            let family = if opening.is_direct() { 'D' } else { 'I' };
            assert_eq!(opening.code(), format!("{number}{family}"));
            assert_eq!(format!("{opening:?}"), opening.ascii_name());
            assert!(opening.ascii_name().is_ascii());
        }
        assert_eq!(CanonicalOpening::Yusei.code(), "13D");
        assert_eq!(CanonicalOpening::Yusei.name(), "Yūsei");
        assert_eq!(CanonicalOpening::Chosei.to_string(), "1I Chōsei");
        assert_eq!(CanonicalOpening::Suisei.kanji(), "彗星");
    }

    #[test]
    fn stones_match_the_rule_book_coordinates() {
        let names = |opening: CanonicalOpening| -> Vec<String> {
            opening
                .stones()
                .iter()
                .map(|(point, color)| format!("{color} {point}"))
                .collect()
        };
        assert_eq!(
            names(CanonicalOpening::Kansei),
            ["black h8", "white h9", "black h10"]
        );
        assert_eq!(
            names(CanonicalOpening::Yusei),
            ["black h8", "white h9", "black j6"]
        );
        assert_eq!(
            names(CanonicalOpening::Kyogetsu),
            ["black h8", "white i9", "black j9"]
        );
        assert_eq!(
            names(CanonicalOpening::Suisei),
            ["black h8", "white i9", "black f6"]
        );
    }

    #[test]
    fn every_opening_is_recognised_in_every_orientation() {
        for opening in CanonicalOpening::ALL {
            let board = board_of(&opening.stones());
            for symmetry in Symmetry::ALL {
                let turned = symmetry.apply_board(&board);
                assert_eq!(
                    identify_opening(&turned),
                    Some(opening),
                    "{opening} {symmetry:?}"
                );
            }
        }
    }

    #[test]
    fn all_184_placements_fall_into_the_26_classes() {
        let centre = BoardSize::FIFTEEN.center();
        let mut classes: HashMap<CanonicalOpening, usize> = HashMap::new();
        let mut placements = 0;
        for white in BoardSize::FIFTEEN
            .points()
            .filter(|&p| centre.chebyshev(p) == 1)
        {
            for third in BoardSize::FIFTEEN
                .points()
                .filter(|&p| centre.chebyshev(p) <= 2 && p != centre && p != white)
            {
                placements += 1;
                let board = board_of(&[
                    (centre, Color::Black),
                    (white, Color::White),
                    (third, Color::Black),
                ]);
                let opening = identify_opening(&board);
                assert!(opening.is_some(), "{board}");
                if let Some(opening) = opening {
                    *classes.entry(opening).or_default() += 1;
                }
            }
        }
        assert_eq!(placements, 184);
        assert_eq!(classes.len(), 26);
        assert_eq!(classes.values().sum::<usize>(), 184);
    }

    #[test]
    fn boards_that_are_not_openings() {
        let point = |name: &str| -> Point { name.parse().unwrap() };
        let opening = |stones: &[(&str, Color)]| {
            let stones: Vec<(Point, Color)> = stones
                .iter()
                .map(|&(name, color)| (point(name), color))
                .collect();
            identify_opening(&board_of(&stones))
        };
        use Color::{Black, White};
        assert_eq!(
            opening(&[("h8", Black), ("h9", White), ("h10", Black)]),
            Some(CanonicalOpening::Kansei)
        );
        assert_eq!(opening(&[("h8", Black), ("h9", White)]), None, "two stones");
        assert_eq!(
            opening(&[("h8", Black), ("h9", White), ("h10", Black), ("h11", White)]),
            None,
            "four stones"
        );
        assert_eq!(
            opening(&[("h8", Black), ("h9", White), ("h10", White)]),
            None,
            "two white"
        );
        assert_eq!(
            opening(&[("h8", White), ("h9", Black), ("h10", Black)]),
            None,
            "white centre"
        );
        assert_eq!(
            opening(&[("i8", Black), ("h9", White), ("h10", Black)]),
            None,
            "h8 empty"
        );
        assert_eq!(
            opening(&[("h8", Black), ("h10", White), ("i9", Black)]),
            None,
            "white far"
        );
        assert_eq!(
            opening(&[("h8", Black), ("h9", White), ("h11", Black)]),
            None,
            "third outside 5x5"
        );
        assert_eq!(
            opening(&[("h8", Black), ("h9", White), ("k10", Black)]),
            None,
            "third outside 5x5"
        );
        let mut small = Board::new(BoardSize::new(13).unwrap());
        for (stone, color) in CanonicalOpening::Kansei.stones() {
            small.put(stone, color);
        }
        assert_eq!(identify_opening(&small), None, "not 15x15");
    }
}
