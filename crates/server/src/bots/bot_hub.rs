//! The bots of the server: registering and revoking them, knowing them by
//! their key, their challenges (made, declined, taken back, accepted into an
//! ordinary live game) and their pages. Everything lives in the store; the
//! hub keeps only who listens on this node, to nudge their event streams.

use std::sync::Arc;

use narabe_game::{SessionConfig, SessionSettings, TimeControl};
use narabe_rules::Player;
use tracing::error;

use super::bot_signals::{BotSignals, Listener};
use super::views::{
    BotGameView, BotRecordView, BotView, ChallengeState, ChallengeView, ChallengerView,
};
use super::{BotError, BotName, BotProfile, DeclineReason, Speed};
use crate::game_id::GameId;
use crate::live::{BotSeats, GameSetup, SeatInvites, ServerClock};
use crate::secret::Secret;
use crate::{
    BotGameRecord, BotRecord, ChallengeAcceptance, ChallengeAnswer, ChallengeRecord,
    ChallengeStatus, Challenger, NewBot, NewChallenge, NewGame, Store, StoreError,
};

/// How long a challenge to be played now (real time, or no clock) waits for
/// the bot's answer.
pub(crate) const REAL_TIME_CHALLENGE_MS: u64 = 60_000;
/// How long a correspondence challenge waits for the bot's answer.
pub(crate) const CORRESPONDENCE_CHALLENGE_MS: u64 = 24 * 60 * 60 * 1000;
/// The finished games a bot's page lists.
const RECENT_GAMES: i64 = 10;
/// The games under way a bot's page lists.
const PLAYING_GAMES: usize = 50;

/// A registered bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bot {
    /// Its name in lower case.
    pub id: String,
    /// Its name as registered.
    pub name: String,
    /// What it plays.
    pub profile: BotProfile,
    /// When it was registered.
    pub created_at: u64,
    /// Whether its key was revoked.
    pub revoked: bool,
}

impl Bot {
    fn from_record(record: BotRecord) -> Result<Bot, BotError> {
        let profile = serde_json::from_str(&record.profile_json).map_err(|error| {
            error!(bot = %record.id, %error, "a stored bot profile does not read");
            BotError::Storage
        })?;
        Ok(Bot {
            id: record.id,
            name: record.name,
            profile,
            created_at: u64::try_from(record.created_at).unwrap_or(0),
            revoked: record.revoked_at.is_some(),
        })
    }
}

/// Who makes a challenge.
#[derive(Debug, Clone)]
pub(crate) enum ChallengerIs {
    /// A person, without an account.
    Person,
    /// A bot, through its key.
    Bot(Bot),
}

/// Who takes a challenge back.
#[derive(Debug, Clone)]
pub(crate) enum Canceler {
    /// The person holding this secret.
    Person(Secret),
    /// This bot.
    Bot(Bot),
}

/// The bots of this server. Cheap to clone.
#[derive(Debug, Clone)]
pub(crate) struct BotHub {
    store: Store,
    clock: ServerClock,
    public_url: Arc<str>,
    signals: Arc<BotSignals>,
}

fn storage(error: &StoreError) -> BotError {
    error!(%error, "the bots' store failed");
    BotError::Storage
}

fn millis(at: u64) -> i64 {
    i64::try_from(at).unwrap_or(i64::MAX)
}

fn moment(at: i64) -> u64 {
    u64::try_from(at).unwrap_or(0)
}

impl BotHub {
    /// The bots of `store`, their links under `public_url`.
    pub(crate) fn new(store: Store, clock: ServerClock, public_url: Arc<str>) -> BotHub {
        BotHub {
            store,
            clock,
            public_url,
            signals: Arc::new(BotSignals::default()),
        }
    }

    /// Server time now.
    pub(crate) fn now(&self) -> u64 {
        self.clock.now()
    }

    /// Server time.
    pub(crate) fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The store the bots live in.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The page of the bot named `name`.
    pub(crate) fn page_url(&self, name: &str) -> String {
        format!("{}/bot/{name}", self.public_url)
    }

