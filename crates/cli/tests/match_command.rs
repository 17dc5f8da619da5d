//! `narabe match` with real processes: two `narabe engine`s, and small shell
//! scripts that misbehave on purpose (occupied answers, silence, crashes,
//! garbage, a renju foul), each judged with the right reason while the match
//! goes on.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NARABE: &str = env!("CARGO_BIN_EXE_narabe");

/// The real engine's command line, quoted for the match's word splitting.
fn narabe_engine(level: u8) -> String {
    format!("'{NARABE}' engine --level {level}")
}

/// A fake engine: a POSIX shell script that answers `OK` to `START` and runs
/// `on_move` for every move request (`BEGIN`, `TURN`, the `DONE` of `BOARD`),
/// exiting on `END` unless told otherwise.
struct FakeEngine {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl FakeEngine {
    fn new(on_move: &str) -> FakeEngine {
        FakeEngine::with_end(on_move, "exit 0", "")
    }

    fn with_end(on_move: &str, on_end: &str, after_input: &str) -> FakeEngine {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("fake-engine.sh");
        let transcript = dir.path().join("transcript.txt");
        let script = format!(
            "while IFS= read -r line; do\n\
             \x20 printf '%s\\n' \"$line\" >> '{}'\n\
             \x20 case \"$line\" in\n\
             \x20   START*|RESTART*) echo OK ;;\n\
             \x20   BEGIN*|TURN*|DONE*) {on_move} ;;\n\
             \x20   END*) {on_end} ;;\n\
             \x20 esac\n\
             done\n\
             {after_input}\n",
            transcript.display()
        );
        std::fs::write(&path, script).expect("the script is written");
        FakeEngine { _dir: dir, path }
    }

    /// Every line the engine read, across all its games.
    fn transcript(&self) -> String {
        std::fs::read_to_string(self.path.with_file_name("transcript.txt")).unwrap_or_default()
    }

    /// Run through `sh`, so the script needs no execute bit (and no exec of a
    /// file just written).
    fn command(&self) -> String {
        format!("sh '{}'", self.path.display())
    }
}

fn run_match(args: &[&str]) -> Output {
    Command::new(NARABE)
        .arg("match")
        .args(args)
        .output()
        .expect("narabe match runs")
}

fn stdout_of(output: &Output) -> String {
    assert!(
        output.status.success(),
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn game_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|line| line.starts_with("game "))
        .collect()
}

/// `(wins, draws, losses)` of the first engine from the score line.
fn score(stdout: &str) -> (u32, u32, u32) {
    let line = stdout
        .lines()
        .find(|line| line.starts_with("score of first against second: "))
        .unwrap_or_else(|| panic!("no score line in\n{stdout}"));
    let numbers: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|word| word.parse().ok())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

fn write_openings(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("openings.txt");
    std::fs::write(&path, text).expect("openings written");
    path
}

#[test]
fn two_narabe_engines_finish_a_match_with_a_consistent_score() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let records = dir.path().join("records.tsv");
    let psq = dir.path().join("psq");
    let output = run_match(&[
        // `narabe` as the first word is the match's own binary.
        "--first",
        "narabe engine --level 3",
        "--second",
        &narabe_engine(1),
        "--games",
        "2",
        "--move-time",
        "50",
        "--time-tolerance",
        "3000",
        "--records",
        records.to_str().expect("UTF-8 path"),
        "--psq",
        psq.to_str().expect("UTF-8 path"),
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 2, "{stdout}");
    let (wins, draws, losses) = score(&stdout);
    assert_eq!(wins + draws + losses, 2, "{stdout}");
    // Only outcomes of the board: the real engine never loses by breaking rules.
    for game in &games {
        assert!(
            ["five", "overline", "foul", "full-board"]
                .iter()
                .any(|reason| game.contains(&format!("reason={reason} "))),
            "{game}"
        );
    }
    assert!(
        stdout.contains("Elo difference (first - second): "),
        "{stdout}"
    );
    let records = std::fs::read_to_string(&records).expect("records written");
    let lines: Vec<&str> = records.lines().collect();
    assert_eq!(lines.len(), 3, "{records}");
    assert!(lines[0].starts_with("# game\topening"));
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 8, "{line}");
        assert_eq!(fields[1], "h8 h9 h10");
        assert!(fields[4].starts_with("h8 h9 h10 "), "{line}");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&fields[5]), "{line}");
    }
    // Colours alternate: the first engine has Black in one game and White in the other.
    let mut blacks: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line.split('\t').nth(2).unwrap())
        .collect();
    blacks.sort_unstable();
    assert_eq!(blacks, ["first", "second"]);
    // The same games as PSQ files, which narabe-records reads back move for
    // move, with the engines' times after the opening.
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split('\t').collect();
        let file = psq.join(format!(
            "game-{:04}.psq",
            fields[0].parse::<usize>().unwrap()
        ));
        let bytes =
            std::fs::read(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        let options = narabe_records::ReadOptions {
            rules: Some(narabe_rules::RuleSet::Renju),
            ..Default::default()
        };
        let games = narabe_records::read(narabe_records::Format::Psq, &bytes, &options)
            .unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        let tree = &games[0].tree;
        let moves: Vec<String> = tree
            .main_line_actions()
            .iter()
            .map(|action| action.to_string().replace("place ", ""))
            .collect();
        assert_eq!(moves.join(" "), fields[4], "{}", file.display());
        let times: Vec<Option<u32>> = tree
            .main_line()
            .iter()
            .map(|&id| tree.node(id).time_ms)
            .collect();
        assert_eq!(times[..3], [None, None, None]);
        assert!(times[3..].iter().all(Option::is_some), "{times:?}");
        let black_engine = if fields[2] == "first" {
            "narabe engine --level 3".to_owned()
        } else {
            narabe_engine(1)
        };
        assert_eq!(
            games[0].settings.black.as_deref(),
            Some(black_engine.as_str())
        );
    }
}

