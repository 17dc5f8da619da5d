//! A board diagram drawn as a compact, self-contained SVG for the rules pages.
//!
//! Colours come from classes that `web/assets/css/rules.css` styles with the
//! site's variables, so one drawing suits the light and the dark theme.

use std::fmt::Write as _;

use narabe_rules::{BoardSize, Point};

use super::board_diagram::{BoardDiagram, DiagramLine, DiagramMark, DiagramStone, MarkKind};
use crate::http::pages::site_page::escape_html;

/// The distance between two lines, in SVG units.
const CELL: i32 = 24;
/// Room left of the grid for the row numbers.
const LEFT: i32 = 30;
/// Room under the grid for the column letters.
const BOTTOM: i32 = 28;
/// Room above and right of the grid (and, without coordinates, on every
/// side).
const EDGE: i32 = 14;
/// The room on every side of a diagram without coordinates: its stones may
/// stand on the window's edge lines and must not touch the border.
const BARE_EDGE: i32 = 20;
/// How far a line runs past the window where the board goes on: the drawing
/// shows a part of a board, not a small board.
const RUN_ON: i32 = 10;

impl BoardDiagram {
    /// The room left of, under and above or right of the grid.
    fn margins(&self) -> (i32, i32, i32) {
        if self.coordinates {
            (LEFT, BOTTOM, EDGE)
        } else {
            (BARE_EDGE, BARE_EDGE, BARE_EDGE)
        }
    }

    /// How far lines run past the window where the board goes on: to the
    /// border when no coordinates are written there.
    fn run_on(&self) -> i32 {
        if self.coordinates { RUN_ON } else { BARE_EDGE }
    }

    /// The centre of point `(col, row)` in SVG units.
    fn at(&self, point: Point) -> (i32, i32) {
        let window = self.window;
        let (left, _, edge) = self.margins();
        let x = left + (i32::from(point.col()) - i32::from(window.first_col)) * CELL;
        let top_row = i32::from(window.first_row) + i32::from(window.rows) - 1;
        let y = edge + (top_row - i32::from(point.row())) * CELL;
        (x, y)
    }

    /// The SVG element, ready to be put into a page.
    #[must_use]
    pub(super) fn to_svg(&self) -> String {
        let window = self.window;
        let (left, bottom, edge) = self.margins();
        let width = left + (i32::from(window.cols) - 1) * CELL + edge;
        let height = edge + (i32::from(window.rows) - 1) * CELL + bottom;
        let mut svg = String::new();
        let _ = write!(
            svg,
            "<svg class=\"board-diagram\" viewBox=\"0 0 {width} {height}\" role=\"img\" \
             aria-label=\"{}\">",
            escape_html(&self.description)
        );
        let _ = write!(
            svg,
            "<rect class=\"diagram-wood\" width=\"{width}\" height=\"{height}\" rx=\"6\"/>"
        );
        self.draw_grid(&mut svg);
        if self.coordinates {
            self.draw_coordinates(&mut svg);
        }
        for stone in &self.stones {
            self.draw_stone(&mut svg, stone);
        }
        for line in &self.lines {
            self.draw_line(&mut svg, line);
        }
        for mark in &self.marks {
            self.draw_mark(&mut svg, mark);
        }
        svg.push_str("</svg>");
        svg
    }

    fn draw_grid(&self, svg: &mut String) {
        let window = self.window;
        let last = self.size.get() - 1;
        let last_col = window.first_col + window.cols - 1;
        let last_row = window.first_row + window.rows - 1;
        let corner = |col: u8, row: u8| Point::new(col, row).map(|point| self.at(point));
        let (Some((left, top)), Some((right, bottom))) = (
            corner(window.first_col, last_row),
            corner(last_col, window.first_row),
        ) else {
            return;
        };
        // Lines run on past the window where the board does.
        let run_on = |at_edge: bool| if at_edge { 0 } else { self.run_on() };
        let (x1, x2) = (
            left - run_on(window.first_col == 0),
            right + run_on(last_col == last),
        );
        let (y1, y2) = (
            top - run_on(last_row == last),
            bottom + run_on(window.first_row == 0),
        );
        svg.push_str("<g class=\"diagram-grid\">");
        for col in window.first_col..=last_col {
            let x = left + (i32::from(col) - i32::from(window.first_col)) * CELL;
            let edge = if col == 0 || col == last {
                " class=\"edge\""
            } else {
                ""
            };
            let _ = write!(
                svg,
                "<line{edge} x1=\"{x}\" y1=\"{y1}\" x2=\"{x}\" y2=\"{y2}\"/>"
            );
        }
        for row in window.first_row..=last_row {
            let y = bottom - (i32::from(row) - i32::from(window.first_row)) * CELL;
            let edge = if row == 0 || row == last {
                " class=\"edge\""
            } else {
                ""
            };
            let _ = write!(
                svg,
                "<line{edge} x1=\"{x1}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\"/>"
            );
        }
        svg.push_str("</g>");
        for star in star_points(self.size) {
            if window.contains(star) {
                let (x, y) = self.at(star);
                let _ = write!(
                    svg,
                    "<circle class=\"diagram-star\" cx=\"{x}\" cy=\"{y}\" r=\"3\"/>"
                );
            }
        }
    }

