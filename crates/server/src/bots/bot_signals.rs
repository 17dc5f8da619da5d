//! Who is listening to which bot on this node, and the nudge that tells a
//! bot's event streams to look at the store again: a challenge made,
//! answered or taken back, a game started or ended.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

/// The bots with an event stream open on this node.
#[derive(Debug, Default)]
pub(crate) struct BotSignals {
    bots: Mutex<HashMap<String, Signal>>,
}

#[derive(Debug)]
struct Signal {
    /// Bumped at every change; each stream holds a receiver.
    changes: watch::Sender<u64>,
    /// The streams open.
    listeners: usize,
}

impl BotSignals {
    /// Tells the event streams of bot `id`, if any, that something changed.
    pub(crate) fn bump(&self, id: &str) {
        let bots = self
            .bots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(signal) = bots.get(id) {
            signal
                .changes
                .send_modify(|count| *count = count.wrapping_add(1));
        }
    }

    /// Whether bot `id` has an event stream open on this node.
    pub(crate) fn online(&self, id: &str) -> bool {
        let bots = self
            .bots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        bots.get(id).is_some_and(|signal| signal.listeners > 0)
    }

    /// A new listener of bot `id`: it counts as online while the listener
    /// lives.
    pub(crate) fn listen(self: &Arc<Self>, id: &str) -> Listener {
        let mut bots = self
            .bots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let signal = bots.entry(id.to_owned()).or_insert_with(|| Signal {
            changes: watch::channel(0).0,
            listeners: 0,
        });
        signal.listeners += 1;
        Listener {
            changes: signal.changes.subscribe(),
            signals: Arc::clone(self),
            id: id.to_owned(),
        }
    }
}

/// One event stream's hold on its bot's nudges.
#[derive(Debug)]
pub(crate) struct Listener {
    /// Changes, as a counter to wait on.
    pub changes: watch::Receiver<u64>,
    signals: Arc<BotSignals>,
    id: String,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let mut bots = self
            .signals
            .bots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(signal) = bots.get_mut(&self.id) {
            signal.listeners -= 1;
            if signal.listeners == 0 {
                bots.remove(&self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listeners_make_a_bot_online_and_hear_bumps() {
        let signals = Arc::new(BotSignals::default());
        assert!(!signals.online("a"));
        signals.bump("a");
        let mut first = signals.listen("a");
        let second = signals.listen("a");
        assert!(signals.online("a"));
        signals.bump("a");
        assert!(first.changes.has_changed().unwrap());
        first.changes.mark_unchanged();
        drop(second);
        assert!(signals.online("a"));
        drop(first);
        assert!(!signals.online("a"));
    }
}