    /// Registers a bot; it and its key, which the store keeps only hashed.
    ///
    /// # Errors
    ///
    /// [`BotError::NameTaken`], [`BotError::Storage`].
    pub(crate) async fn register(
        &self,
        name: &BotName,
        profile: BotProfile,
    ) -> Result<(Bot, Secret), BotError> {
        let key = Secret::generate();
        let created_at = self.now();
        let bot = NewBot {
            id: name.id(),
            name: name.as_str().to_owned(),
            key_hash: key.hash(),
            profile_json: serde_json::to_string(&profile).expect("profiles serialise"),
            created_at: millis(created_at),
        };
        match self.store.create_bot(bot).await {
            Ok(()) => {}
            Err(StoreError::DuplicateId) => return Err(BotError::NameTaken(name.to_string())),
            Err(error) => return Err(storage(&error)),
        }
        let bot = Bot {
            id: name.id(),
            name: name.as_str().to_owned(),
            profile,
            created_at,
            revoked: false,
        };
        Ok((bot, key))
    }

    /// The bot whose key is `key`.
    ///
    /// # Errors
    ///
    /// [`BotError::BadKey`] for no bot's key, [`BotError::Revoked`] for a
    /// revoked one, [`BotError::Storage`].
    pub(crate) async fn by_key(&self, key: &Secret) -> Result<Bot, BotError> {
        let record = self
            .store
            .bot_by_key(&key.hash())
            .await
            .map_err(|error| storage(&error))?
            .ok_or(BotError::BadKey)?;
        let bot = Bot::from_record(record)?;
        if bot.revoked {
            return Err(BotError::Revoked);
        }
        Ok(bot)
    }

    /// The bot named `name` (in any case), revoked or not.
    ///
    /// # Errors
    ///
    /// [`BotError::NoSuchBot`], [`BotError::Storage`].
    pub(crate) async fn by_name(&self, name: &str) -> Result<Bot, BotError> {
        let name = BotName::parse(name).map_err(|_| BotError::NoSuchBot)?;
        let record = self
            .store
            .bot(&name.id())
            .await
            .map_err(|error| storage(&error))?
            .ok_or(BotError::NoSuchBot)?;
        Bot::from_record(record)
    }

    /// Revokes `bot`'s key: it acts no more (its games go on, and it loses
    /// them on time), and its open challenges expire unanswered.
    ///
    /// # Errors
    ///
    /// [`BotError::Storage`].
    pub(crate) async fn revoke(&self, bot: &Bot) -> Result<(), BotError> {
        self.store
            .revoke_bot(&bot.id, millis(self.now()))
            .await
            .map_err(|error| storage(&error))?;
        self.signals.bump(&bot.id);
        Ok(())
    }

    /// Whether the key of the bot with store id `id` was revoked since (a
    /// store that cannot answer now says no: the next nudge asks again).
    pub(crate) async fn is_revoked(&self, id: &str) -> bool {
        matches!(
            self.store.bot(id).await,
            Ok(Some(record)) if record.revoked_at.is_some()
        )
    }

    /// Whether `bot` has an event stream open on this node.
    pub(crate) fn online(&self, bot: &Bot) -> bool {
        self.signals.online(&bot.id)
    }

    /// A new event stream of `bot`: nudged at every change, and counting
    /// the bot online while it lives.
    pub(crate) fn listen(&self, bot: &Bot) -> Listener {
        self.signals.listen(&bot.id)
    }

    /// The page of `bot`: what it plays, its record and its games.
    ///
    /// # Errors
    ///
    /// [`BotError::Storage`].
    pub(crate) async fn page(&self, bot: &Bot) -> Result<BotView, BotError> {
        let store_error = |error: StoreError| storage(&error);
        let (wins, losses, draws) = self.store.bot_record(&bot.id).await.map_err(store_error)?;
        let playing = self
            .store
            .ongoing_bot_games(&bot.id)
            .await
            .map_err(store_error)?;
        let recent = self
            .store
            .finished_bot_games(&bot.id, RECENT_GAMES)
            .await
            .map_err(store_error)?;
        let count = |value: i64| u64::try_from(value).unwrap_or(0);
        Ok(BotView {
            name: bot.name.clone(),
            description: bot.profile.description.clone(),
            games: bot.profile.games.clone(),
            speeds: bot.profile.speeds.clone(),
            bots: bot.profile.bots,
            online: self.online(bot),
            revoked: bot.revoked,
            record: BotRecordView {
                wins: count(wins),
                losses: count(losses),
                draws: count(draws),
            },
            playing: playing
                .iter()
                .take(PLAYING_GAMES)
                .filter_map(game_view)
                .collect(),
            recent: recent.iter().filter_map(game_view).collect(),
            created_at: bot.created_at,
            url: self.page_url(&bot.name),
        })
    }

