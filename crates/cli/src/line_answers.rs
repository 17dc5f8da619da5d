//! The input loop that `narabe forbidden` and `narabe vcf` share: one move list
//! per line of stdin, one answer line per input line on stdout, and an `error:`
//! line (not a stop) for a line that cannot be read.
//!
//! One rule for every command: a line ends at `\n`; its line ending (`\n`,
//! `\r\n`, or a lone `\r` ending the last line) and everything from its first
//! tab on are not part of the move list. A `\r` elsewhere is white space between
//! moves, like a space.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use narabe_rules::{Board, BoardSize, Point, fill_board, parse_points};

/// Answers every line of `input` on `output`: `answer` gets the 15x15 board
/// after the line's moves (Black first, alternating) and the moves, and writes
/// the answer line, line end included. A line that is not valid UTF-8 or not a
/// move list on that board is answered `error: <reason>` instead, and the loop
/// goes on. `Ok(false)` when some line was an error.
///
/// The line, the moves and the board are reused from line to line, so a long
/// input costs no allocation per line here.
pub fn answer_move_lists<W: Write>(
    mut input: impl BufRead,
    mut output: W,
    mut answer: impl FnMut(&Board, &[Point], &mut W) -> io::Result<()>,
) -> io::Result<bool> {
    let mut all_read = true;
    let mut line = Vec::new();
    let mut moves: Vec<Point> = Vec::new();
    let empty = Board::new(BoardSize::FIFTEEN);
    let mut board = empty.clone();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            all_read = false;
            writeln!(output, "error: the line is not valid UTF-8")?;
            continue;
        };
        board.clone_from(&empty);
        let filled =
            parse_points(move_list(text), &mut moves).and_then(|()| fill_board(&mut board, &moves));
        match filled {
            Ok(()) => answer(&board, &moves, &mut output)?,
            Err(error) => {
                all_read = false;
                writeln!(output, "error: {error}")?;
            }
        }
    }
    output.flush()?;
    Ok(all_read)
}

/// The move list of one line as read, line ending included: the text before its
/// first tab, without the line ending.
fn move_list(line: &str) -> &str {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    line.split_once('\t').map_or(line, |(moves, _)| moves)
}

/// The exit status of `narabe <command>` after [`answer_move_lists`]: success
/// when every line was answered, 1 when some line was an error or reading or
/// writing failed (said on stderr). A closed stdout is a success: whoever reads
/// the answers has seen enough (`narabe forbidden < big | head`).
pub fn exit_code(command: &str, answered: io::Result<bool>) -> ExitCode {
    match answered {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("narabe {command}: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line's moves as the answerer saw them, or its error line, and
    /// whether every line was read.
    fn moves_seen(input: &[u8]) -> (Vec<String>, bool) {
        let mut output = Vec::new();
        let all_read = answer_move_lists(input, &mut output, |board, moves, output| {
            assert_eq!(board.stone_count(), moves.len());
            let words: Vec<String> = moves.iter().map(Point::to_string).collect();
            writeln!(output, "[{}]", words.join(" "))
        })
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        (text.lines().map(str::to_owned).collect(), all_read)
    }

    #[test]
    fn unix_and_windows_line_ends_and_a_missing_last_one_read_alike() {
        for input in [
            &b"h8 h9\ni8\n"[..],
            b"h8 h9\r\ni8\r\n",
            b"h8 h9\r\ni8",
            b"h8 h9\ni8\r",
        ] {
            let (lines, all_read) = moves_seen(input);
            assert_eq!(lines, ["[h8 h9]", "[i8]"], "{input:?}");
            assert!(all_read);
        }
    }

    #[test]
    fn a_tab_ends_the_move_list_whatever_follows() {
        let (lines, all_read) = moves_seen(b"h8 h9\th10 zz\r\n\t-\ni8\t\xff\n");
        assert_eq!(lines[..2], ["[h8 h9]", "[]"]);
        assert_eq!(
            lines[2], "error: the line is not valid UTF-8",
            "the whole line must be UTF-8, its ignored tail too"
        );
        assert!(!all_read);
    }

    #[test]
    fn a_carriage_return_inside_a_line_separates_moves_like_a_space() {
        let (lines, all_read) = moves_seen(b"h8\rh9\r\n");
        assert_eq!(lines, ["[h8 h9]"]);
        assert!(all_read);
    }

    #[test]
    fn an_unreadable_line_is_answered_with_its_error_and_the_next_one_still_counts() {
        let (lines, all_read) = moves_seen(b"\xff h8\nh8 h8\nzz\n\nh8 p1\nh8\n");
        assert_eq!(
            lines,
            [
                "error: the line is not valid UTF-8",
                "error: move 2: h8 is already occupied",
                r#"error: move 1: bad column in "zz": expected a letter a..v"#,
                "[]",
                "error: move 2: p1 is off the 15x15 board",
                "[h8]",
            ],
            "an empty line is the empty board, and each line starts from it"
        );
        assert!(!all_read);
    }

    #[test]
    fn an_empty_input_answers_nothing_and_succeeds() {
        assert_eq!(moves_seen(b""), (Vec::new(), true));
    }

    #[test]
    fn a_closed_output_is_a_success_and_other_failures_are_not() {
        let broken = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(exit_code("test", Err(broken)), ExitCode::SUCCESS);
        let other = io::Error::other("disk full");
        assert_eq!(exit_code("test", Err(other)), ExitCode::FAILURE);
        assert_eq!(exit_code("test", Ok(true)), ExitCode::SUCCESS);
        assert_eq!(exit_code("test", Ok(false)), ExitCode::FAILURE);
    }
}
