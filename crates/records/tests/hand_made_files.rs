//! The hand-made files of `testdata/records/`: every feature of every format
//! read as the file says, and every broken file refused with its place.

use std::path::PathBuf;

use narabe_records::{
    Format, Location, Mark, NodeId, Problem, ReadOptions, Record, RecordResult, TimeControl,
    guess_format, read,
};
use narabe_rules::{Action, Color, IllegalMove, Opening, Point, Rejection, ResultCode, RuleSet};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/records")
        .join(name)
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(path(name)).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// Reads `name`, checking that its format is guessed from the bytes.
fn read_file(name: &str, format: Format, options: &ReadOptions) -> Vec<Record> {
    let bytes = bytes(name);
    assert_eq!(guess_format(&bytes), Some(format), "{name}");
    read(format, &bytes, options).unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn read_one(name: &str, format: Format) -> Record {
    let mut records = read_file(name, format, &ReadOptions::default());
    assert_eq!(records.len(), 1, "{name}");
    records.remove(0)
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

/// The five game of every format: h8 h9 j10, offers e5 and n13, n13 chosen,
/// then Black's five on the second line.
const FIVE_GAME: &str = "h8 h9 j10 m3 n13 k4 c2 c14 d2 e14 e2 g14 f2 i14 g2";

fn moves(record: &Record) -> Vec<String> {
    record
        .tree
        .main_line_actions()
        .iter()
        .filter_map(|&action| narabe_records::board_move(Some(action)))
        .map(|mv| mv.to_string())
        .collect()
}

#[test]
fn narabe_log_with_every_header_line() {
    let record = read_one("narabe/rif-five.txt", Format::NarabeLog);
    let settings = &record.settings;
    assert_eq!(settings.rules, RuleSet::Renju);
    assert_eq!(settings.opening, Some(Opening::Rif));
    assert_eq!(settings.foul_policy, Some(narabe_rules::FoulPolicy::Loses));
    assert_eq!(
        settings.time_control,
        Some(TimeControl::Clock {
            base_seconds: 300,
            increment_seconds: 3
        })
    );
    assert_eq!(settings.black.as_deref(), Some("Ann Lee"));
    assert_eq!(settings.white.as_deref(), Some("Bo Chen"));
    assert_eq!(settings.date.as_deref(), Some("2026-12-01"));
    assert_eq!(settings.event.as_deref(), Some("narabe test cup"));
    assert_eq!(settings.round.as_deref(), Some("3"));
    assert_eq!(settings.place.as_deref(), Some("Tallinn"));
    assert_eq!(
        settings.result,
        Some(RecordResult::win(Color::Black).because(ResultCode::Five))
    );
    let actions = record.tree.main_line_actions();
    assert_eq!(actions[3], Action::Keep);
    assert_eq!(
        &actions[5..8],
        &[
            Action::Offer(point("e5")),
            Action::Offer(point("n13")),
            Action::Choose(point("n13"))
        ]
    );
    assert_eq!(moves(&record).join(" "), FIVE_GAME);

    let pente = read_one("narabe/pente-resign.txt", Format::NarabeLog);
    assert_eq!(pente.settings.rules, RuleSet::Pente);
    assert_eq!(pente.settings.size.get(), 19);
    assert_eq!(
        pente.settings.time_control,
        Some(TimeControl::DaysPerMove(3))
    );
    assert_eq!(
        pente.tree.main_line_actions().last(),
        Some(&Action::Resign(narabe_rules::Player::Second))
    );
}

#[test]
fn sgf_as_renlib_and_playok_write_it() {
    let record = read_one("sgf/rif-renlib-style.sgf", Format::Sgf);
    assert_eq!(record.settings.rules, RuleSet::Renju);
    assert_eq!(record.settings.opening, Some(Opening::Rif));
    assert_eq!(
        record.settings.result,
        Some(RecordResult::win(Color::Black))
    );
    assert_eq!(record.settings.date.as_deref(), Some("2026.12.01"));
    let actions = record.tree.main_line_actions();
    // The root's 5A names the other offer; the played fifth move is the choice.
    assert_eq!(
        &actions[4..7],
        &[
            Action::Offer(point("e5")),
            Action::Offer(point("n13")),
            Action::Choose(point("n13"))
        ]
    );
    assert_eq!(moves(&record).join(" "), FIVE_GAME);
    assert!(record.tree.root().comment.contains("White took n13"));
    let last = *record.tree.main_line().last().unwrap();
    assert_eq!(
        record.tree.node(last).comment,
        "Five in a row on the second line."
    );
}

#[test]
fn sgf_in_upper_case_with_the_opening_implied_by_its_offers() {
    let record = read_one("sgf/kurnik-style.sgf", Format::Sgf);
    assert_eq!(record.settings.rules, RuleSet::Renju, "from GN");
    assert_eq!(record.settings.opening, Some(Opening::Rif), "two offers");
    assert_eq!(
        record.settings.result,
        Some(RecordResult::win(Color::White))
    );
    assert_eq!(
        moves(&record),
        ["h8", "h9", "j10", "m3", "n13", "k4", "pass", "a15"]
    );
}

#[test]
fn sgf_variations_passes_labels_and_marks() {
    let record = read_one("sgf/variations-passes.sgf", Format::Sgf);
    assert_eq!(record.settings.opening, Some(Opening::Free));
    assert_eq!(record.settings.result, Some(RecordResult::draw()));
    assert_eq!(moves(&record), ["h8", "i9", "j10", "pass", "pass"]);
    let tree = &record.tree;
    let line = tree.main_line();
    assert_eq!(tree.node(line[0]).title, "Centre");
    let white = tree.node(line[1]);
    assert_eq!(white.children().len(), 2, "a variation at move 3");
    assert_eq!(
        white.labels.get(&point("j10")).map(String::as_str),
        Some("a")
    );
    assert_eq!(
        white.labels.get(&point("g7")).map(String::as_str),
        Some("b")
    );
    let main = tree.node(line[2]);
    assert_eq!(main.comment, "Main line.\nSecond line of the comment.");
    assert_eq!(main.marks.get(&point("k11")), Some(&Mark::Triangle));
    for corner in ["g9", "h9", "g8", "h8"] {
        assert_eq!(
            main.marks.get(&point(corner)),
            Some(&Mark::Circle),
            "{corner}"
        );
    }
    let variation = tree.node(white.children()[1]);
    assert_eq!(variation.action(), Some(Action::Place(point("g7"))));
    assert!(variation.marked);
    assert_eq!(variation.marks.get(&point("j7")), Some(&Mark::Square));
    assert_eq!(variation.marks.get(&point("j8")), Some(&Mark::Cross));
    let reply = tree.node(variation.children()[0]);
    assert!(reply.comment.contains("é, ß and 寒星"));
}

#[test]
fn sgf_collections_5a_in_renju_notation_and_narabe_actions() {
    let records = read_file("sgf/collection.sgf", Format::Sgf, &ReadOptions::default());
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].settings.opening, Some(Opening::Yamaguchi));
    let actions = records[0].tree.main_line_actions();
    assert_eq!(
        &actions[4..7],
        &[
            Action::Offer(point("e5")),
            Action::Offer(point("n13")),
            Action::Choose(point("n13"))
        ]
    );
    let pente = &records[1];
    assert_eq!(
        (pente.settings.rules, pente.settings.size.get()),
        (RuleSet::Pente, 19)
    );
    assert_eq!(pente.settings.opening, Some(Opening::Tournament));
    assert_eq!(
        pente.settings.result,
        Some(RecordResult::win(Color::White).because(ResultCode::Resignation))
    );
    assert_eq!(moves(pente), ["j10", "k11", "n10", "l12"]);

    let record = read_one("sgf/narabe-actions.sgf", Format::Sgf);
    assert_eq!(record.settings.opening, Some(Opening::Soosorv8));
    assert_eq!(
        record.settings.time_control,
        Some(TimeControl::Clock {
            base_seconds: 600,
            increment_seconds: 5
        })
    );
    let actions: Vec<String> = record
        .tree
        .main_line_actions()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        actions.join(", "),
        "place h8, place h9, place j10, keep, place m3, declare 2, swap, offer e5, offer n13, choose n13, place k4, resign first"
    );
}

