//! What a WebSocket is held to besides its connection's caps: a cap per
//! client address, and the pings that find a dead one.

use std::sync::Arc;
use std::time::Duration;

use super::address_counter::AddressCounter;

/// The WebSocket limits the socket handler applies.
#[derive(Debug, Clone)]
pub(crate) struct SocketLimits {
    /// Open WebSockets per client address (the forwarded one behind a
    /// trusted proxy).
    pub per_address: Arc<AddressCounter>,
    /// How often the server pings.
    pub ping_interval: Duration,
    /// Pings in a row left without an answer (a pong or any message) before
    /// the socket is closed.
    pub missed_pongs: u32,
}
