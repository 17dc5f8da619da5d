//! A game session: the rules' game plus the platform around it.

use narabe_rules::{Action, Game, Player};

use crate::request_limits::RequestCounts;
use crate::{
    Actor, Clocks, Millis, Request, SessionAction, SessionActionKind, SessionConfig, SessionEnd,
    SessionRejection, SessionResult, TimeControl,
};

/// How long an opponent must have been gone before the win (or a draw) can be
/// claimed, in games without correspondence deadlines.
pub const CLAIM_AFTER_MS: Millis = 30_000;

/// One accepted action with who took it and when: a row of the stored log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogEntry {
    /// Who acted.
    pub actor: Actor,
    /// What they did.
    pub action: SessionAction,
    /// Server time of acceptance.
    pub at: Millis,
}

/// A game action in effect (not taken back), with what takebacks need to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Played {
    player: Player,
    action: Action,
    /// Whether the action was taken during the opening (never taken back).
    in_opening: bool,
}

/// A session: seats' actions in, versioned log out. Sans-IO: the caller passes the
/// time of every call and stores the [`LogEntry`] of every accepted action; a
/// session rebuilt from its log with [`Session::restore`] equals the original.
///
/// ```
/// use narabe_game::{Actor, Session, SessionAction, SessionConfig};
/// use narabe_rules::{GameConfig, Player};
/// let mut session = Session::new(SessionConfig::untimed(GameConfig::default()));
/// session.apply(Actor::Seat(Player::First), "place h8".parse()?, 1_000)?;
/// assert_eq!(session.version(), 1);
/// let copy = Session::restore(*session.config(), session.log().iter().copied()).unwrap();
/// assert_eq!(copy, session);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    config: SessionConfig,
    game: Game,
    played: Vec<Played>,
    log: Vec<LogEntry>,
    clocks: Clocks,
    moved: [bool; 2],
    draw_offer: Option<Player>,
    takeback_request: Option<Player>,
    rematch_offer: Option<Player>,
    rematch_agreed: bool,
    result: Option<SessionResult>,
    /// Since when each player has been gone (no connection), when they are.
    /// Presence is not logged: it only gates claims as they are made.
    absent_since: [Option<Millis>; 2],
    /// The draws, takebacks and rematches each player has asked for.
    requests: RequestCounts,
}

impl Session {
    /// A new session at its first move.
    #[must_use]
    pub fn new(config: SessionConfig) -> Session {
        Session {
            game: Game::new(config.game),
            config,
            played: Vec::new(),
            log: Vec::new(),
            clocks: Clocks::new(config.time),
            moved: [false, false],
            draw_offer: None,
            takeback_request: None,
            rematch_offer: None,
            rematch_agreed: false,
            result: None,
            absent_since: [None, None],
            requests: RequestCounts::default(),
        }
    }

    /// Rebuilds a session from its stored log. Every entry is checked again
    /// except the presence condition of claims, which was checked when the claim
    /// was made and is not part of the log.
    ///
    /// # Errors
    ///
    /// The index of the first entry that does not apply, and why.
    pub fn restore(
        config: SessionConfig,
        entries: impl IntoIterator<Item = LogEntry>,
    ) -> Result<Session, (usize, SessionRejection)> {
        let mut session = Session::new(config);
        for (index, entry) in entries.into_iter().enumerate() {
            session
                .apply_as(entry.actor, entry.action, entry.at, Trust::Logged)
                .map_err(|rejection| (index, rejection))?;
        }
        Ok(session)
    }

    /// Applies one entry of the stored log, written by another writer (a
    /// node of the same cluster), with the checks of [`Session::restore`]:
    /// the entry's own time, and no presence condition on claims.
    ///
    /// # Errors
    ///
    /// Why the entry does not apply; the session is then unchanged.
    pub fn replay(&mut self, entry: LogEntry) -> Result<LogEntry, SessionRejection> {
        self.apply_as(entry.actor, entry.action, entry.at, Trust::Logged)
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &SessionConfig {
        &self.config
    }

    /// The game as the rules see it.
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// Every accepted action, in order.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The number of accepted actions: every accepted action adds one.
    #[must_use]
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// The clocks.
    #[must_use]
    pub const fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// The result once the session has ended.
    #[must_use]
    pub const fn result(&self) -> Option<SessionResult> {
        self.result
    }

    /// Whether the session has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Who has offered a draw that is still open.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Player> {
        self.draw_offer
    }

