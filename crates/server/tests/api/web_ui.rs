//! The embedded web UI: client routes get the single page, real files their bytes (in the
//! precompressed copy the browser accepts), and missing files a real 404; and the compression
//! of API answers. Needs the UI built (`npm --prefix frontend run build`), as
//! `just test` does first.

use crate::helpers::{TestDb, spawn_app};

const NOT_BUILT: &str = "frontend/dist is missing: build the UI first (`npm --prefix frontend run build`)";

#[tokio::test]
async fn client_routes_get_the_single_page_app() {
    let app = spawn_app(TestDb::sqlite()).await;

    for path in ["/", "/signin", "/login", "/main/company/edit", "/invitation/confirm-email?value=x&name=Asha"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}: {NOT_BUILT}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        let page = response.text().await.unwrap();
        assert!(page.contains("id=\"root\""), "{path}");
        assert!(!page.contains("<script>") && !page.contains("https://"), "no inline script, nothing from elsewhere");
    }
}

#[tokio::test]
async fn a_probe_of_a_path_outside_the_apps_sections_gets_a_plain_404_and_a_browser_the_app() {
    let app = spawn_app(TestDb::sqlite()).await;

    // A file's name, and `/metrics` (served only with its token), are no page for anyone.
    for (path, page) in
        [("/healthz", true), ("/readyz", true), ("/mainx/company", true), ("/metrics", false), ("/wp-login.php", false)]
    {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain"), "{path}");
        let browser = app.client.get(app.url(path)).header("accept", "text/html,*/*;q=0.8").send().await.unwrap();
        assert_eq!(browser.status(), 404, "{path}");
        assert_eq!(browser.text().await.unwrap().contains("id=\"root\""), page, "{path}: the app says where to go");
    }
}

#[tokio::test]
async fn the_sign_in_page_arrives_rendered_in_the_readers_language_and_other_routes_get_the_empty_root() {
    let app = spawn_app(TestDb::sqlite()).await;
    let page = |path: &'static str, language: Option<&'static str>, cookie: Option<&'static str>| {
        let mut request = app.client.get(app.url(path));
        if let Some(language) = language {
            request = request.header("accept-language", language);
        }
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        async move {
            let response = request.send().await.unwrap();
            let vary: Vec<String> =
                response.headers().get_all("vary").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
            (vary, response.text().await.unwrap())
        }
    };

    for path in ["/login", "/signin", "/login?next=%2Fuser%2Freports"] {
        let (vary, html) = page(path, None, None).await;
        assert!(html.contains("<div id=\"root\" data-prerendered=\"en\">"), "{path}: {NOT_BUILT}");
        assert!(
            html.contains(">Sign in</h1>") && html.contains("type=\"password\""),
            "{path}: the form is in the HTML"
        );
        assert!(html.contains("<style data-emotion=\"mui "), "{path}: its styles in the head");
        assert!(vary.iter().any(|v| v.contains("Accept-Language")), "{path}: {vary:?}");
    }
    // The browser's first supported language, unless the UI last showed another in it.
    let (_, arabic) = page("/login", Some("de-DE,ar-EG;q=0.9,en;q=0.8"), None).await;
    assert!(arabic.contains("<html lang=\"ar\" dir=\"rtl\">") && arabic.contains(">تسجيل الدخول</h1>"));
    let (_, french) = page("/login", Some("ar-EG"), Some("playtrack_lang=fr")).await;
    assert!(french.contains("data-prerendered=\"fr\"") && french.contains("<html lang=\"fr\" dir=\"ltr\">"));
    let (_, unknown) = page("/login", Some("zh-CN"), Some("playtrack_lang=xx")).await;
    assert!(unknown.contains("data-prerendered=\"zh\""), "a language the UI lacks is ignored");

    for path in ["/", "/dashboard/crm", "/reset-password", "/login/elsewhere"] {
        let (_, html) = page(path, Some("ar"), None).await;
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: the empty root, filled by the app");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_good_and_missing_files_are_404() {
    let app = spawn_app(TestDb::sqlite()).await;
    let page = app.get("/").await.text().await.unwrap();
    let asset = page.split("src=\"").nth(1).and_then(|rest| rest.split('"').next()).expect(NOT_BUILT);

    let response = app.get(asset).await;

    assert_eq!(response.status(), 200, "{asset}");
    assert!(response.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert!(response.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    assert_eq!(app.get("/assets/no-such-file.js").await.status(), 404);
}

/// `body` decoded from `encoding` (`br`, `gzip`, or none).
fn decoded(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    match encoding {
        Some("br") => brotli::Decompressor::new(body, 4096).read_to_end(&mut out).unwrap(),
        Some("gzip") => flate2::read::GzDecoder::new(body).read_to_end(&mut out).unwrap(),
        None => return body.to_vec(),
        Some(other) => panic!("unexpected encoding {other}"),
    };
    out
}

#[tokio::test]
async fn the_ui_goes_out_precompressed_in_the_encoding_the_browser_accepts() {
    let app = spawn_app(TestDb::sqlite()).await;
    let page = app.get("/").await.text().await.unwrap();
    let script = page.split("src=\"").nth(1).and_then(|rest| rest.split('"').next()).expect(NOT_BUILT).to_owned();

    for path in [script.as_str(), "/login"] {
        let plain = app.get(path).await.bytes().await.unwrap();
        for (accept, expected) in [("br, gzip, deflate, zstd", Some("br")), ("gzip", Some("gzip")), ("identity", None)]
        {
            let response = app.client.get(app.url(path)).header("accept-encoding", accept).send().await.unwrap();
            let encoding = response.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
            assert_eq!(encoding.as_deref(), expected, "{path} for {accept}");
            assert_eq!(response.headers()["vary"], "Accept-Encoding", "{path}");
            let body = response.bytes().await.unwrap();
            if expected.is_some() {
                assert!(body.len() < plain.len(), "{path} in {accept}: {} of {} bytes", body.len(), plain.len());
            }
            assert_eq!(decoded(expected, &body), plain, "{path} for {accept}: the same bytes once decoded");
        }
    }
}

#[tokio::test]
async fn api_answers_above_a_kibibyte_are_compressed_and_small_ones_are_not() {
    let app = spawn_app(TestDb::sqlite()).await;
    let get = |path: &'static str, accept: &'static str| {
        let request = app.client.get(app.url(path)).header("accept-encoding", accept);
        async move { request.send().await.unwrap() }
    };
    let plain = get("/api/openapi.json", "identity").await.bytes().await.unwrap();

    let large = get("/api/openapi.json", "gzip, br").await;
    let encoding = large.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
    assert!(matches!(encoding.as_deref(), Some("br" | "gzip")), "{encoding:?}");
    let body = large.bytes().await.unwrap();
    assert!(body.len() * 5 < plain.len(), "{} of {} bytes", body.len(), plain.len());
    assert_eq!(decoded(encoding.as_deref(), &body), plain);

    let small = get("/api/v1/healthz", "gzip, br").await;
    assert!(small.headers().get("content-encoding").is_none(), "{:?}", small.headers());
    assert_eq!(small.status(), 200);
}
