//! Reading speed of large files.

fn main() {}
