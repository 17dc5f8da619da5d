//! `GET /diagram.svg`, `/diagram.png` and `/diagram.gif`: a position drawn by
//! the server for forums, and the moves to it as an animation. The query says
//! the game, the set-up and the moves (`diagram_query.rs`), the frames are the
//! positions along the moves (`diagram_frames.rs`), one drawing model holds a
//! frame's shapes (`drawing.rs`, `board_drawing.rs`), and it is written as SVG
//! (`svg_output.rs`) or painted (`raster_output.rs`, letters and digits from
//! `pixel_font.rs`) into a PNG or into the GIF's frames (`gif_output.rs`).
//! An image is a pure function of its address, so it is cached for a day.

mod board_drawing;
mod diagram_frames;
mod diagram_query;
mod drawing;
mod gif_output;
mod pixel_font;
mod raster_output;
mod serve;
mod svg_output;

pub(super) use serve::{diagram_gif, diagram_png, diagram_svg};
