//! The embedded web UI: client routes get the single page, real files their bytes, and
//! missing files a real 404. Needs the UI built (`npm --prefix frontend run build`), as
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
