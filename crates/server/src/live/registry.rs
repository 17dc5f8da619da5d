//! The live games of this node: one actor each, started on demand from the
//! store.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tracing::error;

use super::actor::{ActorContext, spawn_from_record};
use super::game_error::{GameError, StorageTrouble};
use super::game_setup::GameSetup;
use super::handle::GameHandle;
use crate::game_id::GameId;
use crate::secret::SecretHash;
use crate::{ComputerSeat, NewGame, StoreError};

/// Handles kept before stopped ones are swept.
const SWEEP_ABOVE: usize = 1024;

/// The map from game id to actor. Cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct GameRegistry {
    games: Arc<Mutex<HashMap<GameId, GameHandle>>>,
    context: ActorContext,
}

impl GameRegistry {
    /// An empty registry whose actors use `context`.
    #[must_use]
    pub(crate) fn new(context: ActorContext) -> GameRegistry {
        GameRegistry {
            games: Arc::new(Mutex::new(HashMap::new())),
            context,
        }
    }

    /// Stores a new game and returns its id; a game against the computer is
    /// started at once, so that the computer makes its first action without
    /// waiting for anyone to look.
    ///
    /// # Errors
    ///
    /// [`StorageTrouble::GameNotSaved`] when the store fails.
    pub(crate) async fn create(
        &self,
        setup: &GameSetup,
        seats: [Option<SecretHash>; 2],
        computer: Option<ComputerSeat>,
    ) -> Result<GameId, GameError> {
        let id = GameId::generate();
        let game = NewGame {
            id: id.to_string(),
            config_json: serde_json::to_string(setup).expect("setups serialise"),
            created_at: i64::try_from(self.context.clock.now()).unwrap_or(i64::MAX),
            first_token_hash: seats[0],
            second_token_hash: seats[1],
            deadline_at: None,
            computer,
        };
        self.context
            .store
            .create_game(game)
            .await
            .map_err(|error| {
                error!(%error, "could not store a new game");
                StorageTrouble::GameNotSaved
            })?;
        if computer.is_some() {
            self.get(&id).await?;
        }
        Ok(id)
    }

    /// The actor of game `id`, started from the store when it is not running.
    ///
    /// # Errors
    ///
    /// [`GameError::NotFound`] when no such game is stored,
    /// [`GameError::Damaged`] when its record is malformed or does not replay,
    /// [`StorageTrouble::GameNotLoaded`] when the store fails.
    pub(crate) async fn get(&self, id: &GameId) -> Result<GameHandle, GameError> {
        if let Some(handle) = self.running(id) {
            return Ok(handle);
        }
        let record = match self.context.store.load(id.as_str()).await {
            Ok(Some(record)) => record,
            Ok(None) | Err(StoreError::NotFound) => return Err(GameError::NotFound),
            Err(StoreError::Corrupt(reason)) => {
                error!(game = %id, %reason, "a stored game is damaged");
                return Err(GameError::Damaged);
            }
            Err(error) => {
                error!(game = %id, %error, "could not load a game");
                return Err(StorageTrouble::GameNotLoaded.into());
            }
        };
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Another request may have started it while the store was read.
        if let Some(handle) = games.get(id).filter(|handle| !handle.is_closed()) {
            return Ok(handle.clone());
        }
        let handle = spawn_from_record(record, self.context.clone()).map_err(|error| {
            error!(game = %id, %error, "a stored game does not replay");
            GameError::Damaged
        })?;
        // Stopped actors leave their handles behind; sweep them now and then so
        // the map holds about the live games only.
        if games.len() >= SWEEP_ABOVE && games.len().is_power_of_two() {
            games.retain(|_, handle| !handle.is_closed());
        }
        games.insert(id.clone(), handle.clone());
        Ok(handle)
    }

