//! What this node tells Prometheus about itself (`GET /metrics`): the counters
//! and the histogram that the live games, the store's writer and the edge bump
//! as things happen (`registry.rs`: atomics only, so counting costs a hot path
//! nothing but one relaxed add), and the text they are written in, together
//! with the gauges read at scrape time from their owners (`exposition.rs`:
//! Prometheus text format 0.0.4, written by hand). The handler that answers
//! the scrape, and decides who may, is the edge's (`http/metrics.rs`).

mod exposition;
mod registry;

pub(crate) use exposition::{CONTENT_TYPE, NodeGauges, render};
pub(crate) use registry::{METRICS, RefusalReason};
