//! The pages around the game over real sockets: the 404 page for every kind
//! of dead link, in the reader's language; JSON errors under `/api/`; the web
//! app manifest, the icons and the favicon with their types; the rules index
//! and every rules page in every language, with their diagrams.

mod live;

use std::collections::HashSet;

use live::LiveServer;
use narabe_rules::CanonicalOpening;
use serde_json::{Value, json};

const LANGUAGES: [&str; 4] = {
    let [(a, _), (b, _), (c, _), (d, _)] = narabe_server::rules_pages::LANGUAGES;
    [a, b, c, d]
};

async fn get(server: &LiveServer, path: &str, headers: &[(&str, &str)]) -> live::Page {
    server.page(path, headers).await
}

/// The text of the first element with `class="<class>"`.
fn text_of_class(html: &str, class: &str) -> String {
    let marker = format!("class=\"{class}\"");
    let Some(at) = html.find(&marker) else {
        return String::new();
    };
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find('<').unwrap();
    html[start..end].to_owned()
}

/// The 404 page in `language`: its status, type, language and a way home.
fn assert_not_found_page(answer: &live::Page, language: &str, path: &str) -> String {
    assert_eq!(answer.status, 404, "{path}");
    assert_eq!(answer.kind, "text/html; charset=utf-8", "{path}");
    let html = answer.text();
    assert!(
        html.contains(&format!("<html lang=\"{language}\">")),
        "{path} in {language}: {html}"
    );
    assert!(
        html.contains("<a class=\"home-link\" href=\"/\">"),
        "{path}"
    );
    assert!(html.contains("href=\"/assets/css/site.css\""), "{path}");
    let sentence = text_of_class(&html, "not-found-sentence");
    assert!(
        sentence.ends_with('.') && sentence.len() > 20,
        "{path}: {sentence:?}"
    );
    sentence
}

#[tokio::test]
async fn dead_links_get_the_404_page_in_the_readers_language() {
    let server = LiveServer::start().await;
    let paths = [
        "/nothing-here",
        "/deep/er/path",
        "/g/short",
        "/g/Zk3xw2KqP0aB",
        "/g/Zk3xw2KqP0aB/more",
        "/rules/chess",
    ];
    let mut sentences: HashSet<String> = HashSet::new();
    for language in LANGUAGES {
        let mut per_kind: Vec<String> = Vec::new();
        for path in paths {
            let asked = get(&server, &format!("{path}?lang={language}"), &[]).await;
            per_kind.push(assert_not_found_page(&asked, language, path));
            assert!(
                asked.cookie.starts_with(&format!("lang={language};")),
                "{path}"
            );
            let cookie = format!("lang={language}");
            let remembered = get(&server, path, &[("cookie", &cookie)]).await;
            assert_not_found_page(&remembered, language, path);
            assert!(remembered.cookie.is_empty(), "a guess is not remembered");
            let browser = format!("de-DE,{language};q=0.8");
            let told = get(&server, path, &[("accept-language", &browser)]).await;
            assert_not_found_page(&told, language, path);
        }
        // An unknown address, a game link and a rules page each say what is
        // missing; the malformed and the unknown game id say the same.
        assert_ne!(per_kind[0], per_kind[2]);
        assert_eq!(per_kind[2], per_kind[3]);
        assert_ne!(per_kind[2], per_kind[5]);
        assert_eq!(per_kind[0], per_kind[1]);
        sentences.extend(per_kind);
    }
    assert_eq!(sentences.len(), 3 * LANGUAGES.len(), "{sentences:?}");
    let nobody = get(&server, "/nothing-here", &[]).await;
    assert_not_found_page(&nobody, "en", "/nothing-here");
    // Reflected paths are escaped, never markup.
    let nasty = get(&server, "/%22%3E%3Cscript%3Ealert(1)%3C/script%3E", &[]).await;
    assert_eq!(nasty.status, 404);
    assert!(!nasty.text().contains("<script>"));
}

#[tokio::test]
async fn a_stored_game_link_is_the_game_page_even_when_no_actor_runs() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "freestyle"})).await;
    let path = format!("/g/{}", created["id"].as_str().unwrap());
    let page = get(&server, &path, &[]).await;
    assert_eq!(
        (page.status, page.kind.as_str()),
        (200, "text/html; charset=utf-8")
    );
    assert!(page.text().contains("assets/js/game.js"));
    let server = server.restart().await;
    let again = get(&server, &format!("{path}?invite=x"), &[]).await;
    assert_eq!(again.status, 200, "a stored game after a restart");
    assert!(again.text().contains("assets/js/game.js"));
}

