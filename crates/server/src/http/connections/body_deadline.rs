//! A request body that must arrive whole within the body timeout, counted
//! from the moment its headers were read.

use std::error::Error;
use std::fmt;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Bytes;
use http_body::{Body, Frame, SizeHint};
use hyper::body::Incoming;
use tokio::time::{Instant, Sleep};

/// A body that fails with [`BodyTimedOut`] when it is not in by its deadline.
#[derive(Debug)]
pub(super) struct DeadlineBody {
    body: Incoming,
    due: Instant,
    /// The timer, set at the first wait (most bodies are empty or arrive at
    /// once and never need one).
    timer: Option<Pin<Box<Sleep>>>,
}

impl DeadlineBody {
    /// `body`, due by `due`.
    pub(super) fn new(body: Incoming, due: Instant) -> DeadlineBody {
        DeadlineBody {
            body,
            due,
            timer: None,
        }
    }
}

/// The error of a body that came too slowly.
#[derive(Debug)]
pub(super) struct BodyTimedOut;

impl fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the request body took too long")
    }
}

impl Error for BodyTimedOut {}

impl Body for DeadlineBody {
    type Data = Bytes;
    type Error = Box<dyn Error + Send + Sync>;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.body).poll_frame(cx) {
            Poll::Ready(frame) => Poll::Ready(frame.map(|frame| frame.map_err(Into::into))),
            Poll::Pending => {
                let due = this.due;
                let timer = this
                    .timer
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(due)));
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimedOut)))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
