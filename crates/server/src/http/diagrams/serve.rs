//! The three routes: the query read, the frames made and drawn off the async
//! threads, the image answered with its type, a file name and a day's cache.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::board_drawing::{COLORS, Style, draw_board};
use super::diagram_frames::Frames;
use super::diagram_query::DiagramQuery;
use super::gif_output::gif;
use super::raster_output::{paint, png};
use super::svg_output::svg;
use crate::http::ApiError;
use crate::http::extract::within_limit::{Acting, WithinLimit};

/// The pairs of a query, decoded.
type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The three pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Picture {
    Svg,
    Png,
    Gif,
}

impl Picture {
    const fn extension(self) -> &'static str {
        match self {
            Picture::Svg => "svg",
            Picture::Png => "png",
            Picture::Gif => "gif",
        }
    }

    const fn media_type(self) -> &'static str {
        match self {
            Picture::Svg => "image/svg+xml",
            Picture::Png => "image/png",
            Picture::Gif => "image/gif",
        }
    }
}

/// `GET /diagram.svg`: the position after the moves, as SVG.
pub(crate) async fn diagram_svg(
    _: WithinLimit<Acting>,
    pairs: Pairs,
) -> Result<Response, ApiError> {
    answer(Picture::Svg, pairs).await
}

/// `GET /diagram.png`: the position after the moves, as PNG.
pub(crate) async fn diagram_png(
    _: WithinLimit<Acting>,
    pairs: Pairs,
) -> Result<Response, ApiError> {
    answer(Picture::Png, pairs).await
}

/// `GET /diagram.gif`: the set-up, then each move, as an animated GIF.
pub(crate) async fn diagram_gif(
    _: WithinLimit<Acting>,
    pairs: Pairs,
) -> Result<Response, ApiError> {
    answer(Picture::Gif, pairs).await
}

/// Reads the query, draws the picture and answers it.
async fn answer(picture: Picture, pairs: Pairs) -> Result<Response, ApiError> {
    let Query(pairs) = pairs.map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
    let query = DiagramQuery::read(&pairs, picture == Picture::Gif)?;
    let frames = Frames::of(&query.position)?;
    let style = Style {
        numbers: query.numbers,
        last: query.last,
        coordinates: query.coordinates,
    };
    let delay = query.delay_ms;
    let game = if frames.rules == narabe_rules::RuleSet::KeryoPente {
        "keryo-pente"
    } else {
        frames.rules.name()
    };
    let file_name = format!("narabe-{game}.{}", picture.extension());
    // Painting a board takes milliseconds, a long game's GIF far more.
    let bytes = tokio::task::spawn_blocking(move || draw(picture, &frames, style, delay))
        .await
        .map_err(|_| ApiError::BadRequest("the picture could not be drawn".to_owned()))?;
    Ok((
        [
            (header::CONTENT_TYPE, picture.media_type().to_owned()),
            (header::CACHE_CONTROL, "public, max-age=86400".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file_name}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// The picture's bytes.
fn draw(picture: Picture, frames: &Frames, style: Style, delay_ms: u32) -> Vec<u8> {
    let last = frames.frames.last().expect("the set-up is a frame");
    match picture {
        Picture::Svg => svg(&draw_board(frames.size, last, style)).into_bytes(),
        Picture::Png => png(&draw_board(frames.size, last, style)),
        Picture::Gif => {
            let painted: Vec<_> = frames
                .frames
                .iter()
                .map(|frame| paint(&draw_board(frames.size, frame, style)))
                .collect();
            gif(&painted, &COLORS, delay_ms)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::PositionRequest;

    fn frames(moves: &[&str]) -> Frames {
        Frames::of(&PositionRequest {
            game: "renju".to_owned(),
            size: None,
            keryo: None,
            setup: None,
            moves: moves.iter().map(|&text| text.to_owned()).collect(),
        })
        .unwrap()
    }

    const STYLE: Style = Style {
        numbers: true,
        last: true,
        coordinates: true,
    };

    #[test]
    fn a_png_has_black_and_white_stones_at_their_points() {
        let file = draw(Picture::Png, &frames(&["h8", "h9"]), STYLE, 700);
        let pixmap = tiny_skia::Pixmap::decode_png(&file).unwrap();
        // 34 px of margin, 32 px a line: h8 is column 7, row 8 from the top.
        let at = |col: u32, row_from_top: u32| {
            let pixel = pixmap
                .pixel(34 + 32 * col + 9, 34 + 32 * row_from_top)
                .unwrap();
            (pixel.red(), pixel.green(), pixel.blue())
        };
        assert_eq!((pixmap.width(), pixmap.height()), (516, 516));
        assert_eq!(at(7, 7), (0x11, 0x11, 0x11));
        assert_eq!(at(7, 6), (0xfa, 0xfa, 0xfa));
    }

    #[test]
    fn a_gif_has_a_frame_a_move_and_the_delays_asked() {
        let file = draw(Picture::Gif, &frames(&["h8", "h9", "i9"]), STYLE, 400);
        let mut decoder = gif::DecodeOptions::new()
            .read_info(file.as_slice())
            .unwrap();
        let mut delays = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            delays.push(frame.delay);
        }
        assert_eq!(delays, [40, 40, 40, 300]);
    }
}
