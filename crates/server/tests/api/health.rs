use crate::helpers::{assert_problem, spawn_app};

crate::on_both_databases! {
    async fn liveness_answers_ok_with_the_version(db: TestDb) {
        let app = spawn_app(db).await;

        let response = app.get("/api/v1/healthz").await;

        assert_eq!(response.status(), 200);
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["status"], "ok");
        assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    }

    async fn readiness_names_the_database_it_reached(db: TestDb) {
        let expected = if db.url.starts_with("postgres") { "postgres" } else { "sqlite" };
        let app = spawn_app(db).await;

        let body: serde_json::Value = app.get("/api/v1/readyz").await.json().await.unwrap();

        assert_eq!(body["status"], "ready");
        assert_eq!(body["database"], expected);
    }

    async fn an_unknown_api_path_is_a_problem_not_the_web_page(db: TestDb) {
        let app = spawn_app(db).await;

        for path in ["/api/v1/no-such-thing", "/api/nothing-here", "/api/v2/healthz"] {
            assert_problem(app.get(path).await, 404, "NOT_FOUND").await;
        }
    }

    async fn every_answer_carries_the_security_headers(db: TestDb) {
        let app = spawn_app(db).await;

        for path in ["/api/v1/healthz", "/api/v1/missing", "/signin", "/api/docs/"] {
            let response = app.get(path).await;
            let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            let csp = header("content-security-policy");
            assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"), "{path}: {csp}");
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
            assert_eq!(header("x-frame-options"), "DENY", "{path}");
            assert_eq!(header("referrer-policy"), "no-referrer", "{path}");
            assert!(!header("x-request-id").is_empty(), "{path}");
        }
    }
}
