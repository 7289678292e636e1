//! Each person's appearance follows them: saved from one session, read from another, never
//! another person's, and nothing but the portal's own choices is kept.

use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::assert_problem,
    licences::{call, ok},
};

const PREFERENCES: &str = "/api/v1/me/preferences";
const APPEARANCE: &str = "/api/v1/me/preferences/appearance";

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
        assert_eq!(before, json!({ "appearance": null }), "nothing chosen yet");

        let saved = ok(call(&app, Method::PUT, APPEARANCE, &first, Some(dark_mini())).await, 200).await;
        assert_eq!(saved, dark_mini());
        let changed = json!({ "theme_type": "semidark", "colour_theme": "blue", "nav_style": "below-header", "layout_type": "framed" });
        ok(call(&app, Method::PUT, APPEARANCE, &first, Some(changed.clone())).await, 200).await;

        let second = app.token_of(&trainee).await;
        let read = ok(call(&app, Method::GET, PREFERENCES, &second, None).await, 200).await;
        assert_eq!(read, json!({ "appearance": changed }), "the last choice, in another session");

        let theirs = ok(call(&app, Method::GET, PREFERENCES, &app.token_of(&admin).await, None).await, 200).await;
        assert_eq!(theirs, json!({ "appearance": null }), "each person reads their own alone");
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
        assert_eq!(read, json!({ "appearance": dark_mini() }), "a refused change loses nothing");
        let anonymous = app.client.put(app.url(APPEARANCE)).json(&dark_mini()).send().await.unwrap();
        assert_problem(anonymous, 401, "UNAUTHENTICATED").await;
    }
}
