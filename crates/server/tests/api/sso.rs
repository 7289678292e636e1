//! SSO connections over HTTP: the super admin sets up a company's provider, the company admin
//! sees and tunes their own, the secret goes in sealed and never comes out, a domain is one
//! company's, and "Test connection" runs discovery against a real provider.

use kernel::Role;
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{
    audit::trainee_token,
    helpers::{OidcProvider, TestApp, assert_problem, spawn_app},
    licences::{call, ok},
};

const SECRET: &str = "entra-client-secret-0123456789";

fn body(domains: &[&str]) -> Value {
    json!({
        "issuer": "https://login.microsoftonline.com/northwind/v2.0",
        "client_id": "playtrack-portal",
        "client_secret": SECRET,
        "scopes": ["offline_access", "openid"],
        "email_claim": "preferred_username",
        "domains": domains,
        "password_sign_in": true,
    })
}

fn path(company: Uuid) -> String {
    format!("/api/v1/companies/{company}/sso-connection")
}

/// Every text the database holds for SSO connections and their audit lines.
async fn stored_text(app: &TestApp) -> String {
    let backend = app.db.get_database_backend();
    let mut text = String::new();
    for sql in [
        "SELECT client_secret_sealed || ' ' || client_id FROM sso_connections",
        "SELECT CAST(details AS TEXT) FROM audit_events WHERE action LIKE 'sso_connection.%'",
    ] {
        for row in app.db.query_all_raw(Statement::from_string(backend, sql)).await.unwrap() {
            text.push_str(&row.try_get_by_index::<String>(0).unwrap());
            text.push('\n');
        }
    }
    text
}

async fn sealed(app: &TestApp) -> String {
    let backend = app.db.get_database_backend();
    let row =
        app.db.query_one_raw(Statement::from_string(backend, "SELECT client_secret_sealed FROM sso_connections")).await;
    row.unwrap().unwrap().try_get_by_index(0).unwrap()
}

