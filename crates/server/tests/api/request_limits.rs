//! What a request may carry: numbers, dates and text out of range are refused with a clear
//! problem (never a panic or a database error), unknown parameters are refused, and private
//! answers are never cached.

use kernel::Role;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_problem, spawn_app, spawn_app_with};

/// Every list of the published spec that pages, with a real id for any path parameter.
fn paged_lists(batch: &str) -> Vec<String> {
    let spec: Value = serde_json::from_str(include_str!("../../../../openapi/openapi.json")).unwrap();
    let mut lists = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        let pages = item["get"]["parameters"].as_array().is_some_and(|ps| ps.iter().any(|p| p["name"] == "page"));
        // A list answers JSON pages; an export that shares the parameters answers a file.
        let json = item["get"]["responses"]["200"]["content"].get("application/json").is_some();
        if pages && json {
            lists.push(path.replace("{id}", batch));
        }
    }
    assert!(lists.len() >= 8, "the spec's paged lists: {lists:?}");
    lists
}

async fn super_admin_with_a_batch(app: &TestApp) -> (String, Value) {
    let token = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
    let company = app.company("Meridian", false, 30).await;
    let batch = app
        .client
        .post(app.url("/api/v1/batches"))
        .bearer_auth(&token)
        .json(&json!({ "company_id": company, "name": "Cohort 1", "starts_on": "2026-01-05", "ends_on": "2026-06-30" }))
        .send()
        .await
        .unwrap();
    assert_eq!(batch.status(), 201);
    (token, batch.json().await.unwrap())
}

