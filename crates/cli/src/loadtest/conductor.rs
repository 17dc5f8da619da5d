//! The conductor: it paces the whole run. A central ticker releases moves at the
//! target rate, each to the next game (round robin) whose previous move has been
//! acknowledged, through the socket of the seat whose turn it is; the reports of
//! the clients come back here and become latencies and error counts.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio::time::{Instant, MissedTickBehavior};

use super::player::{Order, Report};
use super::setup::Seat;
use super::stats::{ErrorCounts, Latencies};

/// How often the ticker releases the moves that have come due.
const TICK: Duration = Duration::from_millis(2);
/// A move without an ack after this long, or an event that takes longer to
/// reach the opponent, is an error.
pub const MOVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Where one game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Waiting for its sockets; holds how many are ready.
    Connecting(u8),
    /// Its next move may go.
    Ready,
    /// A move is out; waiting for its ack.
    Awaiting {
        /// The move's ply.
        ply: u32,
        /// Already counted as a timeout.
        late: bool,
    },
    /// All its moves are played: it idles.
    Done,
    /// Dropped after an error.
    Failed,
}

/// The bookkeeping of one game.
#[derive(Debug)]
struct Game {
    stage: Stage,
    black: Seat,
    next_ply: u32,
    /// When each move was sent, by ply.
    sent: Vec<Option<Instant>>,
    /// Whether each move's event reached the opponent, by ply.
    fanned_out: Vec<bool>,
}

/// What the run measured.
#[derive(Debug, Default)]
pub struct Measurements {
    /// Games whose two sockets were welcomed.
    pub games_ready: usize,
    /// How long connecting all sockets took.
    pub connect_time: Duration,
    /// How long moves were released.
    pub play_time: Duration,
    /// Moves sent.
    pub sent: u64,
    /// Moves acknowledged.
    pub acked: u64,
    /// Moves the ticker could not release because no game was ready.
    pub starved: u64,
    /// Snapshots received mid-run (a client fell behind).
    pub resyncs: u64,
    /// Send to ack, on the mover's socket (in an abuse run, before the hostile
    /// address starts).
    pub round_trip: Latencies,
    /// Send to ack while the hostile address is at work (abuse runs only).
    pub round_trip_hostile: Latencies,
    /// Send to the event's arrival on the opponent's socket.
    pub fan_out: Latencies,
    /// Errors by kind.
    pub errors: ErrorCounts,
    /// Whether Ctrl-C cut the run short.
    pub interrupted: bool,
}

/// The conductor's settings.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The moves of every game, by ply.
    pub moves: Arc<[Arc<str>]>,
    /// Total moves per second.
    pub rate: f64,
    /// How long moves are released.
    pub duration: Duration,
    /// How long connecting may take in all.
    pub connect_timeout: Duration,
    /// In an abuse run, how long after the start of play the hostile address
    /// starts: moves sent from then on are measured apart.
    pub hostile_after: Option<Duration>,
    /// Told the moment play starts (the hostile address and the computer
    /// probes start from it).
    pub play_started: watch::Sender<Option<Instant>>,
}

