//! Checks the forbidden-move classifier against the random positions of `testdata/`.
use narabe_rules::*;
#[test]
fn random_file() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/renju-forbidden-random.tsv")).unwrap();
    let mut bad = 0;
    for line in text.lines() {
        let (moves, expected) = line.split_once('\t').unwrap();
        let board = board_from_moves(moves, BoardSize::FIFTEEN).unwrap();
        let got: Vec<String> = forbidden::forbidden_points(&board).iter().map(|p| p.to_string()).collect();
        let got = if got.is_empty() { "-".to_string() } else { got.join(" ") };
        if got != expected { bad += 1; if bad < 5 { eprintln!("{moves}\n got {got}\n exp {expected}"); } }
    }
    assert_eq!(bad, 0);
}