    /// A challenge of `challenger` to the bot named `bot_name` for a game of
    /// `config`, the challenger in `challenger_seat`. The server declines it
    /// at once, for the bot, when the bot does not play such a game; else it
    /// waits for the bot's answer. Answers the challenge and, for a person,
    /// the secret that shows them their seat once accepted.
    ///
    /// # Errors
    ///
    /// [`BotError::NoSuchBot`], [`BotError::Revoked`] (the challenged bot
    /// plays no more), [`BotError::SelfChallenge`], [`BotError::Storage`].
    pub(crate) async fn challenge(
        &self,
        bot_name: &str,
        challenger: ChallengerIs,
        config: SessionConfig,
        challenger_seat: Player,
    ) -> Result<(ChallengeView, Option<Secret>), BotError> {
        let bot = self.by_name(bot_name).await?;
        if bot.revoked {
            return Err(BotError::Revoked);
        }
        let now = self.now();
        let id = GameId::generate().to_string();
        let (stored_challenger, secret, challenger_bot) = match &challenger {
            ChallengerIs::Person => {
                let secret = Secret::generate();
                let seat_token = secret.derived_challenge_seat(&id);
                (Challenger::Person(seat_token.hash()), Some(secret), None)
            }
            ChallengerIs::Bot(other) => {
                if other.id == bot.id {
                    return Err(BotError::SelfChallenge);
                }
                (
                    Challenger::Bot(other.id.clone()),
                    None,
                    Some(other.id.clone()),
                )
            }
        };
        let lifetime = match config.time {
            TimeControl::Correspondence { .. } => CORRESPONDENCE_CHALLENGE_MS,
            TimeControl::RealTime { .. } | TimeControl::Unlimited => REAL_TIME_CHALLENGE_MS,
        };
        // What the bot did not register is declined for it, in the same
        // write, so that it never sees it.
        let refusal = bot
            .profile
            .refusal(&config, matches!(challenger, ChallengerIs::Bot(_)));
        let challenge = NewChallenge {
            id: id.clone(),
            bot_id: bot.id.clone(),
            challenger: stored_challenger,
            settings_json: serde_json::to_string(&config.settings()).expect("settings serialise"),
            challenger_seat,
            created_at: millis(now),
            expires_at: millis(now.saturating_add(lifetime)),
            declined: refusal.map(|reason| reason.code().to_owned()),
        };
        self.store
            .create_challenge(challenge)
            .await
            .map_err(|error| storage(&error))?;
        self.signals.bump(&bot.id);
        if let Some(other) = &challenger_bot {
            self.signals.bump(other);
        }
        let mut view = self.challenge_view(&id).await?;
        view.secret = secret.as_ref().map(|secret| secret.as_str().to_owned());
        Ok((view, secret))
    }

    /// The stored challenge `id`.
    async fn stored_challenge(&self, id: &str) -> Result<ChallengeRecord, BotError> {
        if GameId::parse(id).is_none() {
            return Err(BotError::NoSuchChallenge);
        }
        self.store
            .challenge(id)
            .await
            .map_err(|error| storage(&error))?
            .ok_or(BotError::NoSuchChallenge)
    }

    /// Challenge `id` as anyone sees it.
    ///
    /// # Errors
    ///
    /// [`BotError::NoSuchChallenge`], [`BotError::Storage`].
    pub(crate) async fn challenge_view(&self, id: &str) -> Result<ChallengeView, BotError> {
        let challenge = self.stored_challenge(id).await?;
        self.view_of(&challenge).await
    }

