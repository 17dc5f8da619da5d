//! SGF's two-letter points: the column from the left, the row from the top.

use narabe_rules::{BoardSize, Point};

/// The point `text` names on a `size` board: two letters `a`.. for the
/// column and the row counted from the top; `None` when it is not two letters
/// or falls off the board. Upper-case letters, which FF\[4\] keeps for boards
/// over 26 lines, are read as lower-case ones (PlayOK and RenLib write `HH`).
pub(super) fn parse_point(text: &[u8], size: BoardSize) -> Option<Point> {
    let [col, row] = text else {
        return None;
    };
    let (col, row) = (col.to_ascii_lowercase(), row.to_ascii_lowercase());
    let lines = size.get();
    let col = col.checked_sub(b'a').filter(|&col| col < lines)?;
    let from_top = row.checked_sub(b'a').filter(|&row| row < lines)?;
    Point::new(col, lines - 1 - from_top)
}

/// The two letters of `point` on a `size` board.
pub(super) fn point_text(point: Point, size: BoardSize) -> String {
    let from_top = size.get() - 1 - point.row();
    let letters = [b'a' + point.col(), b'a' + from_top];
    String::from_utf8_lossy(&letters).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_of_fifteen() {
        let size = BoardSize::FIFTEEN;
        assert_eq!(parse_point(b"aa", size), "a15".parse().ok());
        assert_eq!(parse_point(b"hh", size), "h8".parse().ok());
        assert_eq!(parse_point(b"HH", size), "h8".parse().ok());
        assert_eq!(parse_point(b"oo", size), "o1".parse().ok());
        assert_eq!(parse_point(b"pa", size), None);
        assert_eq!(parse_point(b"tt", size), None);
        for point in size.points() {
            assert_eq!(
                parse_point(point_text(point, size).as_bytes(), size),
                Some(point)
            );
        }
    }
}
