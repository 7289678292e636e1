//! Companies, batches, people and the seat ledger over HTTP: the super admin's set-up, the
//! import that fills the seats, concurrent assignments, and tenant isolation on every endpoint.

use kernel::{AnyClock, Role, UserId};
use licensing::{Licensing, LicensingError};
use reqwest::Method;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::helpers::{TestApp, TestUser, assert_problem, spawn_app};

pub async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> reqwest::Response {
    let request = app.client.request(method, app.url(path)).bearer_auth(token);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    request.send().await.expect("request")
}

pub async fn ok(response: reqwest::Response, status: u16) -> Value {
    let code = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(code, status, "{body}");
    body
}

pub fn day(app: &TestApp, days: i64) -> String {
    (app.clock_now() + Duration::days(days)).date().to_string()
}

impl TestApp {
    pub fn clock_now(&self) -> OffsetDateTime {
        kernel::Clock::now(&self.clock)
    }

    pub async fn super_admin(&self) -> String {
        let admin = self.user(Role::SuperAdmin, None).await;
        self.token_of(&admin).await
    }

    /// A batch and an allocation of `seats` seats (valid for a year) for `company`.
    pub async fn seats_for(&self, root: &str, company: Uuid, seats: u32) -> (Uuid, Uuid) {
        let batch = json!({ "company_id": company, "name": format!("Cohort {}", Uuid::now_v7().simple()) });
        let batch = ok(call(self, Method::POST, "/api/v1/batches", root, Some(batch)).await, 201).await;
        let batch_id: Uuid = serde_json::from_value(batch["id"].clone()).unwrap();
        let allocation = json!({
            "company_id": company, "seats": seats, "valid_from": day(self, 0), "valid_until": day(self, 365),
        });
        let allocation =
            ok(call(self, Method::POST, "/api/v1/licence-allocations", root, Some(allocation)).await, 201).await;
        (batch_id, serde_json::from_value(allocation["id"].clone()).unwrap())
    }

    pub async fn summary(&self, token: &str, company: Uuid) -> Value {
        let lines = ok(
            call(self, Method::GET, &format!("/api/v1/licence-summary?company_id={company}"), token, None).await,
            200,
        )
        .await;
        lines[0]["counts"].clone()
    }
}

fn rows(names: &[&str]) -> Vec<Value> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| json!({ "line": i + 2, "name": n, "email": format!("{}-{}@orbis.example", n.to_lowercase(), Uuid::now_v7().simple()), "batch": "" }))
        .collect()
}

fn csv_of(rows: &[Value]) -> String {
    let mut csv = String::from("name,email\n");
    for row in rows {
        csv.push_str(&format!("{},{}\n", row["name"].as_str().unwrap(), row["email"].as_str().unwrap()));
    }
    csv
}

