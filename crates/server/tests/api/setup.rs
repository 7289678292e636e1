//! The first super admin of an empty installation.

use serde_json::json;

use crate::helpers::{TestApp, assert_problem, spawn_app};

async fn offer(app: &TestApp) -> Option<String> {
    let identity = server::startup::Application::build(&app.config).await.unwrap();
    identity.identity().offer_setup().await.unwrap()
}

fn setup(token: &str, password: &str) -> serde_json::Value {
    json!({ "token": token, "email": "Owner@Provider.Example", "name": "Owner", "password": password })
}

crate::on_both_databases! {
    async fn the_setup_link_creates_the_first_super_admin_once(db: TestDb) {
        let app = spawn_app(db).await;
        let token = offer(&app).await.expect("an empty database offers setup");

        let response = app.post_json("/api/v1/setup", &setup(&token, "Zorbel-lamp42")).await;

        assert_eq!(response.status(), 200);
        let grant: serde_json::Value = response.json().await.unwrap();
        assert_eq!(grant["user"]["role"], "SUPER_ADMIN");
        assert_eq!(grant["user"]["email"], "owner@provider.example");
        assert_eq!(app.get_as("/api/v1/me", grant["token"].as_str().unwrap()).await.status(), 200);
        assert_problem(app.post_json("/api/v1/setup", &setup(&token, "Zorbel-lamp42")).await, 403, "SETUP_TOKEN_INVALID").await;
        assert!(offer(&app).await.is_none(), "no setup link once someone exists");
    }

    async fn a_wrong_token_or_a_weak_password_creates_nobody(db: TestDb) {
        let app = spawn_app(db).await;
        let token = offer(&app).await.unwrap();

        assert_problem(app.post_json("/api/v1/setup", &setup("guess", "Zorbel-lamp42")).await, 403, "SETUP_TOKEN_INVALID").await;
        let weak = assert_problem(app.post_json("/api/v1/setup", &setup(&token, "zorbel")).await, 422, "PASSWORD_POLICY").await;

        let codes: Vec<_> = weak["errors"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["MINIMUM_LENGTH", "DIGIT", "UPPERCASE", "SPECIAL_CHARACTER"]);
        assert_eq!(app.post_json("/api/v1/setup", &setup(&token, "Zorbel-lamp42")).await.status(), 200, "the link still works");
    }
}
