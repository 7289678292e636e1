//! Everyone's own profile: name and language they change themselves, a photo judged by its
//! bytes and kept small, and the sessions they hold, which "sign out everywhere" ends.

use std::io::Cursor;

use image::ImageFormat;
use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, assert_problem, spawn_app},
    licences::{call, ok},
};

/// A camera-sized photo: wider than tall, larger than what is kept.
fn camera_photo() -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    image::RgbImage::from_fn(1600, 1200, |x, _| image::Rgb([u8::try_from(x % 256).unwrap(), 90, 160]))
        .write_to(&mut bytes, ImageFormat::Jpeg)
        .unwrap();
    bytes.into_inner()
}

async fn upload(app: &TestApp, token: &str, claimed: &str, body: Vec<u8>) -> reqwest::Response {
    app.client
        .put(app.url("/api/v1/me/photo"))
        .bearer_auth(token)
        .header("content-type", claimed)
        .body(body)
        .send()
        .await
        .unwrap()
}

crate::on_both_databases! {
    async fn a_trainee_changes_their_own_name_and_language(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Profile Ltd", false, 60).await;
        let trainee = app.user(Role::User, Some(company)).await;
        let token = app.token_of(&trainee).await;

        let before = ok(call(&app, Method::GET, "/api/v1/me/profile", &token, None).await, 200).await;
        assert_eq!(before["email"], trainee.email.as_str());
        assert_eq!(before["has_photo"], false);

        let saved = ok(call(&app, Method::PUT, "/api/v1/me/profile", &token, Some(json!({ "name": "Chiara Rossi", "locale": "it" }))).await, 200).await;
        assert_eq!((saved["name"].as_str(), saved["locale"].as_str()), (Some("Chiara Rossi"), Some("it")));
        let me = ok(call(&app, Method::GET, "/api/v1/me", &token, None).await, 200).await;
        assert_eq!(me["name"], "Chiara Rossi", "the header's name follows");
        assert_eq!(app.audit_count("user.updated").await, 1);

        for (body, field, code) in [
            (json!({ "name": " ", "locale": "it" }), "name", "REQUIRED"),
            (json!({ "name": "Chiara", "locale": "xx" }), "locale", "UNKNOWN_LANGUAGE"),
        ] {
            let problem = assert_problem(call(&app, Method::PUT, "/api/v1/me/profile", &token, Some(body)).await, 422, "VALIDATION_FAILED").await;
            assert_eq!((problem["errors"][0]["field"].as_str(), problem["errors"][0]["code"].as_str()), (Some(field), Some(code)), "{problem}");
        }
        let e_mail = call(&app, Method::PUT, "/api/v1/me/profile", &token, Some(json!({ "name": "C", "locale": "it", "email": "x@y.example" }))).await;
        assert_problem(e_mail, 400, "MALFORMED_REQUEST").await;
        let after = ok(call(&app, Method::GET, "/api/v1/me/profile", &token, None).await, 200).await;
        assert_eq!((after["name"].as_str(), after["email"].as_str()), (Some("Chiara Rossi"), Some(trainee.email.as_str())), "refusals change nothing");
    }

    async fn a_photo_is_judged_by_its_bytes_kept_small_and_removable(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Photo Ltd", false, 60).await;
        let token = app.token_of(&app.user(Role::CompanyAdmin, Some(company)).await).await;
        let other = app.token_of(&app.user(Role::User, Some(company)).await).await;
        assert_eq!(app.get_as("/api/v1/me/photo", &token).await.status(), 204, "none yet, and no error");

        let html = b"<html><script>alert(document.cookie)</script></html>".to_vec();
        for (body, status, code) in [(html, 422, "PHOTO_TYPE"), (Vec::new(), 422, "PHOTO_SIZE")] {
            let problem = assert_problem(upload(&app, &token, "image/jpeg", body).await, status, "VALIDATION_FAILED").await;
            assert_eq!(problem["errors"][0]["code"], code);
        }
        assert_problem(upload(&app, &token, "image/jpeg", vec![0xFF; 9 * 1024 * 1024]).await, 413, "PAYLOAD_TOO_LARGE").await;

        assert_eq!(upload(&app, &token, "text/plain", camera_photo()).await.status(), 204);
        let served = app.get_as("/api/v1/me/photo", &token).await;
        assert_eq!(served.status(), 200);
        assert_eq!(served.headers()["content-type"], "image/jpeg");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
        let kept = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
        assert_eq!((kept.width(), kept.height()), (512, 384), "fitted into 512 × 512, its shape kept");
        let profile = ok(call(&app, Method::GET, "/api/v1/me/profile", &token, None).await, 200).await;
        assert_eq!(profile["has_photo"], true);
        assert_eq!(app.get_as("/api/v1/me/photo", &other).await.status(), 204, "everyone sees their own");

        assert_eq!(call(&app, Method::DELETE, "/api/v1/me/photo", &token, None).await.status(), 204);
        assert_eq!(app.get_as("/api/v1/me/photo", &token).await.status(), 204);
    }

    async fn a_person_uploads_at_most_ten_photos_an_hour(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = app.token_of(&admin).await;
        for n in 0..10 {
            assert_eq!(upload(&app, &token, "image/png", crate::uploads::png(64)).await.status(), 204, "photo {n}");
        }

        let eleventh = upload(&app, &token, "image/png", crate::uploads::png(64)).await;

        assert!(eleventh.headers().contains_key("retry-after"));
        assert_problem(eleventh, 429, "RATE_LIMITED").await;
        app.clock.advance(time::Duration::minutes(61));
        let token = app.token_of(&admin).await;
        assert_eq!(upload(&app, &token, "image/png", crate::uploads::png(64)).await.status(), 204, "an hour later");
        assert_eq!(app.audit_count("user.photo_changed").await, 11, "each photo put up, the refused one not");
    }

    async fn signing_out_everywhere_ends_every_session_of_theirs_alone(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Sessions Ltd", false, 60).await;
        let trainee = app.user(Role::User, Some(company)).await;
        let laptop = app.token_of(&trainee).await;
        let phone = app.token_of(&trainee).await;
        let colleague = app.token_of(&app.user(Role::User, Some(company)).await).await;

        let sessions: Value = ok(call(&app, Method::GET, "/api/v1/me/sessions", &phone, None).await, 200).await;
        let listed = sessions.as_array().unwrap();
        assert_eq!(listed.len(), 2, "{sessions}");
        assert_eq!(listed.iter().filter(|s| s["current"] == true).count(), 1);
        assert!(listed.iter().all(|s| s["kind"] == "password"));

        let ended = ok(call(&app, Method::POST, "/api/v1/me/sessions/sign-out-everywhere", &phone, None).await, 200).await;
        assert_eq!(ended, json!({ "sessions": 2 }));
        for token in [&laptop, &phone] {
            assert_eq!(app.get_as("/api/v1/me", token).await.status(), 401);
        }
        assert_eq!(app.get_as("/api/v1/me", &colleague).await.status(), 200, "nobody else's");
        assert_eq!(app.audit_count("user.signed_out_everywhere").await, 1);
    }
}