    /// Who has asked for a takeback that is still open.
    #[must_use]
    pub const fn takeback_request(&self) -> Option<Player> {
        self.takeback_request
    }

    /// Who has offered a rematch that is still open.
    #[must_use]
    pub const fn rematch_offer(&self) -> Option<Player> {
        self.rematch_offer
    }

    /// Whether both players agreed to a rematch (the server then creates it).
    #[must_use]
    pub const fn rematch_agreed(&self) -> bool {
        self.rematch_agreed
    }

    /// Whether both players have made a game action: from then on the game
    /// can no longer be aborted, and a vanished opponent can be claimed
    /// against.
    fn both_moved(&self) -> bool {
        self.moved.iter().all(|&moved| moved)
    }

    /// Whether `player` has made a game action.
    #[must_use]
    pub const fn has_moved(&self, player: Player) -> bool {
        self.moved[player.index()]
    }

    /// Records whether `player` is connected, as of `now`.
    pub fn set_present(&mut self, player: Player, present: bool, now: Millis) {
        let slot = &mut self.absent_since[player.index()];
        match (present, *slot) {
            (true, _) => *slot = None,
            (false, None) => *slot = Some(now),
            (false, Some(_)) => {}
        }
    }

    /// Since when `player` has been gone, when they are.
    #[must_use]
    pub const fn absent_since(&self, player: Player) -> Option<Millis> {
        self.absent_since[player.index()]
    }

    /// The next moment at which time alone changes the session (a flag falls, a
    /// correspondence deadline passes): when the server must look again.
    #[must_use]
    pub fn next_deadline(&self) -> Option<Millis> {
        if self.is_over() {
            None
        } else {
            self.clocks.deadline()
        }
    }

    /// The server's timeout action when a player's time is up at `now`.
    #[must_use]
    pub fn due_timeout(&self, now: Millis) -> Option<SessionAction> {
        if self.is_over() {
            return None;
        }
        self.clocks.expired(now).map(SessionAction::Timeout)
    }

    /// Applies `action` by `actor` at `now` and returns the logged entry.
    ///
    /// # Errors
    ///
    /// Why the action is refused; the session is then unchanged.
    pub fn apply(
        &mut self,
        actor: Actor,
        action: SessionAction,
        now: Millis,
    ) -> Result<LogEntry, SessionRejection> {
        self.apply_as(actor, action, now, Trust::Live)
    }

    fn apply_as(
        &mut self,
        actor: Actor,
        action: SessionAction,
        now: Millis,
        trust: Trust,
    ) -> Result<LogEntry, SessionRejection> {
        match (actor, action) {
            (Actor::Server, SessionAction::Timeout(player)) => self.timeout(player, now)?,
            (Actor::Server, SessionAction::Credit(player, millis)) => {
                self.credit(player, millis, now)?;
            }
            (Actor::Server, _) => return Err(SessionRejection::SeatOnly),
            (Actor::Seat(_), SessionAction::Timeout(_) | SessionAction::Credit(..)) => {
                return Err(SessionRejection::ServerOnly);
            }
            (Actor::Seat(player), action) => self.seat_action(player, action, now, trust)?,
        }
        let entry = LogEntry {
            actor,
            action,
            at: now,
        };
        self.log.push(entry);
        Ok(entry)
    }

    fn timeout(&mut self, player: Player, now: Millis) -> Result<(), SessionRejection> {
        if self.is_over() {
            return Err(SessionRejection::GameOver);
        }
        if self.clocks.expired(now) != Some(player) {
            return Err(SessionRejection::TimeNotUp(player));
        }
        self.end(Some(player.other()), SessionEnd::Timeout(player), now);
        Ok(())
    }

