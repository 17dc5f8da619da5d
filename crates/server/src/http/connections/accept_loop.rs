//! The server's own accept loop (in place of `axum::serve`): every
//! connection under the caps and the timeouts of [`ConnectionLimits`], and a
//! stop that waits a bounded time for the open requests.

use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::Service;
use tracing::{debug, info, warn};

use super::address_counter::{AddressCounter, AddressPermit};
use super::body_deadline::DeadlineBody;
use super::client_stream::{ClientStream, RequestPhase};
use crate::http::TrustedProxies;

/// The first pause after an accept error (such as too many open files), so
/// that the loop does not spin; it doubles up to [`MAX_ACCEPT_BACKOFF`].
const MIN_ACCEPT_BACKOFF: Duration = Duration::from_millis(10);
/// The longest pause after accept errors in a row.
const MAX_ACCEPT_BACKOFF: Duration = Duration::from_secs(1);

/// What each connection may take.
#[derive(Debug, Clone)]
pub(crate) struct ConnectionLimits {
    /// From a request's first byte to its last header.
    pub header_timeout: Duration,
    /// From a request's headers to the end of its body.
    pub body_timeout: Duration,
    /// How long a connection may wait for its next request.
    pub idle_timeout: Duration,
    /// Open connections per client address and in all.
    pub counter: Arc<AddressCounter>,
    /// Peers exempt from the per-address cap (they speak for many clients).
    pub trusted_proxies: Arc<TrustedProxies>,
    /// How long a stop waits for open requests before it drops them.
    pub shutdown_timeout: Duration,
}

/// Serves `app` on `listener` until `stop` turns `true`; then stops
/// accepting, lets open requests end for at most the shutdown timeout, drops
/// the connections still open and returns.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    mut stop: watch::Receiver<bool>,
) {
    let connections = TaskTracker::new();
    let drop_now = CancellationToken::new();
    let mut backoff = MIN_ACCEPT_BACKOFF;
    let mut full = FullWarnings::default();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopping(&mut stop) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => {
                backoff = MIN_ACCEPT_BACKOFF;
                accepted
            }
            Err(error) if is_the_connections_own(&error) => continue,
            Err(error) => {
                warn!(%error, pause = ?backoff, "accept error");
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {}
                    () = stopping(&mut stop) => break,
                }
                backoff = (backoff * 2).min(MAX_ACCEPT_BACKOFF);
                continue;
            }
        };
        let exempt = limits.trusted_proxies.trusts(peer.ip());
        let Some(permit) = limits.counter.try_acquire(peer.ip(), exempt) else {
            drop(stream);
            if limits.counter.is_full() {
                full.refused(peer);
            } else {
                debug!(%peer, "over the connections per address: closed");
            }
            continue;
        };
        connections.spawn(serve_connection(
            stream,
            peer,
            permit,
            app.clone(),
            limits.clone(),
            stop.clone(),
            drop_now.clone(),
        ));
    }
    drop(listener);
    connections.close();
    if tokio::time::timeout(limits.shutdown_timeout, connections.wait())
        .await
        .is_err()
    {
        info!(
            open = connections.len(),
            "dropping the connections still open after the shutdown timeout"
        );
        drop_now.cancel();
        connections.wait().await;
    }
}

/// The warnings that the server holds as many connections as it may: at most
/// one per [`FULL_WARNING_EVERY`], with the number refused since the last.
#[derive(Debug, Default)]
struct FullWarnings {
    last: Option<Instant>,
    refused: u64,
}

/// How often the server may warn that it is full.
const FULL_WARNING_EVERY: Duration = Duration::from_secs(10);

impl FullWarnings {
    /// A connection from `peer` was refused because the server is full.
    fn refused(&mut self, peer: SocketAddr) {
        self.refused += 1;
        let now = Instant::now();
        if self
            .last
            .is_none_or(|last| now.duration_since(last) >= FULL_WARNING_EVERY)
        {
            warn!(
                %peer,
                refused = self.refused,
                "as many connections open as --max-connections allows: closing new ones"
            );
            self.last = Some(now);
            self.refused = 0;
        }
    }
}

/// Resolves once `stop` turns `true`.
async fn stopping(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|&stopping| stopping).await;
}

/// Errors of one connection that came and went, not of the listener.
fn is_the_connections_own(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves the requests of one connection until it closes, the stop lets its
/// request end, or `drop_now` drops it.
async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    permit: AddressPermit,
    app: Router,
    limits: ConnectionLimits,
    mut stop: watch::Receiver<bool>,
    drop_now: CancellationToken,
) {
    let _ = stream.set_nodelay(true);
    let phase = Arc::new(RequestPhase::default());
    let stream = ClientStream::new(stream, permit, Arc::clone(&phase), limits.header_timeout);
    let body_timeout = limits.body_timeout;
    let service = service_fn(move |request: Request<Incoming>| {
        phase.started();
        let due = Instant::now() + body_timeout;
        let mut app = app.clone();
        let phase = Arc::clone(&phase);
        async move {
            let (mut parts, body) = request.into_parts();
            parts.extensions.insert(ConnectInfo(peer));
            let request = Request::from_parts(parts, Body::new(DeadlineBody::new(body, due)));
            let response = app.call(request).await;
            phase.answered(
                response
                    .as_ref()
                    .is_ok_and(|response| response.status() == StatusCode::SWITCHING_PROTOCOLS),
            );
            response
        }
    });
    let mut builder = http1::Builder::new();
    // hyper's header timeout runs from when the connection is ready for a
    // request, so it is the idle timeout; `ClientStream` times the headers
    // themselves from their first byte.
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.idle_timeout)
        .keep_alive(true);
    let mut connection = pin!(
        builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades()
    );
    let ended = tokio::select! {
        ended = connection.as_mut() => ended,
        () = stopping(&mut stop) => {
            connection.as_mut().graceful_shutdown();
            tokio::select! {
                ended = connection.as_mut() => ended,
                () = drop_now.cancelled() => return,
            }
        }
    };
    if let Err(error) = ended {
        debug!(%peer, %error, "connection ended with an error");
    }
}