    /// Challenge `id` as the person holding `secret` sees it: with their
    /// seat token and private link once the bot has accepted.
    ///
    /// # Errors
    ///
    /// [`BotError::NotYourChallenge`] when the secret is not the
    /// challenger's, [`BotError::NoSuchChallenge`], [`BotError::Storage`].
    pub(crate) async fn challenge_for_person(
        &self,
        id: &str,
        secret: &Secret,
    ) -> Result<ChallengeView, BotError> {
        let challenge = self.stored_challenge(id).await?;
        let token = person_token(&challenge, secret).ok_or(BotError::NotYourChallenge("see"))?;
        let mut view = self.view_of(&challenge).await?;
        if let Some(game) = &challenge.game_id {
            view.play = Some(format!(
                "{}/g/{game}#token={}",
                self.public_url,
                token.as_str()
            ));
            view.token = Some(token.as_str().to_owned());
        }
        Ok(view)
    }

    /// A challenge as the API shows it.
    pub(crate) async fn view_of(
        &self,
        challenge: &ChallengeRecord,
    ) -> Result<ChallengeView, BotError> {
        let bot = self.bot_by_id(&challenge.bot_id).await?;
        let challenger = match &challenge.challenger {
            Challenger::Person(_) => ChallengerView::Person,
            Challenger::Bot(id) => ChallengerView::Bot {
                name: self.bot_by_id(id).await?.name,
            },
        };
        let settings: SessionSettings =
            serde_json::from_str(&challenge.settings_json).map_err(|error| {
                error!(challenge = %challenge.id, %error, "stored challenge settings do not read");
                BotError::Storage
            })?;
        let speed = settings
            .validate_stored()
            .map(|config| Speed::of(config.time))
            .map_err(|error| {
                error!(challenge = %challenge.id, %error, "stored challenge settings do not fit");
                BotError::Storage
            })?;
        let reason = challenge
            .decline_reason
            .as_deref()
            .and_then(DeclineReason::from_code);
        Ok(ChallengeView {
            id: challenge.id.clone(),
            bot: bot.name.clone(),
            challenger,
            settings,
            speed,
            challenger_seat: challenge.challenger_seat,
            bot_seat: challenge.challenger_seat.other(),
            status: self.state_of(challenge),
            decline_reason: reason,
            decline_text: reason.map(|reason| reason.text().to_owned()),
            game: challenge.game_id.clone(),
            created_at: moment(challenge.created_at),
            expires_at: moment(challenge.expires_at),
            url: self.page_url(&bot.name),
            secret: None,
            token: None,
            play: None,
        })
    }

    /// Where `challenge` stands now (an open one past its time is expired).
    pub(crate) fn state_of(&self, challenge: &ChallengeRecord) -> ChallengeState {
        match challenge.status {
            ChallengeStatus::Open if challenge.expires_at <= millis(self.now()) => {
                ChallengeState::Expired
            }
            ChallengeStatus::Open => ChallengeState::Open,
            ChallengeStatus::Accepted => ChallengeState::Accepted,
            ChallengeStatus::Declined => ChallengeState::Declined,
            ChallengeStatus::Canceled => ChallengeState::Canceled,
        }
    }

    /// The bot with store id `id`, revoked or not.
    async fn bot_by_id(&self, id: &str) -> Result<Bot, BotError> {
        let record = self
            .store
            .bot(id)
            .await
            .map_err(|error| storage(&error))?
            .ok_or_else(|| {
                error!(bot = %id, "a challenge names a bot the store does not have");
                BotError::Storage
            })?;
        Bot::from_record(record)
    }

    /// The open challenge `id` that `bot` may answer.
    async fn open_challenge_to(
        &self,
        bot: &Bot,
        id: &str,
        verb: &'static str,
    ) -> Result<ChallengeRecord, BotError> {
        let challenge = self.stored_challenge(id).await?;
        if challenge.bot_id != bot.id {
            return Err(BotError::NotYourChallenge(verb));
        }
        self.still_open(&challenge)?;
        Ok(challenge)
    }

