//! The fuzz target: generated and mutated inputs through every reader.

fn main() {}
