//! Every answer carries the headers that keep the site's pages to themselves:
//! a content security policy without inline script, no framing, no sniffing,
//! no referrer; and HSTS only when the public URL is `https://`.

mod live;

use live::LiveServer;
use serde_json::json;

/// The headers of `GET path`.
async fn headers_of(server: &LiveServer, path: &str) -> reqwest::header::HeaderMap {
    server
        .http
        .get(format!("{}{path}", server.base))
        .send()
        .await
        .expect("an answer")
        .headers()
        .clone()
}

fn header(headers: &reqwest::header::HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .map(|value| value.to_str().unwrap().to_owned())
}

#[tokio::test]
async fn pages_api_answers_and_files_carry_the_security_headers() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "renju"})).await;
    let id = created["id"].as_str().unwrap();
    for path in [
        "/".to_owned(),
        format!("/g/{id}"),
        "/rules".to_owned(),
        format!("/api/games/{id}"),
        "/api/games/AAAAAAAAAAAA".to_owned(),
        "/assets/js/api.js".to_owned(),
        "/assets/css/site.css".to_owned(),
        "/no/such/page".to_owned(),
    ] {
        let headers = headers_of(&server, &path).await;
        let policy = header(&headers, "content-security-policy").expect(&path);
        for directive in [
            "script-src 'self'",
            "default-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        assert!(!policy.contains("unsafe-eval"), "{path}: {policy}");
        assert_eq!(
            header(&headers, "x-frame-options").as_deref(),
            Some("DENY"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "x-content-type-options").as_deref(),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "referrer-policy").as_deref(),
            Some("no-referrer"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "strict-transport-security"),
            None,
            "{path}: no HSTS over http"
        );
    }
}

#[tokio::test]
async fn hsts_only_when_the_public_url_is_https() {
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.public_url = Some("https://narabe.example".to_owned());
        options.hsts_max_age = 600;
    })
    .await;
    for path in ["/", "/assets/js/api.js", "/api/catalog"] {
        let headers = headers_of(&server, path).await;
        assert_eq!(
            header(&headers, "strict-transport-security").as_deref(),
            Some("max-age=600"),
            "{path}"
        );
    }
}

/// The pages the server sends have no inline script, no inline event
/// handler and no inline style: the policy would block them.
#[tokio::test]
async fn no_page_holds_what_the_policy_blocks() {
    let server = LiveServer::start().await;
    let created = server.create(json!({"game": "renju"})).await;
    let id = created["id"].as_str().unwrap();
    for path in [
        "/".to_owned(),
        format!("/g/{id}"),
        "/rules".to_owned(),
        "/rules/renju".to_owned(),
        "/g/AAAAAAAAAAAA".to_owned(),
    ] {
        let page = server.page(&path, &[]).await.text().to_lowercase();
        for script in page.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap();
            assert!(tag.contains(" src="), "{path}: inline <script{tag}>");
        }
        assert!(!page.contains("<style"), "{path}: inline <style>");
        assert!(!page.contains(" style="), "{path}: a style attribute");
        assert!(!page.contains("javascript:"), "{path}: a javascript: link");
        for handler in [
            " onclick=",
            " onload=",
            " onerror=",
            " onsubmit=",
            " oninput=",
        ] {
            assert!(!page.contains(handler), "{path}: {handler}");
        }
    }
}
