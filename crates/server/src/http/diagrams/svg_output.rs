//! A drawing as SVG text: a `viewBox` of its pixels, one element per shape.

use std::fmt::Write as _;

use super::drawing::{Drawing, Shape};

/// The SVG document of `drawing`.
pub(super) fn svg(drawing: &Drawing) -> String {
    let (width, height) = (drawing.width, drawing.height);
    let mut text = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\">"
    );
    for shape in &drawing.shapes {
        // Writing to a String cannot fail.
        let _ = match shape {
            Shape::Rect {
                x,
                y,
                width,
                height,
                radius,
                fill,
            } => write!(
                text,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" rx=\"{radius}\" fill=\"{}\"/>",
                fill.hex()
            ),
            Shape::Line {
                from,
                to,
                color,
                width,
            } => write!(
                text,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"/>",
                from.0,
                from.1,
                to.0,
                to.1,
                color.hex()
            ),
            Shape::Circle {
                center,
                radius,
                fill,
                outline,
            } => {
                let fill = fill.map_or_else(|| "none".to_owned(), |fill| fill.hex());
                let outline = outline.map_or_else(String::new, |(color, width)| {
                    format!(" stroke=\"{}\" stroke-width=\"{width}\"", color.hex())
                });
                write!(
                    text,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"{fill}\"{outline}/>",
                    center.0, center.1
                )
            }
            Shape::Text {
                center,
                size,
                color,
                text: words,
                ..
            } => write!(
                text,
                "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" font-family=\"system-ui, sans-serif\" \
                 font-weight=\"700\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{}</text>",
                center.0,
                center.1,
                color.hex(),
                // Letters and digits only: nothing to escape.
                words
            ),
        };
    }
    text.push_str("</svg>");
    text
}

#[cfg(test)]
mod tests {
    use super::super::drawing::Rgb;
    use super::*;

    #[test]
    fn every_shape_is_an_element_in_the_view_box() {
        let drawing = Drawing {
            width: 40,
            height: 40,
            shapes: vec![
                Shape::Circle {
                    center: (20.0, 20.0),
                    radius: 10.0,
                    fill: Some(Rgb(0x11, 0x11, 0x11)),
                    outline: None,
                },
                Shape::Text {
                    center: (20.0, 20.0),
                    size: 12.0,
                    max_width: 20.0,
                    color: Rgb(255, 255, 255),
                    text: "12".to_owned(),
                },
            ],
        };
        let text = svg(&drawing);
        assert!(
            text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 40\"")
        );
        assert!(text.contains("<circle cx=\"20\" cy=\"20\" r=\"10\" fill=\"#111111\"/>"));
        assert!(text.contains(">12</text>"));
        assert!(text.ends_with("</svg>"));
    }
}
