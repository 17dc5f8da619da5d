//! VCF solving and renju foul checks.
//!
//! `cargo bench -p narabe-engine --bench vcf` measures:
//! - `solve_puzzles`: `find_vcf` on each of the 108 puzzles of
//!   `tests/data/vcf_puzzles.tsv` (renju, standard, freestyle; 3 to 9 fours);
//! - `foul_check_engine` and `foul_check_rules_scan`: every empty point of the
//!   middle-game boards (30-49 stones) of the rules crate's random file judged
//!   for Black, by the engine's pattern pre-filter plus `classify` on the few
//!   flagged points, and by the rules crate's full `forbidden_points_into` scan;
//! - `vct_middle_games`: `find_threat_win` for a VCT on the same boards (Black
//!   to move), at most 20,000 positions each: the threat search's own speed,
//!   the board built inside the timing as `find_threat_win` does.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use narabe_engine::engine_board::EngineBoard;
use narabe_engine::{ThreatKind, ThreatLimits, VcfLimits, VcfOutcome, find_threat_win, find_vcf};
use narabe_rules::{
    BoardSize, Color, FoulPolicy, Point, Position, RuleSet, board_from_moves, forbidden,
};

const PUZZLES: &str = include_str!("../tests/data/vcf_puzzles.tsv");
const RANDOM_FILE: &str = include_str!("../../../testdata/renju-forbidden-random.tsv");

fn main() {
    divan::main();
}

fn puzzles() -> Vec<Position> {
    PUZZLES
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split('\t');
            let rules: RuleSet = fields.next().unwrap().parse().unwrap();
            let board = board_from_moves(fields.next().unwrap(), BoardSize::FIFTEEN).unwrap();
            let turn = if board.stone_count().is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            };
            Position::from_board(rules, FoulPolicy::Loses, board, turn).unwrap()
        })
        .collect()
}

#[divan::bench(sample_count = 20)]
fn solve_puzzles(bencher: Bencher) {
    let positions = puzzles();
    bencher
        .counter(ItemsCount::new(positions.len()))
        .bench_local(|| {
            let mut solved = 0;
            for position in &positions {
                if matches!(
                    find_vcf(black_box(position), VcfLimits::default()),
                    VcfOutcome::Found(_)
                ) {
                    solved += 1;
                }
            }
            assert_eq!(solved, positions.len());
            solved
        });
}

fn middle_game_positions() -> Vec<Position> {
    RANDOM_FILE
        .lines()
        .filter_map(|line| line.split('\t').next())
        .map(|moves| board_from_moves(moves, BoardSize::FIFTEEN).expect("valid test data"))
        .filter(|board| (30..50).contains(&board.stone_count()))
        .map(|board| {
            Position::from_board(RuleSet::Renju, FoulPolicy::Loses, board, Color::Black).unwrap()
        })
        .collect()
}

#[divan::bench(sample_count = 20)]
fn foul_check_engine(bencher: Bencher) {
    let boards: Vec<EngineBoard> = middle_game_positions()
        .iter()
        .map(EngineBoard::from_position)
        .collect();
    bencher
        .counter(ItemsCount::new(boards.len()))
        .bench_local(|| {
            let mut fouls = 0;
            for board in &boards {
                for &at in board.board_cells() {
                    if black_box(board).black_foul(usize::from(at)) {
                        fouls += 1;
                    }
                }
            }
            fouls
        });
}

#[divan::bench(sample_count = 20)]
fn foul_check_rules_scan(bencher: Bencher) {
    let positions = middle_game_positions();
    let mut out: Vec<Point> = Vec::new();
    bencher
        .counter(ItemsCount::new(positions.len()))
        .bench_local(|| {
            let mut fouls = 0;
            for position in &positions {
                forbidden::forbidden_points_into(black_box(position.board()), &mut out);
                fouls += out.len();
            }
            fouls
        });
}

#[divan::bench(sample_count = 10)]
fn vct_middle_games(bencher: Bencher) {
    let positions = middle_game_positions();
    let limits = ThreatLimits {
        max_nodes: Some(20_000),
        ..ThreatLimits::default()
    };
    bencher
        .counter(ItemsCount::new(positions.len()))
        .bench_local(|| {
            positions
                .iter()
                .filter(|position| {
                    matches!(
                        find_threat_win(black_box(position), ThreatKind::Vct, &limits),
                        VcfOutcome::Found(_)
                    )
                })
                .count()
        });
}
