//! What handlers read from a request before their own work: the client's
//! address (behind trusted proxies) and the JSON body with the API's errors.

pub(super) mod client_address;
pub(super) mod json_body;

pub use client_address::{ParseTrustedProxiesError, TrustedProxies};
