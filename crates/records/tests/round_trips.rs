//! Writing and reading back is the identity, on random games of every rule
//! set and opening rule with variations and annotations, up to what each
//! format holds (docs/records.md, "what is lost").

mod support;

use narabe_records::{
    Format, GameTree, Node, ReadOptions, Record, RecordResult, Settings, read, write,
};
use narabe_rules::{Action, BoardSize, ResultCode};
use proptest::prelude::*;

/// `tree` with each node's annotations passed through `keep`.
fn map_nodes(tree: &GameTree, keep: impl Fn(&Node) -> Node) -> GameTree {
    let mut mapped = tree.clone();
    for id in tree.preorder() {
        let kept = keep(tree.node(id));
        let node = mapped.node_mut(id);
        node.comment = kept.comment;
        node.title = kept.title;
        node.marked = kept.marked;
        node.start = kept.start;
        node.labels = kept.labels;
        node.marks = kept.marks;
        node.time_ms = kept.time_ms;
    }
    mapped
}

fn bare(_: &Node) -> Node {
    Node::default()
}

/// What a narabe log holds: every setting, the main line, no annotation.
fn as_narabe_log(record: &Record) -> Record {
    let line = GameTree::from_actions(&record.tree.main_line_actions());
    Record::new(record.settings.clone(), map_nodes(&line, bare))
}

/// What SGF holds: the whole tree with comments, titles, marks, labels and
/// RenLib's mark; of a result's reason, resignation, time and forfeit.
fn as_sgf(record: &Record) -> Record {
    let mut settings = record.settings.clone();
    settings.foul_policy = None;
    settings.result = settings.result.map(|result| RecordResult {
        reason: result.reason.filter(|reason| {
            matches!(
                reason,
                ResultCode::Resignation | ResultCode::Timeout | ResultCode::Abandonment
            )
        }),
        ..result
    });
    let tree = map_nodes(&record.tree, |node| {
        let mut kept = node.clone();
        kept.start = false;
        kept.time_ms = None;
        kept
    });
    Record::new(settings, tree)
}

/// What a RenLib library holds: the board moves with comments, titles,
/// marks, start flags and board texts; the rules come from the reader.
fn as_lib(record: &Record) -> Record {
    let mut settings = Settings::with_size(record.settings.rules, record.settings.size);
    settings.opening = None;
    let tree = map_nodes(&record.tree.board_moves_only(), |node| {
        let mut kept = node.clone();
        kept.marks.clear();
        kept.time_ms = None;
        kept
    });
    Record::new(settings, tree)
}

/// What PSQ holds: the board, the main line's stones and their times, and
/// the names.
fn as_psq(record: &Record) -> Record {
    let mut settings = Settings::with_size(record.settings.rules, record.settings.size);
    settings.black.clone_from(&record.settings.black);
    settings.white.clone_from(&record.settings.white);
    let line = record.tree.board_moves_only();
    let main = GameTree::from_actions(&line.main_line_actions());
    let mut tree = map_nodes(&main, bare);
    for (index, id) in main.main_line().into_iter().enumerate() {
        tree.node_mut(id).time_ms = line.node(line.main_line()[index]).time_ms;
    }
    Record::new(settings, tree)
}

fn round_trip(format: Format, record: &Record) -> Record {
    let bytes = write(format, std::slice::from_ref(record))
        .unwrap_or_else(|error| panic!("{format}: {error}"));
    let options = ReadOptions {
        rules: Some(record.settings.rules),
        ..ReadOptions::default()
    };
    let mut records = read(format, &bytes, &options)
        .unwrap_or_else(|error| panic!("{format}: {error}\n{}", String::from_utf8_lossy(&bytes)));
    assert_eq!(records.len(), 1);
    records.remove(0)
}

fn has_pass(record: &Record) -> bool {
    record.tree.main_line_actions().contains(&Action::Pass)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        // The .lib and PSQ cases skip games their format cannot hold.
        max_global_rejects: 100_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn narabe_log_round_trips(seed in support::seed()) {
        let record = support::record(&seed);
        prop_assert_eq!(round_trip(Format::NarabeLog, &record), as_narabe_log(&record));
    }

    #[test]
    fn sgf_round_trips(seed in support::seed()) {
        let record = support::record(&seed);
        prop_assert_eq!(round_trip(Format::Sgf, &record), as_sgf(&record));
    }

    #[test]
    fn lib_round_trips(seed in support::seed()) {
        let record = support::record(&seed);
        prop_assume!(record.settings.size == BoardSize::FIFTEEN);
        prop_assert_eq!(round_trip(Format::Lib, &record), as_lib(&record));
    }

    #[test]
    fn psq_round_trips(seed in support::seed()) {
        let record = support::record(&seed);
        prop_assume!(!has_pass(&record));
        prop_assert_eq!(round_trip(Format::Psq, &record), as_psq(&record));
    }

    #[test]
    fn sgf_collections_and_merged_libraries(seeds in proptest::collection::vec(support::seed(), 1..4)) {
        let records: Vec<Record> = seeds.iter().map(support::record).collect();
        let bytes = write(Format::Sgf, &records).unwrap();
        let read_back = read(Format::Sgf, &bytes, &ReadOptions::default()).unwrap();
        let expected: Vec<Record> = records.iter().map(as_sgf).collect();
        prop_assert_eq!(read_back, expected);
        let fifteen: Vec<Record> = records.into_iter().filter(|r| r.settings.size == BoardSize::FIFTEEN && r.settings.rules == narabe_rules::RuleSet::Renju).collect();
        prop_assume!(!fifteen.is_empty());
        let library = read(Format::Lib, &write(Format::Lib, &fifteen).unwrap(), &ReadOptions::default()).unwrap();
        let mut merged = GameTree::new();
        for record in &fifteen {
            merged.merge(&as_lib(record).tree);
        }
        prop_assert_eq!(&library[0].tree, &merged);
    }
}

/// The random games reach every action, variations and finished games, so
/// that the round trips above cover them.
#[test]
fn the_generator_covers_every_action() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::BTreeSet::new();
    let (mut variations, mut finished) = (0, 0);
    for _ in 0..400 {
        let record = support::record(&support::seed().new_tree(&mut runner).unwrap().current());
        for id in record.tree.preorder() {
            if let Some(action) = record.tree.node(id).action() {
                seen.insert(action.kind());
            }
            variations += usize::from(record.tree.node(id).children().len() > 1);
        }
        finished += usize::from(matches!(
            record.settings.result.and_then(|result| result.reason),
            Some(
                ResultCode::Five
                    | ResultCode::Overline
                    | ResultCode::Foul
                    | ResultCode::Captures
                    | ResultCode::DoublePass
            )
        ));
    }
    assert_eq!(seen.len(), narabe_rules::ActionKind::ALL.len(), "{seen:?}");
    assert!(variations > 100, "{variations}");
    assert!(finished > 5, "{finished}");
}
