//! The one timer of the server: it wakes games whose flag falls or whose
//! correspondence deadline passes, whether or not anybody is connected.

use std::collections::{BTreeSet, HashMap};

use narabe_game::Millis;
use tokio::sync::mpsc;

use super::server_clock::ServerClock;
use crate::game_id::GameId;

/// Where actors register their next deadline (`None` clears it).
#[derive(Debug, Clone)]
pub(crate) struct DeadlineSender(mpsc::UnboundedSender<(GameId, Option<Millis>)>);

impl DeadlineSender {
    /// Registers `id`'s next deadline, replacing the previous one.
    pub(crate) fn set(&self, id: &GameId, deadline: Option<Millis>) {
        // The scheduler only stops with the server.
        let _ = self.0.send((id.clone(), deadline));
    }
}

/// The receiving end, for [`run`].
#[derive(Debug)]
pub(crate) struct DeadlineReceiver(mpsc::UnboundedReceiver<(GameId, Option<Millis>)>);

/// A connected sender and receiver.
#[must_use]
pub(crate) fn channel() -> (DeadlineSender, DeadlineReceiver) {
    let (sender, receiver) = mpsc::unbounded_channel();
    (DeadlineSender(sender), DeadlineReceiver(receiver))
}

/// Keeps every registered deadline and calls `wake` for each game whose
/// deadline has passed (one millisecond after it, so that the game sees its time
/// as up). Ends when every sender is gone or `shutdown` turns `true`.
pub(crate) async fn run(
    DeadlineReceiver(mut updates): DeadlineReceiver,
    clock: ServerClock,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
    wake: impl Fn(GameId) + Send + 'static,
) {
    let mut by_game: HashMap<GameId, Millis> = HashMap::new();
    let mut queue: BTreeSet<(Millis, GameId)> = BTreeSet::new();
    let mut moved = clock.moved();
    loop {
        let next = queue.first().cloned();
        let timer = async {
            match &next {
                Some((at, _)) => tokio::time::sleep_until(clock.instant_of(at + 1)).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = super::actor::stopping(&mut shutdown) => return,
            // The clock was moved forward: the next deadline may be due already.
            _ = moved.changed() => {}
            update = updates.recv() => {
                let Some((id, deadline)) = update else { return };
                if let Some(old) = by_game.remove(&id) {
                    queue.remove(&(old, id.clone()));
                }
                if let Some(at) = deadline {
                    by_game.insert(id.clone(), at);
                    queue.insert((at, id));
                }
            }
            () = timer => {
                if let Some((at, id)) = next {
                    queue.remove(&(at, id.clone()));
                    by_game.remove(&id);
                    wake(id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn wakes_games_in_deadline_order_and_honours_updates() {
        let clock = ServerClock::start();
        let scheduler_clock = clock.clone();
        let woken = Arc::new(Mutex::new(Vec::new()));
        let (sender, receiver) = channel();
        let log = Arc::clone(&woken);
        let (_stop, shutdown) = tokio::sync::watch::channel(false);
        tokio::spawn(run(receiver, scheduler_clock, shutdown, move |id| {
            log.lock().unwrap().push(id.to_string())
        }));
        let a = GameId::parse("aaaaaaaaaaaa").unwrap();
        let b = GameId::parse("bbbbbbbbbbbb").unwrap();
        let c = GameId::parse("cccccccccccc").unwrap();
        let now = clock.now();
        sender.set(&a, Some(now + 3_000));
        sender.set(&b, Some(now + 1_000));
        sender.set(&c, Some(now + 2_000));
        sender.set(&c, None);
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        assert_eq!(*woken.lock().unwrap(), ["bbbbbbbbbbbb"]);
        sender.set(&a, Some(now + 5_000));
        tokio::time::sleep(Duration::from_millis(2_000)).await;
        assert_eq!(woken.lock().unwrap().len(), 1, "a moved to later");
        tokio::time::sleep(Duration::from_millis(2_000)).await;
        assert_eq!(*woken.lock().unwrap(), ["bbbbbbbbbbbb", "aaaaaaaaaaaa"]);
        // Moving the server clock wakes what it makes due, without waiting.
        sender.set(&c, Some(clock.now() + 3_600_000));
        clock.advance(Duration::from_secs(3_601));
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(5)).await;
        assert_eq!(
            woken.lock().unwrap().last().map(String::as_str),
            Some("cccccccccccc")
        );
    }
}
