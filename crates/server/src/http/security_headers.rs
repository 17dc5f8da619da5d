//! The headers every response carries so that a browser keeps the site's
//! pages to themselves: only the site's own scripts and styles run (no inline
//! script, so an injected one does not), no other site frames them, no type is
//! sniffed, no address (with its invite code) is sent on as a referrer, and,
//! when the site is served over HTTPS, browsers keep to HTTPS.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::http::AppState;

/// The content security policy: everything from the site itself, scripts only
/// from its files (no inline script, no `eval`), no plugins, no `<base>`, and
/// no framing by anyone.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers of one server: the fixed ones, and HSTS when its public URL is
/// `https://`.
#[derive(Debug, Clone)]
pub(crate) struct SecurityHeaders {
    strict_transport_security: Option<HeaderValue>,
}

impl SecurityHeaders {
    /// The headers for a server whose links start with `public_url`; HSTS
    /// asks browsers to keep to HTTPS for `hsts_max_age` seconds.
    pub(crate) fn new(public_url: &str, hsts_max_age: u64) -> SecurityHeaders {
        let https = public_url
            .get(..8)
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"));
        SecurityHeaders {
            strict_transport_security: https.then(|| {
                HeaderValue::try_from(format!("max-age={hsts_max_age}"))
                    .expect("digits are a header value")
            }),
        }
    }

    /// Adds the headers to `headers`, keeping any a handler set itself.
    pub(crate) fn apply(&self, headers: &mut HeaderMap) {
        let fixed: [(HeaderName, &'static str); 4] = [
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "no-referrer"),
        ];
        for (name, value) in fixed {
            headers
                .entry(name)
                .or_insert(HeaderValue::from_static(value));
        }
        if let Some(value) = &self.strict_transport_security {
            headers
                .entry(header::STRICT_TRANSPORT_SECURITY)
                .or_insert(value.clone());
        }
    }
}

/// The layer around every route (and the refusals of the other layers) that
/// adds the headers.
pub(crate) async fn with_security_headers(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    state.security_headers.apply(response.headers_mut());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsts_only_for_an_https_public_url() {
        let mut plain = HeaderMap::new();
        SecurityHeaders::new("http://example.org", 60).apply(&mut plain);
        assert!(!plain.contains_key(header::STRICT_TRANSPORT_SECURITY));
        assert_eq!(plain[header::X_FRAME_OPTIONS], "DENY");
        let mut secure = HeaderMap::new();
        SecurityHeaders::new("HTTPS://example.org", 60).apply(&mut secure);
        assert_eq!(secure[header::STRICT_TRANSPORT_SECURITY], "max-age=60");
    }

    #[test]
    fn a_handlers_own_header_is_kept() {
        let mut headers = HeaderMap::new();
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("origin"));
        SecurityHeaders::new("http://x", 1).apply(&mut headers);
        assert_eq!(headers[header::REFERRER_POLICY], "origin");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }
}