    /// Gives `millis` back to `player`'s running real-time clock: the server's
    /// correction for time the player could not use (the computer waiting for
    /// the engine pool). It may revive a clock that ran out meanwhile, since the
    /// server holds the timeout back while it owes such time.
    fn credit(
        &mut self,
        player: Player,
        millis: Millis,
        now: Millis,
    ) -> Result<(), SessionRejection> {
        if self.is_over() {
            return Err(SessionRejection::GameOver);
        }
        if !self.clocks.credit(player, millis, now) {
            return Err(SessionRejection::NothingToCredit(player));
        }
        Ok(())
    }

    fn seat_action(
        &mut self,
        player: Player,
        action: SessionAction,
        now: Millis,
        trust: Trust,
    ) -> Result<(), SessionRejection> {
        let rematch = matches!(
            action,
            SessionAction::RematchOffer
                | SessionAction::RematchAccept
                | SessionAction::RematchDecline
                | SessionAction::RematchWithdraw
        );
        if rematch {
            return self.rematch(player, action, trust);
        }
        if self.is_over() {
            return Err(SessionRejection::GameOver);
        }
        if let Some(late) = self.clocks.expired(now) {
            return Err(SessionRejection::TimeUp(late));
        }
        let opponent = player.other();
        match action {
            SessionAction::Game(action) => self.game_action(player, action, now)?,
            SessionAction::DrawOffer => match self.draw_offer {
                Some(offerer) if offerer == opponent => self.end(None, SessionEnd::DrawAgreed, now),
                Some(_) => return Err(SessionRejection::AlreadyPending("draw offer")),
                None => {
                    self.ask(player, Request::Draw, trust)?;
                    self.draw_offer = Some(player);
                }
            },
            SessionAction::DrawAccept | SessionAction::DrawDecline => {
                if self.draw_offer != Some(opponent) {
                    return Err(SessionRejection::NothingToAnswer("draw offer"));
                }
                self.draw_offer = None;
                if action == SessionAction::DrawAccept {
                    self.end(None, SessionEnd::DrawAgreed, now);
                }
            }
            SessionAction::DrawWithdraw => {
                if self.draw_offer != Some(player) {
                    return Err(SessionRejection::NothingToWithdraw("draw offer"));
                }
                self.draw_offer = None;
            }
            SessionAction::TakebackWithdraw => {
                if self.takeback_request != Some(player) {
                    return Err(SessionRejection::NothingToWithdraw("takeback request"));
                }
                self.takeback_request = None;
            }
            SessionAction::TakebackRequest => {
                if !self.config.takebacks {
                    return Err(SessionRejection::TakebacksDisabled);
                }
                if self.takeback_request.is_some() {
                    return Err(SessionRejection::AlreadyPending("takeback request"));
                }
                if self.undo_point(player).is_none() {
                    return Err(SessionRejection::NothingToTakeBack);
                }
                self.ask(player, Request::Takeback, trust)?;
                self.takeback_request = Some(player);
            }
            SessionAction::TakebackAccept | SessionAction::TakebackDecline => {
                if self.takeback_request != Some(opponent) {
                    return Err(SessionRejection::NothingToAnswer("takeback request"));
                }
                if action == SessionAction::TakebackAccept {
                    self.take_back(opponent, now)?;
                }
                self.takeback_request = None;
            }
            SessionAction::Abort => {
                if self.moved.iter().all(|&moved| moved) {
                    return Err(SessionRejection::AbortTooLate);
                }
                self.end(None, SessionEnd::Aborted(player), now);
            }
            SessionAction::ClaimWin | SessionAction::ClaimDraw => {
                // Before both have moved, a vanished opponent is aborted, not
                // beaten (a game that never began has no winner).
                if trust == Trust::Live && !self.both_moved() {
                    return Err(SessionRejection::ClaimTooEarly);
                }
                if let Some(wait_ms) = self.claim_wait(player, now, trust) {
                    return Err(
                        if matches!(self.config.time, TimeControl::Correspondence { .. }) {
                            SessionRejection::ClaimUnavailable
                        } else {
                            SessionRejection::OpponentNotGone { wait_ms }
                        },
                    );
                }
                let winner = (action == SessionAction::ClaimWin).then_some(player);
                self.end(winner, SessionEnd::Abandoned(player), now);
            }
            SessionAction::Timeout(_)
            | SessionAction::Credit(..)
            | SessionAction::RematchOffer
            | SessionAction::RematchAccept
            | SessionAction::RematchDecline
            | SessionAction::RematchWithdraw => unreachable!("handled above"),
        }
        Ok(())
    }

