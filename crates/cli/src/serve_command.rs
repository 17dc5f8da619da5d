//! `narabe serve`: the platform server.

use std::process::ExitCode;

use narabe_server::ServeOptions;

use crate::node_log_format::NodeLogFormat;

/// Runs the server on a multi-threaded runtime until Ctrl-C or SIGTERM. Every
/// log line carries the node's id (`--node-id`).
pub fn run(options: &ServeOptions) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colours only for a terminal, not for log files and journals.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .event_format(NodeLogFormat::new(options.node_id()))
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("narabe serve: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(narabe_server::serve(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("narabe serve: {error:#}");
            ExitCode::FAILURE
        }
    }
}
