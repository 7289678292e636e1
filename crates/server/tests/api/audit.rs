//! The audit log names who did what to whom, narrows by actor, action, target and time within
//! the caller's scope, and exports the same as CSV.

use kernel::{Clock, Role};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use crate::helpers::{TestApp, TestUser, assert_problem, spawn_app};

/// Creates a batch as `token` and answers its id.
async fn batch(app: &TestApp, token: &str, company: Uuid, name: &str) -> String {
    let created = app
        .client
        .post(app.url("/api/v1/batches"))
        .bearer_auth(token)
        .json(&json!({ "company_id": company, "name": name }))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    created.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn events(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let response = app.get_as(&format!("/api/v1/audit-events?per_page=200&{query}"), token).await;
    assert_eq!(response.status(), 200, "{query}");
    response.json::<Value>().await.unwrap()["items"].as_array().unwrap().clone()
}

fn names_of<'a>(events: &'a [Value], field: &str) -> Vec<&'a str> {
    events.iter().map(|e| e[field].as_str().unwrap_or_default()).collect()
}

/// A trainee's bearer token (past the licence agreement).
pub async fn trainee_token(app: &TestApp, company: Uuid) -> String {
    past_eula(app, &app.user(Role::User, Some(company)).await).await
}

/// Signs `trainee` in, accepting the licence agreement on the way, and answers the bearer token.
pub async fn past_eula(app: &TestApp, trainee: &TestUser) -> String {
    let step: Value = app.login(&trainee.email, &trainee.password).await.json().await.unwrap();
    let session: Value = app
        .post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    session["token"].as_str().unwrap().to_owned()
}

fn at(time: OffsetDateTime) -> String {
    time.format(&Rfc3339).unwrap()
}

