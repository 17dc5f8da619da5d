//! Readers never panic: random bytes and mutated copies of the hand-made
//! files go through every reader (with the rules' check) and come back as
//! records or errors. The fuzz bench runs the same at a million inputs.

use narabe_records::{Format, ReadOptions, guess_format, read};
use proptest::prelude::*;

fn files() -> Vec<Vec<u8>> {
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

/// One change to a file.
#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, bits)| Mutation::Flip(at, bits)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Insert(at, byte)),
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Duplicate(at, len)),
    ]
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for mutation in mutations {
        let len = bytes.len().max(1);
        match *mutation {
            Mutation::Flip(at, bits) if !bytes.is_empty() => bytes[at % len] ^= bits,
            Mutation::Insert(at, byte) => bytes.insert(at % (bytes.len() + 1), byte),
            Mutation::Delete(at) if !bytes.is_empty() => {
                bytes.remove(at % len);
            }
            Mutation::Truncate(at) => bytes.truncate(at % len),
            Mutation::Duplicate(at, count) if !bytes.is_empty() => {
                let start = at % len;
                let end = (start + count).min(bytes.len());
                let copy = bytes[start..end].to_vec();
                bytes.splice(start..start, copy);
            }
            _ => {}
        }
    }
    bytes
}

fn read_everywhere(bytes: &[u8]) {
    for format in Format::ALL {
        let _ = read(format, bytes, &ReadOptions::default());
    }
    let _ = guess_format(bytes);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        read_everywhere(&bytes);
    }

    #[test]
    fn mutated_files_never_panic(index in any::<usize>(), mutations in proptest::collection::vec(mutation(), 1..6)) {
        let files = files();
        let bytes = mutate(files[index % files.len()].clone(), &mutations);
        read_everywhere(&bytes);
    }
}
