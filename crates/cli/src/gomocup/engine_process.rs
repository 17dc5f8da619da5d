//! One engine as a child process spoken to over the Gomocup protocol: lines in,
//! answers out with deadlines, and a guaranteed end (`END`, then a kill).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::command_line::split_command_line;

/// How long an engine may take to exit after `END` before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_secs(1);
/// The least time between an engine's answer and the next command it is sent.
/// Rapfi drops a command that arrives within about a millisecond after it
/// printed its move (it then reads the next coordinates as an unknown command
/// and forfeits); a referee must not let that decide a game. The pause is
/// never charged to either engine's clock.
pub const COMMAND_GAP: Duration = Duration::from_millis(5);

/// Why an engine gave no usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineFailure {
    /// No answer before the deadline.
    Timeout,
    /// The process ended or closed its output.
    Crashed(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// When the engine's last answer arrived ([`COMMAND_GAP`]).
    answered_at: Option<Instant>,
}

impl EngineProcess {
    /// Starts `command_line` (shell-style words; a first word `narabe` means this
    /// very binary, so a match needs no installed copy).
    ///
    /// # Errors
    ///
    /// A command line that cannot be split, or a program that cannot start.
    pub fn spawn(command_line: &str) -> Result<EngineProcess, String> {
        let words = split_command_line(command_line)?;
        let program = if words[0] == "narabe" {
            std::env::current_exe().map_err(|error| format!("cannot find narabe: {error}"))?
        } else {
            words[0].clone().into()
        };
        let mut child = Command::new(&program)
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Engines' logs would drown the results; the protocol carries what
            // the referee needs.
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", program.display()))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        // A reader thread turns the output into lines, so answers can be awaited
        // with a deadline; it ends when the engine closes its output.
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&bytes);
                        // Engines may end lines with CR LF, LF or CR.
                        for line in text.split(['\r', '\n']) {
                            let line = line.trim();
                            if !line.is_empty() && sender.send(line.to_owned()).is_err() {
                                return;
                            }
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            answered_at: None,
        })
    }

    /// Sends one command line, at least [`COMMAND_GAP`] after the engine's
    /// last answer.
    ///
    /// # Errors
    ///
    /// [`EngineFailure::Crashed`] when the engine no longer reads.
    pub fn send(&mut self, line: &str) -> Result<(), EngineFailure> {
        if let Some(answered) = self.answered_at.take() {
            let since = answered.elapsed();
            if since < COMMAND_GAP {
                thread::sleep(COMMAND_GAP - since);
            }
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(self.crashed());
        };
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        written.map_err(|_| self.crashed())
    }

    /// The next answer line before `deadline`, skipping what the protocol lets an
    /// engine say at any time (`MESSAGE`, `DEBUG`, `SUGGEST`).
    ///
    /// # Errors
    ///
    /// [`EngineFailure::Timeout`] at the deadline, [`EngineFailure::Crashed`] when
    /// the output ends.
    pub fn answer(&mut self, deadline: Instant) -> Result<String, EngineFailure> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let keyword = line
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_ascii_uppercase();
                    self.answered_at = Some(Instant::now());
                    if !matches!(keyword.as_str(), "MESSAGE" | "DEBUG" | "SUGGEST") {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(EngineFailure::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            }
        }
    }

    /// Why the engine is gone, as far as the exit status tells.
    fn crashed(&mut self) -> EngineFailure {
        // The output may close a moment before the process is reaped.
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return EngineFailure::Crashed(format!("the engine exited ({status})"));
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => return EngineFailure::Crashed("the engine closed its output".to_owned()),
            }
        }
    }

    /// Sends `END` and waits a moment for the engine to exit, killing it if it
    /// does not. Answers whether it had to be killed.
    pub fn finish(mut self) -> bool {
        let _ = self.send("END");
        // Closing stdin also tells engines that read to the end to stop.
        self.stdin = None;
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return false;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        true
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Whatever happened, no engine outlives its game.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
