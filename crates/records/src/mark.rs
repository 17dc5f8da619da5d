//! Shapes drawn on points of a position (SGF's `TR`, `CR`, `SQ`, `MA`).

use std::fmt;

/// A shape marking a point in one position of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A triangle (`TR`).
    Triangle,
    /// A circle (`CR`).
    Circle,
    /// A square (`SQ`).
    Square,
    /// A cross (`MA`).
    Cross,
}

impl Mark {
    /// Every shape.
    pub const ALL: [Mark; 4] = [Mark::Triangle, Mark::Circle, Mark::Square, Mark::Cross];

    /// The SGF property that draws this shape.
    #[must_use]
    pub const fn sgf_property(self) -> &'static str {
        match self {
            Mark::Triangle => "TR",
            Mark::Circle => "CR",
            Mark::Square => "SQ",
            Mark::Cross => "MA",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::Triangle => "triangle",
            Mark::Circle => "circle",
            Mark::Square => "square",
            Mark::Cross => "cross",
        })
    }
}
