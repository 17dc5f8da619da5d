//! Server time in milliseconds: the wall clock at start-up, then monotonic, and
//! movable forward by tests and tools.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use narabe_game::Millis;
use tokio::sync::watch;
use tokio::time::Instant;

/// The server's notion of now: wall-clock milliseconds at start-up plus the
/// monotonic time since (so a wall-clock step never reorders moves), plus any
/// time the clock was moved forward with [`ServerClock::advance`].
///
/// Moving the clock is how the tests make a flag fall or a correspondence
/// deadline pass without waiting: unlike pausing tokio's own clock, it leaves the
/// timers of the database pool and the HTTP stack alone, so nothing else fires
/// early.
#[derive(Debug, Clone)]
pub struct ServerClock {
    origin_ms: Millis,
    origin: Instant,
    skew: Arc<watch::Sender<Millis>>,
}

impl ServerClock {
    /// A clock starting at the current wall-clock time.
    #[must_use]
    pub fn start() -> ServerClock {
        let origin_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_millis() as Millis);
        ServerClock {
            origin_ms,
            origin: Instant::now(),
            skew: Arc::new(watch::Sender::new(0)),
        }
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub fn now(&self) -> Millis {
        self.origin_ms + self.origin.elapsed().as_millis() as Millis + *self.skew.borrow()
    }

    /// The tokio instant at which server time reaches `at` (for timers), as
    /// long as the clock is not moved again.
    #[must_use]
    pub fn instant_of(&self, at: Millis) -> Instant {
        let skew = *self.skew.borrow();
        self.origin + Duration::from_millis(at.saturating_sub(self.origin_ms + skew))
    }

    /// Moves server time forward by `by`: timers waiting on [`ServerClock::moved`]
    /// look again.
    pub fn advance(&self, by: Duration) {
        let by = by.as_millis() as Millis;
        self.skew.send_modify(|skew| *skew += by);
    }

    /// A receiver that changes whenever the clock is moved.
    #[must_use]
    pub fn moved(&self) -> watch::Receiver<Millis> {
        self.skew.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn advancing_moves_now_and_the_instants_of_deadlines() {
        let clock = ServerClock::start();
        let before = clock.now();
        let deadline = before + 60_000;
        let far = clock.instant_of(deadline);
        clock.advance(Duration::from_secs(59));
        assert!(clock.now() >= before + 59_000);
        assert!(clock.instant_of(deadline) < far);
        assert!(clock.instant_of(deadline) <= Instant::now() + Duration::from_millis(1_100));
    }
}
