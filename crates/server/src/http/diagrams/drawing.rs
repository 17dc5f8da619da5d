//! The drawing model: a picture as a list of shapes in pixels, drawn the same
//! way to SVG text and to a pixmap.

/// A colour without transparency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub(super) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// One shape of a picture.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Shape {
    /// A filled rectangle with rounded corners.
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        width: f32,
        /// Height.
        height: f32,
        /// Corner radius.
        radius: f32,
        /// Fill.
        fill: Rgb,
    },
    /// A straight line.
    Line {
        /// Start.
        from: (f32, f32),
        /// End.
        to: (f32, f32),
        /// Colour.
        color: Rgb,
        /// Width.
        width: f32,
    },
    /// A circle, filled and outlined as given.
    Circle {
        /// Centre.
        center: (f32, f32),
        /// Radius.
        radius: f32,
        /// Fill.
        fill: Option<Rgb>,
        /// Outline colour and width.
        outline: Option<(Rgb, f32)>,
    },
    /// A line of letters and digits centred on a point.
    Text {
        /// Centre.
        center: (f32, f32),
        /// Height of the letters.
        size: f32,
        /// The widest the text may be; it shrinks to fit.
        max_width: f32,
        /// Colour.
        color: Rgb,
        /// The text: lower-case letters and digits.
        text: String,
    },
}

/// A picture: its size and its shapes, the first drawn first.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Drawing {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The shapes, back to front.
    pub shapes: Vec<Shape>,
}
