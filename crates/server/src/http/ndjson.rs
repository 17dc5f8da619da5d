//! Streams of newline-delimited JSON, as the Bot API sends them (as
//! lichess's does): one JSON object a line, and an empty line as a
//! keep-alive when nothing else was said for a while, so that proxies and
//! clients see the connection is alive.

use std::convert::Infallible;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use tokio::sync::mpsc;

/// How long a stream stays silent before it sends an empty line.
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The lines a stream's task has not sent yet; the task ends when sending
/// fails, which is when the client has gone.
const BUFFERED_LINES: usize = 32;

/// The sending side of a stream: what its task writes lines into.
#[derive(Debug)]
pub(crate) struct LineSender(mpsc::Sender<Bytes>);

impl LineSender {
    /// Sends one JSON line; `false` when the client has gone.
    pub(crate) async fn line(&self, json: String) -> bool {
        let mut bytes = json.into_bytes();
        bytes.push(b'\n');
        self.0.send(Bytes::from(bytes)).await.is_ok()
    }

    /// Resolves when the client has gone (the response was dropped), so
    /// that a stream's task ends at once, not at its next line.
    pub(crate) async fn closed(&self) {
        self.0.closed().await;
    }

    /// Sends the keep-alive, an empty line; `false` when the client has
    /// gone.
    pub(crate) async fn keep_alive(&self) -> bool {
        self.0.send(Bytes::from_static(b"\n")).await.is_ok()
    }
}

/// A streaming `application/x-ndjson` response and the sender its task
/// writes into. The response ends when the sender is dropped.
pub(crate) fn ndjson_stream() -> (LineSender, Response) {
    let (sender, receiver) = mpsc::channel::<Bytes>(BUFFERED_LINES);
    let lines = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver
            .recv()
            .await
            .map(|bytes| (Ok::<Bytes, Infallible>(bytes), receiver))
    });
    let mut response = Body::from_stream(lines).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // Proxies that buffer answers (nginx) would hold the lines back.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    (LineSender(sender), response)
}
