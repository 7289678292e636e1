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

/// PostgreSQL ending the portal's connections (`pg_terminate_backend`, as a restart or a
/// failover does) while requests come: each answers, or says `503 DATABASE_UNAVAILABLE` with
/// `Retry-After`, never 500; and the portal serves again without a restart.
#[tokio::test]
async fn connections_the_database_ends_answer_503_and_the_portal_recovers() {
    use sea_orm::ConnectionTrait;
    let Some(db) = crate::helpers::TestDb::postgres().await else { return };
    let app = spawn_app(db).await;
    let token = app.super_admin().await;
    let terminate = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = current_database() AND pid <> pg_backend_pid()";
    let done = std::sync::atomic::AtomicBool::new(false);
    let readers = (0..4).map(|_| async {
        let mut answers = Vec::new();
        while !done.load(std::sync::atomic::Ordering::Relaxed) {
            let response = app.get_as("/api/v1/companies", &token).await;
            let retry = response.headers().get("retry-after").is_some();
            answers.push((response.status().as_u16(), retry));
        }
        answers
    });
    let killer = async {
        for _ in 0..10 {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            app.db.execute_unprepared(terminate).await.unwrap();
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    };

    let (answers, ()) = tokio::join!(futures_util::future::join_all(readers), killer);

    let answers: Vec<(u16, bool)> = answers.into_iter().flatten().collect();
    let odd: Vec<_> =
        answers.iter().filter(|(status, retry)| !(*status == 200 || (*status == 503 && *retry))).collect();
    assert!(odd.is_empty(), "only 200, or 503 with Retry-After: {odd:?} of {} answers", answers.len());
    assert_eq!(app.get_as("/api/v1/companies", &token).await.status(), 200, "serving again");
}

/// A database that takes no connections: readiness says so (503), requests answer 503 with
/// `Retry-After`, and once it takes them again the portal is ready without a restart.
#[tokio::test]
async fn readiness_fails_while_the_database_takes_no_connections_and_returns_after() {
    use sea_orm::ConnectionTrait;
    let Some(db) = crate::helpers::TestDb::postgres().await else { return };
    let app = spawn_app(db).await;
    let token = app.super_admin().await;
    let name = app.config.database_url().rsplit('/').next().unwrap().to_owned();
    let admin = sea_orm::Database::connect(crate::helpers::postgres_admin_url()).await.unwrap();
    admin.execute_unprepared(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false")).await.unwrap();
    admin
        .execute_unprepared(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"))
        .await
        .unwrap();

    assert_problem(app.get("/api/v1/readyz").await, 503, "DATABASE_UNAVAILABLE").await;
    let refused = app.get_as("/api/v1/companies", &token).await;
    assert!(refused.headers().contains_key("retry-after"), "{}", refused.status());
    assert_problem(refused, 503, "DATABASE_UNAVAILABLE").await;

    admin.execute_unprepared(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true")).await.unwrap();
    assert_eq!(app.get("/api/v1/readyz").await.status(), 200, "ready again");
    assert_eq!(app.get_as("/api/v1/companies", &token).await.status(), 200);
}
