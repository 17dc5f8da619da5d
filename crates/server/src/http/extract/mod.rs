//! What handlers read from a request before their own work: the game of the
//! path, the seat token, the bot of a Bot API key, the client's address and its rate limits, and the
//! JSON body (with the keys of its objects unique), each with the API's own
//! refusal.

pub(super) mod bot_key;
pub(super) mod client_address;
pub(super) mod game_path;
pub(super) mod json_body;
pub(super) mod seat_token;
pub(super) mod unique_keys;
pub(super) mod within_limit;

pub use client_address::{ParseTrustedProxiesError, TrustedProxies};
