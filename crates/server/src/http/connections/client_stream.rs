//! A client's TCP stream as the HTTP server reads it: it holds its place
//! under the connection caps for as long as it is open (through a WebSocket
//! upgrade too), and fails its reads once a request's headers, begun, take
//! longer than the header timeout.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};

use super::address_counter::AddressPermit;

/// Where a connection is between requests, as its service sees it: the
/// requests whose headers were read, the requests answered, and whether it
/// became a WebSocket (then no header timeout applies any more).
#[derive(Debug, Default)]
pub(super) struct RequestPhase {
    started: AtomicU64,
    answered: AtomicU64,
    upgraded: AtomicBool,
}

impl RequestPhase {
    /// A request's headers are in.
    pub(super) fn started(&self) {
        self.started.fetch_add(1, Ordering::Relaxed);
    }

    /// A request is answered; `upgraded` when the answer switched protocols.
    pub(super) fn answered(&self, upgraded: bool) {
        if upgraded {
            self.upgraded.store(true, Ordering::Relaxed);
        }
        self.answered.fetch_add(1, Ordering::Relaxed);
    }

    /// While the connection waits for a request's headers: the number of
    /// the request awaited.
    fn awaiting_headers(&self) -> Option<u64> {
        if self.upgraded.load(Ordering::Relaxed) {
            return None;
        }
        let answered = self.answered.load(Ordering::Relaxed);
        (self.started.load(Ordering::Relaxed) == answered).then_some(answered)
    }
}

/// The TCP stream of one client connection.
#[derive(Debug)]
pub(super) struct ClientStream {
    stream: TcpStream,
    _permit: AddressPermit,
    phase: Arc<RequestPhase>,
    header_timeout: Duration,
    /// The request whose headers began arriving, and when they are due.
    header_deadline: Option<(u64, Pin<Box<Sleep>>)>,
}

impl ClientStream {
    /// `stream`, holding `permit` while open, giving each request
    /// `header_timeout` from its first byte to its last header.
    pub(super) fn new(
        stream: TcpStream,
        permit: AddressPermit,
        phase: Arc<RequestPhase>,
        header_timeout: Duration,
    ) -> ClientStream {
        ClientStream {
            stream,
            _permit: permit,
            phase,
            header_timeout,
            header_deadline: None,
        }
    }
}

impl AsyncRead for ClientStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        let Some(request) = this.phase.awaiting_headers() else {
            this.header_deadline = None;
            return polled;
        };
        if this
            .header_deadline
            .as_ref()
            .is_some_and(|(awaited, _)| *awaited != request)
        {
            this.header_deadline = None;
        }
        match &polled {
            Poll::Ready(Ok(())) if buf.filled().len() > before => {
                if this.header_deadline.is_none() {
                    let due = Instant::now() + this.header_timeout;
                    this.header_deadline = Some((request, Box::pin(tokio::time::sleep_until(due))));
                }
            }
            Poll::Pending => {
                if let Some((_, due)) = &mut this.header_deadline
                    && due.as_mut().poll(cx).is_ready()
                {
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the request's headers took too long",
                    )));
                }
            }
            Poll::Ready(_) => {}
        }
        polled
    }
}

impl AsyncWrite for ClientStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
