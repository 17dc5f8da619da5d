//! The log line of `narabe serve`: the timestamp, `node=<id>`, then the usual
//! level, target, spans and fields. The id is written by the formatter of
//! every event rather than put in a span, since a span does not follow the
//! tasks a request spawns; so every line, from every task and thread, says
//! which node of a cluster wrote it. An event whose text spans several lines
//! (an SQL statement, an error's chain) keeps to one, its line feeds written
//! `\n`, so that no line of the log goes without the id and a log collector
//! sees one entry per event.

use std::fmt;

use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{Format, Full, Writer};
use tracing_subscriber::fmt::time::{FormatTime, SystemTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// tracing-subscriber's full format with the node's id after the timestamp,
/// one line per event.
#[derive(Debug)]
pub struct NodeLogFormat {
    node: String,
    plain: Format<Full, ()>,
    coloured: Format<Full, ()>,
}

impl NodeLogFormat {
    /// Lines of the node `node`.
    pub fn new(node: String) -> NodeLogFormat {
        let rest = tracing_subscriber::fmt::format().without_time();
        NodeLogFormat {
            node,
            plain: rest.clone().with_ansi(false),
            coloured: rest.with_ansi(true),
        }
    }
}

impl<S, N> FormatEvent<S, N> for NodeLogFormat
where
    S: Subscriber + for<'lookup> LookupSpan<'lookup>,
    N: for<'writer> FormatFields<'writer> + 'static,
{
    fn format_event(
        &self,
        context: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        // The usual line is written aside first, so that its line feeds can be
        // escaped before it goes out.
        let rest = if writer.has_ansi_escapes() {
            &self.coloured
        } else {
            &self.plain
        };
        let mut line = String::new();
        rest.format_event(context, Writer::new(&mut line), event)?;
        SystemTime.format_time(&mut writer)?;
        write!(writer, " node={} ", self.node)?;
        for character in line.trim_end_matches('\n').chars() {
            match character {
                '\n' => writer.write_str("\\n")?,
                '\r' => writer.write_str("\\r")?,
                other => writer.write_char(other)?,
            }
        }
        writer.write_char('\n')
    }
}