    fn draw_coordinates(&self, svg: &mut String) {
        let window = self.window;
        svg.push_str("<g class=\"diagram-coordinates\" aria-hidden=\"true\">");
        for col in window.first_col..window.first_col + window.cols {
            let Some(point) = Point::new(col, window.first_row) else {
                continue;
            };
            let (x, y) = self.at(point);
            let _ = write!(
                svg,
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                y + BOTTOM - 7,
                point.col_letter()
            );
        }
        for row in window.first_row..window.first_row + window.rows {
            let Some(point) = Point::new(window.first_col, row) else {
                continue;
            };
            let (x, y) = self.at(point);
            let _ = write!(
                svg,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                x - RUN_ON - 5,
                y + 4,
                u16::from(row) + 1
            );
        }
        svg.push_str("</g>");
    }

    fn draw_stone(&self, svg: &mut String, stone: &DiagramStone) {
        if !self.window.contains(stone.point) {
            return;
        }
        let (x, y) = self.at(stone.point);
        let color = stone.color.name();
        let _ = write!(
            svg,
            "<circle class=\"diagram-stone {color}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            CELL / 2 - 1
        );
        if let Some(number) = stone.number {
            let _ = write!(
                svg,
                "<text class=\"diagram-number on-{color}\" x=\"{x}\" y=\"{}\" \
                 text-anchor=\"middle\">{number}</text>",
                y + 4
            );
        }
    }

    fn draw_line(&self, svg: &mut String, line: &DiagramLine) {
        let ((x1, y1), (x2, y2)) = (self.at(line.from), self.at(line.to));
        let class = line.kind.class();
        let _ = write!(
            svg,
            "<line class=\"diagram-line {class}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
        );
        for &key in &line.key_points {
            let (x, y) = self.at(key);
            let _ = write!(
                svg,
                "<circle class=\"diagram-key {class}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                CELL / 2 - 4
            );
        }
    }

    fn draw_mark(&self, svg: &mut String, mark: &DiagramMark) {
        let (x, y) = self.at(mark.point);
        match mark.kind {
            MarkKind::Forbidden | MarkKind::AlsoForbidden => {
                let (class, arm) = if mark.kind == MarkKind::Forbidden {
                    ("diagram-cross", 7)
                } else {
                    ("diagram-cross small", 5)
                };
                let path = format!(
                    "M{} {}L{} {}M{} {}L{} {}",
                    x - arm,
                    y - arm,
                    x + arm,
                    y + arm,
                    x - arm,
                    y + arm,
                    x + arm,
                    y - arm
                );
                // A halo of the board's colour keeps the cross readable over
                // the lines drawn through the point.
                let _ = write!(
                    svg,
                    "<path class=\"diagram-cross-halo\" d=\"{path}\"/><path class=\"{class}\" d=\"{path}\"/>"
                );
            }
            MarkKind::Allowed | MarkKind::Five => {
                let class = if mark.kind == MarkKind::Allowed {
                    "allowed"
                } else {
                    "five"
                };
                let _ = write!(
                    svg,
                    "<circle class=\"diagram-ring {class}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                    CELL / 2 - 3
                );
            }
        }
    }
}

/// The star points of a board: the centre, and on 15x15 and larger the four
/// points three lines in from the corners (RIF boards mark these five).
fn star_points(size: BoardSize) -> Vec<Point> {
    let last = size.get() - 1;
    let mut stars = vec![size.center()];
    if size.get() >= 15 {
        for col in [3, last - 3] {
            for row in [3, last - 3] {
                stars.extend(Point::new(col, row));
            }
        }
    }
    stars
}

#[cfg(test)]
mod tests {
    use narabe_rules::Color;

    use super::*;
    use crate::http::rules_pages::board_diagram::{LineKind, Window};

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn the_drawing_has_the_stones_marks_lines_and_a_description() {
        let diagram = BoardDiagram {
            size: BoardSize::FIFTEEN,
            window: Window::centred(point("h8"), 3, BoardSize::FIFTEEN),
            stones: vec![
                DiagramStone {
                    point: point("h8"),
                    color: Color::Black,
                    number: Some(1),
                },
                DiagramStone {
                    point: point("h9"),
                    color: Color::White,
                    number: None,
                },
                DiagramStone {
                    point: point("a1"),
                    color: Color::White,
                    number: None,
                },
            ],
            marks: vec![DiagramMark {
                point: point("i9"),
                kind: MarkKind::Forbidden,
            }],
            lines: vec![DiagramLine {
                kind: LineKind::Foul,
                from: point("g7"),
                to: point("i9"),
                key_points: vec![point("j10")],
            }],
            coordinates: true,
            description: "Black <h8>".into(),
        };
        let svg = diagram.to_svg();
        assert!(svg.starts_with("<svg class=\"board-diagram\""));
        assert!(svg.contains("aria-label=\"Black &lt;h8&gt;\""));
        assert_eq!(svg.matches("diagram-stone").count(), 2, "a1 lies outside");
        assert!(svg.contains(">1</text>"));
        assert_eq!(svg.matches("class=\"diagram-cross\"").count(), 1);
        assert_eq!(svg.matches("diagram-line foul").count(), 1);
        assert_eq!(svg.matches("diagram-key foul").count(), 1);
        assert_eq!(
            svg.matches("diagram-star").count(),
            1,
            "only h8 of the stars"
        );
        assert!(svg.contains(">e</text>") && svg.contains(">k</text>"));
        assert!(svg.contains(">5</text>") && svg.contains(">11</text>"));
        let bare = BoardDiagram {
            coordinates: false,
            ..diagram
        }
        .to_svg();
        assert!(!bare.contains("diagram-coordinates") && !bare.contains(">k</text>"));
    }
}
