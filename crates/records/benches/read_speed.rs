//! How fast large files are read.
//!
//! `cargo bench -p narabe-records --bench read_speed` reads a generated SGF
//! collection of 100,000 games (random legal games of every rule set with
//! variations and comments, as `tests/support` makes them) and a generated
//! RenLib library of the renju games among them merged into one tree, with
//! and without the rules' check. divan reports the time of one whole file.
//! Under `cargo test` (the benches' smoke run) the files hold 1,000 games.

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use narabe_records::{Format, ReadOptions, Record, read, write};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    divan::main();
}

/// The games of the SGF collection: 100,000 under `cargo bench`; a thousand
/// when `cargo test` runs the benches once as a smoke test.
fn game_count() -> usize {
    if std::env::args().any(|arg| arg == "--bench") {
        100_000
    } else {
        1_000
    }
}

fn games(count: usize) -> Vec<Record> {
    let mut runner = TestRunner::deterministic();
    let seeds = support::seed();
    (0..count)
        .map(|_| support::record(&seeds.new_tree(&mut runner).expect("a seed").current()))
        .collect()
}

fn sgf_collection() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| write(Format::Sgf, &games(game_count())).expect("an SGF collection"))
}

fn large_library() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let fifteen: Vec<Record> = games(game_count())
            .into_iter()
            .filter(|record| record.settings.rules == narabe_rules::RuleSet::Renju)
            .collect();
        write(Format::Lib, &fifteen).expect("a library")
    })
}

fn unchecked() -> ReadOptions {
    ReadOptions {
        check: false,
        ..ReadOptions::default()
    }
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn sgf_100k_games_checked(bencher: Bencher) {
    let bytes = sgf_collection();
    bencher.counter(BytesCount::new(bytes.len())).bench(|| {
        black_box(read(Format::Sgf, bytes, &ReadOptions::default()).expect("read")).len()
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn sgf_100k_games_unchecked(bencher: Bencher) {
    let bytes = sgf_collection();
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench(|| black_box(read(Format::Sgf, bytes, &unchecked()).expect("read")).len());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn large_lib_checked(bencher: Bencher) {
    let bytes = large_library();
    let renju = ReadOptions::default();
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench(|| black_box(read(Format::Lib, bytes, &renju).expect("read")).len());
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn large_lib_unchecked(bencher: Bencher) {
    let bytes = large_library();
    bencher
        .counter(BytesCount::new(bytes.len()))
        .bench(|| black_box(read(Format::Lib, bytes, &unchecked()).expect("read")).len());
}

#[divan::bench(sample_count = 1, sample_size = 1)]
fn sizes() {
    // Not a speed: the sizes of the two files, printed once for docs/benchmarks.md.
    let library = read(Format::Lib, large_library(), &unchecked()).expect("read");
    eprintln!(
        "SGF collection: {} games, {} bytes; library: {} bytes, {} nodes",
        game_count(),
        sgf_collection().len(),
        large_library().len(),
        library[0].tree.len()
    );
}
