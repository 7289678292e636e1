//! Signing in through a company's identity provider, against a real OpenID Connect provider
//! (`tools/oidc`) whose own login page the test fills in as a browser would: the known
//! trainee goes through the EULA, a new one is created in the right company and batch with a
//! seat, and every way the provider's word can be wrong, replayed or someone else's is refused.

use kernel::Role;
use reqwest::Method;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{
    helpers::{OidcProvider, TestApp, assert_problem, spawn_app},
    licences::{call, ok},
};

const SECRET: &str = "northwind-provider-secret";

/// A company with a connection to a fresh provider that knows `accounts`, a batch with seats,
/// and the super admin's token.
struct Setup {
    app: TestApp,
    provider: OidcProvider,
    company: Uuid,
    batch: Uuid,
    root: String,
}

async fn setup(db: crate::helpers::TestDb, create_users: bool) -> Setup {
    let app = spawn_app(db).await;
    let provider = OidcProvider::start(&json!({
        "clients": [{ "client_id": "playtrack", "client_secret": SECRET, "redirect_uris": [callback(&app)] }],
        "accounts": {
            "asha": { "email": "asha@northwind.example", "email_verified": true, "name": "Asha Rao" },
            "ben": { "email": "ben@northwind.example", "email_verified": true, "name": "Ben Okafor" },
            "carol": { "email": "carol@elsewhere.example", "email_verified": true },
            "dan": { "email": "dan@northwind.example", "email_verified": true },
            "erin": { "email": "erin@northwind.example", "email_verified": true, "name": "Erin Walsh" },
        },
    }));
    let root = app.super_admin().await;
    let company = app.company("Northwind", false, 30).await;
    let (batch, _) = app.seats_for(&root, company, 5).await;
    let connection = json!({
        "issuer": provider.issuer, "client_id": "playtrack", "client_secret": SECRET,
        "email_claim": "email", "domains": ["northwind.example"],
        "create_users": create_users, "batch_id": batch, "assign_seat": true, "password_sign_in": true,
    });
    let path = format!("/api/v1/companies/{company}/sso-connection");
    ok(call(&app, Method::PUT, &path, &root, Some(connection)).await, 200).await;
    Setup { app, provider, company, batch, root }
}

/// Changes the company's connection as the super admin would on its form.
async fn update_connection(s: &Setup, change: impl FnOnce(&mut Value)) {
    let path = format!("/api/v1/companies/{}/sso-connection", s.company);
    let mut connection = ok(call(&s.app, Method::GET, &path, &s.root, None).await, 200).await;
    for field in ["company_id", "created_at", "updated_at"] {
        connection.as_object_mut().unwrap().remove(field);
    }
    change(&mut connection);
    ok(call(&s.app, Method::PUT, &path, &s.root, Some(connection)).await, 200).await;
}

fn callback(app: &TestApp) -> String {
    format!("{}/auth/sso/callback", app.config.public_url())
}

/// A sign-in started for `email`: the provider's URL and the browser's binding cookie.
async fn start(app: &TestApp, email: &str) -> (String, String) {
    let response = app.post_json("/api/v1/auth/sso/start", &json!({ "email": email })).await;
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|c| c.to_str().unwrap().split(';').next().unwrap().to_owned())
        .find(|c| c.starts_with("playtrack_sso="))
        .expect("the binding cookie");
    let body = ok(response, 200).await;
    (body["authorization_url"].as_str().unwrap().to_owned(), cookie)
}

async fn finish(app: &TestApp, cookie: Option<&str>, body: &Value) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/v1/auth/sso/finish")).json(body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.unwrap()
}

/// Starts for `email`, signs in at the provider as `login`, and answers the callback's body
/// and the binding cookie.
async fn through_provider(s: &Setup, email: &str, login: &str) -> (Value, String) {
    let (url, cookie) = start(&s.app, email).await;
    let params = s.provider.sign_in(&url, login, &callback(&s.app)).await;
    let body: serde_json::Map<String, Value> = params.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
    (Value::Object(body), cookie)
}

async fn scalar(app: &TestApp, sql: &str) -> String {
    let backend = app.db.get_database_backend();
    let row = app.db.query_one_raw(Statement::from_string(backend, sql)).await.unwrap().expect("a row");
    row.try_get_by_index::<String>(0).unwrap()
}

