//! `narabe replay`: a game log from stdin, the final state as JSON on stdout.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use narabe_rules::{Action, Game, GameConfig, GameSnapshot};

/// The configuration of the replayed game.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The game: freestyle, standard, renju, caro or pente.
    #[arg(long)]
    game: String,
    /// The opening rule (default: the game's default opening).
    #[arg(long)]
    opening: Option<String>,
    /// The number of lines of the board (default: the game's board).
    #[arg(long)]
    size: Option<u8>,
    /// What a forbidden black move does in renju: loses (default) or refused.
    #[arg(long)]
    foul: Option<String>,
    /// Keryo-Pente: captures of two or three stones, 15 stones win (pente only).
    #[arg(long)]
    keryo: bool,
}

/// Exit status for a refused or malformed action.
const REJECTED: u8 = 1;
/// Exit status for a bad configuration or an unreadable input.
const BAD_USAGE: u8 = 2;

/// Runs the command on stdin and stdout.
pub fn run(args: &ReplayArgs) -> ExitCode {
    let config = match GameConfig::from_words(
        &args.game,
        args.size,
        args.opening.as_deref(),
        args.foul.as_deref(),
        args.keryo,
    ) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("narabe replay: {error}");
            return ExitCode::from(BAD_USAGE);
        }
    };
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("narabe replay: cannot read stdin: {error}");
        return ExitCode::from(BAD_USAGE);
    }
    let (text, status) = match replay(config, &input) {
        Ok(snapshot) => match serde_json::to_string_pretty(&snapshot) {
            Ok(json) => (json, ExitCode::SUCCESS),
            Err(error) => {
                eprintln!("narabe replay: {error}");
                return ExitCode::FAILURE;
            }
        },
        Err(line) => (line, ExitCode::from(REJECTED)),
    };
    let mut stdout = io::stdout().lock();
    match writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        Ok(()) => status,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => status,
        Err(error) => {
            eprintln!("narabe replay: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Applies every action line of `input`, returning the final snapshot or the
/// `rejected at line N: <code>: <message>` line of the first refused or
/// malformed action. Lines are counted from 1, comments and blank lines
/// included.
fn replay(config: GameConfig, input: &[u8]) -> Result<GameSnapshot, String> {
    let mut game = Game::new(config);
    for (index, raw) in input.split(|&byte| byte == b'\n').enumerate() {
        let number = index + 1;
        let rejected = |code: &str, message: &dyn std::fmt::Display| {
            format!("rejected at line {number}: {code}: {message}")
        };
        let Ok(line) = std::str::from_utf8(raw) else {
            return Err(rejected("malformed", &"the line is not valid UTF-8"));
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let action: Action = line
            .parse()
            .map_err(|error| rejected("malformed", &error))?;
        game.apply_next(action)
            .map_err(|rejection| rejected(rejection.code(), &rejection))?;
    }
    Ok(GameSnapshot::of(&game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renju() -> GameConfig {
        GameConfig::default()
    }

    #[test]
    fn counts_every_line_and_reports_the_first_problem() {
        let input = b"# free renju\n\nplace h8\nplace h8\nplace zz\n";
        assert_eq!(
            replay(renju(), input).unwrap_err(),
            "rejected at line 4: occupied: h8 is occupied"
        );
        let input = b"place h8\r\n\r\nplace z9\r\n";
        assert!(
            replay(renju(), input)
                .unwrap_err()
                .starts_with("rejected at line 3: malformed: ")
        );
        assert!(
            replay(renju(), b"place h8\n\xff\n")
                .unwrap_err()
                .starts_with("rejected at line 2: malformed")
        );
    }

    #[test]
    fn a_clean_log_gives_the_snapshot() {
        let snapshot = replay(renju(), b"place h8\nplace h9\n").unwrap();
        assert_eq!(snapshot.ply, 2);
        assert_eq!(snapshot.moves, ["h8", "h9"]);
    }
}