#[test]
fn renlib_tree_comments_marks_and_board_texts() {
    let record = read_one("lib/v30-tree.lib", Format::Lib);
    let tree = &record.tree;
    let h8 = tree.root().children()[0];
    assert_eq!(tree.root().children().len(), 1);
    assert_eq!(tree.node(h8).title, "Centre");
    assert!(tree.node(h8).start);
    let [h9, i9] = tree.node(h8).children() else {
        panic!("two variations after h8");
    };
    let h9 = tree.node(*h9);
    assert_eq!(h9.action(), Some(Action::Place(point("h9"))));
    assert!(h9.marked);
    assert_eq!(h9.title, "Direct");
    assert_eq!(h9.comment, "line one\nline two");
    assert_eq!(h9.children().len(), 1, "the text-only node is no move");
    assert_eq!(h9.labels.get(&point("j10")).map(String::as_str), Some("A"));
    assert_eq!(h9.labels.get(&point("i10")).map(String::as_str), Some("B"));
    let i9 = tree.node(*i9);
    assert_eq!(i9.title, "");
    assert_eq!(i9.comment, "Indirect opening");
    assert!(i9.children().is_empty());
}

#[test]
fn renlib_versions_and_headerless_files() {
    let record = read_one("lib/v34-root-pass.lib", Format::Lib);
    assert_eq!(record.tree.root().title, "Library");
    assert_eq!(moves(&record), ["h8", "i9", "i7", "pass", "g9"]);

    let record = read_one("lib/headerless.lib", Format::Lib);
    let h8 = record.tree.root().children()[0];
    let replies: Vec<Option<Action>> = record
        .tree
        .node(h8)
        .children()
        .iter()
        .map(|&id| record.tree.node(id).action())
        .collect();
    assert_eq!(
        replies,
        [
            Some(Action::Place(point("h9"))),
            Some(Action::Place(point("i9")))
        ]
    );

    let record = read_one("lib/old-comment.lib", Format::Lib);
    let h8 = record.tree.root().children()[0];
    assert_eq!(record.tree.node(h8).title, "Grön");
}

