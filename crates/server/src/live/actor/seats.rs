//! The seats: which token holds which, what an invite opens, joining
//! through it, and the rematch the two seats agree on, whose seats each
//! player's page takes with the token of the game before.

use narabe_rules::Player;
use tracing::error;

use super::{GameActor, to_i64};
use crate::game_id::GameId;
use crate::live::game_setup::SeatInvites;
use crate::live::handle::{Invitation, SharedMessage};
use crate::live::{GameError, StorageTrouble};
use crate::secret::{Secret, SecretHash};
use crate::wire::ServerMessage;
use crate::{ComputerSeat, NewGame};

impl GameActor {
    pub(super) fn seat_of_token(&self, hash: &SecretHash) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.seats[player.index()].as_ref() == Some(hash))
    }

    /// The seat `invite` opens, if it is an invite of this game.
    fn invited_seat(&self, invite: &SecretHash) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.setup.invite_hash(player).as_ref() == Some(invite))
    }

    pub(super) fn invitation(&self, invite: &SecretHash) -> Option<Invitation> {
        self.invited_seat(invite).map(|seat| Invitation {
            seat,
            open: self.seats[seat.index()].is_none(),
        })
    }

    pub(super) async fn join(
        &mut self,
        invite: &SecretHash,
    ) -> Result<(Player, Secret), GameError> {
        let seat = self.invited_seat(invite).ok_or(GameError::BadInvite)?;
        if self.seats[seat.index()].is_some() {
            return Err(SEAT_TAKEN);
        }
        let token = Secret::generate();
        self.take_seat(seat, token.hash()).await?;
        Ok((seat, token))
    }

    /// Gives `seat` of this rematch to the token hashing to `hash`, unless
    /// another token holds it; the same token again is no change.
    pub(super) async fn take_rematch_seat(
        &mut self,
        seat: Player,
        hash: SecretHash,
    ) -> Result<(), GameError> {
        if self.setup.rematch_of.is_none() {
            return Err(GameError::NotSeated);
        }
        match self.seats[seat.index()] {
            Some(held) if held == hash => return Ok(()),
            Some(_) => return Err(SEAT_TAKEN),
            None => {}
        }
        if self.computer.is_some_and(|computer| computer.seat == seat) {
            return Err(SEAT_TAKEN);
        }
        self.take_seat(seat, hash).await
    }

    /// Stores `hash` as the holder of the open `seat` and tells everyone.
    async fn take_seat(&mut self, seat: Player, hash: SecretHash) -> Result<(), GameError> {
        match self
            .context
            .store
            .claim_seat(self.id.as_str(), seat, hash)
            .await
        {
            Ok(true) => {
                self.seats[seat.index()] = Some(hash);
                // Absent until their first connection: one who joins and never
                // comes can be claimed against like one who left.
                let now = self.context.clock.now();
                self.session.set_present(seat, false, now);
                self.arm_claim_timers();
                self.broadcast_snapshot();
                Ok(())
            }
            Ok(false) => {
                // Taken through another node: this one learns who holds it.
                self.catch_up().await;
                Err(SEAT_TAKEN)
            }
            Err(error) => {
                error!(game = %self.id, %error, "could not store a seat");
                Err(StorageTrouble::SeatNotSaved.into())
            }
        }
    }

    pub(super) async fn create_rematch_if_agreed(&mut self) {
        if !self.session.rematch_agreed() || self.rematch_id.is_some() {
            return;
        }
        let rematch = GameId::generate();
        let mut setup = self.setup.clone();
        setup.invites = SeatInvites::default();
        setup.rematch_of = Some(self.id.to_string());
        // A rematch is a friendly game: it counts for no tournament, and no
        // bot takes it (bots are challenged game by game).
        setup.tournament = None;
        setup.bots = crate::live::BotSeats::default();
        let game = NewGame {
            id: rematch.to_string(),
            config_json: serde_json::to_string(&setup).expect("setups serialise"),
            created_at: to_i64(self.context.clock.now()),
            // Colours swap by swapping seats, but no token is carried over:
            // each player's page asks for its seat with the token it holds
            // here (`take_rematch_seat`), and gets a token of the rematch's own.
            first_token_hash: None,
            second_token_hash: None,
            deadline_at: None,
            computer: self.computer.map(|computer| ComputerSeat {
                seat: computer.seat.other(),
                level: computer.level,
            }),
        };
        if let Err(error) = self.context.store.create_game(game).await {
            error!(game = %self.id, %error, "could not create the rematch");
            return;
        }
        match self
            .context
            .store
            .set_rematch(self.id.as_str(), rematch.as_str())
            .await
        {
            Ok(true) => self.rematch_id = Some(rematch.to_string()),
            Ok(false) => {
                if let Ok(Some(record)) = self.context.store.load(self.id.as_str()).await {
                    self.rematch_id = record.rematch_id;
                }
            }
            Err(error) => {
                error!(game = %self.id, %error, "could not link the rematch");
                return;
            }
        }
        if let Some(id) = &self.rematch_id {
            let message = SharedMessage::from(ServerMessage::Rematch { id }.to_json());
            let _ = self.events.send(message);
        }
    }
}

/// The refusal of a join to a seat that is already held (the API adds the
/// watch link).
const SEAT_TAKEN: GameError = GameError::SeatTaken { watch: None };
