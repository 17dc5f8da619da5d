//! Frames as an animated GIF that loops: one palette for all of them (the
//! board's colours and the blends anti-aliasing makes between them, each
//! pixel mapped to the nearest), and after the first frame only the
//! rectangle that changed.

use std::collections::HashMap;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use tiny_skia::Pixmap;

use super::drawing::Rgb;

/// How long the last frame stays before the animation starts again, in ms.
pub(super) const LAST_FRAME_MS: u32 = 3000;

/// The palette of a drawing that uses `colors`: each colour, and each pair
/// blended at a quarter, a half and three quarters.
fn palette(colors: &[Rgb]) -> Vec<Rgb> {
    let mut palette: Vec<Rgb> = colors.to_vec();
    for (index, &a) in colors.iter().enumerate() {
        for &b in &colors[index + 1..] {
            for quarter in 1..=3_u16 {
                let mix = |x: u8, y: u8| {
                    u8::try_from((u16::from(x) * (4 - quarter) + u16::from(y) * quarter) / 4)
                        .unwrap_or(u8::MAX)
                };
                palette.push(Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)));
            }
        }
    }
    palette.truncate(256);
    palette
}

/// Maps pixels to the nearest palette entry, remembering each colour met.
struct Quantiser {
    palette: Vec<Rgb>,
    known: HashMap<[u8; 3], u8>,
}

impl Quantiser {
    fn index(&mut self, rgb: [u8; 3]) -> u8 {
        if let Some(&index) = self.known.get(&rgb) {
            return index;
        }
        let distance = |color: &Rgb| {
            let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2);
            d(color.0, rgb[0]) + d(color.1, rgb[1]) + d(color.2, rgb[2])
        };
        let index = (0..)
            .zip(&self.palette)
            .min_by_key(|(_, color)| distance(color))
            .map_or(0, |(index, _)| index);
        self.known.insert(rgb, index);
        index
    }

    /// The palette indices of an opaque pixmap.
    fn indices(&mut self, pixmap: &Pixmap) -> Vec<u8> {
        pixmap
            .data()
            .chunks_exact(4)
            .map(|pixel| self.index([pixel[0], pixel[1], pixel[2]]))
            .collect()
    }
}

/// The GIF of `frames` (all the same size), each shown `delay_ms`, the last
/// [`LAST_FRAME_MS`]; `colors` are the colours the drawings use.
pub(super) fn gif(frames: &[Pixmap], colors: &[Rgb], delay_ms: u32) -> Vec<u8> {
    let Some(first) = frames.first() else {
        return Vec::new();
    };
    let (width, height) = (
        u16::try_from(first.width()).unwrap_or(u16::MAX),
        u16::try_from(first.height()).unwrap_or(u16::MAX),
    );
    let mut quantiser = Quantiser {
        palette: palette(colors),
        known: HashMap::new(),
    };
    let flat: Vec<u8> = quantiser
        .palette
        .iter()
        .flat_map(|color| [color.0, color.1, color.2])
        .collect();
    let mut file = Vec::new();
    {
        let Ok(mut encoder) = Encoder::new(&mut file, width, height, &flat) else {
            return Vec::new();
        };
        let _ = encoder.set_repeat(Repeat::Infinite);
        let mut previous: Option<Vec<u8>> = None;
        for (index, pixmap) in frames.iter().enumerate() {
            let indices = quantiser.indices(pixmap);
            let shown = if index + 1 == frames.len() {
                LAST_FRAME_MS
            } else {
                delay_ms
            };
            let (left, top, w, h) = previous.as_deref().map_or((0, 0, width, height), |before| {
                changed(before, &indices, width, height)
            });
            let mut buffer = Vec::with_capacity(usize::from(w) * usize::from(h));
            for row in top..top + h {
                let start = usize::from(row) * usize::from(width) + usize::from(left);
                buffer.extend_from_slice(&indices[start..start + usize::from(w)]);
            }
            let frame = Frame {
                left,
                top,
                width: w,
                height: h,
                delay: u16::try_from(shown / 10).unwrap_or(u16::MAX),
                dispose: DisposalMethod::Keep,
                buffer: buffer.into(),
                ..Frame::default()
            };
            if encoder.write_frame(&frame).is_err() {
                return Vec::new();
            }
            previous = Some(indices);
        }
    }
    file
}

/// The smallest rectangle holding every pixel that differs (one pixel when
/// none does: a pass).
fn changed(before: &[u8], after: &[u8], width: u16, height: u16) -> (u16, u16, u16, u16) {
    let (mut left, mut top, mut right, mut bottom) = (width, height, 0, 0);
    for (index, (a, b)) in before.iter().zip(after).enumerate() {
        if a != b {
            let x = u16::try_from(index % usize::from(width)).unwrap_or(0);
            let y = u16::try_from(index / usize::from(width)).unwrap_or(0);
            left = left.min(x);
            right = right.max(x);
            top = top.min(y);
            bottom = bottom.max(y);
        }
    }
    if left > right {
        return (0, 0, 1, 1);
    }
    (left, top, right - left + 1, bottom - top + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_holds_the_colours_and_their_blends() {
        let palette = palette(&[Rgb(0, 0, 0), Rgb(200, 200, 200)]);
        assert_eq!(palette.len(), 5);
        assert!(palette.contains(&Rgb(100, 100, 100)));
    }

    #[test]
    fn only_the_changed_rectangle_is_sent() {
        let before = vec![0; 12];
        let mut after = before.clone();
        after[5] = 1; // (1, 1) of a 4x3 image
        after[10] = 1; // (2, 2)
        assert_eq!(changed(&before, &after, 4, 3), (1, 1, 2, 2));
        assert_eq!(changed(&before, &before, 4, 3), (0, 0, 1, 1));
    }
}
