//! Game apps over HTTP: the super admin registers the games that sign trainees in, with the
//! redirect URIs native apps may use; nobody else sees or changes them.

use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{assert_problem, spawn_app},
    licences::{call, ok},
};

fn fields(problem: &Value) -> Vec<(&str, &str)> {
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect()
}

crate::on_both_databases! {
    async fn the_super_admin_registers_changes_and_disables_a_game_app(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (api_client, _) = app.game_client(&root, json!({ "name": "Hero servers", "kind": "game", "all_companies": true })).await;
        let body = json!({
            "name": "Warehouse Hero", "scopes": ["play", "reports", "play"],
            "redirect_uris": ["http://127.0.0.1/callback", "com.example.hero:/callback"],
            "api_client_id": api_client,
        });
        let created = ok(call(&app, Method::POST, "/api/v1/game-apps", &root, Some(body.clone())).await, 201).await;
        let client_id = created["client_id"].as_str().unwrap().to_owned();
        assert!(client_id.starts_with("game_") && client_id.len() > 40, "{client_id}");
        assert_eq!(created["scopes"], json!(["play", "reports"]));
        assert!(created["disabled_at"].is_null());
        assert!(created.get("secret").is_none(), "a game app has no secret");
        assert_eq!(created["api_client_id"], json!(api_client));

        let id = created["id"].as_str().unwrap();
        let mut disable = body;
        disable["disabled"] = json!(true);
        disable["scopes"] = json!(["play"]);
        let disabled = ok(call(&app, Method::PUT, &format!("/api/v1/game-apps/{id}"), &root, Some(disable)).await, 200).await;
        assert!(disabled["disabled_at"].is_string());
        assert_eq!(disabled["client_id"], client_id.as_str(), "the client id stays");
        let listed = ok(call(&app, Method::GET, "/api/v1/game-apps", &root, None).await, 200).await;
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert_eq!(listed[0]["scopes"], json!(["play"]));
        assert_eq!((app.audit_count("game_app.created").await, app.audit_count("game_app.updated").await), (1, 1));
        let audited = ok(call(&app, Method::GET, "/api/v1/audit-events?target_type=game_app", &root, None).await, 200).await;
        let updated = &audited["items"][0];
        assert_eq!(updated["target_name"], "Warehouse Hero", "{updated}");
        let (before, after) = (&updated["details"]["before"], &updated["details"]["after"]);
        assert!(before["created_at"].is_string() && before["disabled_at"].is_null(), "instants as text: {before}");
        assert_eq!(after["created_at"], before["created_at"]);
        assert!(after["disabled_at"].is_string(), "{after}");

        let company = app.company("Orbis", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;
        assert_problem(call(&app, Method::GET, "/api/v1/game-apps", &token, None).await, 403, "FORBIDDEN").await;
    }

    async fn only_redirect_uris_a_native_app_may_use_are_registered(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (partner, _) = app.game_client(&root, json!({ "name": "Partner", "kind": "partner", "all_companies": true })).await;
        let body = json!({
            "name": " ", "scopes": ["admin"], "api_client_id": partner,
            "redirect_uris": [
                "http://localhost:8400/cb", "http://game.example.com/cb", "mygame:/cb", "http://127.0.0.1/cb#x",
                "https://game.example.com/oauth", "https://game.example.com/oauth",
            ],
        });
        let refused = call(&app, Method::POST, "/api/v1/game-apps", &root, Some(body)).await;
        let problem = assert_problem(refused, 422, "VALIDATION_FAILED").await;
        assert_eq!(fields(&problem), [
            ("name", "REQUIRED"),
            ("redirect_uris.0", "REDIRECT_URI"),
            ("redirect_uris.1", "REDIRECT_URI"),
            ("redirect_uris.2", "REDIRECT_URI"),
            ("redirect_uris.3", "REDIRECT_URI"),
            ("redirect_uris.5", "DUPLICATE"),
            ("scopes", "UNKNOWN"),
        ]);
        let none = call(&app, Method::POST, "/api/v1/game-apps", &root, Some(json!({ "name": "X", "scopes": [], "redirect_uris": [], "api_client_id": partner }))).await;
        assert_eq!(fields(&assert_problem(none, 422, "VALIDATION_FAILED").await), [("redirect_uris", "REQUIRED"), ("scopes", "REQUIRED")]);
        // Attempts are recorded under a game client: a partner's is no place for them.
        let good = json!({ "name": "X", "scopes": ["play"], "redirect_uris": ["http://127.0.0.1/cb"], "api_client_id": partner });
        let partner_refused = call(&app, Method::POST, "/api/v1/game-apps", &root, Some(good)).await;
        assert_eq!(fields(&assert_problem(partner_refused, 422, "VALIDATION_FAILED").await), [("api_client_id", "UNKNOWN")]);
        assert_eq!(app.audit_count("game_app.created").await, 0);
    }
}
