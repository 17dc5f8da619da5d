//! The connections of clients: the accept loop and what every connection is
//! held to (`accept_loop.rs`: header, body and idle timeouts, a bounded
//! graceful stop), the caps per address and in all (`address_counter.rs`,
//! used for WebSockets too), the stream that times a request's headers
//! (`client_stream.rs`), the body that times itself (`body_deadline.rs`) and
//! the process's limit on open files (`file_limit.rs`), and what a WebSocket is
//! held to (`socket_limits.rs`).

mod accept_loop;
mod address_counter;
mod body_deadline;
mod client_stream;
mod file_limit;
mod socket_limits;

pub(crate) use accept_loop::{ConnectionLimits, serve};
pub(crate) use address_counter::{AddressCounter, AddressPermit};
pub(crate) use file_limit::{default_max_connections, raise_to_hard_limit};
pub(crate) use socket_limits::SocketLimits;
