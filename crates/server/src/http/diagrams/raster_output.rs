//! A drawing painted into a pixmap (tiny-skia), and as a PNG.

use tiny_skia::{FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::drawing::{Drawing, Rgb, Shape};
use super::pixel_font::dots;

/// The pixels of `drawing`, opaque RGBA.
pub(super) fn paint(drawing: &Drawing) -> Pixmap {
    let mut pixmap = Pixmap::new(drawing.width.max(1), drawing.height.max(1))
        .unwrap_or_else(|| Pixmap::new(1, 1).expect("a 1x1 pixmap"));
    for shape in &drawing.shapes {
        match shape {
            Shape::Rect {
                x,
                y,
                width,
                height,
                radius,
                fill,
            } => {
                let path = rounded_rect(*x, *y, *width, *height, *radius);
                if let Some(path) = path {
                    pixmap.fill_path(
                        &path,
                        &paint_of(*fill),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
            }
            Shape::Line {
                from,
                to,
                color,
                width,
            } => {
                let mut builder = PathBuilder::new();
                builder.move_to(from.0, from.1);
                builder.line_to(to.0, to.1);
                if let Some(path) = builder.finish() {
                    let stroke = Stroke {
                        width: *width,
                        line_cap: LineCap::Butt,
                        ..Stroke::default()
                    };
                    pixmap.stroke_path(
                        &path,
                        &paint_of(*color),
                        &stroke,
                        Transform::identity(),
                        None,
                    );
                }
            }
            Shape::Circle {
                center,
                radius,
                fill,
                outline,
            } => {
                let Some(path) = PathBuilder::from_circle(center.0, center.1, *radius) else {
                    continue;
                };
                if let Some(fill) = fill {
                    pixmap.fill_path(
                        &path,
                        &paint_of(*fill),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
                if let Some((color, width)) = outline {
                    let stroke = Stroke {
                        width: *width,
                        ..Stroke::default()
                    };
                    pixmap.stroke_path(
                        &path,
                        &paint_of(*color),
                        &stroke,
                        Transform::identity(),
                        None,
                    );
                }
            }
            Shape::Text {
                center,
                size,
                max_width,
                color,
                text,
            } => paint_text(&mut pixmap, *center, *size, *max_width, *color, text),
        }
    }
    pixmap
}

/// The PNG file of `drawing`.
pub(super) fn png(drawing: &Drawing) -> Vec<u8> {
    paint(drawing).encode_png().unwrap_or_default()
}

/// A solid paint of `color`.
fn paint_of(color: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.0, color.1, color.2, 255);
    paint.anti_alias = true;
    paint
}

/// A rectangle with corners rounded by `radius`.
fn rounded_rect(x: f32, y: f32, width: f32, height: f32, radius: f32) -> Option<tiny_skia::Path> {
    let r = radius.min(width / 2.0).min(height / 2.0);
    let mut builder = PathBuilder::new();
    builder.move_to(x + r, y);
    builder.line_to(x + width - r, y);
    builder.quad_to(x + width, y, x + width, y + r);
    builder.line_to(x + width, y + height - r);
    builder.quad_to(x + width, y + height, x + width - r, y + height);
    builder.line_to(x + r, y + height);
    builder.quad_to(x, y + height, x, y + height - r);
    builder.line_to(x, y + r);
    builder.quad_to(x, y, x + r, y);
    builder.close();
    builder.finish()
}

/// Paints `text` in dots, `size` pixels high (smaller when it would be wider
/// than `max_width`), centred on `center`; whole pixels per dot where they fit,
/// so that the letters stay sharp.
fn paint_text(
    pixmap: &mut Pixmap,
    center: (f32, f32),
    size: f32,
    max_width: f32,
    color: Rgb,
    text: &str,
) {
    let (lit, width, height) = dots(text);
    if lit.is_empty() {
        return;
    }
    let mut dot = (size / height as f32).min(max_width / width as f32);
    if dot >= 1.0 {
        dot = dot.floor();
    }
    let left = (center.0 - dot * width as f32 / 2.0).round();
    let top = (center.1 - dot * height as f32 / 2.0).round();
    let mut paint = paint_of(color);
    paint.anti_alias = false;
    for (col, row) in lit {
        if let Some(rect) =
            Rect::from_xywh(left + col as f32 * dot, top + row as f32 * dot, dot, dot)
        {
            pixmap.fill_rect(rect, &paint, Transform::identity(), None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_painted_where_they_stand() {
        let drawing = Drawing {
            width: 60,
            height: 30,
            shapes: vec![
                Shape::Rect {
                    x: 0.0,
                    y: 0.0,
                    width: 60.0,
                    height: 30.0,
                    radius: 0.0,
                    fill: Rgb(200, 150, 100),
                },
                Shape::Circle {
                    center: (15.0, 15.0),
                    radius: 10.0,
                    fill: Some(Rgb(0, 0, 0)),
                    outline: None,
                },
            ],
        };
        let pixmap = Pixmap::decode_png(&png(&drawing)).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (60, 30));
        let at = |x, y| {
            let pixel = pixmap.pixel(x, y).unwrap();
            (pixel.red(), pixel.green(), pixel.blue())
        };
        assert_eq!(at(15, 15), (0, 0, 0));
        assert_eq!(at(50, 15), (200, 150, 100));
    }

    #[test]
    fn digits_are_painted_in_dots() {
        let mut pixmap = Pixmap::new(40, 20).unwrap();
        paint_text(&mut pixmap, (20.0, 10.0), 14.0, 40.0, Rgb(255, 0, 0), "1");
        let red = (0..40)
            .flat_map(|x| (0..20).map(move |y| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().red() == 255)
            .count();
        // "1" has 10 dots, each 2x2 pixels at 14 pixels high.
        assert_eq!(red, 10 * 4);
    }
}
