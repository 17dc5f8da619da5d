//! What the actor shows: the game view, the log as text and the positions
//! it lets be analysed.

use std::sync::Arc;

use narabe_game::{SessionActionKind, SessionSnapshot};
use narabe_rules::Player;

use super::GameActor;
use crate::computer::{self};
use crate::live::GameError;
use crate::secret::SecretHash;
use crate::wire::{BotsView, ComputerView, GameView, SeatState, SeatsView};

impl GameActor {
    pub(super) fn view(&self) -> GameView {
        let now = self.context.clock.now();
        let computer = self.computer_player();
        let seat_state = |player: Player| {
            if self.seats[player.index()].is_some() || computer == Some(player) {
                SeatState::Taken
            } else {
                SeatState::Open
            }
        };
        let mut session = SessionSnapshot::of(&self.session, now);
        if !self.setup.bots.is_empty() {
            // Bots take no rematches (`act_for_seat` refuses them), so none is
            // offered.
            let rematch = |kind: &SessionActionKind| {
                matches!(
                    kind,
                    SessionActionKind::RematchOffer | SessionActionKind::RematchAccept
                )
            };
            session.open.first.retain(|kind| !rematch(kind));
            session.open.second.retain(|kind| !rematch(kind));
        }
        GameView {
            id: self.id.to_string(),
            session,
            seats: SeatsView {
                first: seat_state(Player::First),
                second: seat_state(Player::Second),
            },
            presence: self.presence(),
            rematch_id: self.rematch_id.clone(),
            computer: self.computer.map(|computer| ComputerView {
                seat: computer.seat,
                level: computer.level,
            }),
            tournament: self.setup.tournament.clone(),
            bots: BotsView {
                first: self.setup.bots.first.clone(),
                second: self.setup.bots.second.clone(),
            },
        }
    }

    pub(super) fn view_json(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(&self.view()).expect("views always serialise"))
    }

    /// The position to analyse: after `ply` board moves (all when `None`).
    /// Ongoing games between people are refused, whoever asks, because a
    /// player could otherwise ask for help through the watch link; a finished
    /// game, or a game against the computer, is open to anyone with the link.
    /// A position that is over already has nothing to analyse.
    pub(super) fn analysis_position(
        &self,
        ply: Option<usize>,
        token: Option<SecretHash>,
    ) -> Result<narabe_rules::Position, GameError> {
        if token.is_some_and(|hash| self.seat_of_token(&hash).is_none()) {
            return Err(GameError::NotSeated);
        }
        if !self.session.is_over() && self.computer.is_none() {
            return Err(GameError::AnalysisUnavailable);
        }
        let game = self.session.game();
        // By default the last position; when the last move ended the game on
        // the board (a five, a foul), the position it was played in.
        let ply = ply.or_else(|| {
            game.position()
                .is_over()
                .then(|| game.moves().len().saturating_sub(1))
        });
        let position = computer::position_at(game, ply).ok_or(GameError::BadPly {
            moves: game.moves().len(),
        })?;
        if position.is_over() {
            return Err(GameError::NothingToAnalyse);
        }
        Ok(position)
    }

    pub(super) fn log_text(&self) -> String {
        let mut text = String::new();
        for entry in self.session.log() {
            text.push_str(&entry.action.to_string());
            text.push('\n');
        }
        text
    }
}
