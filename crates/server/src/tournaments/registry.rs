//! The tournaments of this node: one actor each, started on demand from the
//! store (and, at start-up, every tournament still running, so that its
//! clock keeps ticking without a visitor).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use tracing::{error, warn};

use super::TournamentError;
use super::actor::{TournamentContext, spawn};
use super::handle::TournamentHandle;
use super::setup::TournamentSetup;
use crate::game_id::GameId;
use crate::live::{FinishedGame, stopping};
use crate::secret::SecretHash;
use crate::{NewTournament, StoreError};

/// The map from tournament id to actor. Cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct TournamentRegistry {
    actors: Arc<Mutex<HashMap<String, TournamentHandle>>>,
    context: TournamentContext,
}

impl TournamentRegistry {
    /// An empty registry whose actors use `context`.
    pub(crate) fn new(context: TournamentContext) -> TournamentRegistry {
        TournamentRegistry {
            actors: Arc::new(Mutex::new(HashMap::new())),
            context,
        }
    }

    /// Server time now.
    pub(crate) fn now(&self) -> u64 {
        self.context.clock.now()
    }

    /// Stores a new tournament and returns its id.
    ///
    /// # Errors
    ///
    /// [`TournamentError::Storage`] when the store fails.
    pub(crate) async fn create(
        &self,
        setup: &TournamentSetup,
        organiser: SecretHash,
    ) -> Result<String, TournamentError> {
        let now = self.context.clock.now();
        for _ in 0..3 {
            let id = GameId::generate().to_string();
            let tournament = NewTournament {
                id: id.clone(),
                config_json: serde_json::to_string(setup).expect("setups serialise"),
                created_at: i64::try_from(now).unwrap_or(i64::MAX),
                organiser_token_hash: organiser,
                wake_at: match setup.config.start {
                    narabe_tournament::session::StartPolicy::At { at } => {
                        Some(i64::try_from(at).unwrap_or(i64::MAX))
                    }
                    narabe_tournament::session::StartPolicy::Manual => None,
                },
            };
            match self.context.store.create_tournament(tournament).await {
                Ok(()) => {
                    // Started now when its start is set, so that its timer runs.
                    if setup.config.start != narabe_tournament::session::StartPolicy::Manual {
                        self.get(&id).await?;
                    }
                    return Ok(id);
                }
                Err(StoreError::DuplicateId) => {}
                Err(error) => {
                    error!(%error, "could not store a new tournament");
                    return Err(TournamentError::Storage);
                }
            }
        }
        Err(TournamentError::Storage)
    }

    /// The actor of tournament `id`, started from the store when needed.
    ///
    /// # Errors
    ///
    /// [`TournamentError::NotFound`], [`TournamentError::Damaged`] or
    /// [`TournamentError::Storage`].
    pub(crate) async fn get(&self, id: &str) -> Result<TournamentHandle, TournamentError> {
        if let Some(handle) = self.running(id) {
            return Ok(handle);
        }
        if GameId::parse(id).is_none() {
            return Err(TournamentError::NotFound);
        }
        let record = self
            .context
            .store
            .load_tournament(id)
            .await
            .map_err(|error| {
                error!(tournament = %id, %error, "could not load a tournament");
                TournamentError::Storage
            })?
            .ok_or(TournamentError::NotFound)?;
        let mut actors = self.actors.lock().expect("the registry lock");
        // Another request may have started it meanwhile: one actor per tournament.
        if let Some(handle) = actors.get(id).filter(|handle| !handle.sender.is_closed()) {
            return Ok(handle.clone());
        }
        let handle = spawn(record, self.context.clone())?;
        actors.insert(id.to_owned(), handle.clone());
        Ok(handle)
    }

    fn running(&self, id: &str) -> Option<TournamentHandle> {
        let actors = self.actors.lock().expect("the registry lock");
        actors
            .get(id)
            .filter(|handle| !handle.sender.is_closed())
            .cloned()
    }

    /// Starts the actor of every tournament that has not ended.
    pub(crate) async fn wake_running(&self) {
        let running = match self.context.store.running_tournaments().await {
            Ok(running) => running,
            Err(error) => {
                error!(%error, "could not read the running tournaments");
                return;
            }
        };
        for (id, _) in running {
            if let Err(error) = self.get(&id).await {
                warn!(tournament = %id, %error, "could not wake a tournament");
            }
        }
    }

    /// Hands the notices of finished games to their tournaments until the
    /// server stops.
    pub(crate) async fn forward_finished_games(
        self,
        mut notices: mpsc::UnboundedReceiver<FinishedGame>,
    ) {
        let mut shutdown = self.context.shutdown.clone();
        loop {
            tokio::select! {
                notice = notices.recv() => match notice {
                    Some(FinishedGame { tournament, game }) => match self.get(&tournament).await {
                        Ok(handle) => handle.game_ended(game).await,
                        Err(error) => warn!(%tournament, %game, %error, "a finished game's tournament is unavailable"),
                    },
                    None => return,
                },
                () = stopping(&mut shutdown) => return,
            }
        }
    }
}