    /// Whether game `id` exists: running on this node, or stored. Unlike
    /// [`GameRegistry::get`] this starts no actor, so a link to a game nobody
    /// plays costs one read.
    ///
    /// # Errors
    ///
    /// [`StorageTrouble::GameNotLoaded`] when the store fails.
    pub(crate) async fn exists(&self, id: &GameId) -> Result<bool, GameError> {
        if self.running(id).is_some() {
            return Ok(true);
        }
        match self.context.store.load(id.as_str()).await {
            Ok(record) => Ok(record.is_some()),
            Err(StoreError::NotFound) => Ok(false),
            // A damaged game exists: its page says what its API says.
            Err(StoreError::Corrupt(_)) => Ok(true),
            Err(error) => {
                error!(game = %id, %error, "could not look a game up");
                Err(StorageTrouble::GameNotLoaded.into())
            }
        }
    }

    /// Ends the actors of games that were deleted from the store, if they run
    /// here; the next request for one of them finds no game.
    pub(crate) async fn evict(&self, ids: &[GameId]) {
        for id in ids {
            let handle = self
                .games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(id);
            if let Some(handle) = handle {
                handle.stop().await;
            }
        }
    }

    /// The store the games live in.
    pub(crate) fn store(&self) -> &crate::Store {
        &self.context.store
    }

    /// The number of games whose actor runs on this node now.
    pub(crate) fn live_games(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
            .filter(|handle| !handle.is_closed())
            .count()
    }

    /// Tells the actor of game `id`, if it runs on this node, of a change
    /// committed to its game; a game not running here needs nothing, since
    /// its actor starts from the store.
    pub(crate) fn changed(&self, change: crate::store::GameChange) {
        if let Some(handle) = self.running_by_text(&change.id) {
            handle.changed(Some(change));
        }
    }

    /// Hands an action committed to a game's log to the game's actor, if it
    /// runs here.
    pub(crate) fn logged(&self, action: crate::store::LoggedAction) {
        if let Some(handle) = self.running_by_text(&action.id) {
            handle.logged(action);
        }
    }

    /// Hands another node's word on a game's connections to the game's
    /// actor, if it runs here (one that starts later hears it again with the
    /// next heartbeat).
    pub(crate) fn remote_presence(&self, change: crate::store::PresenceChange) {
        if let Some(handle) = self.running_by_text(&change.id) {
            handle.remote_presence(change);
        }
    }

    /// Tells every actor running on this node that changes may have been
    /// missed, so that each checks its game against the store.
    pub(crate) fn resync_all(&self) {
        let handles: Vec<GameHandle> = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
            .filter(|handle| !handle.is_closed())
            .cloned()
            .collect();
        for handle in handles {
            handle.changed(None);
        }
    }

    /// The actor of the game whose id another node sent as text, if it runs
    /// here (an id that does not parse is no game of ours).
    fn running_by_text(&self, id: &str) -> Option<GameHandle> {
        self.running(&GameId::parse(id)?)
    }

    fn running(&self, id: &GameId) -> Option<GameHandle> {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match games.get(id) {
            Some(handle) if !handle.is_closed() => Some(handle.clone()),
            Some(_) => {
                games.remove(id);
                None
            }
            None => None,
        }
    }

    /// Runs `call` on the game's actor, starting it again once if it stopped
    /// between lookup and call.
    ///
    /// # Errors
    ///
    /// As [`GameRegistry::get`], what `call` fails with, or
    /// [`GameError::Gone`] when the actor keeps stopping.
    pub(crate) async fn with_game<T, F, Fut>(&self, id: &GameId, call: F) -> Result<T, GameError>
    where
        F: Fn(GameHandle) -> Fut,
        Fut: std::future::Future<Output = Result<T, GameError>>,
    {
        for _ in 0..2 {
            let handle = self.get(id).await?;
            match call(handle).await {
                Err(GameError::Gone) => {
                    self.games
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .remove(id);
                }
                outcome => return outcome,
            }
        }
        Err(GameError::Gone)
    }

    /// Wakes game `id` so it records a due timeout.
    pub(crate) async fn poke(&self, id: &GameId) {
        if let Err(error) = self
            .with_game(id, |handle| async move { handle.poke().await })
            .await
        {
            error!(game = %id, code = error.code(), "could not wake a game at its deadline");
        }
    }
}
