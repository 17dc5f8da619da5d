//! What browsers get besides the JSON API and the rules: the embedded web
//! client, the QR code of a link (with the codes drawn lately), the 404 page, and the frame, language and
//! words every server-rendered page shares.

pub(super) mod language;
pub(super) mod not_found;
pub(super) mod qr_cache;
pub(super) mod qr_code;
pub(super) mod site_page;
pub(super) mod web_assets;
pub(super) mod words;