/// Runs the play: waits for every socket, releases moves for `plan.duration`,
/// then waits (at most [`MOVE_TIMEOUT`]) for the answers still due. `orders`
/// holds each game's two order channels, by seat; dropping them afterwards ends
/// the clients.
pub async fn conduct(
    plan: &Plan,
    orders: &[[mpsc::UnboundedSender<Order>; 2]],
    reports: &mut mpsc::UnboundedReceiver<Report>,
    mut interrupt: watch::Receiver<bool>,
) -> Measurements {
    let mut conductor = Conductor {
        games: (0..orders.len())
            .map(|_| Game {
                stage: Stage::Connecting(0),
                black: Seat::First,
                next_ply: 0,
                sent: vec![None; plan.moves.len()],
                fanned_out: vec![false; plan.moves.len()],
            })
            .collect(),
        orders,
        moves: Arc::clone(&plan.moves),
        cursor: 0,
        measured: Measurements::default(),
        hostile_from: None,
    };
    let started = Instant::now();
    // Connect: every socket reports once, ready or failed.
    let connect_deadline = started + plan.connect_timeout;
    let mut waiting = orders.len() * 2;
    while waiting > 0 {
        tokio::select! {
            report = reports.recv() => {
                let Some(report) = report else { break };
                if matches!(report, Report::Ready { .. } | Report::ConnectFailed { .. }) {
                    waiting -= 1;
                }
                conductor.take(report);
            }
            () = tokio::time::sleep_until(connect_deadline) => {
                conductor.measured.errors.add("connect-timeout");
                break;
            }
            _ = interrupt.wait_for(|&stop| stop) => {
                conductor.measured.interrupted = true;
                break;
            }
        }
    }
    conductor.measured.connect_time = started.elapsed();
    conductor.measured.games_ready = conductor
        .games
        .iter()
        .filter(|game| game.stage == Stage::Ready)
        .count();
    // Play.
    let play_started = Instant::now();
    plan.play_started.send_replace(Some(play_started));
    conductor.hostile_from = plan.hostile_after.map(|after| play_started + after);
    let mut released: u64 = 0;
    let mut ticker = tokio::time::interval(TICK);
    ticker.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut last_timeout_check = play_started;
    while !conductor.measured.interrupted {
        tokio::select! {
            report = reports.recv() => {
                let Some(report) = report else { break };
                conductor.take(report);
            }
            _ = ticker.tick() => {
                let elapsed = play_started.elapsed();
                if elapsed >= plan.duration {
                    break;
                }
                let due = (elapsed.as_secs_f64() * plan.rate) as u64;
                while released < due {
                    released += 1;
                    if !conductor.release_next() {
                        // Nothing is ready: this share of the rate is lost, not
                        // saved up for a burst later.
                        conductor.measured.starved += due - released + 1;
                        released = due;
                    }
                }
                if last_timeout_check.elapsed() >= Duration::from_millis(100) {
                    last_timeout_check = Instant::now();
                    conductor.check_timeouts();
                }
            }
            _ = interrupt.wait_for(|&stop| stop) => {
                conductor.measured.interrupted = true;
            }
        }
    }
    conductor.measured.play_time = play_started.elapsed();
    // Drain: the answers to the moves already sent.
    let drain_deadline = Instant::now() + MOVE_TIMEOUT;
    while !conductor.settled() {
        tokio::select! {
            report = reports.recv() => {
                let Some(report) = report else { break };
                conductor.take(report);
            }
            () = tokio::time::sleep_until(drain_deadline) => break,
            _ = interrupt.wait_for(|&stop| stop), if !conductor.measured.interrupted => {
                conductor.measured.interrupted = true;
                break;
            }
        }
    }
    conductor.count_unanswered();
    conductor.measured
}

struct Conductor<'a> {
    games: Vec<Game>,
    orders: &'a [[mpsc::UnboundedSender<Order>; 2]],
    moves: Arc<[Arc<str>]>,
    cursor: usize,
    measured: Measurements,
    /// When the hostile address starts, in an abuse run.
    hostile_from: Option<Instant>,
}

