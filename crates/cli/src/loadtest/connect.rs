//! Connections from a chosen loopback source address: HTTP clients, TCP
//! streams and WebSockets, so that the server's per-address limits see each
//! simulated client as its own address.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use anyhow::Context;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The client's WebSocket read buffer. tungstenite's default (128 KiB) is
/// zero-filled before every read: 128 KiB of memory per socket on this
/// machine, which the server shares. Events (the whole state) stay well under
/// this; a larger one grows the buffer.
const READ_BUFFER_BYTES: usize = 16 * 1024;

/// A WebSocket of the load test.
pub type Socket = WebSocketStream<TcpStream>;

/// An HTTP client whose requests come from `source`, each allowed `timeout`.
///
/// # Errors
///
/// When the client cannot be built.
pub fn http_client(source: IpAddr, timeout: Duration) -> anyhow::Result<reqwest::Client> {
    reqwest::Client::builder()
        .local_address(source)
        .timeout(timeout)
        .build()
        .context("cannot build an HTTP client")
}

/// A TCP connection from `source` to `server`.
///
/// # Errors
///
/// When the socket cannot be bound or the server does not accept.
pub async fn tcp(source: IpAddr, server: SocketAddr) -> anyhow::Result<TcpStream> {
    let socket = match source {
        IpAddr::V4(_) => TcpSocket::new_v4(),
        IpAddr::V6(_) => TcpSocket::new_v6(),
    }
    .context("cannot open a socket")?;
    socket
        .bind(SocketAddr::new(source, 0))
        .with_context(|| format!("cannot bind {source}"))?;
    let stream = socket
        .connect(server)
        .await
        .with_context(|| format!("cannot connect to {server}"))?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// A WebSocket to `url` on `server`, from `source`.
///
/// # Errors
///
/// When the connection or the handshake fails (a refusal such as `429`
/// included).
pub async fn websocket(source: IpAddr, server: SocketAddr, url: &str) -> anyhow::Result<Socket> {
    let stream = tcp(source, server).await?;
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER_BYTES);
    let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .context("the WebSocket handshake failed")?;
    Ok(socket)
}
