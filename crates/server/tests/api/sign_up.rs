//! Sign-up through a batch's link (issue 16): admins make and revoke keys within their
//! company; a person confirms their address by the mailed link, chooses a password under the
//! company's policy and joins the batch with a seat; closed keys, a full licence, throttling,
//! and two processes racing for a key's last use.

use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};
use time::{Duration, format_description::well_known::Rfc3339};
use uuid::Uuid;

use crate::{
    helpers::{ServerProcess, TestApp, assert_problem, spawn_app},
    licences::{call, day, ok},
};

const PASSWORD: &str = "Lantern-walk-42";

struct World {
    app: TestApp,
    root: String,
    company: Uuid,
    admin: String,
    batch: Uuid,
}

/// Meridian, its admin, and a batch with `seats` seats of a year's licence.
async fn world(app: TestApp, seats: u32) -> World {
    let root = app.super_admin().await;
    let company = app.company("Meridian", false, 30).await;
    let admin = app.user(Role::CompanyAdmin, Some(company)).await;
    let admin = app.token_of(&admin).await;
    let (batch, _) = app.seats_for(&root, company, seats).await;
    World { app, root, company, admin, batch }
}

impl World {
    /// A key of the batch made by the company admin: its JSON and its secret.
    async fn key(&self, max_uses: u32, days: i64, domains: &[&str]) -> (Value, String) {
        let expires_at = (self.app.clock_now() + Duration::days(days)).format(&Rfc3339).unwrap();
        let body = json!({ "max_uses": max_uses, "expires_at": expires_at, "domains": domains });
        let path = format!("/api/v1/batches/{}/enrolment-keys", self.batch);
        let issued = ok(call(&self.app, Method::POST, &path, &self.admin, Some(body)).await, 201).await;
        let link = issued["link"].as_str().unwrap();
        let prefix = format!("{}/signup?key=", self.app.config.public_url());
        assert!(link.starts_with(&prefix), "{link}");
        (issued["key"].clone(), link[prefix.len()..].to_owned())
    }

    async fn keys(&self) -> Value {
        let path = format!("/api/v1/batches/{}/enrolment-keys", self.batch);
        ok(call(&self.app, Method::GET, &path, &self.admin, None).await, 200).await
    }

    async fn sign_up(&self, key: &str, name: &str, email: &str) -> reqwest::Response {
        self.app.post_json("/api/v1/signup", &json!({ "key": key, "name": name, "email": email })).await
    }

    /// Signs `email` up and answers the token of the `nth` mail's confirmation link.
    async fn confirmation(&self, key: &str, name: &str, email: &str, nth: usize) -> String {
        assert_eq!(self.sign_up(key, name, email).await.status(), 202);
        let link = self.app.mail.link(email, nth).await;
        let prefix = format!("{}/signup/confirm?token=", self.app.config.public_url());
        assert!(link.starts_with(&prefix), "{link}");
        link[prefix.len()..].to_owned()
    }

    async fn complete(&self, token: &str, password: &str) -> reqwest::Response {
        self.app
            .post_json("/api/v1/signup/complete", &json!({ "token": token, "password": password, "confirm": password }))
            .await
    }

    async fn link_of(&self, key: &str) -> reqwest::Response {
        self.app.get(&format!("/api/v1/signup/link?key={key}")).await
    }

    async fn members(&self) -> Vec<String> {
        let path = format!("/api/v1/batches/{}/members", self.batch);
        let page = ok(call(&self.app, Method::GET, &path, &self.admin, None).await, 200).await;
        page["items"].as_array().unwrap().iter().map(|m| m["email"].as_str().unwrap().to_owned()).collect()
    }

    async fn uses_of(&self, key: &Value) -> u64 {
        let keys = self.keys().await;
        keys.as_array().unwrap().iter().find(|k| k["id"] == key["id"]).unwrap()["uses"].as_u64().unwrap()
    }
}

