//! Each person's preferences follow them: their appearance and their tables' views are saved
//! from one session, read from another, never another person's, and nothing but the portal's
//! own choices is kept.

use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::assert_problem,
    licences::{call, ok},
};

const PREFERENCES: &str = "/api/v1/me/preferences";
const APPEARANCE: &str = "/api/v1/me/preferences/appearance";
const TRAINEES_TABLE: &str = "/api/v1/me/preferences/tables/trainees";
const AUDIT_TABLE: &str = "/api/v1/me/preferences/tables/audit";

fn dark_mini() -> Value {
    json!({ "theme_type": "dark", "colour_theme": "deep-orange", "nav_style": "mini", "layout_type": "boxed" })
}

crate::on_both_databases! {
    async fn an_appearance_saved_in_one_session_is_there_in_the_next(db: TestDb) {
        let app = crate::helpers::spawn_app(db).await;
        let company = app.company("Appearance Ltd", false, 60).await;
        let trainee = app.user(Role::User, Some(company)).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let first = app.token_of(&trainee).await;

        let before = ok(call(&app, Method::GET, PREFERENCES, &first, None).await, 200).await;
        assert_eq!(before, json!({ "appearance": null, "tables": [] }), "nothing chosen yet");

        let saved = ok(call(&app, Method::PUT, APPEARANCE, &first, Some(dark_mini())).await, 200).await;
        assert_eq!(saved, dark_mini());
        let changed = json!({ "theme_type": "semidark", "colour_theme": "blue", "nav_style": "below-header", "layout_type": "framed" });
        ok(call(&app, Method::PUT, APPEARANCE, &first, Some(changed.clone())).await, 200).await;

        let second = app.token_of(&trainee).await;
        let read = ok(call(&app, Method::GET, PREFERENCES, &second, None).await, 200).await;
        assert_eq!(read, json!({ "appearance": changed, "tables": [] }), "the last choice, in another session");

        let theirs = ok(call(&app, Method::GET, PREFERENCES, &app.token_of(&admin).await, None).await, 200).await;
        assert_eq!(theirs, json!({ "appearance": null, "tables": [] }), "each person reads their own alone");
    }

    async fn only_the_portals_choices_are_kept(db: TestDb) {
        let app = crate::helpers::spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;
        ok(call(&app, Method::PUT, APPEARANCE, &token, Some(dark_mini())).await, 200).await;

        let mut unknown = dark_mini();
        unknown["nav_style"] = json!("sideways");
        let refused = assert_problem(call(&app, Method::PUT, APPEARANCE, &token, Some(unknown)).await, 400, "MALFORMED_REQUEST").await;
        assert!(refused["detail"].as_str().unwrap().contains("below-header"), "names the choices: {refused}");
        let mut extra = dark_mini();
        extra["font"] = json!("Comic Sans");
        assert_problem(call(&app, Method::PUT, APPEARANCE, &token, Some(extra)).await, 400, "MALFORMED_REQUEST").await;
        let mut missing = dark_mini();
        missing.as_object_mut().unwrap().remove("layout_type");
        assert_problem(call(&app, Method::PUT, APPEARANCE, &token, Some(missing)).await, 400, "MALFORMED_REQUEST").await;

        let read = ok(call(&app, Method::GET, PREFERENCES, &token, None).await, 200).await;
        assert_eq!(read, json!({ "appearance": dark_mini(), "tables": [] }), "a refused change loses nothing");
        let anonymous = app.client.put(app.url(APPEARANCE)).json(&dark_mini()).send().await.unwrap();
        assert_problem(anonymous, 401, "UNAUTHENTICATED").await;
    }

    async fn each_table_keeps_its_columns_and_density_for_its_reader(db: TestDb) {
        let app = crate::helpers::spawn_app(db).await;
        let company = app.company("Tables Ltd", false, 60).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let other = app.user(Role::CompanyAdmin, Some(company)).await;
        let first = app.token_of(&admin).await;

        let compact = json!({ "density": "compact", "hidden_columns": ["email", "created_at"] });
        assert_eq!(ok(call(&app, Method::PUT, TRAINEES_TABLE, &first, Some(compact.clone())).await, 200).await, compact);
        let audit = json!({ "density": "comfortable", "hidden_columns": [] });
        ok(call(&app, Method::PUT, AUDIT_TABLE, &first, Some(audit)).await, 200).await;
        let shown_again = json!({ "density": "standard", "hidden_columns": ["status"] });
        ok(call(&app, Method::PUT, TRAINEES_TABLE, &first, Some(shown_again)).await, 200).await;

        let read = ok(call(&app, Method::GET, PREFERENCES, &app.token_of(&admin).await, None).await, 200).await;
        assert_eq!(
            read["tables"],
            json!([
                { "table": "trainees", "density": "standard", "hidden_columns": ["status"] },
                { "table": "audit", "density": "comfortable", "hidden_columns": [] },
            ]),
            "the last view of each table, in another session",
        );
        let theirs = ok(call(&app, Method::GET, PREFERENCES, &app.token_of(&other).await, None).await, 200).await;
        assert_eq!(theirs["tables"], json!([]), "each person reads their own alone");
    }

    async fn a_table_view_is_kept_only_when_it_names_columns(db: TestDb) {
        let app = crate::helpers::spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;
        let kept = json!({ "density": "compact", "hidden_columns": ["name"] });
        ok(call(&app, Method::PUT, TRAINEES_TABLE, &token, Some(kept.clone())).await, 200).await;

        let unknown_table = "/api/v1/me/preferences/tables/everything";
        assert_problem(call(&app, Method::PUT, unknown_table, &token, Some(kept.clone())).await, 404, "NOT_FOUND").await;
        let squeezed = json!({ "density": "squeezed", "hidden_columns": [] });
        assert_problem(call(&app, Method::PUT, TRAINEES_TABLE, &token, Some(squeezed)).await, 400, "MALFORMED_REQUEST").await;
        let many: Vec<String> = (0..65).map(|i| format!("c{i}")).collect();
        for (hidden, code) in [
            (json!(many), "TOO_LONG"),
            (json!(["name", "<img src=x>"]), "MALFORMED"),
            (json!(["x".repeat(65)]), "MALFORMED"),
            (json!(["email", "email"]), "DUPLICATE"),
        ] {
            let body = json!({ "density": "compact", "hidden_columns": hidden });
            let refused = assert_problem(call(&app, Method::PUT, TRAINEES_TABLE, &token, Some(body)).await, 422, "VALIDATION_FAILED").await;
            assert_eq!(refused["errors"][0]["field"], "hidden_columns");
            assert_eq!(refused["errors"][0]["code"], code, "{refused}");
        }

        let read = ok(call(&app, Method::GET, PREFERENCES, &token, None).await, 200).await;
        assert_eq!(read["tables"], json!([{ "table": "trainees", "density": "compact", "hidden_columns": ["name"] }]), "a refused change loses nothing");
        let anonymous = app.client.put(app.url(TRAINEES_TABLE)).json(&kept).send().await.unwrap();
        assert_problem(anonymous, 401, "UNAUTHENTICATED").await;
    }
}
