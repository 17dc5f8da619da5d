//! The frame of every page the server renders itself (the rules pages and the
//! 404 page): the `<head>` with the style sheets, icons and manifest, the
//! header with the brand and the language links, and the body.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::http::pages::language::{LANGUAGES, PageLanguage};
use crate::http::pages::words::PageWords;

/// The icons, the manifest and the browser colours: the same lines are in
/// the `<head>` of `web/index.html` and `web/game.html` (a test checks it).
pub(super) const HEAD_LINKS: &str = "<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">\n\
<link rel=\"icon\" href=\"/assets/icons/favicon.svg\" type=\"image/svg+xml\">\n\
<link rel=\"apple-touch-icon\" href=\"/assets/icons/apple-touch-icon.png\">\n\
<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n\
<meta name=\"theme-color\" content=\"#f6f4ef\" media=\"(prefers-color-scheme: light)\">\n\
<meta name=\"theme-color\" content=\"#16171a\" media=\"(prefers-color-scheme: dark)\">\n";

/// One server-rendered page.
#[derive(Debug)]
pub(crate) struct SitePage<'a> {
    /// The title, as text (escaped here); `· narabe` is added.
    pub title: &'a str,
    /// The content of `<main>`, as HTML.
    pub body: &'a str,
    /// The class of `<main>`, which the page's style sheet styles.
    pub main_class: &'a str,
    /// The page's own style sheet under `/assets/css/`, beside `site.css`.
    pub stylesheet: &'a str,
    /// The language the page is written in.
    pub language: PageLanguage,
    /// The path the language links lead to, with `?lang=` added (the page's
    /// own path, so switching keeps the reader where they are).
    pub path: &'a str,
}

impl SitePage<'_> {
    /// The whole HTML document.
    #[must_use]
    pub(super) fn html(&self) -> String {
        let code = self.language.code;
        let words = PageWords::of(code);
        let path = escape_html(self.path);
        let mut switcher = String::new();
        for (other, name) in LANGUAGES {
            if other == code {
                switcher.push_str(&format!(
                    "<strong lang=\"{other}\" aria-current=\"true\">{name}</strong>\n"
                ));
            } else {
                switcher.push_str(&format!(
                    "<a lang=\"{other}\" hreflang=\"{other}\" href=\"{path}?lang={other}\">{name}</a>\n"
                ));
            }
        }
        format!(
            "<!doctype html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{title} · narabe</title>\n\
             <link rel=\"stylesheet\" href=\"/assets/css/site.css\">\n\
             <link rel=\"stylesheet\" href=\"/assets/css/{stylesheet}\">\n\
             {HEAD_LINKS}</head>\n<body>\n\
             <header class=\"site-header\"><a class=\"brand\" href=\"/\">narabe</a>\n\
             <nav class=\"page-languages\" aria-label=\"{language}\">\n{switcher}</nav></header>\n\
             <main class=\"{main_class}\">\n{body}\n</main>\n</body>\n</html>\n",
            title = escape_html(self.title),
            stylesheet = self.stylesheet,
            language = words.language,
            main_class = self.main_class,
            body = self.body,
        )
    }

    /// The page as a response with `status`, remembering the language when it
    /// was asked for.
    #[must_use]
    pub(crate) fn response(&self, status: StatusCode) -> Response {
        let mut response = (status, self.html()).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        if let Some(cookie) = self.language.cookie() {
            headers.insert(header::SET_COOKIE, cookie);
        }
        response
    }
}

/// Text made safe inside HTML, in element content and in quoted attributes.
#[must_use]
pub(crate) fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_speaks_the_language_and_escapes_what_it_is_given() {
        let page = SitePage {
            title: "a <b>",
            body: "<p>body</p>",
            main_class: "rules",
            stylesheet: "rules.css",
            language: PageLanguage {
                code: "cs",
                asked: false,
            },
            path: "/x\"><script>",
        };
        let html = page.html();
        assert!(html.contains("<html lang=\"cs\">"));
        assert!(html.contains("<title>a &lt;b&gt; · narabe</title>"));
        assert!(html.contains("aria-label=\"Jazyk\""));
        assert!(html.contains("<strong lang=\"cs\" aria-current=\"true\">Čeština</strong>"));
        assert!(html.contains("href=\"/x&quot;&gt;&lt;script&gt;?lang=ru\""));
        assert!(!html.contains("<script>"));
        assert!(html.contains(HEAD_LINKS));
        assert!(html.contains("<main class=\"rules\">\n<p>body</p>\n</main>"));
    }
}
