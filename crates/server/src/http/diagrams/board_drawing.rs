//! A position as a drawing: the wooden board of the site (its `--wood` and
//! `--grid`), star points, stones with an outline, their numbers in the
//! opposite colour, the last move marked, letters under the board and
//! numbers left of it.

use narabe_rules::{BoardSize, Color, Point};

use super::diagram_frames::Frame;
use super::drawing::{Drawing, Rgb, Shape};

/// The distance between two lines, in pixels.
pub(super) const CELL: f32 = 32.0;
/// The room around the grid with coordinates, and without.
const MARGIN: f32 = 34.0;
const BARE_MARGIN: f32 = 20.0;

const WOOD: Rgb = Rgb(0xe3, 0xb8, 0x68);
const GRID: Rgb = Rgb(0x4a, 0x36, 0x17);
const BLACK: Rgb = Rgb(0x11, 0x11, 0x11);
const BLACK_EDGE: Rgb = Rgb(0x00, 0x00, 0x00);
const WHITE: Rgb = Rgb(0xfa, 0xfa, 0xfa);
const WHITE_EDGE: Rgb = Rgb(0x55, 0x55, 0x55);
const MARK: Rgb = Rgb(0xe0, 0x30, 0x20);

/// Every colour a board drawing uses, for a palette.
pub(super) const COLORS: [Rgb; 7] = [WOOD, GRID, BLACK, BLACK_EDGE, WHITE, WHITE_EDGE, MARK];

/// How a position is drawn.
#[derive(Debug, Clone, Copy)]
pub(super) struct Style {
    /// The move numbers on the stones of the moves.
    pub numbers: bool,
    /// The last move marked.
    pub last: bool,
    /// Letters and numbers around the board.
    pub coordinates: bool,
}

/// The drawing of `frame` on a `size` board.
pub(super) fn draw_board(size: BoardSize, frame: &Frame, style: Style) -> Drawing {
    let lines = size.get();
    let margin = if style.coordinates {
        MARGIN
    } else {
        BARE_MARGIN
    };
    let span = CELL * f32::from(lines - 1);
    let extent = 2.0 * margin + span;
    let at = |point: Point| {
        (
            margin + CELL * f32::from(point.col()),
            margin + CELL * f32::from(lines - 1 - point.row()),
        )
    };
    let mut shapes = vec![Shape::Rect {
        x: 0.0,
        y: 0.0,
        width: extent,
        height: extent,
        radius: 6.0,
        fill: WOOD,
    }];
    for index in 0..lines {
        let along = margin + CELL * f32::from(index);
        shapes.push(Shape::Line {
            from: (margin, along),
            to: (margin + span, along),
            color: GRID,
            width: 1.2,
        });
        shapes.push(Shape::Line {
            from: (along, margin),
            to: (along, margin + span),
            color: GRID,
            width: 1.2,
        });
        if style.coordinates {
            shapes.push(Shape::Text {
                center: (along, margin + span + margin * 0.55),
                size: 14.0,
                max_width: CELL,
                color: GRID,
                text: char::from(b'a' + index).to_string(),
            });
            shapes.push(Shape::Text {
                center: (margin * 0.45, margin + span - CELL * f32::from(index)),
                size: 14.0,
                max_width: margin * 0.85,
                color: GRID,
                text: (index + 1).to_string(),
            });
        }
    }
    for star in star_points(lines) {
        shapes.push(Shape::Circle {
            center: at(star),
            radius: 3.5,
            fill: Some(GRID),
            outline: None,
        });
    }
    for &(point, color, number) in &frame.stones {
        let (fill, edge, ink) = match color {
            Color::Black => (BLACK, BLACK_EDGE, WHITE),
            Color::White => (WHITE, WHITE_EDGE, BLACK),
        };
        let center = at(point);
        shapes.push(Shape::Circle {
            center,
            radius: CELL / 2.0 - 1.5,
            fill: Some(fill),
            outline: Some((edge, 1.2)),
        });
        let is_last = style.last && frame.last == Some(point);
        match number.filter(|_| style.numbers) {
            Some(number) => shapes.push(Shape::Text {
                center,
                size: 14.0,
                max_width: CELL - 8.0,
                color: if is_last { MARK } else { ink },
                text: number.to_string(),
            }),
            None if is_last => shapes.push(Shape::Circle {
                center,
                radius: 4.5,
                fill: Some(MARK),
                outline: None,
            }),
            None => {}
        }
    }
    let pixels = extent.round() as u32;
    Drawing {
        width: pixels,
        height: pixels,
        shapes,
    }
}

/// The star points: the centre of an odd board and the points three lines
/// in from each corner; the nine usual points of 19x19.
fn star_points(lines: u8) -> Vec<Point> {
    if lines < 9 {
        return Vec::new();
    }
    let (near, far) = (3, lines - 4);
    let mut points = Vec::new();
    for col in [near, far] {
        for row in [near, far] {
            points.extend(Point::new(col, row));
        }
    }
    if lines % 2 == 1 {
        let centre = lines / 2;
        points.extend(Point::new(centre, centre));
        if lines == 19 {
            for (col, row) in [(near, centre), (far, centre), (centre, near), (centre, far)] {
                points.extend(Point::new(col, row));
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_position_has_its_board_stones_numbers_and_mark() {
        let h8: Point = "h8".parse().unwrap();
        let h9: Point = "h9".parse().unwrap();
        let frame = Frame {
            stones: vec![(h8, Color::Black, Some(1)), (h9, Color::White, None)],
            last: Some(h8),
        };
        let style = Style {
            numbers: true,
            last: true,
            coordinates: true,
        };
        let drawing = draw_board(BoardSize::new(15).unwrap(), &frame, style);
        assert_eq!(drawing.width, (2.0 * MARGIN + 14.0 * CELL) as u32);
        let texts: Vec<&str> = drawing
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text { text, color, .. } if *color == MARK => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(
            texts,
            ["1"],
            "the last move's number is in the mark's colour"
        );
        let stones = drawing
            .shapes
            .iter()
            .filter(|shape| {
                matches!(
                    shape,
                    Shape::Circle {
                        outline: Some(_),
                        ..
                    }
                )
            })
            .count();
        assert_eq!(stones, 2);
        assert_eq!(star_points(15).len(), 5);
        assert_eq!(star_points(19).len(), 9);
    }
}
