//! `narabe convert` as users run it: the built binary, a record on stdin or as
//! a file argument, the converted record on stdout, errors on stderr and the
//! exit status.

mod support;

use std::path::PathBuf;
use std::process::Output;

use support::{run_narabe, run_narabe_may_exit_early};

fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/records")
        .join(name)
}

fn convert(args: &[&str], input: &[u8]) -> Output {
    let args: Vec<&str> = std::iter::once("convert")
        .chain(args.iter().copied())
        .collect();
    run_narabe_may_exit_early(&args, input)
}

/// The stdout of a conversion that must succeed.
fn converted(args: &[&str], input: &[u8]) -> Vec<u8> {
    let output = convert(args, input);
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
    output.stdout
}

/// The exit status and the stderr of a conversion that must fail.
fn failed(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let output = convert(args, input);
    assert!(
        output.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    (
        output.status.code(),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

#[test]
fn sgf_to_lib_and_back_keeps_the_tree() {
    let sgf = std::fs::read(testdata("sgf/variations-passes.sgf")).unwrap();
    let lib = converted(&["--to", "lib"], &sgf);
    assert!(
        lib.starts_with(b"\xffRenLib\xff\x03\x04"),
        "a pass needs version 3.4"
    );
    let back = String::from_utf8(converted(&["--from", "lib", "--to", "sgf"], &lib)).unwrap();
    assert!(back.starts_with("(;FF[4]GM[4]"), "{back}");
    assert!(
        back.contains("(;B[jf]C[Main line.\nSecond line of the comment.]"),
        "{back}"
    );
    assert!(back.contains("LB[gi:b][jf:a]"), "{back}");
    assert!(back.contains(";W[tt]"), "{back}");
    assert!(back.contains("(;B[gi]HO[1]"), "{back}");
}

#[test]
fn a_file_argument_with_its_format_guessed() {
    let file = testdata("psq/freestyle-20.psq");
    let text = String::from_utf8(converted(&[file.to_str().unwrap(), "--to", "txt"], b"")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..3],
        ["# narabe game record", "# game: freestyle", "# size: 20"]
    );
    assert!(lines.contains(&"# black: pbrain-alpha.zip"), "{text}");
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("place "))
            .count(),
        9
    );
    assert_eq!(lines.last(), Some(&"place n11"));
}

#[test]
fn the_game_of_a_file_that_names_none() {
    let psq = std::fs::read(testdata("psq/renju-no-times.psq")).unwrap();
    let text = String::from_utf8(converted(&["--game", "renju", "--to", "txt"], &psq)).unwrap();
    assert!(text.contains("# game: renju\n"), "{text}");
    let sgf = String::from_utf8(converted(&["--game", "renju"], &psq)).unwrap();
    assert!(sgf.contains("RU[renju]"), "{sgf}");
}

#[test]
fn collections_pick_one_game_for_one_game_formats() {
    let collection = std::fs::read(testdata("sgf/collection.sgf")).unwrap();
    let (status, stderr) = failed(&["--to", "psq"], &collection);
    assert_eq!(status, Some(2));
    assert_eq!(
        stderr,
        "narabe convert: a psq file holds one game, and there are 2: choose one with --pick\n"
    );
    let psq = String::from_utf8(converted(&["--to", "psq", "--pick", "2"], &collection)).unwrap();
    assert_eq!(
        psq,
        "Piskvorky 19x19, 11:11, 0\n10,10\n11,9\n14,10\n12,8\nCy\nDi\n"
    );
    let (status, stderr) = failed(&["--pick", "3"], &collection);
    assert_eq!(
        (status, stderr.as_str()),
        (
            Some(2),
            "narabe convert: --pick 3: the input holds 2 games\n"
        )
    );
    let many = converted(&["--to", "sgf"], &collection);
    assert_eq!(
        String::from_utf8(many).unwrap().matches("(;FF[4]").count(),
        2
    );
}

#[test]
fn broken_records_exit_with_1_and_say_where() {
    let sgf = std::fs::read(testdata("broken/stone-on-stone.sgf")).unwrap();
    let (status, stderr) = failed(&[], &sgf);
    assert_eq!(
        (status, stderr.as_str()),
        (Some(1), "narabe convert: sgf: move 3: h8 is occupied\n")
    );
    let text = String::from_utf8(converted(&["--no-check", "--to", "txt"], &sgf)).unwrap();
    assert!(text.ends_with("place h8\nplace h9\nplace h8\n"), "{text}");
    let lib = std::fs::read(testdata("broken/truncated-comment.lib")).unwrap();
    let (status, stderr) = failed(&[], &lib);
    assert_eq!(
        (status, stderr.as_str()),
        (
            Some(1),
            "narabe convert: lib: byte 32: the file ends inside a comment\n"
        )
    );
    let (status, stderr) = failed(&[], b"nothing anyone writes");
    assert_eq!(
        (status, stderr.as_str()),
        (
            Some(1),
            "narabe convert: cannot tell the input's format: name it with --from\n"
        )
    );
}

#[test]
fn bad_command_lines_exit_with_2() {
    let (status, stderr) = failed(&["--to", "rif"], b"");
    assert_eq!(status, Some(2));
    assert!(
        stderr.contains("narabe does not write rif files"),
        "{stderr}"
    );
    let (status, stderr) = failed(&["--from", "pgn"], b"");
    assert_eq!(status, Some(2));
    assert!(stderr.contains("unknown record format \"pgn\""), "{stderr}");
    let (status, stderr) = failed(&["/no/such/file.sgf"], b"");
    assert_eq!(status, Some(2));
    assert!(
        stderr.starts_with("narabe convert: cannot read /no/such/file.sgf: "),
        "{stderr}"
    );
    let lib_to_19 = std::fs::read(testdata("sgf/collection.sgf")).unwrap();
    let (status, stderr) = failed(&["--to", "lib", "--pick", "2"], &lib_to_19);
    assert_eq!(status, Some(2));
    assert_eq!(
        stderr,
        "narabe convert: a lib file holds 15x15 games only, and this one is 19x19\n"
    );
}

#[test]
fn every_format_reads_into_a_narabe_log() {
    for (name, lines) in [
        ("narabe/rif-five.txt", 18),
        ("sgf/rif-renlib-style.sgf", 17),
        ("lib/v30-tree.lib", 3),
        ("psq/freestyle-20.psq", 9),
        ("rif/database.rif", 15),
        ("playok/renju-rif.txt", 18),
        ("pos/five.pos", 15),
        ("bdt/games.bdt", 17),
    ] {
        let file = testdata(name);
        let output = run_narabe(
            &[
                "convert",
                file.to_str().unwrap(),
                "--to",
                "txt",
                "--pick",
                "1",
            ],
            b"",
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let actions = text.lines().filter(|line| !line.starts_with('#')).count();
        assert_eq!(actions, lines, "{name}:\n{text}");
    }
}
