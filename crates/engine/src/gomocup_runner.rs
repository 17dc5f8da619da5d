//! The Gomocup protocol on real streams: lines in, lines out, the engine between.

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use crate::gomocup_session::{AfterReply, GomocupSession};
use crate::{Engine, EngineOptions};

/// Plays the Gomocup protocol: reads the manager's commands from `input` until
/// `END` or the end of the input and writes only protocol lines to `output`,
/// flushing after every answer (the manager waits for them on a pipe).
///
/// The brain has one thread: a command that arrives while it searches is read
/// once the move is out, as the protocol allows for single-threaded brains.
/// Lines that are not UTF-8 are read with replacement characters and so end up
/// as unknown or malformed commands.
///
/// Should the engine panic in a search, the manager gets `ERROR` instead of
/// the move and the session goes on with a fresh engine.
///
/// # Errors
///
/// Only I/O errors of `input` and `output`; bad commands are answered with
/// `ERROR` or `UNKNOWN` and the session goes on.
pub fn run_gomocup(
    mut input: impl BufRead,
    mut output: impl Write,
    options: EngineOptions,
) -> io::Result<()> {
    let mut session = GomocupSession::new(options);
    let mut engine = Engine::new(options);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&bytes);
        // A lone CR also ends a line in the protocol.
        for line in text.split('\r') {
            let reply = session.handle_line(line);
            write_lines(&mut output, &reply.lines)?;
            if reply.new_game {
                engine.new_game();
            }
            match reply.after {
                AfterReply::Wait => {}
                AfterReply::Exit => return Ok(()),
                AfterReply::Search(request) => {
                    let wanted = session.engine_options();
                    if engine.options() != wanted {
                        // The memory limit or the thread count changed: the
                        // tables are made anew.
                        engine = Engine::new(wanted);
                    }
                    // A failing search must not take the manager's session down
                    // with it: the panic is reported (its message went to stderr)
                    // and the engine is made anew for the next command.
                    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                        engine.search(&request.position, &request.limits)
                    }));
                    let lines = match searched {
                        Ok(report) => session.finish_search(&report),
                        Err(_) => {
                            engine = Engine::new(wanted);
                            vec!["ERROR the engine failed on this position (see stderr)".to_owned()]
                        }
                    };
                    write_lines(&mut output, &lines)?;
                }
            }
        }
    }
}

fn write_lines(output: &mut impl Write, lines: &[String]) -> io::Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    for line in lines {
        output.write_all(line.as_bytes())?;
        output.write_all(b"\n")?;
    }
    output.flush()
}
