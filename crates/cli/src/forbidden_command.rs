//! `narabe forbidden`: renju forbidden points for positions read from stdin.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use narabe_rules::{Point, forbidden};

use crate::line_answers::{answer_move_lists, exit_code};

/// Reads positions from stdin until it ends, writing one verdict line per input
/// line. Buffers are reused across lines, so a long input costs no allocation per
/// position.
pub fn run() -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let answered = answer_lines(stdin.lock(), BufWriter::new(stdout.lock()));
    exit_code("forbidden", answered)
}

/// Answers every line of `input` on `output`; `Ok(false)` when some line was an
/// error.
fn answer_lines(input: impl BufRead, output: impl Write) -> io::Result<bool> {
    let mut forbidden_points: Vec<Point> = Vec::new();
    answer_move_lists(input, output, |board, _moves, output| {
        forbidden::forbidden_points_into(board, &mut forbidden_points);
        if forbidden_points.is_empty() {
            output.write_all(b"-")?;
        }
        for (i, point) in forbidden_points.iter().enumerate() {
            if i > 0 {
                output.write_all(b" ")?;
            }
            write!(output, "{point}")?;
        }
        output.write_all(b"\n")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str) -> (String, bool) {
        let mut output = Vec::new();
        let ok = answer_lines(input.as_bytes(), &mut output).unwrap();
        (String::from_utf8(output).unwrap(), ok)
    }

    #[test]
    fn answers_each_line_and_goes_on_after_errors() {
        let (text, ok) = answer(
            "h8 a1 h9 a2 h10 a3 h11 a4 h12\th8?\nh8 h8\nzz\n\nb11 a10 c9 d9 a9 b10 e11 d10 c11 f11 f7 d11 b7 d12 d8 a11 e7 f5 e8 h6 e12 f6 h11\n",
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0], "h7 h13",
            "both ends of a black five make overlines"
        );
        assert_eq!(lines[1], "error: move 2: h8 is already occupied");
        assert!(
            lines[2].starts_with("error: move 1: bad column"),
            "{}",
            lines[2]
        );
        assert_eq!(lines[3], "-", "an empty line is the empty board");
        assert_eq!(lines[4], "c8");
        assert_eq!(lines.len(), 5);
        assert!(!ok);
    }

    #[test]
    fn accepts_windows_line_ends_and_a_missing_final_newline() {
        let (text, ok) = answer("g8 a1 h7 a3 h9 a5 i8 a7\r\np1");
        assert_eq!(text, "h8\nerror: move 1: p1 is off the 15x15 board\n");
        assert!(!ok);
    }
}
