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
}