crate::on_both_databases! {
    async fn an_audit_event_names_its_actor_and_its_target(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
        let me: Value = app.get_as("/api/v1/me", &admin).await.json().await.unwrap();
        batch(&app, &admin, company, "Cohort North").await;

        let events = events(&app, &admin, "action=batch.created").await;
        assert_eq!(events[0]["actor_name"], me["name"], "{events:?}");
        assert_eq!(events[0]["target_name"], "Cohort North", "{events:?}");
    }

    async fn each_filter_narrows_the_log_and_a_company_admin_sees_their_company_only(db: TestDb) {
        let app = spawn_app(db).await;
        let (meridian, orbis) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let root_user = app.user(Role::SuperAdmin, None).await;
        app.set_user(&root_user, "name", "Ada Root").await;
        let cora_user = app.user(Role::CompanyAdmin, Some(meridian)).await;
        app.set_user(&cora_user, "name", "Cora Admin").await;
        let (root, cora) = (app.token_of(&root_user).await, app.token_of(&cora_user).await);
        let start = app.clock.now();

        let north = batch(&app, &root, meridian, "North").await;
        batch(&app, &cora, meridian, "South").await;
        let renamed = app
            .client
            .put(app.url(&format!("/api/v1/batches/{north}")))
            .bearer_auth(&root)
            .json(&json!({ "name": "North Star", "active": true }))
            .send()
            .await
            .unwrap();
        assert_eq!(renamed.status(), 200);
        app.clock.advance(Duration::days(2));
        // The sessions ended while the clock moved on.
        let (root, cora) = (app.token_of(&root_user).await, app.token_of(&cora_user).await);
        batch(&app, &root, orbis, "Later").await;

        let all = events(&app, &root, "").await;
        let by_action = events(&app, &root, "action=batch.updated").await;
        assert_eq!(names_of(&by_action, "target_name"), ["North Star"]);
        assert_eq!(by_action[0]["details"]["before"]["name"], "North", "{by_action:?}");
        assert_eq!(by_action[0]["details"]["after"]["name"], "North Star", "{by_action:?}");

        let by_actor = events(&app, &root, &format!("actor_id={}", cora_user.id)).await;
        assert!(by_actor.len() < all.len() && !by_actor.is_empty(), "{by_actor:?}");
        assert!(by_actor.iter().all(|e| e["actor_name"] == "Cora Admin"), "{by_actor:?}");
        let by_name = events(&app, &root, "q=CORA").await;
        assert_eq!(by_name, by_actor, "q is part of the actor's name");

        let by_target = events(&app, &root, &format!("target_id={north}")).await;
        assert_eq!(names_of(&by_target, "action"), ["batch.updated", "batch.created"]);

        let later = at(start + Duration::days(1));
        let created = "action=batch.created";
        assert_eq!(names_of(&events(&app, &root, &format!("{created}&from={later}")).await, "target_name"), ["Later"]);
        let before = events(&app, &root, &format!("{created}&from={}&until={later}", at(start))).await;
        assert_eq!(names_of(&before, "target_name"), ["South", "North Star"]);

        let own = events(&app, &cora, created).await;
        assert_eq!(names_of(&own, "target_name"), ["South", "North Star"], "not Orbis's batch");
        assert!(events(&app, &cora, "").await.iter().all(|e| e["company_id"] == json!(meridian)));
        let trainee = trainee_token(&app, meridian).await;
        assert_eq!(app.get_as("/api/v1/audit-events", &trainee).await.status(), 403);

        let misspelt = app.get_as("/api/v1/audit-events?action=batch.deleted", &root).await;
        assert_problem(misspelt, 400, "MALFORMED_REQUEST").await;
    }

    async fn dates_outside_2000_to_2100_or_backwards_are_refused(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
        for (query, field) in [
            ("from=1999-12-31T23:59:59Z", "from"),
            ("until=2101-01-01T00:00:00Z", "until"),
            ("from=2000-01-01T00:30:00%2B01:00", "from"),
            ("from=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z", "until"),
        ] {
            for path in ["/api/v1/audit-events", "/api/v1/audit-events/export"] {
                let response = app.get_as(&format!("{path}?{query}"), &root).await;
                let problem = assert_problem(response, 400, "MALFORMED_REQUEST").await;
                assert_eq!(problem["errors"][0]["field"], field, "{path}?{query}: {problem}");
            }
        }
        let edges = "from=2000-01-01T00:00:00Z&until=2100-12-31T23:59:59Z";
        assert_eq!(app.get_as(&format!("/api/v1/audit-events?{edges}"), &root).await.status(), 200);
    }

    async fn the_export_is_csv_of_what_the_caller_may_see_with_formulas_defused(db: TestDb) {
        let app = spawn_app(db).await;
        let (ours, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let root_user = app.user(Role::SuperAdmin, None).await;
        app.set_user(&root_user, "name", "@Root").await;
        let root = app.token_of(&root_user).await;
        for (company, name) in [(ours, "=HYPERLINK(\"http://evil.example\")"), (ours, "+1"), (theirs, "Orbis Cohort")] {
            batch(&app, &root, company, name).await;
        }
        batch(&app, &root, ours, "-2").await;

        let export = app.get_as("/api/v1/audit-events/export?action=batch.created", &root).await;
        assert_eq!(export.status(), 200);
        assert_eq!(export.headers()["content-type"], "text/csv; charset=utf-8");
        assert!(export.headers()["content-disposition"].to_str().unwrap().starts_with("attachment;"));
        let text = export.text().await.unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "time,actor,action,target_type,target,company_id,ip,details");
        assert_eq!(lines.len(), 5, "{text}");
        // Newest first; the actor's and the targets' names start with `@`, `-`, `+` and `=`.
        let by_root = ",'@Root,batch.created,batch,";
        assert!(lines[1].contains(&format!("{by_root}'-2,")), "{text}");
        assert!(lines[2].contains(&format!("{by_root}Orbis Cohort,")), "{text}");
        assert!(lines[3].contains(&format!("{by_root}'+1,")), "{text}");
        assert!(lines[4].contains(&format!(r#"{by_root}"'=HYPERLINK(""http://evil.example"")","#)), "{text}");

        let admin = app.token_of(&app.user(Role::CompanyAdmin, Some(ours)).await).await;
        let own = app.get_as("/api/v1/audit-events/export?action=batch.created", &admin).await.text().await.unwrap();
        assert!(own.contains("HYPERLINK") && !own.contains("Orbis Cohort"), "only the admin's company: {own}");
        let named = app.get_as("/api/v1/audit-events/export?action=batch.created&q=nobody", &root).await;
        assert_eq!(named.text().await.unwrap().lines().count(), 1, "q narrows the export as it does the list");
        let trainee = trainee_token(&app, ours).await;
        assert_eq!(app.get_as("/api/v1/audit-events/export", &trainee).await.status(), 403);
    }
}
