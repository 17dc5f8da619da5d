//! SGF FF\[4\] GM\[4\]: collections of game trees, as RenLib, Yixin and ORC
//! write renju and gomoku.
//!
//! Besides the standard properties, narabe reads and writes `5A` (the offered
//! fifth moves, on the node of the chosen one, or on the root as PlayOK and
//! RenLib put it) and a private `NA` property: the narabe actions (`swap`,
//! `keep`, `declare 3`, `offer k11`, `resign first`) taken after the node's
//! move, so that an opening protocol survives a round trip while other
//! programs still see an ordinary game.

mod coordinates;
mod parser;
mod reader;
mod writer;

pub(crate) use reader::read;
pub(crate) use writer::write;