#[tokio::test]
async fn api_paths_keep_their_json_errors() {
    let server = LiveServer::start().await;
    for path in [
        "/api",
        "/api/nothing",
        "/api/games/Zk3xw2KqP0aB",
        "/api/games/Zk3xw2KqP0aB/nothing",
    ] {
        let answer = get(&server, path, &[("accept-language", "ru")]).await;
        assert_eq!(answer.status, 404, "{path}");
        assert!(
            answer.kind.starts_with("application/json"),
            "{path}: {}",
            answer.kind
        );
        let error: Value = serde_json::from_slice(&answer.body).unwrap();
        assert_eq!(error["code"], "not-found", "{path}");
    }
    let (status, error) = server
        .post("/api/games/Zk3xw2KqP0aB/nothing", None, json!({}))
        .await;
    assert_eq!((status, error["code"].as_str()), (404, Some("not-found")));
}

/// The width and height of a PNG, from its `IHDR` chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (number(16), number(20))
}

#[tokio::test]
async fn the_manifest_icons_and_favicon_are_served_with_their_types() {
    let server = LiveServer::start().await;
    let manifest = get(&server, "/manifest.webmanifest", &[]).await;
    assert_eq!(
        (manifest.status, manifest.kind.as_str()),
        (200, "application/manifest+json")
    );
    let manifest: Value = serde_json::from_slice(&manifest.body).unwrap();
    assert_eq!(manifest["name"], "narabe");
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["display"], "standalone");
    for colour in ["theme_color", "background_color"] {
        assert!(
            manifest[colour].as_str().unwrap().starts_with('#'),
            "{colour}"
        );
    }
    let mut purposes = HashSet::new();
    for icon in manifest["icons"].as_array().unwrap() {
        let src = icon["src"].as_str().unwrap();
        let answer = get(&server, src, &[]).await;
        assert_eq!(answer.status, 200, "{src}");
        assert_eq!(answer.kind, icon["type"].as_str().unwrap(), "{src}");
        let sizes = icon["sizes"].as_str().unwrap();
        if answer.kind == "image/png" {
            let (width, height) = png_size(&answer.body);
            assert_eq!(format!("{width}x{height}"), sizes, "{src}");
            purposes.insert((
                sizes.to_owned(),
                icon["purpose"].as_str().unwrap().to_owned(),
            ));
        }
    }
    for needed in [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ] {
        assert!(
            purposes.contains(&(needed.0.to_owned(), needed.1.to_owned())),
            "no {needed:?} icon"
        );
    }

    let touch = get(&server, "/assets/icons/apple-touch-icon.png", &[]).await;
    assert_eq!((touch.status, touch.kind.as_str()), (200, "image/png"));
    assert_eq!(png_size(&touch.body), (180, 180));
    let svg = get(&server, "/assets/icons/favicon.svg", &[]).await;
    assert_eq!((svg.status, svg.kind.as_str()), (200, "image/svg+xml"));
    assert!(svg.text().starts_with("<svg"));
    let ico = get(&server, "/favicon.ico", &[]).await;
    assert_eq!((ico.status, ico.kind.as_str()), (200, "image/x-icon"));
    assert_eq!(&ico.body[..4], [0, 0, 1, 0], "an ICO header");
    let images = usize::from(u16::from_le_bytes([ico.body[4], ico.body[5]]));
    assert!(images >= 1);
    for entry in 0..images {
        let at = 6 + 16 * entry;
        let offset = u32::from_le_bytes(ico.body[at + 12..at + 16].try_into().unwrap());
        let image = &ico.body[usize::try_from(offset).unwrap()..];
        let side = u32::from(ico.body[at]);
        assert_eq!(png_size(image), (side, side), "image {entry} of the ICO");
    }
}

#[tokio::test]
async fn every_page_names_the_icons_and_the_manifest() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "renju"})).await;
    let game = format!("/g/{}", created["id"].as_str().unwrap());
    for path in [
        "/",
        game.as_str(),
        "/rules",
        "/rules/renju",
        "/no-such-page",
    ] {
        let html = get(&server, path, &[]).await.text();
        for tag in [
            "<link rel=\"icon\" href=\"/favicon.ico\" sizes=\"32x32\">",
            "<link rel=\"icon\" href=\"/assets/icons/favicon.svg\" type=\"image/svg+xml\">",
            "<link rel=\"apple-touch-icon\" href=\"/assets/icons/apple-touch-icon.png\">",
            "<link rel=\"manifest\" href=\"/manifest.webmanifest\">",
            "<meta name=\"theme-color\" content=\"#f6f4ef\" media=\"(prefers-color-scheme: light)\">",
        ] {
            assert!(html.contains(tag), "{path} lacks {tag}");
        }
    }
}

