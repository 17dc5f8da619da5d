//! One game of the bot: its stream read, the engine (a process of its own)
//! asked whenever the bot must act, its answers sent as actions. A stream
//! that breaks off is opened again (the engine then gets the whole position);
//! an engine that fails is restarted; one that cannot come back resigns the
//! game.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use narabe_rules::{Player, RuleSet};
use serde_json::Value;
use tokio::time::Instant;

use super::bot_client::{BotClient, StreamRefused};
use super::brain::{ATTEMPTS, Brain, BrainSettings};
use super::clock_budget::Budget;
use super::decision::{Decision, actions, decide};
use super::game_view::GameView;
use super::say;
use crate::gomocup::rule_value::rule_value;

/// Refusals of the server that mean the engine's answer was wrong for the
/// position (the server is the referee): the engine is restarted and asked
/// again, as after a garbled answer.
const WRONG_ANSWER: [&str; 9] = [
    "occupied",
    "off-board",
    "forbidden",
    "outside-zone",
    "symmetric-offer",
    "already-offered",
    "not-offered",
    "too-many-offers",
    "pass-not-allowed",
];

/// How many times a game stream is opened again before the game is left to
/// its clock.
const REOPENINGS: u32 = 20;

/// What every game of the bridge shares.
#[derive(Debug, Clone)]
pub struct GameSettings {
    /// The Bot API client.
    pub client: BotClient,
    /// The engine's command line.
    pub engine: Arc<str>,
    /// The engine's time per move when a game has no real-time clock.
    pub move_time_ms: u64,
}

/// Plays game `id` to its end (or until it cannot be followed any more).
pub async fn play_game(settings: GameSettings, id: String) {
    let mut runner = Runner {
        settings,
        id,
        seat: None,
        brain: None,
        plan: VecDeque::new(),
        wrong_answers: 0,
        claim_at: None,
    };
    runner.run().await;
    if let Some(brain) = runner.brain.take() {
        // The process ends off the async threads.
        let _ = tokio::task::spawn_blocking(move || brain.end()).await;
    }
}

struct Runner {
    settings: GameSettings,
    id: String,
    seat: Option<Player>,
    /// The engine; `None` while it thinks on a blocking thread (or before
    /// the game's board is known).
    brain: Option<Brain>,
    /// Actions decided already, taken when their state comes (Swap2's two
    /// stones, a move given with a swap decision).
    plan: VecDeque<String>,
    /// The engine's answers in a row that the server refused.
    wrong_answers: usize,
    /// When the bot may claim the win against an opponent who left.
    claim_at: Option<Instant>,
}

enum Flow {
    /// Wait for the next state.
    Next,
    /// The game is over for the bot.
    Stop,
}

/// What became of one round of [`Runner::respond`].
enum Outcome {
    /// Done with this state: wait for the next.
    Done,
    /// The engine's answer did not serve: ask it again.
    AskAgain,
    /// The game is over for the bot.
    Stop,
}

