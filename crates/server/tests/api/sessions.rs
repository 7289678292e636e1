//! Sessions after sign-in: checked against the database on every request.

use kernel::Role;
use serde_json::json;
use time::Duration;

use crate::helpers::{ServerProcess, assert_problem, spawn_app};

crate::on_both_databases! {
    async fn logging_out_ends_the_session(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;

        let out = app.client.post(app.url("/api/v1/auth/logout")).bearer_auth(&token).send().await.unwrap();

        assert_eq!(out.status(), 204);
        assert_problem(app.get_as("/api/v1/me", &token).await, 401, "UNAUTHENTICATED").await;
        assert_eq!(app.audit_count("sign_out").await, 1);
    }

    async fn a_revocation_holds_at_once_on_another_server_process(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;
        let other = ServerProcess::start(&app).await;
        let on_other = || app.client.get(format!("{}/api/v1/auth/session", other.address)).bearer_auth(&token).send();
        assert_eq!(on_other().await.unwrap().status(), 200, "the other process accepts the session: one shared key");

        app.client.post(app.url("/api/v1/auth/logout")).bearer_auth(&token).send().await.unwrap();

        assert_problem(on_other().await.unwrap(), 401, "UNAUTHENTICATED").await;
    }

    async fn a_company_session_ends_after_the_company_session_time_idle(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Orbis", false, 15).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;

        app.clock.advance(Duration::minutes(14));
        assert_eq!(app.get_as("/api/v1/me", &token).await.status(), 200, "activity within the session time…");
        app.clock.advance(Duration::minutes(14));
        assert_eq!(app.get_as("/api/v1/me", &token).await.status(), 200, "…keeps it alive");

        app.clock.advance(Duration::minutes(15) + Duration::seconds(1));
        assert_problem(app.get_as("/api/v1/me", &token).await, 401, "SESSION_EXPIRED").await;
        app.clock.advance(Duration::minutes(-30));
        assert_problem(app.get_as("/api/v1/me", &token).await, 401, "UNAUTHENTICATED").await;
    }

    async fn a_super_admin_session_follows_the_configured_idle_time(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;
        let idle = Duration::minutes(i64::from(app.config.admin_session_minutes));

        app.clock.advance(idle + Duration::seconds(1));

        assert_problem(app.get_as("/api/v1/me", &token).await, 401, "SESSION_EXPIRED").await;
    }

    async fn no_session_outlives_its_absolute_lifetime(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 60).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;
        let lifetime = Duration::hours(i64::from(app.config.session_hours));

        let mut elapsed = Duration::ZERO;
        while elapsed + Duration::minutes(50) < lifetime {
            app.clock.advance(Duration::minutes(50));
            elapsed += Duration::minutes(50);
            assert_eq!(app.get_as("/api/v1/me", &token).await.status(), 200);
        }
        app.clock.advance(lifetime - elapsed);

        assert_problem(app.get_as("/api/v1/me", &token).await, 401, "SESSION_EXPIRED").await;
    }

    async fn disabling_a_user_or_changing_their_role_ends_their_sessions(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let (disabled, promoted) = (app.user(Role::CompanyAdmin, Some(company)).await, app.user(Role::CompanyAdmin, Some(company)).await);
        let (disabled_token, promoted_token) = (app.token_of(&disabled).await, app.token_of(&promoted).await);

        app.set_user(&disabled, "status", "disabled").await;
        app.set_user(&promoted, "role", "USER").await;

        assert_problem(app.get_as("/api/v1/me", &disabled_token).await, 401, "UNAUTHENTICATED").await;
        assert_problem(app.get_as("/api/v1/me", &promoted_token).await, 401, "UNAUTHENTICATED").await;
    }

    async fn a_new_sign_in_gets_a_new_session(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let first = app.token_of(&admin).await;
        let second = app.token_of(&admin).await;
        assert_ne!(first, second);

        app.client.post(app.url("/api/v1/auth/logout")).bearer_auth(&first).send().await.unwrap();

        assert_eq!(app.get_as("/api/v1/me", &second).await.status(), 200, "ending one session leaves the other");
    }

    async fn a_challenge_token_is_never_an_access_token(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user_with(Role::SuperAdmin, None, true, "en").await;
        let step: serde_json::Value = app.login(&admin.email, &admin.password).await.json().await.unwrap();

        for token in [step["challenge"].as_str().unwrap(), "", "Bearer", "eyJhbGciOiJub25lIn0.e30."] {
            assert_problem(app.get_as("/api/v1/me", token).await, 401, "UNAUTHENTICATED").await;
        }
        assert_problem(app.get("/api/v1/me").await, 401, "UNAUTHENTICATED").await;
    }

    async fn a_trainee_is_refused_admin_calls_and_admins_see_only_their_company(db: TestDb) {
        let app = spawn_app(db).await;
        let (mine, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let admin = app.user(Role::CompanyAdmin, Some(mine)).await;
        let other_admin = app.user(Role::CompanyAdmin, Some(theirs)).await;
        let super_admin = app.user(Role::SuperAdmin, None).await;
        let trainee = app.user(Role::User, Some(mine)).await;
        let step: serde_json::Value = app.login(&trainee.email, &trainee.password).await.json().await.unwrap();
        let session: serde_json::Value = app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await.json().await.unwrap();
        let trainee_token = session["token"].as_str().unwrap();
        app.token_of(&other_admin).await;
        app.login(&admin.email, "Wrong-password-1").await;

        assert_problem(app.get_as("/api/v1/audit-events", trainee_token).await, 403, "FORBIDDEN").await;

        let seen: serde_json::Value = app.get_as("/api/v1/audit-events?per_page=200", &app.token_of(&admin).await).await.json().await.unwrap();
        let companies: Vec<_> = seen["items"].as_array().unwrap().iter().map(|e| e["company_id"].clone()).collect();
        assert!(!companies.is_empty());
        assert!(companies.iter().all(|c| c == &json!(mine.to_string())), "{companies:?}");
        let actions: Vec<_> = seen["items"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
        assert!(actions.contains(&"sign_in.failed"), "a failed sign-in of their own admin is theirs to see: {actions:?}");
        let everything: serde_json::Value = app.get_as("/api/v1/audit-events?per_page=200", &app.token_of(&super_admin).await).await.json().await.unwrap();
        assert!(everything["items"].as_array().unwrap().iter().any(|e| e["company_id"] == json!(theirs.to_string())));
    }

    async fn the_dashboard_counts_only_what_the_caller_may_see(db: TestDb) {
        let app = spawn_app(db).await;
        let (mine, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let admin = app.user(Role::CompanyAdmin, Some(mine)).await;
        for company in [mine, theirs, theirs] {
            app.user(Role::User, Some(company)).await;
        }

        let dashboard: serde_json::Value = app.get_as("/api/v1/dashboard", &app.token_of(&admin).await).await.json().await.unwrap();

        assert_eq!(dashboard["companies"], 1);
        assert_eq!(dashboard["trainees"], 1);
    }
}
