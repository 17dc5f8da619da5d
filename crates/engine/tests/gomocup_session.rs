//! The Gomocup session line by line: every command, bad input, and the replies.

use std::time::Duration;

use narabe_engine::{
    AfterReply, Engine, EngineOptions, FAST_MOVE_TIME, GomocupCoord, GomocupSession, SearchLimits,
    SessionReply,
};
use narabe_rules::{BoardSize, Color, Point, Position, RuleSet, board_from_moves};

/// A session with an engine: searches run to depth 2 so the tests do not depend
/// on time.
struct Harness {
    session: GomocupSession,
    engine: Engine,
}

impl Harness {
    fn new() -> Harness {
        Harness {
            session: GomocupSession::new(EngineOptions::default()),
            engine: Engine::new(EngineOptions::default()),
        }
    }

    fn started(size: u32) -> Harness {
        let mut harness = Harness::new();
        assert_eq!(harness.send(&format!("START {size}")), ["OK"]);
        harness
    }

    /// Sends one line and returns every line answered, searching when asked.
    fn send(&mut self, line: &str) -> Vec<String> {
        let reply = self.session.handle_line(line);
        self.follow(reply)
    }

    fn follow(&mut self, reply: SessionReply) -> Vec<String> {
        let mut lines = reply.lines;
        match reply.after {
            AfterReply::Wait => {}
            AfterReply::Exit => lines.push("<exit>".to_owned()),
            AfterReply::Search(request) => {
                assert_eq!(request.position.turn(), self.session.to_move());
                let report = self
                    .engine
                    .search(&request.position, &SearchLimits::depth(2));
                lines.extend(self.session.finish_search(&report));
            }
        }
        lines
    }

    fn send_all(&mut self, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|line| self.send(line)).collect()
    }

    fn position(&self) -> Position {
        self.session.position().expect("a game")
    }

    fn stone(&self, name: &str) -> Option<Color> {
        self.position().board().get(point(name))
    }
}

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

/// The move line of an answer (the last line), checked to be `x,y`.
fn move_of(lines: &[String]) -> GomocupCoord {
    let last = lines.last().expect("an answer");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|line| line.starts_with("MESSAGE ")),
        "{lines:?}"
    );
    last.parse()
        .unwrap_or_else(|_| panic!("a move, not {last:?}"))
}

#[test]
fn start_accepts_square_boards_from_5_to_22() {
    for size in [5, 15, 19, 20, 22] {
        let mut harness = Harness::new();
        assert_eq!(harness.send(&format!("START {size}")), ["OK"]);
        assert_eq!(harness.session.size().map(BoardSize::get), Some(size as u8));
    }
    for size in [0, 4, 23, 100] {
        let mut harness = Harness::new();
        let lines = harness.send(&format!("START {size}"));
        assert!(
            lines[0].starts_with("ERROR unsupported board size"),
            "{lines:?}"
        );
        assert_eq!(harness.session.size(), None);
    }
}

#[test]
fn rectstart_is_refused_politely() {
    let mut harness = Harness::new();
    let lines = harness.send("RECTSTART 20,15");
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("ERROR rectangular boards"),
        "{lines:?}"
    );
}

#[test]
fn commands_before_start_ask_for_it() {
    let mut harness = Harness::new();
    for command in [
        "BEGIN",
        "TURN 7,7",
        "BOARD",
        "TAKEBACK 7,7",
        "RESTART",
        "YXSHOWFORBID",
    ] {
        assert_eq!(
            harness.send(command),
            ["ERROR no game: send START first"],
            "{command}"
        );
    }
}

#[test]
fn begin_plays_a_stone_and_turn_answers_one() {
    let mut harness = Harness::started(15);
    let first = move_of(&harness.send("BEGIN"));
    let first_point = first.to_point(BoardSize::FIFTEEN).expect("on the board");
    assert_eq!(harness.stone(&first_point.to_string()), Some(Color::Black));
    assert_eq!(harness.session.to_move(), Color::White);

    let opponent = if first == (GomocupCoord { x: 7, y: 7 }) {
        "8,8"
    } else {
        "7,7"
    };
    let reply = move_of(&harness.send(&format!("TURN {opponent}")));
    let position = harness.position();
    assert_eq!(position.board().stone_count(), 3);
    assert_eq!(
        position
            .board()
            .get(reply.to_point(BoardSize::FIFTEEN).expect("on board")),
        Some(Color::Black)
    );
    assert_eq!(position.turn(), Color::White);
}

