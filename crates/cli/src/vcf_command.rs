//! `narabe vcf`: the VCF (victory by continuous fours) of the side to move, for
//! positions read from stdin.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use narabe_engine::{VcfLimits, VcfOutcome, find_vcf};
use narabe_rules::{Color, FoulPolicy, Position, RuleSet};

use crate::line_answers::{answer_move_lists, exit_code};

/// The rules and the search budget of `narabe vcf`.
#[derive(Debug, clap::Args)]
pub struct VcfArgs {
    /// The rules: renju, standard, freestyle or caro (15x15 boards).
    #[arg(long, default_value = "renju", value_parser = parse_rules)]
    rules: RuleSet,
    /// The most positions searched per input line.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// The most fours of the side to move in one line.
    #[arg(long, default_value_t = 30)]
    depth: u32,
}

fn parse_rules(text: &str) -> Result<RuleSet, String> {
    match text.parse::<RuleSet>() {
        Ok(rules @ (RuleSet::Renju | RuleSet::Standard | RuleSet::Freestyle | RuleSet::Caro)) => {
            Ok(rules)
        }
        _ => Err(format!(
            "unknown rules {text:?} (expected renju, standard, freestyle or caro)"
        )),
    }
}

/// Reads positions from stdin until it ends, writing one answer line per input
/// line; exit status 1 when some line could not be read.
pub fn run(args: &VcfArgs) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let limits = VcfLimits {
        max_nodes: args.nodes,
        max_depth: args.depth,
    };
    let answered = answer_lines(
        stdin.lock(),
        BufWriter::new(stdout.lock()),
        args.rules,
        limits,
    );
    exit_code("vcf", answered)
}

/// Answers every line of `input` on `output`; `Ok(false)` when some line was an
/// error.
fn answer_lines(
    input: impl BufRead,
    output: impl Write,
    rules: RuleSet,
    limits: VcfLimits,
) -> io::Result<bool> {
    answer_move_lists(input, output, |board, moves, output| {
        let turn = if moves.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        let position = Position::from_board(rules, FoulPolicy::Loses, board.clone(), turn)
            .expect("every rule set here is played on 15x15");
        match find_vcf(&position, limits) {
            VcfOutcome::Found(line) => {
                output.write_all(b"vcf")?;
                for point in line {
                    write!(output, " {point}")?;
                }
                output.write_all(b"\n")
            }
            VcfOutcome::None => writeln!(output, "none"),
            VcfOutcome::LimitReached => writeln!(output, "unknown (limit)"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &str, rules: RuleSet) -> (String, bool) {
        let mut output = Vec::new();
        let ok = answer_lines(input.as_bytes(), &mut output, rules, VcfLimits::default()).unwrap();
        (String::from_utf8(output).unwrap(), ok)
    }

    #[test]
    fn answers_each_line_and_goes_on_after_errors() {
        let (text, ok) = answer("h8 a1 i8 a3 j8 a5 k8 a7\nh8 h8\nh8\n", RuleSet::Freestyle);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0] == "vcf g8" || lines[0] == "vcf l8", "{}", lines[0]);
        assert_eq!(lines[1], "error: move 2: h8 is already occupied");
        assert_eq!(lines[2], "none");
        assert!(!ok);
    }

    #[test]
    fn accepts_windows_line_ends_and_a_missing_final_newline() {
        // Until the line-answering loop was shared, vcf cut a line at its first
        // `\r` and forbidden read it as white space; both now read a line the
        // same way.
        let (text, ok) = answer("h8 a1 i8 a3 j8 a5 k8 a7\r\nh8\r\np1", RuleSet::Freestyle);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0] == "vcf g8" || lines[0] == "vcf l8", "{}", lines[0]);
        assert_eq!(
            lines[1..],
            ["none", "error: move 1: p1 is off the 15x15 board"]
        );
        assert!(!ok);
    }

    #[test]
    fn only_board_games_without_captures_are_accepted() {
        assert!(parse_rules("pente").is_err());
        assert_eq!(parse_rules("caro"), Ok(RuleSet::Caro));
    }
}
