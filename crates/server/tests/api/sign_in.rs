//! The sign-in state machine over HTTP: password → [e-mailed code] → [EULA] → session.

use kernel::Role;
use serde_json::{Value, json};
use time::Duration;

use crate::helpers::{TestApp, assert_problem, spawn_app};

async fn body(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 200, "unexpected status");
    response.json().await.unwrap()
}

/// A trainee of a company without OTP who has not accepted the EULA yet.
async fn new_trainee(app: &TestApp) -> crate::helpers::TestUser {
    let company = app.company("Meridian Bank", false, 30).await;
    app.user(Role::User, Some(company)).await
}

crate::on_both_databases! {
    async fn the_right_password_opens_a_session_that_names_its_user(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;

        let login = body(app.login(&format!("  {}  ", admin.email.to_uppercase()), &admin.password).await).await;

        assert_eq!(login["status"], "session");
        assert_eq!(login["user"]["email"], admin.email.as_str());
        assert_eq!(login["user"]["role"], "SUPER_ADMIN");
        let me = body(app.get_as("/api/v1/auth/session", login["token"].as_str().unwrap()).await).await;
        assert_eq!(me["id"], admin.id.to_string());
        assert_eq!(app.audit_count("sign_in.succeeded").await, 1);
    }

    async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;

        let wrong_password = assert_problem(app.login(&admin.email, "Not-the-password-1").await, 401, "INVALID_CREDENTIALS").await;
        let unknown_email = assert_problem(app.login("nobody@people.example", "Not-the-password-1").await, 401, "INVALID_CREDENTIALS").await;

        let without_id = |mut v: Value| {
            v.as_object_mut().unwrap().remove("request_id");
            v
        };
        assert_eq!(without_id(wrong_password), without_id(unknown_email));
        assert_eq!(app.audit_count("sign_in.failed").await, 2);
    }

    async fn missing_and_malformed_input_is_named_field_by_field(db: TestDb) {
        let app = spawn_app(db).await;

        let problem = assert_problem(app.post_json("/api/v1/auth/login", &json!({ "email": "asha@", "password": "" })).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(problem["errors"], json!([{ "field": "email", "code": "INVALID_EMAIL" }, { "field": "password", "code": "REQUIRED" }]));

        let response = app.client.post(app.url("/api/v1/auth/login")).header("content-type", "application/json").body("{not json").send().await.unwrap();
        assert_problem(response, 400, "MALFORMED_REQUEST").await;
    }

    async fn a_disabled_account_is_told_so_only_after_the_right_password(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        app.set_user(&admin, "status", "disabled").await;

        assert_problem(app.login(&admin.email, "Wrong-password-1").await, 401, "INVALID_CREDENTIALS").await;
        assert_problem(app.login(&admin.email, &admin.password).await, 403, "ACCOUNT_DISABLED").await;
    }

    async fn an_otp_user_gets_in_with_the_mailed_code(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Orbis Manufacturing", true, 15).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;

        let step = body(app.login(&admin.email, &admin.password).await).await;
        assert_eq!(step["status"], "otp_required");
        assert!(step.get("token").is_none(), "no session before the code");
        let code = app.mail.code(&admin.email, 1).await;

        let done = body(app.post_challenge("/api/v1/auth/otp/verify", step["challenge"].as_str().unwrap(), &json!({ "otp": code })).await).await;

        assert_eq!(done["status"], "session");
        assert_eq!(done["user"]["role"], "COMPANY_ADMIN");
        assert_eq!(app.audit_count("otp.verified").await, 1);
    }

    async fn a_wrong_code_counts_down_and_five_end_the_attempt(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user_with(Role::SuperAdmin, None, true, "en").await;
        let step = body(app.login(&admin.email, &admin.password).await).await;
        let challenge = step["challenge"].as_str().unwrap();
        let code = app.mail.code(&admin.email, 1).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };

        for remaining in (1..=4).rev() {
            let problem = assert_problem(app.post_challenge("/api/v1/auth/otp/verify", challenge, &json!({ "otp": wrong })).await, 422, "OTP_INVALID").await;
            assert_eq!(problem["remaining_attempts"], remaining);
        }
        assert_problem(app.post_challenge("/api/v1/auth/otp/verify", challenge, &json!({ "otp": wrong })).await, 401, "CHALLENGE_EXPIRED").await;

        assert_problem(app.post_challenge("/api/v1/auth/otp/verify", challenge, &json!({ "otp": code })).await, 401, "CHALLENGE_EXPIRED").await;
    }

    async fn a_code_is_good_for_five_minutes_only(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user_with(Role::SuperAdmin, None, true, "en").await;
        let step = body(app.login(&admin.email, &admin.password).await).await;
        let code = app.mail.code(&admin.email, 1).await;

        app.clock.advance(Duration::minutes(5));

        assert_problem(app.post_challenge("/api/v1/auth/otp/verify", step["challenge"].as_str().unwrap(), &json!({ "otp": code })).await, 401, "CHALLENGE_EXPIRED").await;
    }

    async fn a_code_that_is_not_six_digits_is_a_validation_error(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user_with(Role::SuperAdmin, None, true, "en").await;
        let step = body(app.login(&admin.email, &admin.password).await).await;

        let problem = assert_problem(app.post_challenge("/api/v1/auth/otp/verify", step["challenge"].as_str().unwrap(), &json!({ "otp": "12a45" })).await, 422, "VALIDATION_FAILED").await;

        assert_eq!(problem["errors"][0]["code"], "OTP_FORMAT");
    }

    async fn a_new_code_comes_after_the_cool_down_and_replaces_the_old_one(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user_with(Role::SuperAdmin, None, true, "fr").await;
        let step = body(app.login(&admin.email, &admin.password).await).await;
        let challenge = step["challenge"].as_str().unwrap();
        let first = app.mail.code(&admin.email, 1).await;
        let mail = &app.mail.wait_for(&admin.email, 1).await[0];
        assert_eq!(mail.subject, "Votre code de connexion Playtrack", "the mail speaks the user's language");
        assert!(mail.text.contains(&first) && mail.html.contains(&first));

        let early = app.post_challenge("/api/v1/auth/otp/resend", challenge, &json!({})).await;
        assert_eq!(early.headers()["retry-after"], "30");
        assert_problem(early, 429, "RATE_LIMITED").await;

        app.clock.advance(Duration::seconds(30));
        let resent = app.post_challenge("/api/v1/auth/otp/resend", challenge, &json!({})).await;
        assert_eq!(resent.status(), 202);
        let second = app.mail.code(&admin.email, 2).await;
        assert_eq!(app.mail.to(&admin.email).len(), 2);

        if first != second {
            assert_problem(app.post_challenge("/api/v1/auth/otp/verify", challenge, &json!({ "otp": first })).await, 422, "OTP_INVALID").await;
        }
        let done = body(app.post_challenge("/api/v1/auth/otp/verify", challenge, &json!({ "otp": second })).await).await;
        assert_eq!(done["status"], "session");
    }

    async fn a_trainee_accepts_the_eula_once_and_is_recorded(db: TestDb) {
        let app = spawn_app(db).await;
        let trainee = new_trainee(&app).await;

        let step = body(app.client.post(app.url("/api/v1/auth/login")).header("accept-language", "ar,en;q=0.5").json(&json!({ "email": trainee.email, "password": trainee.password })).send().await.unwrap()).await;
        assert_eq!(step["status"], "eula_required");
        assert_eq!(step["eula"]["locale"], "ar");
        assert!(step["eula"]["text"].as_str().unwrap().contains("مومباي"), "the seed's terms, in Arabic");

        let session = body(app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await).await;
        assert!(session["token"].is_string());
        assert_eq!(app.audit_count("eula.accepted").await, 1);

        let again = body(app.login(&trainee.email, &trainee.password).await).await;
        assert_eq!(again["status"], "session", "accepted once, not asked again");
    }

    async fn declining_the_eula_leaves_no_session_and_asks_again_next_time(db: TestDb) {
        let app = spawn_app(db).await;
        let trainee = new_trainee(&app).await;
        let step = body(app.login(&trainee.email, &trainee.password).await).await;
        let challenge = step["challenge"].as_str().unwrap();

        let declined = app.post_challenge("/api/v1/auth/eula/decline", challenge, &json!({})).await;

        assert_eq!(declined.status(), 204);
        assert_problem(app.post_challenge("/api/v1/auth/eula/accept", challenge, &json!({})).await, 401, "CHALLENGE_EXPIRED").await;
        assert_problem(app.get_as("/api/v1/auth/session", challenge).await, 401, "UNAUTHENTICATED").await;
        assert_eq!(body(app.login(&trainee.email, &trainee.password).await).await["status"], "eula_required");
    }

    async fn a_new_eula_version_is_asked_for_again(db: TestDb) {
        let app = spawn_app(db).await;
        let trainee = new_trainee(&app).await;
        let step = body(app.login(&trainee.email, &trainee.password).await).await;
        body(app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await).await;

        app.publish_eula(2).await;

        let step = body(app.login(&trainee.email, &trainee.password).await).await;
        assert_eq!(step["status"], "eula_required");
        assert_eq!(step["eula"]["version"], 2);
    }

    async fn admins_are_not_asked_for_the_eula(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian Bank", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;

        assert_eq!(body(app.login(&admin.email, &admin.password).await).await["status"], "session");
    }

    async fn five_failures_from_one_address_slow_the_next_try_there(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        for _ in 0..5 {
            assert_problem(app.login(&admin.email, "Wrong-password-1").await, 401, "INVALID_CREDENTIALS").await;
        }

        let locked = app.login(&admin.email, &admin.password).await;
        let retry_after: i64 = locked.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        let problem = assert_problem(locked, 429, "RATE_LIMITED").await;
        assert!((1..=30).contains(&retry_after), "{retry_after}");
        assert_eq!(problem["retry_after_seconds"], retry_after);
        assert_eq!(app.audit_count("sign_in.throttled").await, 1);

        app.clock.advance(Duration::seconds(30));
        assert_eq!(body(app.login(&admin.email, &admin.password).await).await["status"], "session");
    }

    async fn a_lockout_of_one_account_leaves_the_others_alone(db: TestDb) {
        let app = spawn_app(db).await;
        let (locked, other) = (app.user(Role::SuperAdmin, None).await, app.user(Role::SuperAdmin, None).await);
        for _ in 0..5 {
            app.login(&locked.email, "Wrong-password-1").await;
        }

        assert_eq!(body(app.login(&other.email, &other.password).await).await["status"], "session");
    }
}
