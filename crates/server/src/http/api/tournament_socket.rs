//! `GET /api/tournaments/{id}/ws`: a tournament's live feed. Each message is
//! `{"type": "tournament", "view": ...}` with the whole view, whose
//! `version` grows with its log: the first on connecting, then one per
//! change. A socket that falls behind gets the newest view and goes on;
//! what the client sends is ignored (it acts over HTTP).

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast::error::RecvError;

use crate::http::connections::AddressPermit;
use crate::http::extract::client_address::ClientAddress;
use crate::http::{ApiError, AppState};
use crate::tournaments::TournamentHandle;

/// The largest message a client may send (it sends nothing that matters).
const MAX_MESSAGE_BYTES: usize = 1024;

/// Upgrades to a WebSocket for tournament `id`.
pub(crate) async fn upgrade_tournament(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    upgrade: WebSocketUpgrade,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let permit = super::socket::socket_permit(&state, client)?;
    let handle = state.tournaments.get(&id).await?;
    let ping_every = state.sockets.ping_interval;
    let shutdown = state.shutdown.clone();
    Ok(upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| serve(socket, handle, permit, ping_every, shutdown)))
}

async fn serve(
    socket: WebSocket,
    handle: TournamentHandle,
    _permit: AddressPermit,
    ping_every: std::time::Duration,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let Ok((first, mut updates)) = handle.subscribe().await else {
        return;
    };
    let (mut sink, mut stream) = socket.split();
    if sink.send(text(&first)).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(ping_every);
    ping.tick().await;
    loop {
        tokio::select! {
            update = updates.recv() => {
                let message = match update {
                    Ok(message) => message,
                    Err(RecvError::Lagged(_)) => match handle.subscribe().await {
                        Ok((latest, fresh)) => {
                            updates = fresh;
                            latest
                        }
                        Err(_) => return,
                    },
                    Err(RecvError::Closed) => return,
                };
                if sink.send(text(&message)).await.is_err() {
                    return;
                }
            }
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
            () = crate::live::stopping(&mut shutdown) => {
                let _ = sink.send(Message::Close(None)).await;
                return;
            }
        }
    }
}

fn text(message: &Arc<str>) -> Message {
    Message::Text(Utf8Bytes::from(message.as_ref()))
}