/// The `reason` of every failed SSO sign-in the audit trail holds, in order.
async fn failure_reasons(app: &TestApp) -> Vec<String> {
    let backend = app.db.get_database_backend();
    let sql = "SELECT CAST(details AS TEXT) FROM audit_events WHERE action = 'sso.sign_in_failed' ORDER BY at";
    let rows = app.db.query_all_raw(Statement::from_string(backend, sql)).await.unwrap();
    rows.iter()
        .map(|r| {
            let details: Value = serde_json::from_str(&r.try_get_by_index::<String>(0).unwrap()).unwrap();
            details["reason"].as_str().unwrap().to_owned()
        })
        .collect()
}

crate::on_both_databases! {
    async fn a_known_trainee_signs_in_through_the_eula_and_a_new_one_gets_a_seat_in_the_batch(db: TestDb) {
        let s = setup(db, true).await;
        let asha = s.app.user(Role::User, Some(s.company)).await;
        s.app.set_user(&asha, "email", "asha@northwind.example").await;

        let (callback, cookie) = through_provider(&s, "Asha@Northwind.example", "asha").await;
        let step = ok(finish(&s.app, Some(&cookie), &callback).await, 200).await;
        assert_eq!(step["status"], "eula_required", "{step}");
        let session = ok(
            s.app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await,
            200,
        )
        .await;
        let me = ok(s.app.get_as("/api/v1/auth/session", session["token"].as_str().unwrap()).await, 200).await;
        assert_eq!((me["email"].as_str(), me["role"].as_str()), (Some("asha@northwind.example"), Some("USER")));
        let sso_sessions = scalar(&s.app, "SELECT CAST(COUNT(*) AS TEXT) FROM sessions WHERE kind = 'sso'").await;
        assert_eq!(sso_sessions, "1");

        // The same answer again is refused: the sign-in was used up.
        assert_problem(finish(&s.app, Some(&cookie), &callback).await, 401, "SSO_EXPIRED").await;
        // The used code with a new sign-in's state: the provider will not exchange it twice.
        let (url, fresh) = start(&s.app, "asha@northwind.example").await;
        let state = url::Url::parse(&url).unwrap().query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
        let replayed = json!({ "state": state, "code": callback["code"] });
        assert_problem(finish(&s.app, Some(&fresh), &replayed).await, 401, "SSO_NO_ACCESS_TOKEN").await;

        // Ben is unknown here: the connection makes him a trainee of its batch, with a seat.
        let (callback, cookie) = through_provider(&s, "ben@northwind.example", "ben").await;
        let step = ok(finish(&s.app, Some(&cookie), &callback).await, 200).await;
        assert_eq!(step["status"], "eula_required");
        // As the company's admin sees him: in the company and the batch, active, with a seat.
        let listed = ok(call(&s.app, Method::GET, "/api/v1/users?q=ben%40northwind", &s.root, None).await, 200).await;
        let ben = &listed["items"][0];
        assert_eq!((ben["company_id"].as_str(), ben["status"].as_str()), (Some(s.company.to_string().as_str()), Some("active")), "{listed}");
        assert_eq!(ben["name"], "Ben Okafor");
        let path = format!("/api/v1/batches/{}/members", s.batch);
        let members = ok(call(&s.app, Method::GET, &path, &s.root, None).await, 200).await;
        assert!(members.to_string().contains("ben@northwind.example"), "{members}");
        let seats = ok(call(&s.app, Method::GET, &format!("/api/v1/seats?company_id={}", s.company), &s.root, None).await, 200).await;
        assert!(seats.to_string().contains(ben["id"].as_str().unwrap()), "{seats}");
        assert_eq!(s.app.audit_count("trainee.self_enrolled").await, 1);

        // Without seats at first sign-in, Erin joins the batch and holds none.
        update_connection(&s, |c| c["assign_seat"] = json!(false)).await;
        let (callback, cookie) = through_provider(&s, "erin@northwind.example", "erin").await;
        assert_eq!(ok(finish(&s.app, Some(&cookie), &callback).await, 200).await["status"], "eula_required");
        let members = ok(call(&s.app, Method::GET, &path, &s.root, None).await, 200).await;
        assert!(members.to_string().contains("erin@northwind.example"), "{members}");
        let seats = ok(call(&s.app, Method::GET, &format!("/api/v1/seats?company_id={}", s.company), &s.root, None).await, 200).await;
        assert_eq!(seats["total"], 1, "only Ben's: {seats}");
        assert_eq!(failure_reasons(&s.app).await, ["no_access_token"]);
    }

    async fn the_providers_word_is_refused_when_anything_about_it_is_off(db: TestDb) {
        let s = setup(db, false).await;
        let dan = s.app.user(Role::User, Some(s.app.company("Contoso", false, 30).await)).await;
        s.app.set_user(&dan, "email", "dan@northwind.example").await;
        let asha = s.app.user(Role::User, Some(s.company)).await;
        s.app.set_user(&asha, "email", "asha@northwind.example").await;

        // No connection vouches for the domain.
        let response = s.app.post_json("/api/v1/auth/sso/start", &json!({ "email": "x@elsewhere.example" })).await;
        assert_problem(response, 422, "SSO_NOT_AVAILABLE").await;

        // A tampered state, and the right one from another browser (no binding cookie).
        let (callback, cookie) = through_provider(&s, "asha@northwind.example", "asha").await;
        let mut tampered = callback.clone();
        tampered["state"] = json!(format!("{}x", callback["state"].as_str().unwrap()));
        assert_problem(finish(&s.app, Some(&cookie), &tampered).await, 401, "SSO_EXPIRED").await;
        assert_problem(finish(&s.app, None, &callback).await, 401, "SSO_EXPIRED").await;

        // The provider vouches for an address outside the verified domains.
        let (callback, cookie) = through_provider(&s, "asha@northwind.example", "carol").await;
        assert_problem(finish(&s.app, Some(&cookie), &callback).await, 403, "SSO_EMAIL_NOT_ALLOWED").await;
        // Dan's address is in the domain, but Dan is of another company; Ben is nobody here
        // and this connection creates nobody: both hear the same.
        for login in ["dan", "ben"] {
            let (callback, cookie) = through_provider(&s, "asha@northwind.example", login).await;
            assert_problem(finish(&s.app, Some(&cookie), &callback).await, 403, "SSO_NO_ACCOUNT").await;
        }

        // ID tokens with the wrong nonce, signed by a key rotated out of the JWKS, or expired
        // by the portal's clock.
        for switch in ["nonce", "stale-key", "short-id-token"] {
            s.provider.switch(switch).await;
            let (callback, cookie) = through_provider(&s, "asha@northwind.example", "asha").await;
            if switch == "short-id-token" {
                s.app.clock.advance(time::Duration::minutes(5));
            }
            assert_problem(finish(&s.app, Some(&cookie), &callback).await, 401, "SSO_TOKEN_REJECTED").await;
            s.provider.switch("reset").await;
        }
        // A key rotated in is known at once.
        s.provider.switch("rotate").await;
        let (callback, cookie) = through_provider(&s, "asha@northwind.example", "asha").await;
        assert_eq!(ok(finish(&s.app, Some(&cookie), &callback).await, 200).await["status"], "eula_required");

        // The provider's own error is shown as it said it.
        let (url, cookie) = start(&s.app, "asha@northwind.example").await;
        let state = url::Url::parse(&url).unwrap().query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
        let denied = json!({ "state": state, "error": "access_denied", "error_description": "The user cancelled." });
        let problem = assert_problem(finish(&s.app, Some(&cookie), &denied).await, 401, "SSO_PROVIDER_ERROR").await;
        assert_eq!(problem["detail"], "The user cancelled.");

        let reasons = failure_reasons(&s.app).await;
        assert_eq!(reasons, ["domain", "other_company", "no_account", "nonce", "signature", "expired", "provider"]);
        let sessions = scalar(&s.app, "SELECT CAST(COUNT(*) AS TEXT) FROM sessions WHERE kind = 'sso'").await;
        assert_eq!(sessions, "0", "nobody got in");
    }

    async fn password_sign_in_is_refused_where_the_company_switched_it_off(db: TestDb) {
        let s = setup(db, false).await;
        let asha = s.app.user(Role::CompanyAdmin, Some(s.company)).await;
        assert_eq!(s.app.login(&asha.email, &asha.password).await.status(), 200);
        update_connection(&s, |c| c["password_sign_in"] = json!(false)).await;

        assert_problem(s.app.login(&asha.email, &asha.password).await, 403, "SSO_REQUIRED").await;
        // A wrong password learns nothing of the switch.
        assert_problem(s.app.login(&asha.email, "not-the-password").await, 401, "INVALID_CREDENTIALS").await;
        assert_eq!(s.app.audit_count("sign_in.refused_sso_only").await, 1);
        // Another company's people still sign in with passwords.
        let other = s.app.user(Role::CompanyAdmin, Some(s.app.company("Contoso", false, 30).await)).await;
        assert_eq!(s.app.login(&other.email, &other.password).await.status(), 200);
    }
}