crate::on_both_databases! {
    async fn a_person_joins_a_batch_through_its_link_with_a_seat_and_is_signed_in(db: TestDb) {
        let w = world(spawn_app(db).await, 5).await;
        let (key, secret) = w.key(2, 7, &["Meridian.example"]).await;
        assert_eq!(key["domains"], json!(["meridian.example"]));
        let listed = w.keys().await;
        assert_eq!(listed.as_array().unwrap().len(), 1);
        assert!(!listed.to_string().contains(&secret), "the key is shown once, at its creation");

        let joining: Value = w.link_of(&secret).await.json().await.unwrap();
        assert_eq!(joining["company"], "Meridian");
        let outside = assert_problem(w.sign_up(&secret, "Ben Okafor", "ben@elsewhere.example").await, 422, "VALIDATION_FAILED").await;
        assert_eq!(outside["errors"][0], json!({ "field": "email", "code": "DOMAIN_NOT_ALLOWED" }));
        let nameless = assert_problem(w.sign_up(&secret, "  ", "ben@meridian.example").await, 422, "VALIDATION_FAILED").await;
        assert_eq!(nameless["errors"][0]["field"], "name");

        let token = w.confirmation(&secret, "Nadia Haddad", "nadia@meridian.example", 1).await;
        assert!(w.members().await.is_empty(), "nobody joins before confirming the address");
        let confirming: Value = w.app.get(&format!("/api/v1/signup/confirmation?token={token}")).await.json().await.unwrap();
        assert_eq!(confirming["name"], "Nadia Haddad");
        assert_eq!(confirming["joining"]["company"], "Meridian");
        assert_eq!(confirming["policy"]["minimum_length"], 6);
        assert_problem(w.complete(&token, "nadia1").await, 422, "PASSWORD_POLICY").await;

        let step: Value = w.complete(&token, PASSWORD).await.json().await.unwrap();
        assert_eq!(step["status"], "eula_required");
        let session: Value = w.app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await.json().await.unwrap();
        assert_eq!(session["user"]["role"], "USER");
        assert_eq!(w.members().await, ["nadia@meridian.example"]);
        assert_eq!(w.app.summary(&w.root, w.company).await["assigned"], 1, "she holds a seat of the batch's licence");
        assert_eq!(w.uses_of(&key).await, 1);
        assert_eq!(w.app.audit_count("trainee.signed_up").await, 1);
        assert_eq!(w.app.audit_count("enrolment_key.created").await, 1);
        assert_problem(w.complete(&token, PASSWORD).await, 410, "LINK_EXPIRED").await;
        assert_eq!(w.app.login("nadia@meridian.example", PASSWORD).await.status(), 200);

        // Signing up again with her address tells her, not the requester, that she has an account.
        assert_eq!(w.sign_up(&secret, "Nadia Haddad", "nadia@meridian.example").await.status(), 202);
        let reminder = &w.app.mail.wait_for("nadia@meridian.example", 2).await[1];
        assert_eq!(reminder.subject, "You already have a Playtrack account");
        assert!(reminder.text.contains(&format!("{}/login", w.app.config.public_url())), "{}", reminder.text);
        assert_eq!(w.uses_of(&key).await, 1);
    }

    async fn a_key_admits_nobody_once_used_up_revoked_or_expired(db: TestDb) {
        let w = world(spawn_app(db).await, 5).await;
        let (one_use, secret) = w.key(1, 7, &[]).await;
        let first = w.confirmation(&secret, "Asha Rao", "asha@any.example", 1).await;
        let second = w.confirmation(&secret, "Ravi Menon", "ravi@any.example", 1).await;
        assert_eq!(w.complete(&first, PASSWORD).await.status(), 200);
        assert_problem(w.complete(&second, PASSWORD).await, 410, "SIGN_UP_LINK_CLOSED").await;
        assert_problem(w.link_of(&secret).await, 410, "SIGN_UP_LINK_CLOSED").await;
        assert_problem(w.sign_up(&secret, "Li Wei", "li@any.example").await, 410, "SIGN_UP_LINK_CLOSED").await;
        assert_eq!(w.uses_of(&one_use).await, 1);
        assert_eq!(w.members().await, ["asha@any.example"]);
        assert_eq!(w.app.audit_count("sign_up.refused").await, 1);

        let (revoked, secret) = w.key(10, 7, &[]).await;
        let pending = w.confirmation(&secret, "Li Wei", "li@any.example", 1).await;
        let path = format!("/api/v1/enrolment-keys/{}/revoke", revoked["id"].as_str().unwrap());
        let answer = ok(call(&w.app, Method::POST, &path, &w.admin, None).await, 200).await;
        assert!(answer["revoked_at"].is_string());
        ok(call(&w.app, Method::POST, &path, &w.admin, None).await, 200).await;
        assert_eq!(w.app.audit_count("enrolment_key.revoked").await, 1, "revoking twice is one change");
        assert_problem(w.link_of(&secret).await, 410, "SIGN_UP_LINK_CLOSED").await;
        assert_problem(w.complete(&pending, PASSWORD).await, 410, "SIGN_UP_LINK_CLOSED").await;

        let (_, short) = w.key(10, 1, &[]).await;
        let (_, long) = w.key(10, 30, &[]).await;
        let unconfirmed = w.confirmation(&long, "Omar Said", "omar@any.example", 1).await;
        w.app.clock.advance(Duration::hours(25));
        assert_problem(w.link_of(&short).await, 410, "SIGN_UP_LINK_CLOSED").await;
        assert_problem(w.app.get(&format!("/api/v1/signup/confirmation?token={unconfirmed}")).await, 410, "LINK_EXPIRED").await;
        assert_problem(w.complete(&unconfirmed, PASSWORD).await, 410, "LINK_EXPIRED").await;
        assert_eq!(w.link_of(&long).await.status(), 200);
    }

    async fn a_full_licence_is_said_plainly_and_the_link_works_once_a_seat_is_free(db: TestDb) {
        let w = world(spawn_app(db).await, 1).await;
        let (key, secret) = w.key(5, 7, &[]).await;
        let first = w.confirmation(&secret, "Asha Rao", "asha@any.example", 1).await;
        let second = w.confirmation(&secret, "Ravi Menon", "ravi@any.example", 1).await;
        assert_eq!(w.complete(&first, PASSWORD).await.status(), 200);
        assert_problem(w.complete(&second, PASSWORD).await, 409, "NO_SEAT_LEFT").await;
        assert_eq!(w.uses_of(&key).await, 1, "a refused try spends no use");
        assert_eq!(w.members().await, ["asha@any.example"]);
        assert_problem(w.app.login("ravi@any.example", PASSWORD).await, 401, "INVALID_CREDENTIALS").await;

        let more = json!({ "company_id": w.company, "seats": 1, "valid_from": day(&w.app, 0), "valid_until": day(&w.app, 365) });
        ok(call(&w.app, Method::POST, "/api/v1/licence-allocations", &w.root, Some(more)).await, 201).await;
        assert_eq!(w.complete(&second, PASSWORD).await.status(), 200);
        assert_eq!(w.uses_of(&key).await, 2);
    }

    async fn keys_are_an_admins_of_the_batchs_company_and_their_fields_are_checked(db: TestDb) {
        let w = world(spawn_app(db).await, 5).await;
        let (key, _) = w.key(5, 7, &[]).await;
        let other = w.app.company("Orbis", false, 30).await;
        let stranger = w.app.user(Role::CompanyAdmin, Some(other)).await;
        let stranger = w.app.token_of(&stranger).await;
        let list = format!("/api/v1/batches/{}/enrolment-keys", w.batch);
        let revoke = format!("/api/v1/enrolment-keys/{}/revoke", key["id"].as_str().unwrap());
        let body = json!({ "max_uses": 5, "expires_at": "2099-01-01T00:00:00Z" });
        assert_problem(call(&w.app, Method::GET, &list, &stranger, None).await, 404, "NOT_FOUND").await;
        assert_problem(call(&w.app, Method::POST, &list, &stranger, Some(body)).await, 404, "NOT_FOUND").await;
        assert_problem(call(&w.app, Method::POST, &revoke, &stranger, None).await, 404, "NOT_FOUND").await;
        assert_eq!(ok(call(&w.app, Method::GET, &list, &w.root, None).await, 200).await.as_array().unwrap().len(), 1);

        let past = (w.app.clock_now() - Duration::minutes(1)).format(&Rfc3339).unwrap();
        let bad = json!({ "max_uses": 0, "expires_at": past, "domains": ["not a domain"] });
        let problem = assert_problem(call(&w.app, Method::POST, &list, &w.admin, Some(bad)).await, 422, "VALIDATION_FAILED").await;
        let fields: Vec<&str> = problem["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
        assert_eq!(fields, ["max_uses", "expires_at", "domains.0"]);
    }

    async fn sign_ups_are_throttled_per_address(db: TestDb) {
        let w = world(spawn_app(db).await, 5).await;
        let (_, secret) = w.key(50, 7, &[]).await;
        for _ in 0..3 {
            assert_eq!(w.sign_up(&secret, "Asha Rao", "asha@any.example").await.status(), 202);
        }
        assert_problem(w.sign_up(&secret, "Asha Rao", "asha@any.example").await, 429, "RATE_LIMITED").await;
        assert_eq!(w.app.mail.wait_for("asha@any.example", 3).await.len(), 3);
    }

    /// Two processes on one database, each finishing a different person's sign-up at the same
    /// moment: the key's last use goes to one of them, and the other is told the link closed.
    async fn two_processes_racing_for_a_keys_last_use_admit_one(db: TestDb) {
        let w = world(spawn_app(db).await, 50).await;
        let processes = [ServerProcess::start(&w.app).await, ServerProcess::start(&w.app).await];
        for round in 0..3 {
            let (key, secret) = w.key(1, 7, &[]).await;
            let a = w.confirmation(&secret, "Asha Rao", &format!("asha{round}@any.example"), 1).await;
            let b = w.confirmation(&secret, "Ravi Menon", &format!("ravi{round}@any.example"), 1).await;
            let complete = |process: usize, token: String| {
                let (app, url) = (&w.app, processes[process].url("/api/v1/signup/complete"));
                async move {
                    let body = json!({ "token": token, "password": PASSWORD, "confirm": PASSWORD });
                    let response = app.client.post(url).json(&body).send().await.unwrap();
                    let status = response.status().as_u16();
                    (status, response.json::<Value>().await.unwrap())
                }
            };
            let (first, second) = tokio::join!(complete(0, a), complete(1, b));
            let mut statuses = [first.0, second.0];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 410], "round {round}: {first:?} {second:?}");
            let refused = if first.0 == 410 { &first.1 } else { &second.1 };
            assert_eq!(refused["code"], "SIGN_UP_LINK_CLOSED");
            assert_eq!(w.uses_of(&key).await, 1, "round {round}");
        }
        assert_eq!(w.members().await.len(), 3);
        assert_eq!(w.app.audit_count("trainee.signed_up").await, 3);
    }
}
