//! The log line of `narabe serve`: the timestamp, `node=<id>`, then the usual
//! level, target, spans and fields. The id is written by the formatter of
//! every event rather than put in a span, since a span does not follow the
//! tasks a request spawns; so every line, from every task and thread, says
//! which node of a cluster wrote it.

use std::fmt;

use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{Format, Full, Writer};
use tracing_subscriber::fmt::time::{FormatTime, SystemTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// tracing-subscriber's full format with the node's id after the timestamp.
#[derive(Debug)]
pub struct NodeLogFormat {
    node: String,
    rest: Format<Full, ()>,
}

impl NodeLogFormat {
    /// Lines of the node `node`.
    pub fn new(node: String) -> NodeLogFormat {
        NodeLogFormat {
            node,
            rest: tracing_subscriber::fmt::format().without_time(),
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
        SystemTime.format_time(&mut writer)?;
        write!(writer, " node={} ", self.node)?;
        self.rest.format_event(context, writer, event)
    }
}
