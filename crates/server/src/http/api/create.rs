//! `POST /api/games`: a new game, its seats handed out (to the creator and an
//! invite, to two invites in organiser mode, or to the creator and the
//! computer). Documented with curl examples in `docs/api.md`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use narabe_game::SessionSettings;
use narabe_rules::Player;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ComputerSeat;
use crate::http::extract::client_address::ClientAddress;
use crate::http::extract::json_body::{invalid_json, parse_json};
use crate::http::extract::unique_keys::UniqueKeys;
use crate::http::extract::within_limit::{Creating, WithinLimit};
use crate::http::{ApiError, AppState};
use crate::live::{BotSeats, GameError, GameSetup, SeatInvites};
use crate::secret::Secret;
use crate::wire::ComputerView;

/// `POST /api/games`: the session settings ([`SessionSettings`]: `game`,
/// `size`, `opening`, `foul`, `keryo`, `time`, `takebacks`, `hints`) and how the
/// seats are handed out.
#[derive(Debug)]
pub(super) struct CreateRequest {
    /// The settings of the game.
    pub settings: SessionSettings,
    /// The creator's seat: `first`, `second` or `random` (default `first`).
    pub seat: Option<String>,
    /// Organiser mode: the creator takes no seat and gets an invite per seat.
    pub organiser: bool,
    /// The computer's level, 1 to 8, in a game against the computer.
    pub computer: Option<u8>,
}

/// The seating fields of a creation request; everything else is settings.
#[derive(Debug, Default, Deserialize)]
struct Seating {
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    organiser: bool,
    #[serde(default)]
    opponent: Option<Opponent>,
}

/// `"opponent": {"computer": <level>}`: the engine holds the other seat.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Opponent {
    computer: u8,
}

impl CreateRequest {
    /// Splits a creation body into seating and settings, so that the settings
    /// keep refusing unknown fields.
    fn from_json(mut body: serde_json::Value) -> Result<CreateRequest, ApiError> {
        let object = body
            .as_object_mut()
            .ok_or_else(|| ApiError::BadRequest("the body must be a JSON object".to_owned()))?;
        let mut seating = serde_json::Map::new();
        for key in ["seat", "organiser", "opponent"] {
            if let Some(value) = object.remove(key) {
                seating.insert(key.to_owned(), value);
            }
        }
        let seating: Seating = serde_json::from_value(seating.into()).map_err(invalid_json)?;
        let settings = serde_json::from_value(body).map_err(invalid_json)?;
        Ok(CreateRequest {
            settings,
            seat: seating.seat,
            organiser: seating.organiser,
            computer: seating.opponent.map(|opponent| opponent.computer),
        })
    }
}

/// The answer to a creation.
#[derive(Debug, Serialize, TS)]
pub(crate) struct Created {
    /// The game id.
    pub id: String,
    /// The creator's seat token (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub token: Option<String>,
    /// The creator's seat (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seat: Option<Player>,
    /// The invite link for the open seat (not in organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invite: Option<String>,
    /// One invite link per seat (organiser mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invites: Option<InviteLinks>,
    /// The creator's private link to their seat, for another device.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub play: Option<String>,
    /// The link for spectators.
    pub watch: String,
    /// The computer's seat and level, in a game against the computer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub computer: Option<ComputerView>,
}

/// Invite links per seat.
#[derive(Debug, Serialize, TS)]
pub(crate) struct InviteLinks {
    /// Takes the first seat.
    pub first: String,
    /// Takes the second seat.
    pub second: String,
}

/// `POST /api/games`.
pub(crate) async fn create_game(
    State(state): State<AppState>,
    _: WithinLimit<Creating>,
    ClientAddress(client): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    // Read loosely first, so duplicate keys are refused here as the derived
    // structs of the action bodies refuse them.
    let UniqueKeys(body) = parse_json(body)?;
    let request = CreateRequest::from_json(body)?;
    let settings = request.settings;
    let config = settings
        .validate()
        .map_err(|error| ApiError::BadSettings(error.to_string()))?;
    let mut setup = GameSetup {
        settings: config.settings(),
        invites: SeatInvites::default(),
        rematch_of: None,
        tournament: None,
        bots: BotSeats::default(),
    };
    let base = &state.public_url;
    if let Some(level) = request.computer
        && !(1..=8).contains(&level)
    {
        return Err(ApiError::BadSettings(format!(
            "the computer's level is 1 to 8, not {level}"
        )));
    }
    if request.organiser {
        if request.computer.is_some() {
            return Err(ApiError::BadRequest(
                "organiser mode seats two people: leave out `opponent`".to_owned(),
            ));
        }
        if request.seat.is_some() {
            return Err(ApiError::BadRequest(
                "organiser mode takes no seat: leave out `seat`".to_owned(),
            ));
        }
        let codes = [Secret::generate(), Secret::generate()];
        for (player, code) in Player::ALL.into_iter().zip(&codes) {
            setup.set_invite_hash(player, &code.hash());
        }
        let id = state.registry.create(&setup, [None, None], None).await?;
        let created = Created {
            invites: Some(InviteLinks {
                first: format!("{base}/g/{id}?invite={}", codes[0].as_str()),
                second: format!("{base}/g/{id}?invite={}", codes[1].as_str()),
            }),
            watch: format!("{base}/g/{id}"),
            id: id.to_string(),
            token: None,
            seat: None,
            invite: None,
            play: None,
            computer: None,
        };
        return Ok((StatusCode::CREATED, Json(created)).into_response());
    }
    let seat = match request.seat.as_deref() {
        None | Some("first") => Player::First,
        Some("second") => Player::Second,
        Some("random") => {
            if rand::random::<bool>() {
                Player::First
            } else {
                Player::Second
            }
        }
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "unknown seat {other:?}: expected first, second or random"
            )));
        }
    };
    let token = Secret::generate();
    let mut seats = [None, None];
    seats[seat.index()] = Some(token.hash());
    // Against the computer the other seat gets no invite: nobody can join it.
    let computer = request.computer.map(|level| ComputerSeat {
        seat: seat.other(),
        level,
    });
    // The invite is derived from the creator's token, so that their page can
    // show it again (`GET /api/games/{id}/invite`).
    let invite = computer.is_none().then(|| token.derived_invite());
    if let Some(invite) = &invite {
        setup.set_invite_hash(seat.other(), &invite.hash());
    }
    // A place among the address's computer games is held before the game is
    // stored, so that concurrent creations cannot pass the limit together.
    let place = match computer {
        Some(_) => Some(state.computer_games.reserve(client).map_err(|_| {
            GameError::TooManyComputerGames {
                limit: state.computer_games.per_address(),
            }
        })?),
        None => None,
    };
    let id = state.registry.create(&setup, seats, computer).await?;
    if let Some(place) = place {
        place.bind(id.as_str());
    }
    let created = Created {
        invite: invite.map(|invite| format!("{base}/g/{id}?invite={}", invite.as_str())),
        play: Some(format!("{base}/g/{id}#token={}", token.as_str())),
        watch: format!("{base}/g/{id}"),
        id: id.to_string(),
        token: Some(token.as_str().to_owned()),
        seat: Some(seat),
        invites: None,
        computer: computer.map(|computer| ComputerView {
            seat: computer.seat,
            level: computer.level,
        }),
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}
