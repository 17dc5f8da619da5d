//! RenLib's `.lib` library: a 15x15 renju tree of two-byte nodes with
//! comments, marks and board texts.
//!
//! A node is a point byte (`16 * row-from-the-top + column`, columns from 1;
//! 0 for the root or a pass) and a flag byte; an extension flag adds two more
//! flag bytes (board text). Nodes come in depth-first order: `DOWN` says a
//! sibling follows the node's subtree, `RIGHT` that the node has no child.
//! Comments and board texts follow their node as zero-terminated text padded
//! to an even length. Version 3.4 writes the root (a point byte of 0) first;
//! version 3.0 and headerless files start with the first move.

mod flags;
mod reader;
mod writer;

pub(crate) use reader::read;
pub(crate) use writer::write;

use narabe_rules::Point;

/// The eight bytes every RenLib header starts with.
pub(crate) const MAGIC: [u8; 8] = [0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF];

/// The length of the header.
const HEADER_LEN: usize = 20;

/// The point byte of `h8`, which a headerless library starts with.
pub(crate) const CENTER: u8 = 0x78;

/// The RenLib byte of `point` (on 15x15).
fn point_byte(point: Point) -> u8 {
    16 * (14 - point.row()) + point.col() + 1
}

/// The point of a RenLib byte, or `None` for a byte naming no point.
fn byte_point(byte: u8) -> Option<Point> {
    let col = byte % 16;
    let from_top = byte / 16;
    if col == 0 || from_top > 14 {
        return None;
    }
    Point::new(col - 1, 14 - from_top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_bytes() {
        assert_eq!(point_byte("h8".parse().unwrap()), CENTER);
        assert_eq!(point_byte("a15".parse().unwrap()), 0x01);
        assert_eq!(point_byte("o1".parse().unwrap()), 0xEF);
        for point in narabe_rules::BoardSize::FIFTEEN.points() {
            assert_eq!(byte_point(point_byte(point)), Some(point));
        }
        assert_eq!(byte_point(0x00), None);
        assert_eq!(byte_point(0x10), None);
        assert_eq!(byte_point(0xF1), None);
    }
}