impl Runner {
    async fn run(&mut self) {
        let mut reopened = 0;
        'streams: while reopened <= REOPENINGS {
            let mut stream = match self.settings.client.game(&self.id).await {
                Ok(stream) => stream,
                Err(StreamRefused::Refused(answer)) => {
                    say(&format!(
                        "game {}: the server refuses its stream ({} {})",
                        self.id,
                        answer.status,
                        answer.code()
                    ));
                    return;
                }
                Err(StreamRefused::Unreachable(why)) => {
                    say(&format!("game {}: cannot open its stream: {why}", self.id));
                    reopened += 1;
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    continue;
                }
            };
            loop {
                let claim = self.claim_at;
                let message = tokio::select! {
                    message = stream.next() => message,
                    () = sleep_until(claim) => {
                        self.claim_at = None;
                        self.post("claim win").await;
                        continue;
                    }
                };
                let Some(message) = message else {
                    // Broken off: open it again; the engine gets the whole
                    // position with the next question.
                    reopened += 1;
                    if let Some(brain) = self.brain.as_mut() {
                        brain.forget();
                    }
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    continue 'streams;
                };
                match message["type"].as_str() {
                    Some("gameFull") => {
                        self.seat = seat(&message["seat"]);
                        if self.brain.is_none() && !self.start_brain(&message["state"]) {
                            self.post("resign").await;
                            return;
                        }
                        if let Flow::Stop = self.respond(&message["state"]).await {
                            return;
                        }
                    }
                    Some("gameState") => {
                        if let Flow::Stop = self.respond(&message["state"]).await {
                            return;
                        }
                    }
                    Some("opponentGone") => {
                        self.claim_at = message["claimWinInSeconds"]
                            .as_u64()
                            .filter(|_| message["gone"] == true)
                            .map(|seconds| Instant::now() + Duration::from_secs(seconds + 1));
                    }
                    _ => {}
                }
            }
        }
        say(&format!(
            "game {}: its stream keeps breaking off: left to its clock",
            self.id
        ));
    }

    /// Makes the game's engine, from the game's rules and board.
    fn start_brain(&mut self, state: &Value) -> bool {
        let Some(game) = GameView::of(state) else {
            return false;
        };
        let rules = state["config"]["game"]
            .as_str()
            .and_then(|game| game.parse::<RuleSet>().ok());
        let Some(rule) = rules.and_then(rule_value) else {
            say(&format!(
                "game {}: {} has no Gomocup rule: resigning",
                self.id, state["config"]["game"]
            ));
            return false;
        };
        self.brain = Some(Brain::new(BrainSettings {
            command: self.settings.engine.to_string(),
            size: game.size,
            rule,
        }));
        true
    }

    /// Does what the bot must in `state`, until it must wait for another.
    async fn respond(&mut self, state: &Value) -> Flow {
        let (Some(seat), Some(game)) = (self.seat, GameView::of(state)) else {
            return Flow::Next;
        };
        if game.is_over() {
            say(&format!(
                "game {}: over ({} {})",
                self.id, state["result"]["reason"], state["result"]["winner"]
            ));
            return Flow::Stop;
        }
        // Each round posts and waits, or counts a wrong answer of the
        // engine's and asks again; wrong answers are bounded, so this ends.
        loop {
            let outcome = if let Some(action) = self.planned(&game, seat) {
                self.post_engine_action(&action).await
            } else {
                match decide(&game, seat) {
                    Decision::Wait => return Flow::Next,
                    Decision::Act(action) => {
                        self.post(&action).await;
                        return Flow::Next;
                    }
                    Decision::Ask(question, purpose) => {
                        let Some(color) = game.color_of(seat) else {
                            return Flow::Next;
                        };
                        let budget = Budget::of(state, seat, self.settings.move_time_ms);
                        let Some(reply) = self.ask(game.stones(), color, question, budget).await
                        else {
                            say(&format!(
                                "game {}: the engine failed {ATTEMPTS} times in a row: resigning",
                                self.id
                            ));
                            self.post("resign").await;
                            return Flow::Stop;
                        };
                        match actions(&game, seat, purpose, &reply) {
                            Ok(actions) => {
                                let mut actions = actions.into_iter();
                                let first = actions.next().expect("a reply comes to an action");
                                self.plan = actions.collect();
                                self.post_engine_action(&first).await
                            }
                            Err(why) => {
                                say(&format!(
                                    "game {}: the engine's answer does not fit: {why}",
                                    self.id
                                ));
                                self.wrong_answer().await
                            }
                        }
                    }
                }
            };
            match outcome {
                Outcome::Done => return Flow::Next,
                Outcome::Stop => return Flow::Stop,
                Outcome::AskAgain => {}
            }
        }
    }

    /// Asks the engine on a blocking thread; `None` when it failed every
    /// attempt.
    async fn ask(
        &mut self,
        stones: Vec<super::brain::Stone>,
        color: narabe_rules::Color,
        question: super::brain::Question,
        budget: Budget,
    ) -> Option<super::brain::Reply> {
        let mut brain = self.brain.take()?;
        let id = self.id.clone();
        let (brain, reply) = tokio::task::spawn_blocking(move || {
            let reply = brain.ask(&stones, color, &question, &budget, |failure| {
                say(&format!("game {id}: the engine failed: {}", failure.0));
            });
            (brain, reply)
        })
        .await
        .expect("the engine's thread does not panic");
        self.brain = Some(brain);
        reply.ok()
    }

    /// The next planned action, if it still fits the state (a stone of the
    /// bot's on an empty point in a `place` phase); else the plan is dropped.
    fn planned(&mut self, game: &GameView<'_>, seat: Player) -> Option<String> {
        let action = self.plan.front()?.clone();
        let fits = game.phase() == "place"
            && game.actor() == Some(seat)
            && action
                .strip_prefix("place ")
                .and_then(|point| point.parse().ok())
                .is_some_and(|point| game.empty_points().contains(&point));
        if fits {
            self.plan.pop_front();
            Some(action)
        } else {
            self.plan.clear();
            None
        }
    }

    /// Counts an engine answer the game could not take: the engine is
    /// restarted and asked again, or, after [`ATTEMPTS`] in a row, the game
    /// resigned.
    async fn wrong_answer(&mut self) -> Outcome {
        self.wrong_answers += 1;
        self.plan.clear();
        if let Some(brain) = self.brain.as_mut() {
            brain.restart();
        }
        if self.wrong_answers < ATTEMPTS {
            return Outcome::AskAgain;
        }
        say(&format!(
            "game {}: the engine's answers did not serve {ATTEMPTS} times in a row: resigning",
            self.id
        ));
        self.post("resign").await;
        Outcome::Stop
    }

    /// Sends an action the engine chose; a refusal that says the answer was
    /// wrong for the position counts against the engine.
    async fn post_engine_action(&mut self, action: &str) -> Outcome {
        match self.post(action).await {
            Posted::Taken => {
                self.wrong_answers = 0;
                Outcome::Done
            }
            Posted::Wrong => self.wrong_answer().await,
            Posted::Other => Outcome::Done,
        }
    }

    /// Sends `action`, trying again a few times while the server is busy
    /// or out of reach.
    async fn post(&mut self, action: &str) -> Posted {
        for attempt in 0..5 {
            match self.settings.client.act(&self.id, action).await {
                Ok(answer) if answer.ok() => return Posted::Taken,
                Ok(answer) if WRONG_ANSWER.contains(&answer.code()) => {
                    say(&format!(
                        "game {}: the server refused {action:?}: {}",
                        self.id, answer.body["message"]
                    ));
                    return Posted::Wrong;
                }
                Ok(answer)
                    if attempt < 4
                        && matches!(answer.code(), "rate-limited" | "unavailable" | "conflict") => {
                }
                // The state moved on (a takeback, a timeout, the end): the
                // next state says what to do.
                Ok(_) => return Posted::Other,
                Err(why) => say(&format!("game {}: {why}", self.id)),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        Posted::Other
    }
}

/// What became of a posted action.
enum Posted {
    /// The game took it.
    Taken,
    /// The game refused it as wrong for the position.
    Wrong,
    /// Anything else (the state moved on, the server is unreachable).
    Other,
}

fn seat(value: &Value) -> Option<Player> {
    match value.as_str()? {
        "first" => Some(Player::First),
        "second" => Some(Player::Second),
        _ => None,
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
