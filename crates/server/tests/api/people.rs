//! People use cases as units of work: creating a trainee (user, seat, invitation), a company
//! admin, or an import is one transaction, so a failure at its last step leaves nothing — and
//! the retry succeeds instead of meeting its own half-written user.

use reqwest::Method;
use sea_orm::{
    ConnectionTrait, DbBackend,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::json;

use crate::{
    helpers::{TestApp, spawn_app},
    licences::{call, ok},
};

/// Makes every mail the portal queues fail: the last step of each use case here.
async fn break_the_outbox(app: &TestApp) {
    let statements: &[&str] = match app.db.get_database_backend() {
        DbBackend::Postgres => &[
            "CREATE FUNCTION outbox_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox down'; END $$",
            "CREATE TRIGGER outbox_down BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION outbox_down()",
        ],
        _ => &["CREATE TRIGGER outbox_down BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'outbox down'); END"],
    };
    for statement in statements {
        app.db.execute_unprepared(statement).await.unwrap();
    }
}

async fn mend_the_outbox(app: &TestApp) {
    let statement = match app.db.get_database_backend() {
        DbBackend::Postgres => "DROP TRIGGER outbox_down ON mail_outbox",
        _ => "DROP TRIGGER outbox_down",
    };
    app.db.execute_unprepared(statement).await.unwrap();
}

async fn users_with_email(app: &TestApp, emails: &[&str]) -> i64 {
    let statement = Query::select()
        .expr(Expr::col("id").count())
        .from("users")
        .and_where(Expr::col("email").is_in(emails.iter().copied()))
        .take();
    app.db.query_one(&statement).await.unwrap().unwrap().try_get_by_index(0).unwrap()
}

crate::on_both_databases! {
    async fn a_use_case_that_fails_at_its_last_step_leaves_nothing_and_its_retry_succeeds(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Halden Rail", false, 30).await;
        let (batch, _) = app.seats_for(&root, company, 3).await;
        let trainee = json!({ "email": "ines@halden.example", "name": "Ines Berg", "role": "USER", "company_id": company });
        let admin = json!({ "email": "ola@halden.example", "name": "Ola Dahl", "role": "COMPANY_ADMIN", "company_id": company });
        let import = json!({ "company_id": company, "batch_id": batch, "rows": [
            { "line": 2, "name": "Kari Lund", "email": "kari@halden.example" },
            { "line": 3, "name": "Per Moe", "email": "per@halden.example" },
        ]});
        let everyone = ["ines@halden.example", "ola@halden.example", "kari@halden.example", "per@halden.example"];

        break_the_outbox(&app).await;
        for (path, body) in [("/api/v1/users", &trainee), ("/api/v1/users", &admin), ("/api/v1/users/import", &import)] {
            let response = call(&app, Method::POST, path, &root, Some(body.clone())).await;
            assert_eq!(response.status(), 500, "{path} {body}");
        }
        assert_eq!(users_with_email(&app, &everyone).await, 0, "no user outlives the failed invitation");
        assert_eq!(app.summary(&root, company).await["assigned"], 0, "nor any seat");

        mend_the_outbox(&app).await;
        let created = ok(call(&app, Method::POST, "/api/v1/users", &root, Some(trainee)).await, 201).await;
        assert_eq!(created["status"], "invited");
        ok(call(&app, Method::POST, "/api/v1/users", &root, Some(admin)).await, 201).await;
        let imported = ok(call(&app, Method::POST, "/api/v1/users/import", &root, Some(import)).await, 201).await;
        assert_eq!(imported["imported"], 2);
        assert_eq!(app.summary(&root, company).await["assigned"], 3);
        assert_eq!(app.audit_count("user.created").await, 2, "the trainee and the admin, each on a line of their own");
        assert_eq!(app.audit_count("trainees.imported").await, 1, "the import");
        for email in everyone {
            assert_eq!(app.mail.wait_for(email, 1).await.len(), 1, "the invitation of {email}");
        }
    }
}