    /// Refuses a challenge that is no longer open.
    fn still_open(&self, challenge: &ChallengeRecord) -> Result<(), BotError> {
        match self.state_of(challenge) {
            ChallengeState::Open => Ok(()),
            state => Err(BotError::ChallengeClosed(state.name())),
        }
    }

    /// The refusal of an answer the store found too late (another answer,
    /// or the expiry, came first).
    async fn closed_now(&self, id: &str) -> BotError {
        match self.stored_challenge(id).await {
            Ok(challenge) => BotError::ChallengeClosed(self.state_of(&challenge).name()),
            Err(error) => error,
        }
    }

    /// `bot` accepts challenge `id`: its game is created, an ordinary live
    /// game whose seat the bot holds through its key and the challenger
    /// through their token (a person) or key (a bot).
    ///
    /// # Errors
    ///
    /// [`BotError::NotYourChallenge`], [`BotError::ChallengeClosed`],
    /// [`BotError::NoSuchChallenge`], [`BotError::Storage`].
    pub(crate) async fn accept(&self, bot: &Bot, id: &str) -> Result<ChallengeView, BotError> {
        let challenge = self.open_challenge_to(bot, id, "accept").await?;
        let settings: SessionSettings =
            serde_json::from_str(&challenge.settings_json).map_err(|error| {
                error!(challenge = %challenge.id, %error, "stored challenge settings do not read");
                BotError::Storage
            })?;
        let bot_seat = challenge.challenger_seat.other();
        let mut bots = BotSeats::default();
        bots.set(bot_seat, bot.name.clone());
        let mut bot_seats = vec![(bot_seat, bot.id.clone())];
        let mut seats = [None, None];
        // A bot's seat holds a hash that no token matches: the bot acts
        // through its key, which `bot_games` maps to the seat.
        seats[bot_seat.index()] = Some(Secret::generate().hash());
        match &challenge.challenger {
            Challenger::Person(token_hash) => {
                seats[challenge.challenger_seat.index()] = Some(*token_hash);
            }
            Challenger::Bot(other) => {
                seats[challenge.challenger_seat.index()] = Some(Secret::generate().hash());
                bots.set(challenge.challenger_seat, self.bot_by_id(other).await?.name);
                bot_seats.push((challenge.challenger_seat, other.clone()));
            }
        }
        let setup = GameSetup {
            settings,
            invites: SeatInvites::default(),
            rematch_of: None,
            tournament: None,
            bots,
        };
        let now = millis(self.now());
        let game = GameId::generate();
        let acceptance = ChallengeAcceptance {
            id: challenge.id.clone(),
            at: now,
            game: NewGame {
                id: game.to_string(),
                config_json: serde_json::to_string(&setup).expect("setups serialise"),
                created_at: now,
                first_token_hash: seats[0],
                second_token_hash: seats[1],
                deadline_at: None,
                computer: None,
            },
            bot_seats,
        };
        let accepted = self
            .store
            .accept_challenge(acceptance)
            .await
            .map_err(|error| storage(&error))?;
        if !accepted {
            return Err(self.closed_now(id).await);
        }
        self.bump_challenge(&challenge);
        self.challenge_view(id).await
    }

    /// `bot` declines challenge `id` for `reason`.
    ///
    /// # Errors
    ///
    /// As [`BotHub::accept`].
    pub(crate) async fn decline(
        &self,
        bot: &Bot,
        id: &str,
        reason: DeclineReason,
    ) -> Result<ChallengeView, BotError> {
        let challenge = self.open_challenge_to(bot, id, "decline").await?;
        self.answer(&challenge, ChallengeStatus::Declined, Some(reason))
            .await
    }

