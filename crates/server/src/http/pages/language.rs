//! The language of a server-rendered page (the rules pages and the 404 page):
//! the one asked for with `?lang=` (then remembered in a cookie), else the
//! remembered one, else the first of the browser's `Accept-Language` that
//! narabe speaks, else English. The web client chooses the same way and shares
//! the cookie.

use axum::http::{HeaderMap, HeaderValue, header};
use serde::Deserialize;

/// The languages of the pages, with their own names.
pub const LANGUAGES: [(&str, &str); 4] = [
    ("en", "English"),
    ("cs", "Čeština"),
    ("et", "Eesti"),
    ("ru", "Русский"),
];

/// The cookie that remembers the language.
const LANGUAGE_COOKIE: &str = "lang";

/// The query of a page that speaks several languages.
#[derive(Debug, Default, Deserialize)]
pub struct LanguageQuery {
    /// `en`, `cs`, `et` or `ru`.
    #[serde(default)]
    pub lang: Option<String>,
}

/// The language chosen for a request, and whether it was asked for (then the
/// answer remembers it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PageLanguage {
    /// One of the codes of [`LANGUAGES`].
    pub code: &'static str,
    /// Whether `?lang=` named it.
    pub asked: bool,
}

impl PageLanguage {
    /// The language of a request (see the module documentation).
    #[must_use]
    pub(crate) fn choose(asked: Option<&str>, headers: &HeaderMap) -> PageLanguage {
        if let Some(code) = asked.and_then(known) {
            return PageLanguage { code, asked: true };
        }
        let header_text = |name: header::HeaderName| {
            headers
                .get(name)
                .and_then(|value| value.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let remembered = header_text(header::COOKIE)
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == LANGUAGE_COOKIE)
            .and_then(|(_, value)| known(value));
        let code = remembered.unwrap_or_else(|| {
            header_text(header::ACCEPT_LANGUAGE)
                .split(',')
                .filter_map(|range| range.split(';').next())
                .filter_map(|tag| known(tag.trim().split('-').next().unwrap_or_default()))
                .next()
                .unwrap_or("en")
        });
        PageLanguage { code, asked: false }
    }

    /// The `Set-Cookie` value that remembers an asked-for language, or `None`
    /// when nothing was asked (a page must not overwrite a remembered choice
    /// with one guessed from the browser).
    #[must_use]
    pub(super) fn cookie(self) -> Option<HeaderValue> {
        if !self.asked {
            return None;
        }
        HeaderValue::from_str(&format!(
            "{LANGUAGE_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            self.code
        ))
        .ok()
    }
}

/// The code of [`LANGUAGES`] that `code` names, ignoring case.
fn known(code: &str) -> Option<&'static str> {
    LANGUAGES
        .iter()
        .map(|(known, _)| *known)
        .find(|known| known.eq_ignore_ascii_case(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn code(asked: Option<&str>, headers: &HeaderMap) -> &'static str {
        PageLanguage::choose(asked, headers).code
    }

    #[test]
    fn the_language_is_asked_then_remembered_then_the_browsers() {
        let none = HeaderMap::new();
        assert_eq!(code(None, &none), "en");
        assert_eq!(code(Some("CS"), &none), "cs");
        assert_eq!(code(Some("de"), &none), "en");
        let browser = headers(&[(header::ACCEPT_LANGUAGE, "de-DE,ru;q=0.8,et;q=0.5")]);
        assert_eq!(code(None, &browser), "ru");
        let both = headers(&[
            (header::ACCEPT_LANGUAGE, "ru"),
            (header::COOKIE, "theme=dark; lang=et"),
        ]);
        assert_eq!(code(None, &both), "et");
        assert_eq!(code(Some("cs"), &both), "cs");
    }

    #[test]
    fn only_an_asked_language_is_remembered() {
        let none = HeaderMap::new();
        assert!(PageLanguage::choose(None, &none).cookie().is_none());
        assert!(PageLanguage::choose(Some("xx"), &none).cookie().is_none());
        let cookie = PageLanguage::choose(Some("ru"), &none).cookie().unwrap();
        assert!(cookie.to_str().unwrap().starts_with("lang=ru;"));
    }
}
