//! Bots by link (`docs/bot-api.md`): engines connected to narabe through a
//! key, without accounts, that people and other bots challenge. A bot's
//! game is an ordinary live game; the bot holds its seat through its key,
//! which the store maps to the seat (`bot_games`). The hub
//! (`bot_hub.rs`) registers bots, knows them by their key and carries their
//! challenges from creation to a game; the event stream's feed
//! (`event_feed.rs`) tells a bot what changed, the game stream's
//! (`game_feed.rs`) what happens in one game. What a bot plays is its
//! profile (`bot_profile.rs`, with the speeds of `speed.rs`), and why it
//! says no a `DeclineReason`.

mod bot_error;
mod bot_hub;
mod bot_name;
mod bot_profile;
mod bot_signals;
mod decline_reason;
mod event_feed;
mod game_feed;
mod speed;
mod views;

pub use bot_error::BotError;
pub(crate) use bot_hub::{Bot, BotHub, Canceler, ChallengerIs};
pub(crate) use bot_name::BotName;
pub use bot_profile::{AcceptedGame, BotProfile};
pub use decline_reason::DeclineReason;
pub(crate) use event_feed::EventFeed;
pub(crate) use game_feed::GameFeed;
pub use speed::Speed;
pub(crate) use views::reason_list;
pub use views::{
    BotGameView, BotRecordView, BotRegistered, BotView, ChallengeState, ChallengeView,
    ChallengerView,
};
