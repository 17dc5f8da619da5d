//! What a WebSocket is held to besides its connection's caps: the pings that
//! find a dead one.

use std::time::Duration;

/// The WebSocket limits the socket handler applies.
#[derive(Debug, Clone)]
pub(crate) struct SocketLimits {
    /// How often the server pings.
    pub ping_interval: Duration,
    /// Pings in a row left without an answer (a pong or any message) before
    /// the socket is closed.
    pub missed_pongs: u32,
}
