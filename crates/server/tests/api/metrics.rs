//! `GET /metrics` for the operator's Prometheus: only with the configured bearer token, in the
//! text format, naming routes by template and counting what the portal did.

use crate::helpers::{spawn_app, spawn_app_with};

const TOKEN: &str = "metrics-token-0123456789abcdefghijklmnop";

/// Every metric the Grafana dashboard in the docs queries.
fn dashboard_metrics() -> std::collections::BTreeSet<String> {
    let dashboard: serde_json::Value =
        serde_json::from_str(include_str!("../../../../docs/grafana/playtrack.json")).unwrap();
    let mut metrics = std::collections::BTreeSet::new();
    for panel in dashboard["panels"].as_array().unwrap() {
        for target in panel["targets"].as_array().unwrap() {
            let expr = target["expr"].as_str().unwrap();
            let words = expr.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            metrics.extend(words.filter(|w| w.starts_with("playtrack_") || w.starts_with("http_")).map(str::to_owned));
        }
    }
    assert!(metrics.len() >= 8, "{metrics:?}");
    metrics
}

crate::on_both_databases! {
    async fn prometheus_reads_requests_sign_ins_attempts_and_backlogs_with_its_token(db: TestDb) {
        let app = spawn_app_with(db, |config| config.metrics_token = Some(TOKEN.into())).await;
        let game = app.game().await;
        let trainee = app.user(kernel::Role::User, Some(game.company)).await;
        assert_eq!(app.login(&trainee.email, "Wrong-password-1").await.status(), 401);
        let attempts = vec![game.attempt("m-1", 70, app.clock_now())];
        assert_eq!(app.post_attempts(&game.key, attempts).await.status(), 200);
        let company = format!("/api/v1/companies/{}", game.company);
        assert_eq!(app.get_as(&company, &game.root).await.status(), 200);
        app.until_counted("/api/v1/reports/scores?view=skill", &game.root).await;

        assert_eq!(app.get("/metrics").await.status(), 401, "not without the token");
        let wrong = app.client.get(app.url("/metrics")).bearer_auth("metrics-token-wrong").send().await.unwrap();
        assert_eq!(wrong.status(), 401);
        let scraped = app.client.get(app.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap();

        assert_eq!(scraped.status(), 200);
        assert!(scraped.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
        let text = scraped.text().await.unwrap();
        let has = |line_start: &str| text.lines().any(|line| line.starts_with(line_start));
        assert!(has("http_requests_total{route=\"/api/v1/companies/{id}\",method=\"GET\",status=\"200\"}"), "by template, not by id:\n{text}");
        assert!(!text.contains(&game.company.to_string()), "no path with an id");
        assert!(has("http_request_duration_seconds_bucket{route=\"/api/v1/game/attempts\",method=\"POST\",status=\"200\",le=\"0.005\"}"), "{text}");
        assert!(has("playtrack_sign_ins_total{outcome=\"wrong_password\"}"), "{text}");
        assert!(has("playtrack_attempts_total{outcome=\"stored\"}"), "{text}");
        assert!(has("playtrack_report_duration_seconds_count{kind=\"table\",view=\"skill\"}"), "{text}");
        for gauge in ["playtrack_outbox_mails ", "playtrack_outbox_oldest_seconds ", "playtrack_fold_queue_attempts ", "playtrack_database_up 1"] {
            assert!(has(gauge), "{gauge}:\n{text}");
        }
        assert!(has("playtrack_database_connections{state=\"open\"}"), "{text}");
        assert!(!text.contains(TOKEN) && !text.contains("Wrong-password-1"));
        for metric in dashboard_metrics() {
            assert!(has(&metric), "the Grafana dashboard reads {metric}, which the portal does not serve");
        }
    }

    async fn without_a_token_configured_there_are_no_metrics(db: TestDb) {
        let app = spawn_app(db).await;
        let response = app.client.get(app.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap();
        assert_eq!(response.status(), 404);
    }
}
