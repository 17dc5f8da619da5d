//! The fuzz target: at least a million generated and mutated inputs, each
//! through every reader (with the rules' check), none of which may panic.
//!
//! `cargo bench -p narabe-records --bench fuzz` (or `-- <inputs>` for another
//! count) builds a corpus of the files of `testdata/records/` and of random
//! legal games written in every format (the read-only ones as their programs
//! lay them out), then feeds every
//! reader with inputs of four kinds in turn: random bytes, a corpus file with
//! random byte mutations (flips, insertions, deletions, truncation,
//! duplicated runs), a corpus file with its text cut and spliced at random
//! places, and a freshly generated game in a random format, mutated once.
//! It prints how many inputs and reads ran, how each reader answered, and
//! the time. A panic stops it with the panic's message and the input's
//! kind and size.

use std::time::Instant;

use narabe_records::{Format, ReadOptions, Record, guess_format, read, write};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

#[path = "../tests/support/mod.rs"]
mod support;

/// A small deterministic random number generator (xorshift64*), so that a run
/// can be repeated.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, bound: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(bound.max(1)).unwrap_or(1)).unwrap_or(0)
    }

    fn byte(&mut self) -> u8 {
        self.next().to_le_bytes()[0]
    }
}

fn hand_made_files() -> Vec<Vec<u8>> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/records");
    let mut files = Vec::new();
    for folder in std::fs::read_dir(&root).expect("testdata/records") {
        let folder = folder.expect("an entry").path();
        if folder.is_dir() {
            for file in std::fs::read_dir(&folder).expect("a folder") {
                files.push(std::fs::read(file.expect("an entry").path()).expect("a file"));
            }
        }
    }
    files.sort();
    files
}

fn generated(runner: &mut TestRunner) -> Record {
    support::record(&support::seed().new_tree(runner).expect("a seed").current())
}

/// `record` written in one of the writable formats that can hold it.
fn written(record: &Record, random: &mut Random) -> Vec<u8> {
    let format = Format::WRITABLE[random.below(Format::WRITABLE.len())];
    write(format, std::slice::from_ref(record))
        .or_else(|_| write(Format::Sgf, std::slice::from_ref(record)))
        .expect("SGF holds every record")
}

/// `record`'s main line in the formats narabe reads but does not write, as
/// those programs would write it, so that mutations reach deep into their
/// readers too.
fn read_only_forms(record: &Record) -> Vec<Vec<u8>> {
    let actions = record.tree.main_line_actions();
    let points: Vec<narabe_rules::Point> = actions
        .iter()
        .filter_map(|&action| match narabe_records::board_move(Some(action)) {
            Some(narabe_rules::Move::Place(point)) => Some(point),
            _ => None,
        })
        .collect();
    let words: Vec<String> = points.iter().map(ToString::to_string).collect();
    let mut forms = Vec::new();
    if record.settings.size.get() == 15 && !points.is_empty() && points.len() <= 225 {
        let mut pos = vec![u8::try_from(points.len()).unwrap_or(0)];
        pos.extend(points.iter().map(|p| (14 - p.row()) * 15 + p.col()));
        forms.push(pos);
        let hex: String = points
            .iter()
            .map(|p| format!("{:X}{:X}", p.col() + 1, p.row() + 1))
            .collect();
        forms.push(format!("Cup=[Ann,Bo,+,{hex},?,,generated]\n").into_bytes());
    }
    let mut playok = String::from("[Event \"renju rif\"]\n[Black \"ann\"]\n[White \"bo\"]\n\n");
    for (index, action) in actions.iter().enumerate() {
        if index % 2 == 0 {
            playok.push_str(&format!("{}. ", index / 2 + 1));
        }
        let word = match action {
            narabe_rules::Action::Place(point) | narabe_rules::Action::Choose(point) => {
                point.to_string()
            }
            narabe_rules::Action::Offer(point) => format!("5a:{point}/"),
            narabe_rules::Action::Pass => "--".to_owned(),
            narabe_rules::Action::Swap => "swap".to_owned(),
            narabe_rules::Action::Keep => "keep".to_owned(),
            _ => continue,
        };
        playok.push_str(&word);
        playok.push(' ');
    }
    playok.push_str("1-0\n");
    forms.push(playok.into_bytes());
    forms.push(
        format!(
            "<?xml version=\"1.0\"?>\n<database><rules><rule id=\"1\" name=\"RIF\"/></rules>\n<players><player id=\"1\" name=\"Ann\" surname=\"Lee\"/></players>\n<games><game id=\"1\" rule=\"1\" black=\"1\" white=\"1\" bresult=\"0.5\"><move>{}</move></game></games></database>\n",
            words.join(" ")
        )
        .into_bytes(),
    );
    forms
}