crate::on_both_databases! {
    async fn the_super_admin_sets_up_a_connection_whose_secret_never_comes_out(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Northwind", false, 30).await;
        let (batch, _) = app.seats_for(&root, company, 5).await;
        let mut input = body(&["Northwind.Example", "@nw-corp.example"]);
        input["create_users"] = json!(true);
        input["batch_id"] = json!(batch);
        input["assign_seat"] = json!(true);
        let saved = ok(call(&app, Method::PUT, &path(company), &root, Some(input.clone())).await, 200).await;
        assert_eq!(saved["domains"], json!(["northwind.example", "nw-corp.example"]));
        assert_eq!(saved["scopes"], json!(["offline_access"]), "openid is always asked for");
        assert_eq!((saved["create_users"].clone(), saved["batch_id"].clone()), (json!(true), json!(batch)));
        assert!(!saved.to_string().contains(SECRET) && saved.get("client_secret").is_none());
        let listed = ok(call(&app, Method::GET, "/api/v1/sso-connections", &root, None).await, 200).await;
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert!(!listed.to_string().contains(SECRET));
        let stored = stored_text(&app).await;
        assert!(!stored.contains(SECRET), "the secret is stored sealed and never audited: {stored}");

        // Saved again without a secret, the sealed one stays; with one, it is replaced.
        let before = sealed(&app).await;
        input.as_object_mut().unwrap().remove("client_secret");
        ok(call(&app, Method::PUT, &path(company), &root, Some(input.clone())).await, 200).await;
        assert_eq!(sealed(&app).await, before);
        input["client_secret"] = json!("a-new-secret");
        ok(call(&app, Method::PUT, &path(company), &root, Some(input)).await, 200).await;
        assert_ne!(sealed(&app).await, before);
        assert_eq!((app.audit_count("sso_connection.created").await, app.audit_count("sso_connection.updated").await), (1, 2));

        let gone = call(&app, Method::DELETE, &path(company), &root, None).await;
        assert_eq!(gone.status(), 204);
        assert_problem(call(&app, Method::GET, &path(company), &root, None).await, 404, "NOT_FOUND").await;
        assert_eq!(app.audit_count("sso_connection.deleted").await, 1);
    }

    async fn a_company_admin_sees_and_tunes_only_their_own_connection(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (northwind, orbis) = (app.company("Northwind", false, 30).await, app.company("Orbis", false, 30).await);
        ok(call(&app, Method::PUT, &path(northwind), &root, Some(body(&["northwind.example"]))).await, 200).await;
        ok(call(&app, Method::PUT, &path(orbis), &root, Some(body(&["orbis.example"]))).await, 200).await;
        let admin = app.user(Role::CompanyAdmin, Some(northwind)).await;
        let token = app.token_of(&admin).await;

        let listed = ok(call(&app, Method::GET, "/api/v1/sso-connections", &token, None).await, 200).await;
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert_eq!(listed[0]["company_id"], json!(northwind));
        assert_problem(call(&app, Method::GET, &path(orbis), &token, None).await, 403, "FORBIDDEN").await;
        assert_problem(call(&app, Method::PUT, &path(orbis), &token, Some(body(&["orbis.example"]))).await, 403, "FORBIDDEN").await;

        // The client is theirs to change; the domains and the password switch are not.
        let mut change = body(&["evil.example"]);
        change["client_id"] = json!("new-client");
        change["password_sign_in"] = json!(false);
        let changed = ok(call(&app, Method::PUT, &path(northwind), &token, Some(change)).await, 200).await;
        assert_eq!(changed["client_id"], "new-client");
        assert_eq!(changed["domains"], json!(["northwind.example"]));
        assert_eq!(changed["password_sign_in"], json!(true));
        assert_problem(call(&app, Method::DELETE, &path(northwind), &token, None).await, 403, "FORBIDDEN").await;

        let trainee = trainee_token(&app, northwind).await;
        assert_problem(call(&app, Method::GET, "/api/v1/sso-connections", &trainee, None).await, 403, "FORBIDDEN").await;
        assert_problem(call(&app, Method::GET, &path(northwind), &trainee, None).await, 403, "FORBIDDEN").await;
    }

    async fn a_domain_is_one_companys_and_every_field_is_checked(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (northwind, orbis) = (app.company("Northwind", false, 30).await, app.company("Orbis", false, 30).await);
        ok(call(&app, Method::PUT, &path(northwind), &root, Some(body(&["northwind.example"]))).await, 200).await;
        let taken = call(&app, Method::PUT, &path(orbis), &root, Some(body(&["orbis.example", "NORTHWIND.example"]))).await;
        let problem = assert_problem(taken, 422, "VALIDATION_FAILED").await;
        assert_eq!(problem["errors"][0]["field"], "domains.1");
        assert_eq!(problem["errors"][0]["code"], "TAKEN");
        assert_problem(call(&app, Method::GET, &path(orbis), &root, None).await, 404, "NOT_FOUND").await;

        let (orbis_batch, _) = app.seats_for(&root, orbis, 1).await;
        let bad = json!({
            "issuer": "http://idp.example", "client_id": "", "scopes": ["a b"], "email_claim": "nickname",
            "domains": ["localhost"], "create_users": true, "batch_id": orbis_batch, "password_sign_in": true,
        });
        let problem = assert_problem(call(&app, Method::PUT, &path(northwind), &root, Some(bad)).await, 422, "VALIDATION_FAILED").await;
        let fields: Vec<(String, String)> = problem["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
            .collect();
        let expected = [
            ("issuer", "MALFORMED"), ("client_id", "REQUIRED"), ("scopes.0", "MALFORMED"),
            ("email_claim", "UNKNOWN"), ("domains.0", "MALFORMED"),
        ];
        assert_eq!(fields, expected.map(|(f, c)| (f.to_owned(), c.to_owned())));
        let mut other_batch = body(&["nw.example"]);
        other_batch["create_users"] = json!(true);
        other_batch["batch_id"] = json!(orbis_batch);
        let problem = assert_problem(call(&app, Method::PUT, &path(northwind), &root, Some(other_batch)).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(problem["errors"][0]["code"], "UNKNOWN_BATCH", "another company's batch");
    }

    async fn test_connection_shows_what_the_provider_publishes_or_why_it_failed(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Northwind", false, 30).await;
        let provider = OidcProvider::start(&json!({
            "clients": [{ "client_id": "playtrack", "client_secret": SECRET, "redirect_uris": ["http://127.0.0.1:9/cb"] }],
            "accounts": {},
        }));
        let mut input = body(&["northwind.example"]);
        input["issuer"] = json!(provider.issuer);
        ok(call(&app, Method::PUT, &path(company), &root, Some(input.clone())).await, 200).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;
        let tested = ok(call(&app, Method::POST, &format!("{}/test", path(company)), &token, None).await, 200).await;
        assert_eq!(tested["ok"], json!(true), "{tested}");
        let found = &tested["discovered"];
        assert_eq!(found["issuer"], json!(provider.issuer));
        assert_eq!(found["authorization_endpoint"], json!(format!("{}/auth", provider.issuer)));
        assert_eq!(found["signing_keys"], json!(1));
        assert!(found["claims_supported"].as_array().unwrap().contains(&json!("email")));

        drop(provider);
        let tested = ok(call(&app, Method::POST, &format!("{}/test", path(company)), &root, None).await, 200).await;
        assert_eq!(tested["ok"], json!(false));
        assert!(tested["error"].as_str().unwrap().to_lowercase().contains("request"), "{tested}");
    }
}