impl Conductor<'_> {
    /// Sends the next move of the next ready game, round robin; `false` when no
    /// game is ready.
    fn release_next(&mut self) -> bool {
        let count = self.games.len();
        for step in 0..count {
            let index = (self.cursor + step) % count;
            let game = &mut self.games[index];
            if game.stage != Stage::Ready {
                continue;
            }
            self.cursor = (index + 1) % count;
            let ply = game.next_ply;
            let mover = if ply.is_multiple_of(2) {
                game.black
            } else {
                other(game.black)
            };
            let order = Order {
                ply,
                action: Arc::clone(&self.moves[ply as usize]),
            };
            game.stage = Stage::Awaiting { ply, late: false };
            if self.orders[index][mover.index()].send(order).is_err() {
                game.stage = Stage::Failed;
                self.measured.errors.add("closed");
            }
            return true;
        }
        false
    }

    /// Books one report.
    fn take(&mut self, report: Report) {
        match report {
            Report::Ready {
                game,
                black,
                version,
                finished,
            } => {
                let entry = &mut self.games[game];
                if version != 0 || finished {
                    self.measured.errors.add("not-a-fresh-game");
                    entry.stage = Stage::Failed;
                    return;
                }
                entry.black = black;
                if let Stage::Connecting(ready) = entry.stage {
                    entry.stage = if ready == 1 {
                        Stage::Ready
                    } else {
                        Stage::Connecting(ready + 1)
                    };
                }
            }
            Report::ConnectFailed { game, reason } => {
                eprintln!("narabe loadtest: a socket of game {game} failed to connect: {reason}");
                self.measured.errors.add("connect");
                self.games[game].stage = Stage::Failed;
            }
            Report::Sent { game, ply, at } => {
                self.measured.sent += 1;
                if let Some(slot) = self.games[game].sent.get_mut(ply as usize) {
                    *slot = Some(at);
                }
            }
            Report::Acked { game, ply, at } => self.acked(game, ply, at),
            Report::Refused { game, ply, code } => {
                self.measured.errors.add(format!("error:{code}"));
                let entry = &mut self.games[game];
                if let Some(slot) = ply.and_then(|ply| entry.sent.get_mut(ply as usize)) {
                    // A refused move never happened: no event is due for it.
                    *slot = None;
                }
                if ply.is_some() || matches!(entry.stage, Stage::Awaiting { .. }) {
                    entry.stage = Stage::Failed;
                }
            }
            Report::OpponentMoved { game, version, at } => {
                let entry = &mut self.games[game];
                let ply = version
                    .checked_sub(1)
                    .and_then(|ply| usize::try_from(ply).ok());
                match ply.and_then(|ply| Some((ply, entry.sent.get(ply).copied()??))) {
                    Some((ply, sent)) if !entry.fanned_out[ply] => {
                        entry.fanned_out[ply] = true;
                        let latency = at.saturating_duration_since(sent);
                        if latency > MOVE_TIMEOUT {
                            self.measured.errors.add("fan-out-timeout");
                        }
                        self.measured.fan_out.record(latency);
                    }
                    _ => self.measured.errors.add("unexpected-event"),
                }
            }
            Report::Resync => self.measured.resyncs += 1,
            Report::Closed { game, reason } => {
                eprintln!("narabe loadtest: a socket of game {game} closed: {reason}");
                self.measured.errors.add("closed");
                self.games[game].stage = Stage::Failed;
            }
        }
    }

    fn acked(&mut self, game: usize, ply: u32, at: Instant) {
        let moves = self.moves.len();
        let entry = &mut self.games[game];
        let Stage::Awaiting { ply: awaited, .. } = entry.stage else {
            self.measured.errors.add("unexpected-ack");
            return;
        };
        if awaited != ply {
            self.measured.errors.add("unexpected-ack");
            return;
        }
        self.measured.acked += 1;
        if let Some(sent) = entry.sent.get(ply as usize).copied().flatten() {
            let hostile = self.hostile_from.is_some_and(|from| sent >= from);
            let latencies = if hostile {
                &mut self.measured.round_trip_hostile
            } else {
                &mut self.measured.round_trip
            };
            latencies.record(at.saturating_duration_since(sent));
        }
        entry.next_ply = ply + 1;
        entry.stage = if entry.next_ply as usize >= moves {
            Stage::Done
        } else {
            Stage::Ready
        };
    }

    /// Counts each move that has waited longer than [`MOVE_TIMEOUT`] for its ack,
    /// once; the game keeps waiting (a late ack still counts as a latency).
    fn check_timeouts(&mut self) {
        let now = Instant::now();
        for game in &mut self.games {
            if let Stage::Awaiting { ply, late: false } = game.stage
                && game.sent[ply as usize]
                    .is_some_and(|sent| now.saturating_duration_since(sent) > MOVE_TIMEOUT)
            {
                game.stage = Stage::Awaiting { ply, late: true };
                self.measured.errors.add("timeout");
            }
        }
    }

    /// Whether every move sent has its ack and its opponent event.
    fn settled(&self) -> bool {
        self.games.iter().all(|game| {
            !matches!(game.stage, Stage::Awaiting { .. })
                && game
                    .sent
                    .iter()
                    .zip(&game.fanned_out)
                    .all(|(sent, fanned)| sent.is_none() || *fanned)
        })
    }

    /// After the drain: moves never acknowledged and events that never reached
    /// the opponent are errors.
    fn count_unanswered(&mut self) {
        for game in &self.games {
            if let Stage::Awaiting { late: false, .. } = game.stage {
                self.measured.errors.add("timeout");
            }
            let missing = game
                .sent
                .iter()
                .zip(&game.fanned_out)
                .filter(|(sent, fanned)| sent.is_some() && !**fanned)
                .count();
            for _ in 0..missing {
                self.measured.errors.add("fan-out-missing");
            }
        }
    }
}

const fn other(seat: Seat) -> Seat {
    match seat {
        Seat::First => Seat::Second,
        Seat::Second => Seat::First,
    }
}
