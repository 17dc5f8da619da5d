//! The game's connections: subscribing with catch-up (the missed events, or
//! a snapshot when too far behind), counting them, and the broadcasts they
//! receive.

use narabe_game::LogEntry;

use super::GameActor;
use crate::live::GameError;
use crate::live::handle::{Role, SharedMessage, Subscription};
use crate::secret::SecretHash;
use crate::wire::ServerMessage;

/// Missed events sent to a reconnecting client; further behind, it gets a
/// snapshot instead.
const CATCH_UP_EVENTS: u64 = 128;
/// Messages buffered per connection before a slow one must resynchronise.
pub(super) const BROADCAST_CAPACITY: usize = 64;

impl GameActor {
    pub(super) fn subscribe(
        &mut self,
        token: Option<SecretHash>,
        since: Option<u64>,
    ) -> Result<Subscription, GameError> {
        let role = match token {
            None => Role::Spectator,
            Some(hash) => Role::Seat(self.seat_of_token(&hash).ok_or(GameError::NotSeated)?),
        };
        Ok(self.subscribe_role(role, since))
    }

    /// Subscribes a connection of `role` that has seen version `since`.
    pub(super) fn subscribe_role(&mut self, role: Role, since: Option<u64>) -> Subscription {
        let live = self.events.subscribe();
        let version = self.session.version();
        let welcome = ServerMessage::Welcome {
            seat: match role {
                Role::Seat(player) => Some(player),
                Role::Spectator => None,
            },
            version,
        };
        let mut catch_up = vec![SharedMessage::from(welcome.to_json())];
        match since {
            Some(seen) if seen == version => {}
            Some(seen) if seen < version && version - seen <= CATCH_UP_EVENTS => {
                let view = self.view();
                let missed = self.session.log().iter().enumerate().skip(seen as usize);
                for (index, entry) in missed {
                    let event_version = index as u64 + 1;
                    let action = entry.action.to_string();
                    let message = ServerMessage::Event {
                        version: event_version,
                        seat: entry.actor.into(),
                        action: &action,
                        at: entry.at,
                        state: (event_version == version).then_some(&view),
                    };
                    catch_up.push(SharedMessage::from(message.to_json()));
                }
            }
            _ => catch_up.push(self.snapshot_message()),
        }
        self.count_connection(role, 1);
        Subscription {
            role,
            catch_up,
            live,
        }
    }

    pub(super) fn unsubscribe(&mut self, role: Role) {
        self.count_connection(role, -1);
    }

    fn count_connection(&mut self, role: Role, delta: i32) {
        match role {
            Role::Spectator => self.spectators = self.spectators.saturating_add_signed(delta),
            Role::Seat(player) => {
                let count = &mut self.connections[player.index()];
                let was_here = *count > 0;
                *count = count.saturating_add_signed(delta);
                if (*count > 0) != was_here {
                    self.announce_presence(player);
                }
                self.refresh_presence(player);
            }
        }
        self.presence_changed();
    }

    fn snapshot_message(&self) -> SharedMessage {
        let view = self.view();
        SharedMessage::from(ServerMessage::Snapshot { state: &view }.to_json())
    }

    pub(super) fn broadcast_snapshot(&mut self) {
        let message = self.snapshot_message();
        let _ = self.events.send(message);
    }

    pub(super) fn broadcast_event(&mut self, entry: &LogEntry) {
        let view = self.view();
        let action = entry.action.to_string();
        let version = self.session.version();
        let message = SharedMessage::from(
            ServerMessage::Event {
                version,
                seat: entry.actor.into(),
                action: &action,
                at: entry.at,
                state: Some(&view),
            }
            .to_json(),
        );
        // No receiver is fine: nobody is watching.
        let _ = self.events.send(message);
    }
}