#[test]
fn begin_on_a_board_with_stones_is_an_error() {
    let mut harness = Harness::started(15);
    harness.send("BEGIN");
    let lines = harness.send("BEGIN");
    assert!(
        lines[0].starts_with("ERROR BEGIN needs an empty board"),
        "{lines:?}"
    );
}

#[test]
fn an_occupied_or_off_board_turn_is_an_error_and_changes_nothing() {
    let mut harness = Harness::started(15);
    harness.send("TURN 7,7");
    let before = harness.position();
    assert_eq!(harness.send("TURN 7,7"), ["ERROR 7,7 is occupied"]);
    assert_eq!(
        harness.send("TURN 15,3"),
        ["ERROR 15,3 is off the 15x15 board"]
    );
    assert_eq!(harness.position(), before);
    assert!(
        harness
            .send("TURN 7")
            .first()
            .is_some_and(|line| line.starts_with("ERROR TURN"))
    );
    assert_eq!(harness.position(), before);
}

#[test]
fn the_gomocup_y_axis_points_down() {
    let mut harness = Harness::started(15);
    harness.send("TURN 0,0");
    assert_eq!(harness.stone("a15"), Some(Color::Black));
    harness.send("TURN 14,14");
    assert_eq!(harness.stone("o1"), Some(Color::Black));
}

#[test]
fn board_sets_a_position_and_asks_for_a_move() {
    let mut harness = Harness::started(15);
    let lines = harness.send_all(&["BOARD", "7,7,2", "8,7,1", "7,8,2", "DONE"]);
    // Two opponent stones and one own: the brain has White.
    move_of(&lines);
    assert_eq!(harness.stone("h8"), Some(Color::Black));
    assert_eq!(harness.stone("i8"), Some(Color::White));
    assert_eq!(harness.stone("h7"), Some(Color::Black));
    assert_eq!(harness.position().board().stone_count(), 4);
    assert_eq!(harness.session.to_move(), Color::Black);
}

#[test]
fn board_with_equal_counts_gives_the_brain_black() {
    let mut harness = Harness::started(15);
    harness.send_all(&["BOARD", "7,7,1", "8,8,2"]);
    let lines = harness.send("DONE");
    let answer = move_of(&lines)
        .to_point(BoardSize::FIFTEEN)
        .expect("on board");
    assert_eq!(harness.position().board().get(answer), Some(Color::Black));
}

#[test]
fn a_bad_board_is_refused_whole_and_the_old_position_stays() {
    let mut harness = Harness::started(15);
    harness.send("TURN 7,7");
    let before = harness.position();
    let cases: [(&[&str], &str); 5] = [
        (&["BOARD", "1,1,1", "1,1,2", "DONE"], "1,1 is given twice"),
        (
            &["BOARD", "1,1,1", "15,1,2", "DONE"],
            "15,1 is off the 15x15 board",
        ),
        (
            &["BOARD", "1,1,3", "DONE"],
            "field 3 at 1,1 belongs to continuous games",
        ),
        (&["BOARD", "1,1,4", "DONE"], "field 4 at 1,1 is neither"),
        (&["BOARD", "1,1", "DONE"], "expected x,y,field or DONE"),
    ];
    for (lines, expected) in cases {
        let answer = harness.send_all(lines);
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(
            answer[0].starts_with("ERROR") && answer[0].contains(expected),
            "{answer:?} should mention {expected:?}"
        );
        assert!(answer[0].ends_with("the board is unchanged"), "{answer:?}");
        assert_eq!(harness.position(), before);
    }
}

#[test]
fn renju_refuses_a_board_whose_colours_cannot_be_told() {
    let mut harness = Harness::started(15);
    harness.send("INFO rule 4");
    let answer = harness.send_all(&["BOARD", "1,1,1", "2,2,1", "DONE"]);
    assert!(
        answer[0].contains("renju needs to know which stones are Black"),
        "{answer:?}"
    );
    // Freestyle does not care.
    harness.send("INFO rule 0");
    move_of(&harness.send_all(&["BOARD", "1,1,1", "2,2,1", "DONE"]));
}