    /// The challenger takes challenge `id` back.
    ///
    /// # Errors
    ///
    /// [`BotError::NotYourChallenge`] when `by` is not its challenger,
    /// [`BotError::ChallengeClosed`], [`BotError::NoSuchChallenge`],
    /// [`BotError::Storage`].
    pub(crate) async fn cancel(&self, id: &str, by: &Canceler) -> Result<ChallengeView, BotError> {
        let challenge = self.stored_challenge(id).await?;
        let theirs = match (by, &challenge.challenger) {
            (Canceler::Person(secret), Challenger::Person(_)) => {
                person_token(&challenge, secret).is_some()
            }
            (Canceler::Bot(bot), Challenger::Bot(id)) => bot.id == *id,
            _ => false,
        };
        if !theirs {
            return Err(BotError::NotYourChallenge("cancel"));
        }
        self.still_open(&challenge)?;
        self.answer(&challenge, ChallengeStatus::Canceled, None)
            .await
    }

    async fn answer(
        &self,
        challenge: &ChallengeRecord,
        status: ChallengeStatus,
        reason: Option<DeclineReason>,
    ) -> Result<ChallengeView, BotError> {
        let answered = self
            .store
            .answer_challenge(ChallengeAnswer {
                id: challenge.id.clone(),
                status,
                reason: reason.map(|reason| reason.code().to_owned()),
                at: millis(self.now()),
            })
            .await
            .map_err(|error| storage(&error))?;
        if !answered {
            return Err(self.closed_now(&challenge.id).await);
        }
        self.bump_challenge(challenge);
        self.challenge_view(&challenge.id).await
    }

    /// Nudges the bots of a challenge.
    fn bump_challenge(&self, challenge: &ChallengeRecord) {
        self.signals.bump(&challenge.bot_id);
        if let Challenger::Bot(other) = &challenge.challenger {
            self.signals.bump(other);
        }
    }

    /// The seat `bot` holds in game `id`.
    ///
    /// # Errors
    ///
    /// [`BotError::NotYourGame`] (also for a game that does not exist),
    /// [`BotError::Storage`].
    pub(crate) async fn seat_in(&self, bot: &Bot, id: &GameId) -> Result<Player, BotError> {
        let seats = self
            .store
            .bots_of_game(id.as_str())
            .await
            .map_err(|error| storage(&error))?;
        seats
            .into_iter()
            .find(|(_, holder)| *holder == bot.id)
            .map(|(seat, _)| seat)
            .ok_or(BotError::NotYourGame)
    }

    /// Game `id` ended: its bots' event streams look again.
    pub(crate) async fn game_finished(&self, id: &str) {
        match self.store.bots_of_game(id).await {
            Ok(seats) => {
                for (_, bot) in seats {
                    self.signals.bump(&bot);
                }
            }
            Err(error) => error!(game = %id, %error, "could not read the bots of a finished game"),
        }
    }
}

/// The seat token of the person who made `challenge`, if `secret` is theirs.
fn person_token(challenge: &ChallengeRecord, secret: &Secret) -> Option<Secret> {
    let Challenger::Person(token_hash) = &challenge.challenger else {
        return None;
    };
    let token = secret.derived_challenge_seat(&challenge.id);
    token.matches(token_hash).then_some(token)
}

/// A bot's game as its page lists it (`None` for a game whose stored
/// configuration does not read, which is logged).
pub(super) fn game_view(game: &BotGameRecord) -> Option<BotGameView> {
    let setup: GameSetup = match serde_json::from_str(&game.config_json) {
        Ok(setup) => setup,
        Err(error) => {
            error!(game = %game.game_id, %error, "a bot's game has a configuration that does not read");
            return None;
        }
    };
    let speed = Speed::of(setup.settings.validate_stored().ok()?.time);
    let opponent = match setup.bots.of(game.seat.other()) {
        Some(name) => ChallengerView::Bot {
            name: name.to_owned(),
        },
        None => ChallengerView::Person,
    };
    let outcome = game.result_json.as_deref().map(|json| {
        let summary: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let reason = summary["reason"].as_str().unwrap_or_default();
        match summary["winner"].as_str() {
            _ if reason == "aborted" => "aborted",
            Some(winner) if winner == game.seat.name() => "win",
            Some(_) => "loss",
            None => "draw",
        }
        .to_owned()
    });
    Some(BotGameView {
        id: game.game_id.clone(),
        seat: game.seat,
        opponent,
        settings: setup.settings,
        speed,
        outcome,
        created_at: moment(game.created_at),
    })
}
