//! The audit log names who did what to whom.

use kernel::Role;
use serde_json::{Value, json};

use crate::helpers::spawn_app;

crate::on_both_databases! {
    async fn an_audit_event_names_its_actor_and_its_target(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
        let me: Value = app.get_as("/api/v1/me", &admin).await.json().await.unwrap();
        let batch = app
            .client
            .post(app.url("/api/v1/batches"))
            .bearer_auth(&admin)
            .json(&json!({ "company_id": company, "name": "Cohort North" }))
            .send()
            .await
            .unwrap();
        assert_eq!(batch.status(), 201);

        let events: Value = app.get_as("/api/v1/audit-events?action=batch.created", &admin).await.json().await.unwrap();
        let event = &events["items"][0];
        assert_eq!(event["actor_name"], me["name"], "{event}");
        assert_eq!(event["target_name"], "Cohort North", "{event}");
    }

    async fn the_export_is_csv_of_what_the_caller_may_see_with_formulas_defused(db: TestDb) {
        let app = spawn_app(db).await;
        let (ours, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let root = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
        for (company, name) in [(ours, "=HYPERLINK(\"http://evil.example\")"), (theirs, "Orbis Cohort")] {
            let created = app
                .client
                .post(app.url("/api/v1/batches"))
                .bearer_auth(&root)
                .json(&json!({ "company_id": company, "name": name }))
                .send()
                .await
                .unwrap();
            assert_eq!(created.status(), 201);
        }

        let export = app.get_as("/api/v1/audit-events/export?action=batch.created", &root).await;
        assert_eq!(export.status(), 200);
        assert_eq!(export.headers()["content-type"], "text/csv; charset=utf-8");
        let text = export.text().await.unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("time,actor,action,target_type,target,company_id,ip,details"));
        assert!(text.contains("'=HYPERLINK"), "a formula is written as text: {text}");
        assert!(!text.contains(",=HYPERLINK"), "{text}");
        assert_eq!(lines.count(), 2, "{text}");

        let admin = app.token_of(&app.user(Role::CompanyAdmin, Some(ours)).await).await;
        let own = app.get_as("/api/v1/audit-events/export?action=batch.created", &admin).await.text().await.unwrap();
        assert!(own.contains("HYPERLINK") && !own.contains("Orbis Cohort"), "only the admin's company: {own}");
        let trainee = app.user(Role::User, Some(ours)).await;
        let step: Value = app.login(&trainee.email, &trainee.password).await.json().await.unwrap();
        let session: Value = app
            .post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({}))
            .await
            .json()
            .await
            .unwrap();
        let trainee = session["token"].as_str().unwrap().to_owned();
        assert_eq!(app.get_as("/api/v1/audit-events/export", &trainee).await.status(), 403);
        let backwards = app.get_as("/api/v1/audit-events/export?from=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z", &root).await;
        assert_eq!(backwards.status(), 400);
        assert_eq!(app.get_as("/api/v1/audit-events?from=1999-12-31T00:00:00Z", &root).await.status(), 400);
    }
}