    /// When `player` may claim against their opponent, gone since then: their
    /// absence plus [`CLAIM_AFTER_MS`]. `None` while the opponent is present
    /// (or has never been seated), before both players have moved (the game
    /// may be aborted then), once the game is over, and in correspondence
    /// games, where deadlines replace claims.
    #[must_use]
    pub fn claim_opens_at(&self, player: Player) -> Option<Millis> {
        if self.is_over()
            || !self.both_moved()
            || matches!(self.config.time, TimeControl::Correspondence { .. })
        {
            return None;
        }
        self.absent_since(player.other())
            .map(|since| since.saturating_add(CLAIM_AFTER_MS))
    }

    /// How much longer `player` must wait before claiming, or `None` when a claim
    /// is possible now.
    fn claim_wait(&self, player: Player, now: Millis, trust: Trust) -> Option<Millis> {
        if matches!(self.config.time, TimeControl::Correspondence { .. }) {
            return Some(Millis::MAX);
        }
        if trust == Trust::Logged {
            return None;
        }
        match self.absent_since(player.other()) {
            None => Some(Millis::MAX),
            Some(since) => {
                let gone = now.saturating_sub(since);
                (gone < CLAIM_AFTER_MS).then(|| CLAIM_AFTER_MS - gone)
            }
        }
    }

    fn game_action(
        &mut self,
        player: Player,
        action: Action,
        now: Millis,
    ) -> Result<(), SessionRejection> {
        let in_opening = self.game.in_opening();
        self.game.apply(player, action)?;
        self.played.push(Played {
            player,
            action,
            in_opening,
        });
        self.moved[player.index()] = true;
        // A move answers a pending offer of the opponent's by declining it, and
        // a pending takeback request no longer concerns the last move.
        if self.draw_offer == Some(player.other()) {
            self.draw_offer = None;
        }
        self.takeback_request = None;
        if let Some(result) = self.game.result() {
            self.result = Some(SessionResult::of_game(result));
            self.clocks.stop(now);
        } else if self.moved.iter().all(|&moved| moved) {
            self.clocks.after_action(player, self.game.actor(), now);
        }
        Ok(())
    }

    /// Where the game actions in effect would be cut to take back `player`'s
    /// last move: that move and every later one go. `None` when `player` has no
    /// move of normal play (stones and passes) with only such moves after it.
    fn undo_point(&self, player: Player) -> Option<usize> {
        let last = self
            .played
            .iter()
            .rposition(|played| played.player == player)?;
        let undoable = self.played[last..].iter().all(|played| {
            !played.in_opening && matches!(played.action, Action::Place(_) | Action::Pass)
        });
        undoable.then_some(last)
    }

    fn take_back(&mut self, requester: Player, now: Millis) -> Result<(), SessionRejection> {
        let cut = self
            .undo_point(requester)
            .ok_or(SessionRejection::NothingToTakeBack)?;
        let mut game = Game::new(self.config.game);
        for played in &self.played[..cut] {
            game.apply(played.player, played.action)?;
        }
        self.game = game;
        self.played.truncate(cut);
        self.draw_offer = None;
        if self.clocks.running().is_some()
            && let Some(actor) = self.game.actor()
        {
            self.clocks.start(actor, now);
        }
        Ok(())
    }

    /// Counts a request of `player`'s, refusing it live once the player has
    /// used it up (a logged one is accepted as it was).
    fn ask(
        &mut self,
        player: Player,
        request: Request,
        trust: Trust,
    ) -> Result<(), SessionRejection> {
        if trust == Trust::Live && self.requests.exhausted(player, request) {
            return Err(SessionRejection::RequestLimit {
                request: request.name(),
                limit: request.limit(),
            });
        }
        self.requests.count(player, request);
        Ok(())
    }

