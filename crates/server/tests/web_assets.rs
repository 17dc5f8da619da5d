//! The browser client served by a real server: the home page, the game page
//! behind every game link, the client's modules with their content types, and a
//! JSON `404` for a file that does not exist.

mod live;

use live::LiveServer;

/// `GET path` on the server: the status, the `Content-Type`, the
/// `Cache-Control` and the body.
async fn fetch(server: &LiveServer, path: &str) -> (u16, String, String, String) {
    let page = server.page(path, &[]).await;
    let body = page.text();
    (page.status, page.kind, page.cache, body)
}

#[tokio::test]
async fn pages_and_modules_are_served_with_their_types() {
    let server = LiveServer::start().await;

    let (status, kind, cache, body) = fetch(&server, "/").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert_eq!(cache, "no-cache");
    assert!(body.contains("assets/js/home.js"), "{body}");

    let created = server.create(serde_json::json!({"game": "renju"})).await;
    let game = format!("/g/{}", created["id"].as_str().unwrap());
    let (status, kind, _, body) = fetch(&server, &game).await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(body.contains("assets/js/game.js"), "{body}");

    let (status, kind, cache, body) = fetch(&server, "/analysis").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert_eq!(cache, "no-cache");
    assert!(body.contains("assets/js/analysis.js"), "{body}");

    let (status, kind, cache, body) = fetch(&server, "/assets/js/api.js").await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "text/javascript; charset=utf-8")
    );
    assert_eq!(cache, "no-cache");
    assert!(body.contains("export"), "{body}");

    let (status, kind, _, _) = fetch(&server, "/assets/css/site.css").await;
    assert_eq!((status, kind.as_str()), (200, "text/css; charset=utf-8"));
}

#[tokio::test]
async fn an_unknown_asset_is_a_json_404() {
    let server = LiveServer::start().await;
    let (status, kind, _, body) = fetch(&server, "/assets/js/nothing-here.js").await;
    assert_eq!(status, 404);
    assert!(kind.starts_with("application/json"), "{kind}");
    let error: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(error["code"], "not-found");
}

#[tokio::test]
async fn rules_pages_are_served_in_the_asked_or_remembered_or_browsers_language() {
    let server = LiveServer::start().await;
    let get = |path: &str, headers: &[(&str, &str)]| {
        let mut request = server.http.get(format!("{}{path}", server.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send()
    };
    let asked = get("/rules/renju-yamaguchi?lang=cs", &[]).await.unwrap();
    assert_eq!(asked.status(), 200);
    let cookie = asked.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("lang=cs;"), "{cookie}");
    let page = asked.text().await.unwrap();
    assert!(page.contains("<html lang=\"cs\">"));
    assert!(
        page.contains("<table>") && page.contains("Yamaguchi"),
        "{page}"
    );
    let remembered = get(
        "/rules/pente",
        &[("cookie", "lang=et"), ("accept-language", "ru")],
    )
    .await
    .unwrap();
    assert!(
        remembered
            .text()
            .await
            .unwrap()
            .contains("<html lang=\"et\">")
    );
    let browser = get("/rules/caro", &[("accept-language", "de-DE,ru;q=0.8")])
        .await
        .unwrap();
    assert!(browser.text().await.unwrap().contains("<html lang=\"ru\">"));
    let index = get("/rules?lang=en", &[])
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(
        index.matches("<li><a href=\"/rules/").count(),
        16,
        "{index}"
    );
    let missing = get("/rules/chess", &[]).await.unwrap();
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn percent_encoded_traversal_out_of_the_assets_is_refused() {
    let server = LiveServer::start().await;
    for path in [
        "/assets/js/..%2f..%2findex.html",
        "/assets/js/..%2F..%2Fgame.html",
        "/assets/js/%2e%2e%2f%2e%2e%2fmanifest.webmanifest",
        "/assets/js/..%5c..%5cindex.html",
        "/assets/css/.%2fsite.css",
    ] {
        let (status, _, _, body) = fetch(&server, path).await;
        assert!(
            status == 404 || status == 400,
            "{path} answered {status}: {body}"
        );
        for served in ["assets/js/home.js", "assets/js/game.js", "start_url"] {
            assert!(!body.contains(served), "{path} served another file: {body}");
        }
    }
    let (status, _, _, _) = fetch(&server, "/assets/css/site.css").await;
    assert_eq!(status, 200, "a plain path is still served");
}