#[test]
fn an_occupied_answer_loses_and_the_match_goes_on() {
    let fake = FakeEngine::new("echo 7,7");
    let output = run_match(&[
        "--first",
        &fake.command(),
        "--second",
        &narabe_engine(1),
        "--games",
        "2",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        assert!(game.contains("reason=illegal-move "), "{game}");
        assert!(
            game.contains("(first) loses: answered 7,7 (h8), which is occupied"),
            "{game}"
        );
    }
    assert_eq!(score(&stdout), (0, 0, 2));
    assert!(
        stdout.contains("Elo difference (first - second): -inf"),
        "{stdout}"
    );
}

#[test]
fn silence_loses_on_time_and_an_engine_that_ignores_end_is_killed() {
    // Never answers a move, ignores END and stays after its input closes.
    let fake = FakeEngine::with_end(":", ":", "exec sleep 30");
    let output = run_match(&[
        "--first",
        &narabe_engine(1),
        "--second",
        &fake.command(),
        "--games",
        "2",
        // A short move for the real engine and a long tolerance, so only the
        // silent engine can run out of time on a busy machine.
        "--move-time",
        "50",
        "--time-tolerance",
        "1000",
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        assert!(game.contains("reason=timeout "), "{game}");
        assert!(
            game.contains(
                "(second) loses: no move within 1050 ms (move time plus 1000 ms tolerance)"
            ),
            "{game}"
        );
        assert!(
            game.contains("(second) did not exit after END and was killed"),
            "{game}"
        );
    }
    assert_eq!(score(&stdout), (2, 0, 0));
}

#[test]
fn stray_ok_lines_and_messages_are_not_moves() {
    // Says OK and a MESSAGE before every answer, then an occupied point.
    let fake = FakeEngine::new("echo OK; echo 'MESSAGE thinking'; echo 7,7");
    let output = run_match(&[
        "--first",
        &fake.command(),
        "--second",
        &narabe_engine(1),
        "--games",
        "1",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    assert!(stdout.contains("reason=illegal-move "), "{stdout}");
}

#[test]
fn engines_hear_start_the_settings_and_the_position_as_the_protocol_says() {
    let fake = FakeEngine::new("echo 7,7");
    let output = run_match(&[
        "--first",
        &fake.command(),
        "--second",
        &narabe_engine(1),
        "--games",
        "1",
        "--move-time",
        "100",
        "--match-time",
        "60000",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    assert!(stdout.contains("reason=illegal-move "), "{stdout}");
    // The fake has Black after the opening h8 h9 h10; the real engine answered
    // first, so the fake sees the whole position once, from its side.
    let transcript = fake.transcript();
    let lines: Vec<&str> = transcript.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "START 15",
            "INFO timeout_turn 100",
            "INFO timeout_match 60000",
            "INFO game_type 1",
            "INFO rule 4",
            "INFO time_left 60000",
            "INFO time_left 60000",
        ],
        "{transcript}"
    );
    assert_eq!(
        lines[7..11],
        ["BOARD", "7,7,1", "7,6,2", "7,5,1"],
        "{transcript}"
    );
    assert!(lines[11].ends_with(",2"), "{transcript}");
    assert_eq!(lines[12..], ["DONE", "END"], "{transcript}");
}

#[test]
fn silence_loses_on_the_game_clock_when_that_runs_out_first() {
    let fake = FakeEngine::new(":");
    let output = run_match(&[
        "--first",
        &narabe_engine(1),
        "--second",
        &fake.command(),
        "--games",
        "1",
        "--move-time",
        "60000",
        "--match-time",
        "300",
        "--time-tolerance",
        "200",
    ]);
    let stdout = stdout_of(&output);
    assert!(
        stdout.contains(
            "reason=match-time moves=3: white (second) loses: no move within 500 ms \
             (game time plus 200 ms tolerance)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_crash_and_garbage_lose_with_their_reasons() {
    let crashing = FakeEngine::new("exit 3");
    let output = run_match(&[
        "--first",
        &crashing.command(),
        "--second",
        &narabe_engine(1),
        "--games",
        "1",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 1, "{stdout}");
    assert!(games[0].contains("reason=crash "), "{}", games[0]);
    assert!(
        games[0].contains("(first) loses: the engine exited"),
        "{}",
        games[0]
    );

    let babbling = FakeEngine::new("echo 'I resign'");
    let output = run_match(&[
        "--first",
        &narabe_engine(1),
        "--second",
        &babbling.command(),
        "--games",
        "1",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    assert!(
        stdout.contains("reason=unparsable ")
            && stdout.contains("(second) loses: answered \"I resign\", which is not a move x,y"),
        "{stdout}"
    );
    assert_eq!(score(&stdout), (1, 0, 0));
}

#[test]
fn a_forbidden_black_move_loses_in_renju() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // After this opening Black is to move, and h8 (7,7) makes two open threes
    // (f8 g8 h8 and h6 h7 h8): a forbidden double-three.
    let openings = write_openings(dir.path(), "# a trap for Black\nf8 a1 g8 a3 h6 a5 h7 a7\n");
    let fake = FakeEngine::new("echo 7,7");
    let output = run_match(&[
        "--first",
        &fake.command(),
        "--second",
        &narabe_engine(1),
        "--rule",
        "renju",
        "--openings",
        openings.to_str().expect("UTF-8 path"),
        "--games",
        "1",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 1, "{stdout}");
    assert!(games[0].contains("black=first"), "{}", games[0]);
    assert!(
        games[0].contains("result=0-1 reason=foul moves=9"),
        "{}",
        games[0]
    );
    assert!(
        games[0].contains("white (second) wins: black (first) played the forbidden point h8 (3x3)"),
        "{}",
        games[0]
    );
    assert_eq!(score(&stdout), (0, 0, 1));

    // The same move is an ordinary move in freestyle.
    let output = run_match(&[
        "--first",
        &fake.command(),
        "--second",
        &narabe_engine(1),
        "--rule",
        "freestyle",
        "--openings",
        openings.to_str().expect("UTF-8 path"),
        "--games",
        "1",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    assert!(!stdout.contains("reason=foul"), "{stdout}");
}

/// A renju game of 224 moves (from an engine ladder) after which the last empty
/// point, j14, is forbidden for Black, who is to move.
const ONLY_A_FOUL_LEFT: &str = concat!(
    "h8 i9 i8 j7 g8 f8 i5 i10 l9 j9 k8 j8 j6 j10 j11 k10 ",
    "h10 l10 m10 i7 n11 o12 m11 h6 k9 k7 l7 f9 l11 k11 k12 n9 ",
    "i14 j13 m9 l6 m5 g7 h7 f4 g5 e9 d10 h9 g9 m8 m13 m12 ",
    "f10 g10 d12 e11 e8 i12 h11 i13 i11 h13 f11 g11 k13 j12 h14 k5 ",
    "d9 d13 d11 d8 f14 g14 f13 f12 g13 n8 h12 e15 m7 m4 c8 e10 ",
    "e13 b10 c11 g15 g6 c10 h5 f7 f6 f15 d15 e5 e4 f5 e14 g12 ",
    "i3 h4 n10 h15 i15 c5 l12 o9 d6 b5 d5 c6 i2 i6 i1 i4 ",
    "d3 g4 j4 d2 k3 j2 d7 d4 l2 m1 h3 l3 j3 g3 l5 h1 ",
    "k4 m6 g1 l13 k15 d14 a5 c15 b6 n13 n4 m15 c3 o6 n5 n6 ",
    "k6 o5 b3 o8 o7 o10 o11 f3 a3 e3 n12 l14 k14 f2 f1 e2 ",
    "c2 g2 h2 a4 b12 a6 n7 a8 j5 b11 a15 o2 o3 m2 c13 a12 ",
    "a9 a13 a2 c1 b15 n15 e7 c4 o15 j15 b14 b4 l8 j1 c14 b2 ",
    "a14 l1 a7 e6 b7 c7 d1 l15 b9 o1 n2 o14 a1 c9 n3 n1 ",
    "k1 c12 m14 o13 l4 e12 e1 o4 k2 n14 b8 m3 b1 a10 b13 a11",
);

#[test]
fn black_left_with_only_forbidden_points_passes_and_white_plays_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let openings = write_openings(dir.path(), &format!("{ONLY_A_FOUL_LEFT}\n"));
    let records = dir.path().join("records.tsv");
    let output = run_match(&[
        "--first",
        &narabe_engine(1),
        "--second",
        &narabe_engine(1),
        "--rule",
        "renju",
        "--openings",
        openings.to_str().expect("UTF-8 path"),
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
        "--records",
        records.to_str().expect("UTF-8 path"),
    ]);
    let stdout = stdout_of(&output);
    let games = game_lines(&stdout);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in games {
        // The referee passed for Black (move 225) and White filled j14: a
        // full board, unless White's stone there made five.
        assert!(
            game.contains("reason=full-board moves=226")
                || game.contains("result=0-1 reason=five moves=226"),
            "{game}"
        );
    }
    let records = std::fs::read_to_string(&records).expect("records written");
    for line in records.lines().filter(|line| !line.starts_with('#')) {
        let moves = line.split('\t').nth(4).expect("a moves field");
        assert!(moves.ends_with(" pass j14"), "{line}");
    }
}

#[test]
fn bad_settings_exit_with_2_before_any_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let bad_openings = write_openings(dir.path(), "h8 h8\n");
    let engine = narabe_engine(1);
    let bad_path = bad_openings.to_str().expect("UTF-8");
    let cases: [(Vec<&str>, &str); 8] = [
        (vec!["--rule", "pente"], "has no Gomocup rule value"),
        (
            vec!["--random-openings", "0"],
            "--random-openings: at least 1",
        ),
        (
            vec!["--random-openings", "1000"],
            "--random-openings: at most 297 distinct random openings",
        ),
        (
            vec!["--random-openings", "2", "--openings", bad_path],
            "cannot be used with",
        ),
        (
            vec!["--rule", "renju", "--size", "19"],
            "renju is not played on a 19x19 board",
        ),
        (vec!["--move-time", "0"], "--move-time"),
        (
            vec!["--openings", bad_path],
            "line 1: move 2 (h8): h8 is occupied",
        ),
        (vec!["--concurrency", "0"], "--concurrency"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["--first", &engine, "--second", &engine];
        args.extend(extra);
        let output = run_match(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(game_lines(&String::from_utf8_lossy(&output.stdout)).is_empty());
    }
    let output = run_match(&["--first", "'unterminated", "--second", &engine]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn random_openings_are_three_stones_around_the_centre_each_played_twice() {
    let fake = FakeEngine::new("echo 0,0");
    let run = |seed: &str| {
        let output = run_match(&[
            "--first",
            &fake.command(),
            "--second",
            &fake.command(),
            "--random-openings",
            "3",
            "--seed",
            seed,
        ]);
        let stdout = stdout_of(&output);
        game_lines(&stdout)
            .iter()
            .map(|line| {
                let start = line.find("opening=").expect("an opening") + "opening=".len();
                let end = line[start..].find(" result=").expect("a result") + start;
                line[start..end].to_owned()
            })
            .collect::<Vec<String>>()
    };
    let openings = run("11");
    assert_eq!(
        openings.len(),
        6,
        "three openings, each twice: {openings:?}"
    );
    for pair in openings.chunks(2) {
        assert_eq!(pair[0], pair[1], "colours swapped on one opening");
        let stones: Vec<&str> = pair[0].split(' ').collect();
        assert_eq!(stones.len(), 3);
        assert_eq!(stones[0], "h8", "Black starts on the centre");
        for stone in &stones[1..] {
            let column = i32::from(stone.as_bytes()[0]) - i32::from(b'h');
            let row: i32 = stone[1..].parse::<i32>().expect("a row") - 8;
            assert!(
                column.abs() <= 3 && row.abs() <= 3,
                "{stone} is within three lines"
            );
        }
    }
    assert_ne!(openings[0], openings[2]);
    assert_ne!(openings[2], openings[4]);
    assert_eq!(run("11"), openings, "the same seed gives the same openings");
}

#[test]
fn concurrent_games_all_report() {
    let fake = FakeEngine::new("echo 7,7");
    let output = run_match(&[
        "--first",
        &narabe_engine(1),
        "--second",
        &fake.command(),
        "--games",
        "4",
        "--concurrency",
        "2",
        "--move-time",
        "100",
        "--time-tolerance",
        "3000",
    ]);
    let stdout = stdout_of(&output);
    let mut numbers: Vec<&str> = game_lines(&stdout)
        .iter()
        .map(|line| line.split(':').next().expect("game n"))
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, ["game 1", "game 2", "game 3", "game 4"]);
    assert_eq!(score(&stdout), (4, 0, 0));
}
