//! Running the built `narabe` binary as users do: arguments, input on stdin,
//! then its output and exit status.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `narabe <args>` with `input` on stdin until it exits; the command must
/// read the whole input.
#[allow(dead_code, reason = "each test file uses one of the two runners")]
pub fn run_narabe(args: &[&str], input: &[u8]) -> Output {
    let (output, written) = run(args, input);
    written.expect("stdin accepts the input");
    output
}

/// [`run_narabe`] for a command that may exit before reading its input (a bad
/// configuration): a broken pipe is then no error.
#[allow(dead_code, reason = "each test file uses one of the two runners")]
pub fn run_narabe_may_exit_early(args: &[&str], input: &[u8]) -> Output {
    let (output, written) = run(args, input);
    match written {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            panic!("stdin refused the input: {error}")
        }
        _ => output,
    }
}

fn run(args: &[&str], input: &[u8]) -> (Output, std::io::Result<()>) {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_narabe"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the narabe binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Write from another thread so that a large output cannot block the input.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("narabe finishes");
    (output, writer.join().expect("writer thread"))
}