#[test]
fn psq_any_board_and_the_time_of_each_move() {
    let record = read_one("psq/freestyle-20.psq", Format::Psq);
    assert_eq!(
        (record.settings.rules, record.settings.size.get()),
        (RuleSet::Freestyle, 20)
    );
    assert_eq!(record.settings.black.as_deref(), Some("pbrain-alpha.zip"));
    assert_eq!(record.settings.white.as_deref(), Some("pbrain-beta.zip"));
    let times: Vec<Option<u32>> = record
        .tree
        .main_line()
        .iter()
        .map(|&id| record.tree.node(id).time_ms)
        .collect();
    assert_eq!(times[..3], [Some(0), Some(1200), Some(900)]);
    // x 10, y 10 from the top left of 20x20 is j11.
    assert_eq!(moves(&record)[0], "j11");
    assert_eq!(moves(&record).len(), 9);

    let renju = ReadOptions {
        rules: Some(RuleSet::Renju),
        ..ReadOptions::default()
    };
    let records = read_file("psq/renju-no-times.psq", Format::Psq, &renju);
    assert_eq!(moves(&records[0]).join(" "), FIVE_GAME);
    assert!(
        records[0]
            .tree
            .main_line()
            .iter()
            .all(|&id| records[0].tree.node(id).time_ms.is_none())
    );
}

#[test]
fn rif_database_players_tournament_rule_opening_result() {
    let records = read_file("rif/database.rif", Format::Rif, &ReadOptions::default());
    assert_eq!(records.len(), 3);
    let first = &records[0].settings;
    assert_eq!(
        (first.rules, first.opening),
        (RuleSet::Renju, Some(Opening::Rif))
    );
    assert_eq!(first.black.as_deref(), Some("Ann Lee"));
    assert_eq!(first.white.as_deref(), Some("Bo Chen & Co"));
    assert_eq!(first.event.as_deref(), Some("narabe test cup"));
    assert_eq!(first.place.as_deref(), Some("Tallinn"));
    assert_eq!(first.round.as_deref(), Some("3"));
    assert_eq!(first.date.as_deref(), Some("2026-12-01"));
    assert_eq!(first.opening_name.as_deref(), Some("Sosei"));
    assert_eq!(first.result, Some(RecordResult::win(Color::Black)));
    assert_eq!(moves(&records[0]).join(" "), FIVE_GAME);
    assert_eq!(records[1].settings.rules, RuleSet::Freestyle);
    assert_eq!(records[1].settings.result, Some(RecordResult::draw()));
    assert_eq!(records[1].tree.root().comment, "Agreed drawn early.");
    assert_eq!(
        records[2].settings.result,
        Some(RecordResult::win(Color::White))
    );
}