    fn rematch(
        &mut self,
        player: Player,
        action: SessionAction,
        trust: Trust,
    ) -> Result<(), SessionRejection> {
        if !self.is_over() {
            return Err(SessionRejection::NotOver);
        }
        if self.rematch_agreed {
            return Err(SessionRejection::RematchAgreed);
        }
        let opponent = player.other();
        match action {
            SessionAction::RematchOffer => match self.rematch_offer {
                Some(offerer) if offerer == opponent => self.rematch_agreed = true,
                Some(_) => return Err(SessionRejection::AlreadyPending("rematch offer")),
                None => {
                    self.ask(player, Request::Rematch, trust)?;
                    self.rematch_offer = Some(player);
                }
            },
            SessionAction::RematchWithdraw => {
                if self.rematch_offer != Some(player) {
                    return Err(SessionRejection::NothingToWithdraw("rematch offer"));
                }
                self.rematch_offer = None;
            }
            _ => {
                if self.rematch_offer != Some(opponent) {
                    return Err(SessionRejection::NothingToAnswer("rematch offer"));
                }
                self.rematch_offer = None;
                self.rematch_agreed = action == SessionAction::RematchAccept;
            }
        }
        Ok(())
    }

    fn end(&mut self, winner: Option<Player>, reason: SessionEnd, now: Millis) {
        self.clocks.stop(now);
        self.draw_offer = None;
        self.takeback_request = None;
        self.result = Some(SessionResult { winner, reason });
    }

    /// The names of the actions open to `player` at `now`: the game's open
    /// actions on their turn (`place`, `swap`, ...), `resign`, and the
    /// platform's (`draw offer`, `takeback accept`, `abort`, `claim win`,
    /// `rematch offer`, ...). The server refuses nothing listed here.
    #[must_use]
    pub fn open_actions(&self, player: Player, now: Millis) -> Vec<SessionActionKind> {
        let opponent = player.other();
        let mut open = Vec::new();
        if self.is_over() {
            if !self.rematch_agreed {
                match self.rematch_offer {
                    Some(offerer) if offerer == opponent => {
                        open.extend([
                            SessionActionKind::RematchAccept,
                            SessionActionKind::RematchDecline,
                        ]);
                    }
                    Some(_) => open.push(SessionActionKind::RematchWithdraw),
                    None if self.requests.exhausted(player, Request::Rematch) => {}
                    None => open.push(SessionActionKind::RematchOffer),
                }
            }
            return open;
        }
        if self.clocks.expired(now).is_some() {
            return open;
        }
        if self.game.actor() == Some(player) {
            open.extend(
                self.game
                    .open_actions()
                    .into_iter()
                    .map(SessionActionKind::from),
            );
        }
        open.push(SessionActionKind::Resign);
        match self.draw_offer {
            Some(offerer) if offerer == opponent => open.extend([
                SessionActionKind::DrawAccept,
                SessionActionKind::DrawDecline,
            ]),
            Some(_) => open.push(SessionActionKind::DrawWithdraw),
            None if self.requests.exhausted(player, Request::Draw) => {}
            None => open.push(SessionActionKind::DrawOffer),
        }
        if self.config.takebacks {
            match self.takeback_request {
                Some(requester) if requester == opponent => {
                    open.extend([
                        SessionActionKind::TakebackAccept,
                        SessionActionKind::TakebackDecline,
                    ]);
                }
                Some(_) => open.push(SessionActionKind::TakebackWithdraw),
                None if self.requests.exhausted(player, Request::Takeback) => {}
                None if self.undo_point(player).is_some() => {
                    open.push(SessionActionKind::TakebackRequest)
                }
                None => {}
            }
        }
        if !self.moved.iter().all(|&moved| moved) {
            open.push(SessionActionKind::Abort);
        }
        if self.both_moved() && self.claim_wait(player, now, Trust::Live).is_none() {
            open.extend([SessionActionKind::ClaimWin, SessionActionKind::ClaimDraw]);
        }
        open
    }
}

/// Whether an action arrives live or from the stored log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trust {
    Live,
    Logged,
}