#[tokio::test]
async fn every_rules_page_renders_in_every_language_with_words_to_go_back() {
    let server = LiveServer::start().await;
    let mut titles = HashSet::new();
    for language in LANGUAGES {
        let index = get(&server, &format!("/rules?lang={language}"), &[]).await;
        assert_eq!(
            (index.status, index.kind.as_str()),
            (200, "text/html; charset=utf-8")
        );
        let index = index.text();
        let title = index
            .split("<h1>")
            .nth(1)
            .and_then(|rest| rest.split("</h1>").next())
            .unwrap()
            .to_owned();
        assert!(index.contains(&format!("<title>{title} · narabe</title>")));
        assert_ne!(title, "narabe");
        titles.insert(title);
        assert_eq!(
            index.matches("<h2>").count(),
            2,
            "games, then opening rules"
        );
        assert_eq!(
            index.matches("<h3>").count(),
            4,
            "the games of the opening rules"
        );
        assert_eq!(index.matches("<li><a href=\"/rules/").count(), 16);
        assert_eq!(index.matches("class=\"rules-summary\"").count(), 16);
        assert!(index.contains("<nav class=\"page-links\"><a href=\"/\">"));

        for page in narabe_server::rules_pages::pages() {
            let path = format!("/rules/{page}?lang={language}");
            let answer = get(&server, &path, &[]).await;
            assert_eq!(answer.status, 200, "{path}");
            let html = answer.text();
            assert!(
                html.contains(&format!("<html lang=\"{language}\">")),
                "{path}"
            );
            assert!(!html.contains("{{"), "{path} keeps a directive");
            assert!(!html.contains("⟵ /rules"), "{path}");
            let links = html
                .split("<nav class=\"page-links\">")
                .nth(1)
                .unwrap_or_default();
            assert!(
                links.starts_with("<a href=\"/rules\">← ") && links.contains("<a href=\"/\">"),
                "{path}: {links}"
            );
        }
    }
    assert_eq!(titles.len(), LANGUAGES.len(), "{titles:?}");
}

/// The `href` values of a page.
fn links(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn links_between_rules_pages_lead_to_pages_and_anchors_that_exist() {
    let server = LiveServer::start().await;
    let mut followed = 0;
    for language in LANGUAGES {
        for page in narabe_server::rules_pages::pages() {
            let html = get(&server, &format!("/rules/{page}?lang={language}"), &[])
                .await
                .text();
            for href in links(&html) {
                let (path, anchor) = href.split_once('#').unwrap_or((&href, ""));
                if !(path.is_empty() || path.starts_with("/rules/")) {
                    continue;
                }
                let target = if path.is_empty() {
                    html.clone()
                } else {
                    let answer = get(&server, &format!("{path}?lang={language}"), &[]).await;
                    assert_eq!(answer.status, 200, "{language}/{page}: {href}");
                    answer.text()
                };
                if !anchor.is_empty() {
                    assert!(
                        target.contains(&format!("id=\"{anchor}\"")),
                        "{language}/{page}: {href} has no such anchor"
                    );
                }
                followed += 1;
            }
        }
    }
    assert!(
        followed >= 16,
        "the opening pages link to the 26 openings: {followed}"
    );
}

#[tokio::test]
async fn the_renju_and_rif_pages_show_their_diagrams() {
    let server = LiveServer::start().await;
    for language in LANGUAGES {
        let renju = get(&server, &format!("/rules/renju?lang={language}"), &[]).await;
        let renju = renju.text();
        assert_eq!(
            renju.matches("<figure class=\"diagram\"").count(),
            6,
            "{language}"
        );
        assert_eq!(renju.matches("<svg class=\"board-diagram\"").count(), 6);
        assert_eq!(renju.matches("class=\"verdict forbidden\"").count(), 4);
        assert_eq!(renju.matches("class=\"verdict allowed\"").count(), 1);
        assert_eq!(renju.matches("class=\"verdict five\"").count(), 1);
        assert!(renju.contains("id=\"forbidden-moves\""));

        let rif = get(&server, &format!("/rules/renju-rif?lang={language}"), &[]).await;
        let rif = rif.text();
        assert!(rif.contains("<h2 id=\"openings\">"), "{language}");
        assert_eq!(rif.matches("<div class=\"diagrams openings\">").count(), 2);
        assert_eq!(rif.matches("<figure class=\"diagram opening\"").count(), 26);
        for opening in CanonicalOpening::ALL {
            let caption = format!("id=\"opening-{}\"", opening.code());
            let figure = rif.split(&caption).nth(1).unwrap_or_default();
            let figure = figure.split("</figure>").next().unwrap_or_default();
            assert!(
                figure.contains(&format!(
                    "<strong>{}</strong> {} ",
                    opening.code(),
                    opening.name()
                )),
                "{language}: {opening}"
            );
            assert_eq!(
                figure.matches("class=\"diagram-stone ").count(),
                3,
                "{opening}"
            );
        }
    }
}
