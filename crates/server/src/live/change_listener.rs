//! The node's ear for the other nodes of a cluster: it hands every change the
//! store's feed reports to the actor of that game, if one runs here, and
//! after the feed (re)connected tells every actor here to check its game.

use super::actor::stopping;
use super::registry::GameRegistry;
use crate::store::{ChangeFeed, FeedEvent};

/// Runs until the feed ends or the server stops.
pub(crate) async fn run(
    mut feed: ChangeFeed,
    registry: GameRegistry,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let event = tokio::select! {
            event = feed.recv() => event,
            () = stopping(&mut shutdown) => return,
        };
        match event {
            Some(FeedEvent::Changed(change)) => registry.changed(change),
            Some(FeedEvent::Logged(action)) => registry.logged(action),
            Some(FeedEvent::Presence(change)) => registry.remote_presence(change),
            Some(FeedEvent::Resync) => registry.resync_all(),
            None => return,
        }
    }
}