crate::on_both_databases! {
    async fn the_super_admin_sets_up_a_company_whose_admin_imports_trainees_into_its_seats(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let industry = ok(call(&app, Method::POST, "/api/v1/industries", &root, Some(json!({ "name": "Logistics" }))).await, 201).await;
        let country = ok(call(&app, Method::POST, "/api/v1/countries", &root, Some(json!({ "name": "India", "iso_code": "in" }))).await, 201).await;
        assert_eq!(country["iso_code"], "IN");
        let mut company = json!({
            "name": "Orbis Freight", "email": "ops@orbis.example", "contact_person": "Priya Nair",
            "industry_id": industry["id"], "country_id": country["id"], "remark": "Pilot", "session_minutes": 61,
        });
        let refused = assert_problem(call(&app, Method::POST, "/api/v1/companies", &root, Some(company.clone())).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(refused["errors"], json!([{ "field": "session_minutes", "code": "SESSION_MINUTES" }]));
        company["session_minutes"] = json!(30);
        let company = ok(call(&app, Method::POST, "/api/v1/companies", &root, Some(company)).await, 201).await;
        let company_id: Uuid = serde_json::from_value(company["id"].clone()).unwrap();
        let (batch, _) = app.seats_for(&root, company_id, 3).await;

        // The company admin is invited by mail and signs in through the invitation.
        let admin_email = format!("priya-{}@orbis.example", Uuid::now_v7().simple());
        let admin = json!({ "email": admin_email, "name": "Priya Nair", "role": "COMPANY_ADMIN", "company_id": company_id });
        let admin = ok(call(&app, Method::POST, "/api/v1/users", &root, Some(admin)).await, 201).await;
        assert_eq!(admin["status"], "invited");
        let link = app.mail.link(&admin_email, 1).await;
        let token = link.split("value=").nth(1).unwrap().split('&').next().unwrap();
        let accepted: Value = app
            .post_json("/api/v1/auth/invitation/accept", &json!({ "token": token, "password": "Orbis-2026", "confirm": "Orbis-2026" }))
            .await
            .json()
            .await
            .unwrap();
        let priya = accepted["token"].as_str().expect("a session").to_owned();

        // Four trainees for three seats: the preview names the fourth, the import refuses all.
        let four = rows(&["Asha", "Ravi", "Lena", "Omar"]);
        let preview = app
            .client
            .post(app.url(&format!("/api/v1/users/import/preview?batch_id={batch}")))
            .bearer_auth(&priya)
            .header("content-type", "text/csv")
            .body(csv_of(&four))
            .send()
            .await
            .unwrap();
        let preview = ok(preview, 200).await;
        assert_eq!((preview["valid"].as_u64(), preview["invalid"].as_u64()), (Some(3), Some(1)));
        assert_eq!(preview["rows"][3]["problems"], json!([{ "field": "seat", "code": "NO_SEAT_LEFT" }]));
        let all = json!({ "batch_id": batch, "rows": four });
        let rejected = assert_problem(call(&app, Method::POST, "/api/v1/users/import", &priya, Some(all)).await, 422, "IMPORT_REJECTED").await;
        assert_eq!(rejected["errors"], json!([{ "field": "rows.5.seat", "code": "NO_SEAT_LEFT" }]));
        let trainees = ok(call(&app, Method::GET, "/api/v1/users?role=USER", &priya, None).await, 200).await;
        assert_eq!(trainees["total"], 0, "a rejected import writes nothing");

        let three = json!({ "batch_id": batch, "rows": four[..3] });
        let imported = ok(call(&app, Method::POST, "/api/v1/users/import", &priya, Some(three)).await, 201).await;
        assert_eq!(imported["imported"], 3);
        for row in &four[..3] {
            assert!(app.mail.link(row["email"].as_str().unwrap(), 1).await.contains("/invitation/confirm-email?"));
        }
        let counts = app.summary(&priya, company_id).await;
        assert_eq!((counts["purchased"].as_u64(), counts["assigned"].as_u64(), counts["available"].as_u64()), (Some(3), Some(3), Some(0)));
        let members = ok(call(&app, Method::GET, &format!("/api/v1/batches/{batch}/members"), &priya, None).await, 200).await;
        assert_eq!(members["total"], 3);

        // Assigning a trainee again is no second seat; a fourth trainee finds none.
        let asha = imported["user_ids"][0].as_str().unwrap();
        let again = ok(call(&app, Method::POST, "/api/v1/seats", &priya, Some(json!({ "user_id": asha }))).await, 200).await;
        assert_eq!(again["created"], false);
        let omar = json!({ "email": four[3]["email"], "name": "Omar", "role": "USER", "batch_id": batch });
        assert_problem(call(&app, Method::POST, "/api/v1/users", &priya, Some(omar.clone())).await, 409, "NO_SEAT_LEFT").await;

        // A disabled trainee's unused seat returns to the pool, and Omar can have it.
        ok(call(&app, Method::POST, &format!("/api/v1/users/{asha}/disable"), &priya, None).await, 200).await;
        assert_eq!(app.summary(&priya, company_id).await["available"], 1);
        ok(call(&app, Method::POST, "/api/v1/users", &priya, Some(omar)).await, 201).await;
        assert_eq!(app.summary(&priya, company_id).await["available"], 0);

        // Every change is in the audit log with what it was before and after.
        let audit = ok(call(&app, Method::GET, "/api/v1/audit-events?action=user.disabled", &priya, None).await, 200).await;
        assert_eq!(audit["items"][0]["details"]["before"]["status"], "invited");
        assert_eq!(audit["items"][0]["details"]["after"]["status"], "disabled");
        let created = ok(call(&app, Method::GET, "/api/v1/audit-events?target_type=company&action=company.created", &root, None).await, 200).await;
        assert_eq!(created["items"][0]["details"]["after"]["name"], "Orbis Freight");
    }

    async fn concurrent_assignments_never_exceed_the_seats_bought(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        let (_, allocation) = app.seats_for(&root, company, 5).await;
        let mut trainees: Vec<TestUser> = Vec::new();
        for _ in 0..12 {
            trainees.push(app.user(Role::User, Some(company)).await);
        }
        let answers = futures_util::future::join_all(trainees.iter().map(|t| {
            call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": t.id })))
        }))
        .await;
        let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 7, "{statuses:?}");
        // One trainee asking five times at once holds one seat.
        let company2 = app.company("Orbis", false, 30).await;
        let (_, _) = app.seats_for(&root, company2, 5).await;
        let ravi = app.user(Role::User, Some(company2)).await;
        let answers = futures_util::future::join_all((0..5).map(|_| {
            call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": ravi.id })))
        }))
        .await;
        assert!(answers.iter().all(|r| r.status().is_success()));
        assert_eq!(app.summary(&root, company2).await["assigned"], 1);
        let held = ok(call(&app, Method::GET, &format!("/api/v1/licence-allocations/{allocation}"), &root, None).await, 200).await;
        assert_eq!((held["counts"]["assigned"].as_u64(), held["counts"]["available"].as_u64()), (Some(5), Some(0)));
    }

    async fn a_used_seat_stays_used_and_an_expired_one_starts_no_game(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        app.seats_for(&root, company, 2).await;
        let asha = app.user(Role::User, Some(company)).await;
        let seat = ok(call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": asha.id }))).await, 201).await;
        let store = store::Store::connect(&app._db.url).await.unwrap();
        let licensing = Licensing::new(store, AnyClock::Manual(app.clock.clone()));
        let asha_id = UserId::from(asha.id);
        licensing.start_game(asha_id).await.expect("a valid seat starts the game");
        let seat_id = seat["seat_id"].as_str().unwrap();
        assert_problem(call(&app, Method::DELETE, &format!("/api/v1/seats/{seat_id}"), &root, None).await, 409, "SEAT_IN_USE").await;
        let counts = app.summary(&root, company).await;
        assert_eq!((counts["activated"].as_u64(), counts["available"].as_u64()), (Some(1), Some(1)));

        app.clock.advance(Duration::days(366));
        let root = app.super_admin().await;
        assert!(matches!(licensing.start_game(asha_id).await, Err(LicensingError::LicenceExpired)));
        let ravi = app.user(Role::User, Some(company)).await;
        assert!(matches!(licensing.start_game(UserId::from(ravi.id)).await, Err(LicensingError::NoLicence)));
        assert_problem(call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": ravi.id }))).await, 409, "NO_SEAT_LEFT").await;
        let expired = ok(call(&app, Method::GET, "/api/v1/seats?state=expired", &root, None).await, 200).await;
        assert_eq!(expired["total"], 1);
        assert_eq!(app.summary(&root, company).await["expired"], 2);
    }

    async fn a_company_admin_and_a_trainee_never_reach_another_company(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (mine, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        app.seats_for(&root, mine, 5).await;
        let (batch, allocation) = app.seats_for(&root, theirs, 5).await;
        let their_trainee = app.user(Role::User, Some(theirs)).await;
        let seat = ok(call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": their_trainee.id }))).await, 201).await;
        let seat = seat["seat_id"].as_str().unwrap().to_owned();
        ok(call(&app, Method::PUT, &format!("/api/v1/batches/{batch}/members/{}", their_trainee.id), &root, None).await, 204).await;
        let admin = app.user(Role::CompanyAdmin, Some(mine)).await;
        let admin = app.token_of(&admin).await;
        let my_trainee = app.user(Role::User, Some(mine)).await;
        let (my_batch, _) = app.seats_for(&root, mine, 1).await;

        let t = their_trainee.id;
        let company_body = json!({ "name": "X", "email": "x@x.example", "contact_person": "X", "remark": "X", "session_minutes": 5 });
        // Every endpoint, given the other company's ids: absent, as if it did not exist.
        let not_found = [
            (Method::GET, format!("/api/v1/companies/{theirs}"), None),
            (Method::PUT, format!("/api/v1/companies/{theirs}"), Some(company_body)),
            (Method::GET, format!("/api/v1/companies/{theirs}/logo"), None),
            (Method::GET, format!("/api/v1/batches/{batch}"), None),
            (Method::PUT, format!("/api/v1/batches/{batch}"), Some(json!({ "name": "Mine now" }))),
            (Method::GET, format!("/api/v1/batches/{batch}/members"), None),
            (Method::PUT, format!("/api/v1/batches/{batch}/members/{t}"), None),
            (Method::DELETE, format!("/api/v1/batches/{batch}/members/{t}"), None),
            (Method::PUT, format!("/api/v1/batches/{my_batch}/members/{t}"), None),
            (Method::POST, format!("/api/v1/batches/{batch}/members/{t}/move"), Some(json!({ "to_batch_id": my_batch }))),
            (Method::GET, format!("/api/v1/licence-allocations/{allocation}"), None),
            (Method::GET, format!("/api/v1/users/{t}"), None),
            (Method::PUT, format!("/api/v1/users/{t}"), Some(json!({ "name": "Mine", "locale": "en" }))),
            (Method::POST, format!("/api/v1/users/{t}/disable"), None),
            (Method::POST, format!("/api/v1/users/{t}/enable"), None),
            (Method::POST, "/api/v1/seats".to_owned(), Some(json!({ "user_id": t }))),
            (Method::DELETE, format!("/api/v1/seats/{seat}"), None),
        ];
        for (method, path, body) in not_found {
            let response = call(&app, method.clone(), &path, &admin, body).await;
            assert_eq!(response.status().as_u16(), 404, "{method} {path}");
        }
        let logo = app.client.put(app.url(&format!("/api/v1/companies/{theirs}/logo"))).bearer_auth(&admin)
            .header("content-type", "image/png").body(crate::uploads::png(8)).send().await.unwrap();
        assert_eq!(logo.status().as_u16(), 404);
        // Naming the other company in a body is refused too.
        let unknown = [
            (Method::POST, "/api/v1/batches".to_owned(), json!({ "company_id": theirs, "name": "Sneaky" })),
            (Method::POST, "/api/v1/users".to_owned(), json!({ "company_id": theirs, "email": "a@b.example", "name": "A", "role": "USER" })),
            (Method::POST, "/api/v1/users/import".to_owned(), json!({ "company_id": theirs, "rows": rows(&["Asha"]) })),
        ];
        for (method, path, body) in unknown {
            assert_problem(call(&app, method, &path, &admin, Some(body)).await, 422, "VALIDATION_FAILED").await;
        }
        let preview = app.client.post(app.url(&format!("/api/v1/users/import/preview?company_id={theirs}"))).bearer_auth(&admin)
            .body("name,email\nA,a@b.example\n").send().await.unwrap();
        assert_problem(preview, 422, "VALIDATION_FAILED").await;
        // Selling seats and reference data stay the super admin's.
        for (path, body) in [
            (format!("/api/v1/licence-allocations/{allocation}"), json!({ "seats": 50 })),
        ] {
            assert_eq!(call(&app, Method::PUT, &path, &admin, Some(body)).await.status().as_u16(), 403);
        }
        for (path, body) in [
            ("/api/v1/licence-allocations", json!({ "company_id": mine, "seats": 50, "valid_from": day(&app, 0), "valid_until": day(&app, 9) })),
            ("/api/v1/countries", json!({ "name": "Atlantis", "iso_code": "AT" })),
            ("/api/v1/industries", json!({ "name": "Piracy" })),
            ("/api/v1/companies", json!({ "name": "Shell Co" })),
        ] {
            assert_problem(call(&app, Method::POST, path, &admin, Some(body)).await, 403, "FORBIDDEN").await;
        }
        // Every list holds only the admin's own company.
        for path in ["/api/v1/companies", "/api/v1/batches", "/api/v1/users", "/api/v1/licence-allocations", "/api/v1/seats", "/api/v1/audit-events"] {
            let page = ok(call(&app, Method::GET, path, &admin, None).await, 200).await;
            let text = page.to_string();
            assert!(!text.contains(&theirs.to_string()) && !text.contains(&t.to_string()), "{path} leaks: {text}");
        }
        let summary = ok(call(&app, Method::GET, "/api/v1/licence-summary", &admin, None).await, 200).await;
        assert_eq!(summary.as_array().unwrap().len(), 1);
        assert_eq!(summary[0]["company_id"], json!(mine));

        // A trainee reaches no admin endpoint at all.
        let step: Value = app.login(&my_trainee.email, &my_trainee.password).await.json().await.unwrap();
        let session: Value = app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await.json().await.unwrap();
        let trainee = session["token"].as_str().unwrap().to_owned();
        for path in ["/api/v1/companies", "/api/v1/batches", "/api/v1/users", "/api/v1/licence-allocations", "/api/v1/licence-summary", "/api/v1/seats", "/api/v1/countries", "/api/v1/industries", &format!("/api/v1/companies/{mine}")] {
            assert_problem(call(&app, Method::GET, path, &trainee, None).await, 403, "FORBIDDEN").await;
        }
        assert_problem(call(&app, Method::POST, "/api/v1/seats", &trainee, Some(json!({ "user_id": my_trainee.id }))).await, 403, "FORBIDDEN").await;
    }
}
