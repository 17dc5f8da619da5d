//! The Prometheus text exposition format, version 0.0.4, written by hand: per
//! metric a `# HELP` and a `# TYPE` line, then its samples, `name{labels}
//! value`, one a line.

use std::fmt::Write as _;

use super::registry::{COMMIT_BUCKETS, Metrics, RefusalReason};

/// The `Content-Type` of the exposition.
pub(crate) const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// What the node knows at the moment of a scrape, asked of the owners of each
/// figure (the registry of games, the counters of sockets and connections, the
/// engine pool).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NodeGauges<'a> {
    /// The node's id (`--node-id`).
    pub(crate) node: &'a str,
    /// The server's version.
    pub(crate) version: &'a str,
    /// Games whose actor runs on this node.
    pub(crate) games_live: usize,
    /// WebSockets open.
    pub(crate) sockets_open: usize,
    /// HTTP connections open (the WebSockets' among them).
    pub(crate) connections_open: usize,
    /// Engine jobs waiting for a place in the pool.
    pub(crate) engine_queue_jobs: usize,
    /// Engine threads running a job.
    pub(crate) engine_busy_threads: usize,
}

/// The whole exposition: `gauges` and the counts of `metrics`.
pub(crate) fn render(gauges: &NodeGauges<'_>, metrics: &Metrics) -> String {
    let mut text = Text(String::with_capacity(4096));
    text.family(
        "narabe_node_info",
        "gauge",
        "The node's id and the server's version, in the labels; always 1.",
    );
    text.sample(
        "narabe_node_info",
        &[("node", gauges.node), ("version", gauges.version)],
        1,
    );
    let gauge_rows = [
        (
            "narabe_games_live",
            "Games whose actor runs on this node.",
            gauges.games_live,
        ),
        (
            "narabe_sockets_open",
            "WebSockets open on this node.",
            gauges.sockets_open,
        ),
        (
            "narabe_connections_open",
            "HTTP connections open on this node, the WebSockets' included.",
            gauges.connections_open,
        ),
        (
            "narabe_engine_queue_jobs",
            "Engine jobs (computer moves, analyses) waiting for a place in the pool.",
            gauges.engine_queue_jobs,
        ),
        (
            "narabe_engine_busy_threads",
            "Engine threads running a job.",
            gauges.engine_busy_threads,
        ),
    ];
    for (name, help, value) in gauge_rows {
        text.family(name, "gauge", help);
        text.sample(name, &[], value);
    }
    text.family(
        "narabe_actions_total",
        "counter",
        "Actions accepted and committed on this node, the server's own (timeouts) included.",
    );
    text.sample("narabe_actions_total", &[], metrics.actions());
    text.family(
        "narabe_store_commit_seconds",
        "histogram",
        "How long each group commit of the store's writer took.",
    );
    let commits = metrics.store_commits().read();
    for (bound, count) in COMMIT_BUCKETS.iter().zip(commits.cumulative) {
        text.sample(
            "narabe_store_commit_seconds_bucket",
            &[("le", &bound.to_string())],
            count,
        );
    }
    text.sample(
        "narabe_store_commit_seconds_bucket",
        &[("le", "+Inf")],
        commits.count,
    );
    text.sample("narabe_store_commit_seconds_sum", &[], commits.sum_seconds);
    text.sample("narabe_store_commit_seconds_count", &[], commits.count);
    text.family(
        "narabe_store_commits_failed_total",
        "counter",
        "Group commits of the store that failed (the transaction, or the storage under a request).",
    );
    text.sample(
        "narabe_store_commits_failed_total",
        &[],
        metrics.store_commits_failed(),
    );
    text.family(
        "narabe_requests_refused_total",
        "counter",
        "Requests and WebSocket messages refused by a per-address budget, by budget.",
    );
    for reason in RefusalReason::ALL {
        text.sample(
            "narabe_requests_refused_total",
            &[("reason", reason.label())],
            metrics.refusals(reason),
        );
    }
    text.0
}

/// The exposition being written.
struct Text(String);

impl Text {
    /// The `HELP` and `TYPE` lines that open a metric's samples.
    fn family(&mut self, name: &str, kind: &str, help: &str) {
        // Writing to a String cannot fail.
        let _ = writeln!(self.0, "# HELP {name} {help}");
        let _ = writeln!(self.0, "# TYPE {name} {kind}");
    }

    /// One sample line.
    fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl std::fmt::Display) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (index, (label, value)) in labels.iter().enumerate() {
                if index > 0 {
                    self.0.push(',');
                }
                let _ = write!(self.0, "{label}=\"{}\"", escape_label(value));
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }
}

/// A label value as the format quotes it: backslash, double quote and line
/// feed escaped.
fn escape_label(value: &str) -> String {
    value
        .replace('\\', r"\\")
        .replace('"', "\\\"")
        .replace('\n', r"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape_label("plain-7"), "plain-7");
        assert_eq!(escape_label("a\"b\\c\nd"), r#"a\"b\\c\nd"#);
    }

    #[test]
    fn every_sample_follows_its_help_and_type() {
        let gauges = NodeGauges {
            node: "host-1",
            version: "0.1.0",
            games_live: 2,
            sockets_open: 1,
            connections_open: 3,
            engine_queue_jobs: 0,
            engine_busy_threads: 1,
        };
        let text = render(&gauges, &super::super::METRICS);
        assert!(text.contains("narabe_node_info{node=\"host-1\",version=\"0.1.0\"} 1\n"));
        assert!(text.contains("\nnarabe_games_live 2\n"));
        assert!(text.contains("narabe_store_commit_seconds_bucket{le=\"0.0005\"} "));
        assert!(text.contains("narabe_store_commit_seconds_bucket{le=\"+Inf\"} "));
        let mut typed = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                typed.push(rest.split(' ').next().unwrap().to_owned());
            } else if !line.starts_with('#') {
                let name = line.split(['{', ' ']).next().unwrap();
                assert!(
                    typed.iter().any(|family| name.starts_with(family.as_str())),
                    "{name} has no TYPE before it"
                );
            }
        }
    }
}
