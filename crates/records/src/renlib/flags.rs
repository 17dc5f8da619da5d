//! The flags of a RenLib node.

/// A sibling follows this node's subtree.
pub(super) const DOWN: u32 = 0x80;
/// The node has no child.
pub(super) const RIGHT: u32 = 0x40;
/// A comment in the 7-bit encoding of RenLib before 3.0.
pub(super) const OLD_COMMENT: u32 = 0x20;
/// A marked move.
pub(super) const MARK: u32 = 0x10;
/// A comment follows the node.
pub(super) const COMMENT: u32 = 0x08;
/// The position the library opens on.
pub(super) const START: u32 = 0x04;
/// The node holds a board text, not a move.
pub(super) const NO_MOVE: u32 = 0x02;
/// Two more flag bytes follow.
pub(super) const EXTENSION: u32 = 0x01;
/// A board text follows the node (in the extension bytes).
pub(super) const BOARD_TEXT: u32 = 0x100;