#[test]
fn a_command_inside_a_board_block_abandons_the_block() {
    let mut harness = Harness::started(15);
    let answer = harness.send_all(&["BOARD", "1,1,1", "ABOUT"]);
    assert_eq!(answer.len(), 2);
    assert!(answer[0].starts_with("ERROR BOARD was not ended by DONE"));
    assert!(answer[1].starts_with("name=\"narabe\""));
    assert_eq!(harness.position().board().stone_count(), 0);
    assert_eq!(harness.send("END"), ["<exit>"]);
}

#[test]
fn yxboard_sets_the_position_without_a_move() {
    let mut harness = Harness::started(15);
    let answer = harness.send_all(&["YXBOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
    assert!(answer.is_empty(), "{answer:?}");
    assert_eq!(harness.stone("h8"), Some(Color::Black));
    assert_eq!(harness.stone("i7"), Some(Color::White));
    assert_eq!(harness.stone("j6"), Some(Color::Black));
    assert_eq!(harness.session.to_move(), Color::White);
    let field3 = harness.send_all(&["YXBOARD", "1,1,3", "DONE"]);
    assert!(
        field3[0].starts_with("ERROR YXBOARD: field 3"),
        "{field3:?}"
    );
}

#[test]
fn done_without_a_block_is_an_error() {
    let mut harness = Harness::started(15);
    assert_eq!(
        harness.send("DONE"),
        ["ERROR DONE without BOARD or YXBOARD"]
    );
}

#[test]
fn takeback_removes_the_stone_and_gives_the_turn_back() {
    let mut harness = Harness::started(15);
    let own = move_of(&harness.send("BEGIN"));
    assert_eq!(harness.send(&format!("TAKEBACK {own}")), ["OK"]);
    assert_eq!(harness.position().board().stone_count(), 0);
    assert_eq!(harness.session.to_move(), Color::Black);
    assert_eq!(
        harness.send("TAKEBACK 3,3"),
        ["ERROR there is no stone to take back at 3,3"]
    );
    assert_eq!(
        harness.send("TAKEBACK 30,3"),
        ["ERROR 30,3 is off the 15x15 board"]
    );
    // The game goes on from the smaller position.
    move_of(&harness.send("BEGIN"));
}

#[test]
fn restart_clears_the_board() {
    let mut harness = Harness::started(15);
    harness.send("BEGIN");
    let reply = harness.session.handle_line("RESTART");
    assert!(reply.new_game);
    assert_eq!(harness.follow(reply), ["OK"]);
    assert_eq!(harness.position().board().stone_count(), 0);
    assert_eq!(harness.session.to_move(), Color::Black);
}

#[test]
fn about_names_the_brain_as_the_protocol_expects() {
    let mut harness = Harness::new();
    let lines = harness.send("ABOUT");
    assert_eq!(lines.len(), 1);
    let about = &lines[0];
    for key in ["name=\"narabe\"", "version=\"", "author=\"", "country=\""] {
        assert!(about.contains(key), "{about} lacks {key}");
    }
}

#[test]
fn end_exits_and_unknown_or_malformed_lines_are_answered() {
    let mut harness = Harness::new();
    assert_eq!(
        harness.send("SWAP2BOARD"),
        ["UNKNOWN command SWAP2BOARD is not supported"]
    );
    assert_eq!(
        harness.send("start big"),
        ["ERROR START: expected a board size, got \"big\""]
    );
    assert!(harness.send("").is_empty());
    assert!(
        harness
            .send("\u{fffd}\u{fffd}")
            .first()
            .is_some_and(|line| line.starts_with("UNKNOWN"))
    );
    assert_eq!(harness.send("end"), ["<exit>"]);
}

#[test]
fn rule_values_map_to_rule_sets_and_the_rest_is_refused() {
    let mut harness = Harness::new();
    for (value, rule) in [
        (0, RuleSet::Freestyle),
        (1, RuleSet::Standard),
        (2, RuleSet::Renju),
        (4, RuleSet::Renju),
        (8, RuleSet::Caro),
        (9, RuleSet::Caro),
    ] {
        assert!(harness.send(&format!("INFO rule {value}")).is_empty());
        assert_eq!(harness.session.rule(), rule, "rule {value}");
    }
    for value in [3, 5, 6, 7, 10, 16, 99] {
        let lines = harness.send(&format!("INFO rule {value}"));
        assert!(
            lines[0].starts_with(&format!("ERROR unsupported rule {value}")),
            "{lines:?}"
        );
        assert_eq!(harness.session.rule(), RuleSet::Caro);
    }
}

#[test]
fn renju_is_refused_off_fifteen_by_fifteen_and_the_other_way_round() {
    let mut harness = Harness::started(20);
    let lines = harness.send("INFO rule 4");
    assert!(
        lines[0].contains("renju) is not played on a 20x20 board"),
        "{lines:?}"
    );
    assert_eq!(harness.session.rule(), RuleSet::Freestyle);
    harness.send("START 15");
    assert!(harness.send("INFO rule 4").is_empty());
    let lines = harness.send("START 20");
    assert!(
        lines[0].contains("renju is played on 15x15 only"),
        "{lines:?}"
    );
    assert_eq!(harness.session.size(), Some(BoardSize::FIFTEEN));
}

#[test]
fn yxshowforbid_agrees_with_the_rules_in_yixin_format() {
    // The first position of the shared random file: Black's only forbidden
    // point is c8, which is 2,7 in Gomocup coordinates.
    let moves = "b11 a10 c9 d9 a9 b10 e11 d10 c11 f11 f7 d11 b7 d12 d8 a11 e7 f5 e8 h6 e12 f6 h11";
    let board = board_from_moves(moves, BoardSize::FIFTEEN).expect("a board");
    let expected = Position::from_board(
        RuleSet::Renju,
        narabe_rules::FoulPolicy::Loses,
        board,
        Color::White,
    )
    .expect("renju on 15x15")
    .forbidden_points();
    assert_eq!(expected, [point("c8")]);

    let mut harness = Harness::started(15);
    harness.send("INFO rule 4");
    let mut lines = vec!["YXBOARD".to_owned()];
    // The brain is to move: White after 23 stones, so Black's stones are the
    // opponent's (2).
    for (index, name) in moves.split_whitespace().enumerate() {
        let coord = GomocupCoord::from_point(point(name), BoardSize::FIFTEEN);
        lines.push(format!("{coord},{}", if index % 2 == 0 { 2 } else { 1 }));
    }
    lines.push("DONE".to_owned());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert!(harness.send_all(&lines).is_empty());
    assert_eq!(harness.send("YXSHOWFORBID"), ["FORBID 0207."]);
}

#[test]
fn yxshowforbid_lists_several_points_top_row_first_and_none_outside_renju() {
    // Black g8 h7 h9 i8 make h8 a double three (corpus Q2 of the shared test
    // data); white stones in the four corners balance the counts and change
    // nothing.
    let mut harness = Harness::started(15);
    harness.send("INFO rule 4");
    let answer = harness.send_all(&[
        "YXBOARD", "6,7,1", "0,0,2", "7,6,1", "0,14,2", "7,8,1", "14,0,2", "8,7,1", "14,14,2",
        "DONE",
    ]);
    assert!(answer.is_empty(), "{answer:?}");
    let expected: Vec<GomocupCoord> = {
        let mut coords: Vec<GomocupCoord> = harness
            .position()
            .forbidden_points()
            .into_iter()
            .map(|point| GomocupCoord::from_point(point, BoardSize::FIFTEEN))
            .collect();
        coords.sort_by_key(|coord| (coord.y, coord.x));
        coords
    };
    assert!(
        expected.contains(&GomocupCoord { x: 7, y: 7 }),
        "{expected:?}"
    );
    let digits: String = expected
        .iter()
        .map(|coord| coord.two_digit_pair())
        .collect();
    assert_eq!(harness.send("YXSHOWFORBID"), [format!("FORBID {digits}.")]);
    harness.send("INFO rule 0");
    assert_eq!(harness.send("YXSHOWFORBID"), ["FORBID ."]);
}

#[test]
fn time_settings_become_search_limits() {
    let mut session = GomocupSession::new(EngineOptions::default());
    let limits = session.search_limits();
    assert_eq!(limits.move_time, Some(Duration::from_millis(4900)));
    assert_eq!(limits.game_time_left, None);

    session.handle_line("INFO timeout_turn 1000");
    assert_eq!(
        session.search_limits().move_time,
        Some(Duration::from_millis(950))
    );
    session.handle_line("INFO timeout_turn 50");
    assert_eq!(
        session.search_limits().move_time,
        Some(Duration::from_millis(45))
    );
    session.handle_line("INFO timeout_turn 0");
    assert_eq!(session.search_limits().move_time, Some(FAST_MOVE_TIME));

    session.handle_line("INFO timeout_match 60000");
    assert_eq!(
        session.search_limits().game_time_left,
        Some(Duration::from_millis(59900))
    );
    session.handle_line("INFO time_left 3000");
    assert_eq!(
        session.search_limits().game_time_left,
        Some(Duration::from_millis(2900))
    );
    session.handle_line("INFO time_left 0");
    assert_eq!(session.search_limits().game_time_left, Some(FAST_MOVE_TIME));
    session.handle_line("INFO time_left 2147483647");
    assert_eq!(session.search_limits().game_time_left, None);
    session.handle_line("INFO timeout_match 0");
    session.handle_line("INFO time_left 10");
    assert_eq!(session.search_limits().game_time_left, None);

    session.handle_line("INFO max_depth 7");
    session.handle_line("INFO max_node 5000");
    let limits = session.search_limits();
    assert_eq!((limits.max_depth, limits.max_nodes), (Some(7), Some(5000)));
    session.handle_line("INFO max_node -1");
    assert_eq!(session.search_limits().max_nodes, None);
}

#[test]
fn own_moves_use_up_the_game_time() {
    let mut harness = Harness::started(15);
    harness.send("INFO timeout_match 10000");
    harness.send("INFO time_left 5000");
    let reply = harness.session.handle_line("BEGIN");
    let AfterReply::Search(request) = reply.after else {
        panic!("BEGIN searches");
    };
    let mut report = harness
        .engine
        .search(&request.position, &SearchLimits::depth(1));
    report.elapsed = Duration::from_millis(1000);
    harness.session.finish_search(&report);
    assert_eq!(
        harness.session.search_limits().game_time_left,
        Some(Duration::from_millis(3900))
    );
}

#[test]
fn max_memory_sets_the_engine_memory() {
    let mut session = GomocupSession::new(EngineOptions::default());
    assert_eq!(session.engine_options(), EngineOptions::default());
    session.handle_line("INFO max_memory 83886080");
    assert_eq!(session.engine_options().memory_bytes, 62_914_560);
    session.handle_line("INFO max_memory 1000000000");
    assert_eq!(
        session.engine_options().memory_bytes,
        1_000_000_000 - (32 << 20)
    );
    session.handle_line("INFO max_memory 0");
    assert_eq!(session.engine_options(), EngineOptions::default());
}

#[test]
fn thread_num_sets_the_search_threads() {
    let mut session = GomocupSession::new(EngineOptions::default());
    assert_eq!(session.engine_options().threads, 1);
    session.handle_line("INFO thread_num 2");
    assert_eq!(session.engine_options().threads, 2);
    session.handle_line("INFO thread_num 0");
    assert_eq!(session.engine_options().threads, 1, "0 counts as one");
    session.handle_line("INFO thread_num 1000");
    assert_eq!(session.engine_options().threads, 64, "at most 64");
}

#[test]
fn other_info_keys_are_accepted_silently() {
    let mut harness = Harness::new();
    for line in [
        "INFO game_type 1",
        "INFO folder /tmp/x",
        "INFO evaluate 3,4",
        "INFO thread_num 2",
    ] {
        assert!(harness.send(line).is_empty(), "{line}");
    }
    assert_eq!(harness.session.game_type(), Some(1));
    assert_eq!(harness.session.folder(), Some("/tmp/x"));
    assert!(harness.send("INFO rule many")[0].starts_with("ERROR INFO: rule needs a number"));
}

#[test]
fn a_full_board_gets_an_error_not_a_search() {
    let mut harness = Harness::started(5);
    let mut lines = vec!["BOARD".to_owned()];
    // 25 points: 13 opponent stones and 12 own would be the brain's turn as
    // White with nowhere to play.
    for index in 0..25u32 {
        let field = if index % 2 == 0 { 2 } else { 1 };
        lines.push(format!("{},{},{field}", index % 5, index / 5));
    }
    lines.push("DONE".to_owned());
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let answer = harness.send_all(&lines);
    assert_eq!(
        answer,
        ["ERROR the board is full: there is no move to play"]
    );
}