#[test]
fn playok_swaps_and_offered_fifth_moves() {
    let record = read_one("playok/renju-rif.txt", Format::PlayOk);
    assert_eq!(
        (record.settings.rules, record.settings.opening),
        (RuleSet::Renju, Some(Opening::Rif))
    );
    assert_eq!(record.settings.black.as_deref(), Some("ann"));
    assert_eq!(
        record.settings.result,
        Some(RecordResult::win(Color::Black))
    );
    let actions = record.tree.main_line_actions();
    assert_eq!(actions[3], Action::Keep);
    assert_eq!(
        &actions[5..8],
        &[
            Action::Offer(point("e5")),
            Action::Offer(point("n13")),
            Action::Choose(point("n13"))
        ]
    );
    assert_eq!(moves(&record).join(" "), FIVE_GAME);

    let records = read_file(
        "playok/two-games.txt",
        Format::PlayOk,
        &ReadOptions::default(),
    );
    assert_eq!(records.len(), 2);
    let swap2 = &records[0];
    assert_eq!(
        (swap2.settings.rules, swap2.settings.opening),
        (RuleSet::Freestyle, Some(Opening::Swap2))
    );
    assert_eq!(swap2.tree.main_line_actions()[3], Action::Swap);
    assert_eq!(
        swap2.settings.time_control,
        Some(TimeControl::Clock {
            base_seconds: 600,
            increment_seconds: 5
        })
    );
    assert_eq!(moves(&records[1]), ["h8", "h9", "h10", "pass"]);
    assert_eq!(records[1].settings.result, Some(RecordResult::draw()));
}

#[test]
fn pos_and_bdt() {
    let record = read_one("pos/five.pos", Format::Pos);
    assert_eq!(moves(&record).join(" "), FIVE_GAME);

    let records = read_file("bdt/games.bdt", Format::Bdt, &ReadOptions::default());
    assert_eq!(records.len(), 2);
    let first = &records[0];
    assert_eq!(first.settings.event.as_deref(), Some("narabe test cup"));
    assert_eq!(first.settings.black.as_deref(), Some("Ann Lee"));
    assert_eq!(first.settings.result, Some(RecordResult::win(Color::Black)));
    assert_eq!(first.settings.opening, Some(Opening::Rif));
    assert_eq!(moves(first).join(" "), FIVE_GAME);
    assert!(
        first
            .tree
            .main_line_actions()
            .contains(&Action::Offer(point("e5")))
    );
    assert!(first.tree.root().comment.starts_with("Fifth moves offered"));
    assert_eq!(moves(&records[1]), ["h8", "i9", "j10", "pass", "pass"]);
    assert_eq!(records[1].settings.result, Some(RecordResult::draw()));
}

/// The error reading `name` as `format`.
fn refused(name: &str, format: Format) -> narabe_records::ReadError {
    match read(format, &bytes(name), &ReadOptions::default()) {
        Ok(_) => panic!("{name} was read"),
        Err(error) => error,
    }
}

#[test]
fn broken_files_say_where_they_break() {
    let error = refused("broken/stone-on-stone.sgf", Format::Sgf);
    assert_eq!(error.location, Location::Move(3));
    assert_eq!(
        error.problem,
        Problem::Illegal(Rejection::Illegal(IllegalMove::Occupied(point("h8"))))
    );
    assert_eq!(error.to_string(), "sgf: move 3: h8 is occupied");

    let error = refused("broken/foul-played-on.sgf", Format::Sgf);
    assert_eq!(error.location, Location::Move(10));
    assert!(
        matches!(error.problem, Problem::PlayedOn { ended_at: 9, .. }),
        "{error}"
    );
    assert!(
        error.to_string().contains("forbidden point h8 (3x3)"),
        "{error}"
    );

    let error = refused("broken/foul-won.sgf", Format::Sgf);
    assert_eq!(error.location, Location::Move(9));
    assert!(
        matches!(error.problem, Problem::ResultContradicts { .. }),
        "{error}"
    );

    let error = refused("broken/wrong-color.sgf", Format::Sgf);
    assert_eq!(
        error.to_string(),
        "sgf: move 2: a black stone where white is to move"
    );
    let error = refused("broken/unclosed.sgf", Format::Sgf);
    assert_eq!(
        error.to_string(),
        "sgf: line 3: the file ends inside a property value"
    );

    let error = refused("broken/truncated-comment.lib", Format::Lib);
    assert_eq!(
        error.to_string(),
        "lib: byte 32: the file ends inside a comment"
    );
    let error = refused("broken/bad-point.lib", Format::Lib);
    assert_eq!(error.to_string(), "lib: byte 22: bad point byte \"0x10\"");
    let error = refused("broken/future-version.lib", Format::Lib);
    assert_eq!(
        error.to_string(),
        "lib: byte 8: RenLib file version 3.9 is newer than 3.4"
    );

    let error = refused("broken/short.pos", Format::Pos);
    assert_eq!(
        error.to_string(),
        "pos: byte 3: the file ends inside the move list"
    );
    let error = refused("broken/off-board.psq", Format::Psq);
    assert_eq!(error.to_string(), "psq: line 3: 16,1 is off the board");
    let error = refused("broken/bad-move.rif", Format::Rif);
    assert_eq!(error.to_string(), "rif: line 3: bad move \"z99\"");
    let error = refused("broken/bad-token.txt", Format::PlayOk);
    assert_eq!(
        error.to_string(),
        "playok: line 5: unexpected \"takeback\": expected a move, --, swap, keep or offered fifth moves"
    );
    let error = refused("broken/bad-line.bdt", Format::Bdt);
    assert_eq!(error.location, Location::Line(2));
    let error = refused("broken/outside-zone.txt", Format::NarabeLog);
    assert_eq!(error.location, Location::Move(2));
    assert!(matches!(
        error.problem,
        Problem::Illegal(Rejection::OutsideZone { .. })
    ));
}