fn mutate(bytes: &mut Vec<u8>, random: &mut Random) {
    for _ in 0..=random.below(4) {
        let len = bytes.len();
        match random.below(5) {
            0 if len > 0 => {
                let at = random.below(len);
                bytes[at] ^= random.byte() | 1;
            }
            1 => {
                let at = random.below(len + 1);
                bytes.insert(at, random.byte());
            }
            2 if len > 0 => {
                bytes.remove(random.below(len));
            }
            3 if len > 0 => bytes.truncate(random.below(len)),
            _ if len > 0 => {
                let start = random.below(len);
                let end = (start + 1 + random.below(32)).min(len);
                let copy = bytes[start..end].to_vec();
                let at = random.below(bytes.len() + 1);
                bytes.splice(at..at, copy);
            }
            _ => {}
        }
    }
}

/// Two pieces of corpus files spliced together at random places.
fn spliced(corpus: &[Vec<u8>], random: &mut Random) -> Vec<u8> {
    let first = &corpus[random.below(corpus.len())];
    let second = &corpus[random.below(corpus.len())];
    let mut bytes = first[..random.below(first.len() + 1)].to_vec();
    bytes.extend_from_slice(&second[random.below(second.len() + 1)..]);
    bytes
}

fn main() {
    // A million under `cargo bench`; a smoke run of ten thousand when `cargo
    // test` runs the benches.
    let bench = std::env::args().any(|arg| arg == "--bench");
    let inputs: u64 = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(if bench { 1_000_000 } else { 10_000 });
    let started = Instant::now();
    let mut runner = TestRunner::deterministic();
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let mut corpus = hand_made_files();
    let hand_made = corpus.len();
    for _ in 0..300 {
        let record = generated(&mut runner);
        for format in Format::WRITABLE {
            if let Ok(bytes) = write(format, std::slice::from_ref(&record)) {
                corpus.push(bytes);
            }
        }
        corpus.extend(read_only_forms(&record));
    }
    eprintln!(
        "corpus: {hand_made} files of testdata/records and {} of generated games, in {:.1?}",
        corpus.len() - hand_made,
        started.elapsed()
    );
    let options = ReadOptions::default();
    let mut answers = [[0u64; 2]; Format::ALL.len()];
    let mut kinds = [0u64; 4];
    let mut guessed = 0u64;
    let fuzzing = Instant::now();
    for count in 0..inputs {
        let kind = usize::try_from(count % 4).unwrap_or(0);
        let bytes = match kind {
            0 => (0..random.below(400)).map(|_| random.byte()).collect(),
            1 => {
                let mut bytes = corpus[random.below(corpus.len())].clone();
                mutate(&mut bytes, &mut random);
                bytes
            }
            2 => spliced(&corpus, &mut random),
            _ => {
                // A fresh game now and then; else one from the corpus, so that
                // game generation does not dominate the run.
                let mut bytes = if count % 64 == 3 {
                    written(&generated(&mut runner), &mut random)
                } else {
                    corpus[hand_made + random.below(corpus.len() - hand_made)].clone()
                };
                mutate(&mut bytes, &mut random);
                bytes
            }
        };
        kinds[kind] += 1;
        let outcome = std::panic::catch_unwind(|| {
            let mut results = [false; Format::ALL.len()];
            for (index, format) in Format::ALL.into_iter().enumerate() {
                results[index] = read(format, &bytes, &options).is_ok();
            }
            (results, guess_format(&bytes).is_some())
        });
        match outcome {
            Ok((results, guess)) => {
                for (index, ok) in results.into_iter().enumerate() {
                    answers[index][usize::from(!ok)] += 1;
                }
                guessed += u64::from(guess);
            }
            Err(_) => {
                eprintln!(
                    "a reader panicked on input {count} (kind {kind}, {} bytes)",
                    bytes.len()
                );
                std::process::exit(1);
            }
        }
    }
    let elapsed = fuzzing.elapsed();
    let reads: u64 = answers.iter().flatten().sum();
    println!(
        "fuzz: {inputs} inputs ({} random, {} mutated files, {} spliced files, {} mutated fresh games), {reads} reads, no panic, in {elapsed:.1?} ({:.0} reads/s)",
        kinds[0],
        kinds[1],
        kinds[2],
        kinds[3],
        reads as f64 / elapsed.as_secs_f64()
    );
    for (format, [ok, refused]) in Format::ALL.into_iter().zip(answers) {
        println!(
            "  {:>6}: {ok} read, {refused} refused with an error",
            format.name()
        );
    }
    println!("  format guessed for {guessed} inputs");
}