crate::on_both_databases! {
    async fn page_numbers_and_sizes_out_of_range_are_refused_on_every_list(db: TestDb) {
        let app = spawn_app(db).await;
        let (token, batch) = super_admin_with_a_batch(&app).await;
        for list in paged_lists(batch["id"].as_str().unwrap()) {
            for (query, field) in [
                ("page=9223372036854775809", "page"),
                ("page=18446744073709551616", ""),
                ("page=0", "page"),
                ("page=-1", ""),
                ("per_page=201", "per_page"),
                ("per_page=0", "per_page"),
            ] {
                let response = app.get_as(&format!("{list}?{query}"), &token).await;
                let problem = assert_problem(response, 400, "MALFORMED_REQUEST").await;
                if !field.is_empty() {
                    assert_eq!(problem["errors"][0]["field"], field, "{list}?{query}: {problem}");
                    assert!(problem["detail"].as_str().unwrap().contains(field), "{problem}");
                }
            }
            let largest = app.get_as(&format!("{list}?page=1000000&per_page=200"), &token).await;
            assert_eq!(largest.status(), 200, "{list}: the largest page is served (empty)");
            let body: Value = largest.json().await.unwrap();
            // A report's page is a table: its rows rather than items.
            let page = body.get("items").or_else(|| body.get("rows"));
            assert_eq!(page, Some(&json!([])), "{list}: {body}");
        }
    }

    async fn dates_outside_2000_to_2100_and_names_with_control_characters_are_refused(db: TestDb) {
        let app = spawn_app(db).await;
        let (token, batch) = super_admin_with_a_batch(&app).await;
        let save = |body: Value| app.client.put(app.url(&format!("/api/v1/batches/{}", batch["id"].as_str().unwrap()))).bearer_auth(&token).json(&body).send();
        let company = batch["company_id"].clone();
        for (starts_on, ends_on, field, code) in [
            ("1999-12-31", "2026-06-30", "starts_on", "DATE_RANGE"),
            ("2026-01-05", "2101-01-01", "ends_on", "DATE_RANGE"),
            ("2026-01-05", "2025-12-31", "ends_on", "DATE_ORDER"),
        ] {
            let response = save(json!({ "company_id": company, "name": "Cohort 1", "starts_on": starts_on, "ends_on": ends_on, "active": true })).await.unwrap();
            let problem = assert_problem(response, 422, "VALIDATION_FAILED").await;
            assert_eq!(problem["errors"], json!([{ "field": field, "code": code }]), "{starts_on}..{ends_on}");
        }
        let year_minus_one = save(json!({ "company_id": company, "name": "Cohort 1", "starts_on": "-0001-01-01", "active": true })).await.unwrap();
        assert!(year_minus_one.status().is_client_error(), "{}", year_minus_one.status());
        for name in ["Cohort\u{0}1", "Cohort\n1", "Cohort\u{1b}[31m"] {
            let response = save(json!({ "company_id": company, "name": name, "active": true })).await.unwrap();
            let problem = assert_problem(response, 422, "VALIDATION_FAILED").await;
            assert_eq!(problem["errors"], json!([{ "field": "name", "code": "CONTROL_CHARACTER" }]), "{name:?}");
        }
        let search = app.get_as("/api/v1/companies?q=mer%00idian", &token).await;
        assert_eq!(assert_problem(search, 400, "MALFORMED_REQUEST").await["errors"][0]["field"], "q");

        let stored: Value = app.get_as(&format!("/api/v1/batches/{}", batch["id"].as_str().unwrap()), &token).await.json().await.unwrap();
        assert_eq!((stored["name"].as_str(), stored["starts_on"].as_str()), (Some("Cohort 1"), Some("2026-01-05")), "nothing was changed");
    }

    async fn an_undocumented_query_parameter_is_refused(db: TestDb) {
        let app = spawn_app(db).await;
        let (token, _) = super_admin_with_a_batch(&app).await;
        let problem = assert_problem(app.get_as("/api/v1/companies?pag=2", &token).await, 400, "MALFORMED_REQUEST").await;
        assert_eq!(problem["errors"], json!([{ "field": "pag", "code": "UNKNOWN_PARAMETER" }]));
        assert_problem(app.get_as("/api/v1/me?debug=1", &token).await, 400, "MALFORMED_REQUEST").await;
        assert_eq!(app.get_as("/api/v1/companies?page=1&q=mer&active=true", &token).await.status(), 200);
    }

    async fn a_path_whose_id_is_no_uuid_names_nothing(db: TestDb) {
        let app = spawn_app(db).await;
        let (token, _) = super_admin_with_a_batch(&app).await;
        for path in ["/api/v1/batches/None/members", "/api/v1/companies/42", "/api/v1/users/%00"] {
            assert_problem(app.get_as(path, &token).await, 404, "NOT_FOUND").await;
        }
    }

    async fn private_answers_are_never_cached(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let login = app.login(&admin.email, &admin.password).await;
        assert_eq!(login.headers()["cache-control"], "no-store", "an answer carrying a token");
        let token = app.token_of(&admin).await;
        for path in ["/api/v1/me", "/api/v1/companies", "/api/v1/audit-events"] {
            let response = app.get_as(path, &token).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
        }
        let refused = app.get("/api/v1/me").await;
        assert_eq!(refused.headers()["cache-control"], "no-store", "errors too");
        let grant = app.client.post(app.url("/oauth/token")).form(&[("grant_type", "refresh_token")]).send().await.unwrap();
        assert_eq!(grant.status(), 400, "the game's token endpoint");
        for answer in [&login, &refused, &grant] {
            assert_eq!(answer.headers()["pragma"], "no-cache", "for HTTP/1.0 caches too");
        }
        assert!(login.headers().get("strict-transport-security").is_none(), "the portal is served over http here");
    }

    async fn a_portal_served_over_https_tells_browsers_to_stay_on_https(db: TestDb) {
        let app = spawn_app_with(db, |config| config.public_url = Some("https://portal.example".into())).await;
        for path in ["/api/v1/healthz", "/login"] {
            let response = app.get(path).await;
            assert_eq!(response.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains", "{path}");
        }
    }

    async fn licence_allocations_are_searched_by_company_name(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (meridian, orbis) = (app.company("Meridian Bank", false, 30).await, app.company("Orbis", false, 30).await);
        app.seats_for(&root, meridian, 3).await;
        app.seats_for(&root, orbis, 4).await;

        let found: Value = app.get_as("/api/v1/licence-allocations?q=meridian", &root).await.json().await.unwrap();
        let companies: Vec<_> = found["items"].as_array().unwrap().iter().map(|a| a["company_id"].clone()).collect();
        assert_eq!(companies, [json!(meridian)], "{found}");
        assert_eq!(found["total"], 1);
    }
}

#[tokio::test]
async fn the_web_pages_answer_only_get_and_head() {
    let app = spawn_app(crate::helpers::TestDb::sqlite()).await;
    for path in ["/", "/signin", "/main/companies"] {
        let response = app.client.post(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 405, "POST {path}");
        assert_eq!(response.headers()["allow"], "GET, HEAD");
        assert_eq!(app.client.delete(app.url(path)).send().await.unwrap().status(), 405, "DELETE {path}");
    }
}