#[test]
fn unchecked_reading_keeps_what_the_rules_refuse() {
    let options = ReadOptions {
        check: false,
        ..ReadOptions::default()
    };
    let records = read(Format::Sgf, &bytes("broken/stone-on-stone.sgf"), &options).unwrap();
    assert_eq!(records[0].tree.main_line().len(), 3);
    assert_eq!(records[0].tree.node(NodeId::ROOT).children().len(), 1);
}

/// A library Rapfi wrote (`pbrain-rapfi database`: `LIBTODB` of
/// `lib/v30-tree.lib`, then `DBTOLIB` from h8): Rapfi keeps positions, not
/// moves, so it writes every symmetric image of each move, turns the
/// text-only node into a move, and writes every comment as a multi-line one.
#[test]
fn a_library_written_by_rapfi() {
    let record = read_one("lib/rapfi-export.lib", Format::Lib);
    let tree = &record.tree;
    let h8 = tree.root().children()[0];
    assert_eq!(tree.node(h8).action(), Some(Action::Place(point("h8"))));
    assert_eq!(tree.node(h8).comment, "Centre");
    let replies = tree.node(h8).children();
    assert_eq!(replies.len(), 8, "the four images of h9 and of i9");
    let direct = replies
        .iter()
        .filter(|&&id| tree.node(id).comment == "Direct\nline one\nline two")
        .count();
    let indirect = replies
        .iter()
        // Rapfi turned the separator RenLib's own file had before the
        // comment into a line break.
        .filter(|&&id| tree.node(id).comment == "\nIndirect opening")
        .count();
    assert_eq!((direct, indirect), (4, 4));
    let h9 = replies
        .iter()
        .copied()
        .find(|&id| tree.node(id).action() == Some(Action::Place(point("h9"))))
        .expect("h9 among the replies");
    let labels: Vec<(String, &str)> = tree
        .node(h9)
        .labels
        .iter()
        .map(|(p, t)| (p.to_string(), t.as_str()))
        .collect();
    assert!(labels.contains(&("j10".to_owned(), "A")), "{labels:?}");
    assert!(labels.contains(&("i10".to_owned(), "B")), "{labels:?}");
}

/// A PSQ file `narabe match --psq` wrote (level 3 against level 1, 100 ms a
/// move): the opening's moves without times, the engines' with theirs, the
/// engines' command lines as the players; Black's five ends it.
#[test]
fn a_psq_written_by_narabe_match() {
    let renju = ReadOptions {
        rules: Some(RuleSet::Renju),
        ..ReadOptions::default()
    };
    let records = read_file("psq/narabe-match.psq", Format::Psq, &renju);
    let record = &records[0];
    assert_eq!(
        record.settings.black.as_deref(),
        Some("narabe engine --level 3")
    );
    assert_eq!(
        record.settings.white.as_deref(),
        Some("narabe engine --level 1")
    );
    let line = record.tree.main_line();
    assert_eq!(line.len(), 27);
    assert_eq!(&moves(record)[..3], ["h8", "h9", "h10"]);
    assert!(
        line[..3]
            .iter()
            .all(|&id| record.tree.node(id).time_ms.is_none())
    );
    assert!(
        line[3..]
            .iter()
            .all(|&id| record.tree.node(id).time_ms.is_some())
    );
    // The board ends the game on the last move: a Black win contradicts
    // nothing, a White one would.
    let mut claimed = record.clone();
    claimed.settings.result = Some(RecordResult::win(Color::White));
    let (location, problem) = narabe_records::check(&claimed).unwrap_err();
    assert_eq!(location, Location::Move(27));
    assert!(matches!(problem, Problem::ResultContradicts { .. }));
}
