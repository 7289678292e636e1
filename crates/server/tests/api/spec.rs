//! The published OpenAPI document is what the code serves: partners read the committed file.

use crate::helpers::{TestDb, spawn_app};

#[tokio::test]
async fn the_served_spec_is_the_published_one() {
    let app = spawn_app(TestDb::sqlite()).await;
    let published: serde_json::Value =
        serde_json::from_str(include_str!("../../../../openapi/openapi.json")).expect("openapi/openapi.json is JSON");

    let served: serde_json::Value = app.get("/api/openapi.json").await.json().await.unwrap();

    assert!(served == published, "openapi/openapi.json is stale: run `just openapi` and commit the result");
}

#[tokio::test]
async fn every_operation_has_a_stable_id_and_a_summary() {
    let spec = serde_json::to_value(http_api::openapi()).unwrap();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            assert!(operation["operationId"].is_string(), "{method} {path} has no operationId");
            assert!(operation["summary"].is_string(), "{method} {path} has no summary");
        }
    }
}

#[tokio::test]
async fn the_api_docs_page_loads_nothing_from_elsewhere() {
    let app = spawn_app(TestDb::sqlite()).await;

    let page = app.get("/api/docs/").await.text().await.unwrap();
    let initializer = app.get("/api/docs/swagger-initializer.js").await.text().await.unwrap();

    assert!(page.contains("swagger-ui"), "{page}");
    for text in [&page, &initializer] {
        assert!(!text.contains("https://") && !text.contains("http://"), "an external reference: {text}");
    }
    assert!(initializer.contains("/api/openapi.json"));
    assert_eq!(app.get("/api/docs/swagger-ui-bundle.js").await.status(), 200, "the bundle is served locally");
}
