//! What a server process writes to its log: a whole journey through setup, sign-in with an
//! e-mailed code, a password reset, an invitation and a sign-up leaves none of the tokens, codes,
//! passwords or links it issued there.

use kernel::Role;
use serde_json::{Value, json};

use crate::helpers::{ServerProcess, spawn_app};

/// The value of `key` in a link's query.
fn param(link: &str, key: &str) -> String {
    let query = link.split_once('?').map_or("", |(_, q)| q);
    query.split('&').find_map(|pair| pair.strip_prefix(&format!("{key}="))).unwrap_or_default().to_owned()
}

crate::on_both_databases! {
    async fn a_whole_journey_leaves_no_secret_in_the_log(db: TestDb) {
        let app = spawn_app(db).await;
        let log = app.config.data_dir.join("server.log");
        let server = ServerProcess::start_with(&app, &[], Some(log.clone())).await;
        let client = &app.client;
        let post = |path: &str, body: Value, header: Option<(&str, String)>| {
            let mut request = client.post(server.url(path)).json(&body);
            if let Some((name, value)) = header {
                request = request.header(name, value);
            }
            async move { request.send().await.unwrap() }
        };
        let mut secrets: Vec<String> = Vec::new();

        // The first super admin, through the link the operator finds in the data folder.
        let setup_link = std::fs::read_to_string(app.config.data_dir.join(server::SETUP_LINK_FILE)).unwrap();
        let setup_token = param(setup_link.trim(), "token");
        // Pages are opened as a browser would (whether the UI is built does not matter here:
        // the request is logged either way).
        client.get(setup_link.trim()).send().await.unwrap();
        let owner_password = "Zorbel-lamp42";
        let grant: Value = post("/api/v1/setup", json!({ "token": setup_token, "email": "owner@provider.example", "name": "Owner", "password": owner_password }), None).await.json().await.unwrap();
        secrets.extend([setup_token, owner_password.to_owned(), grant["token"].as_str().unwrap().to_owned()]);

        // A company admin who signs in with a mailed code.
        let company = app.company("Meridian", true, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let step: Value = post("/api/v1/auth/login", json!({ "email": admin.email, "password": admin.password }), None).await.json().await.unwrap();
        let challenge = step["challenge"].as_str().unwrap().to_owned();
        let code = app.mail.code(&admin.email, 1).await;
        let session: Value = post("/api/v1/auth/otp/verify", json!({ "otp": code }), Some(("session-token", challenge.clone()))).await.json().await.unwrap();
        let admin_token = session["token"].as_str().unwrap().to_owned();
        assert_eq!(client.get(server.url("/api/v1/me")).bearer_auth(&admin_token).send().await.unwrap().status(), 200);
        secrets.extend([admin.password.clone(), challenge, code, admin_token.clone()]);

        // A forgotten password, replaced through the mailed link (opened in the browser first).
        assert_eq!(post("/api/v1/auth/password/forgot", json!({ "email": admin.email }), None).await.status(), 202);
        let reset_link = app.mail.link(&admin.email, 2).await;
        let reset_token = param(&reset_link, "token");
        let reset_page = reset_link.replacen(&app.config.public_url(), &server.address, 1);
        client.get(reset_page).send().await.unwrap();
        let new_password = "Quintet-harb77";
        let reset = post("/api/v1/auth/password/reset", json!({ "token": reset_token, "password": new_password, "confirm": new_password }), None).await;
        assert_eq!(reset.status(), 204, "{}", reset.text().await.unwrap());
        secrets.extend([reset_link, reset_token, new_password.to_owned()]);

        // An invitation, viewed and accepted.
        let admin_token = {
            let step: Value = post("/api/v1/auth/login", json!({ "email": admin.email, "password": new_password }), None).await.json().await.unwrap();
            let code = app.mail.code(&admin.email, 3).await;
            let challenge = step["challenge"].as_str().unwrap().to_owned();
            let session: Value = post("/api/v1/auth/otp/verify", json!({ "otp": code }), Some(("session-token", challenge.clone()))).await.json().await.unwrap();
            let token = session["token"].as_str().unwrap().to_owned();
            secrets.extend([code, challenge, token.clone()]);
            token
        };
        let invited = app.invited(company, "Meera Pillai").await;
        let invite = client.post(server.url("/api/v1/invitations")).bearer_auth(&admin_token).json(&json!({ "email": invited.email })).send().await.unwrap();
        assert_eq!(invite.status(), 202);
        let invitation_link = app.mail.link(&invited.email, 1).await;
        let invitation_token = param(&invitation_link, "value");
        let view = client.get(server.url(&format!("/api/v1/auth/invitation?token={invitation_token}"))).send().await.unwrap();
        assert_eq!(view.status(), 200);
        let accepted: Value = post("/api/v1/auth/invitation/accept", json!({ "token": invitation_token, "password": "Zorbel7", "confirm": "Zorbel7" }), None).await.json().await.unwrap();
        assert_eq!(accepted["status"], "eula_required", "{accepted}");
        secrets.extend([invitation_link, invitation_token, accepted["challenge"].as_str().unwrap().to_owned()]);

        // A sign-up link, opened, asked through, confirmed and completed.
        let batch: Value = client.post(server.url("/api/v1/batches")).bearer_auth(&admin_token).json(&json!({ "name": "Cohort 1" })).send().await.unwrap().json().await.unwrap();
        let expires_at = (app.clock_now() + time::Duration::days(7)).format(&time::format_description::well_known::Rfc3339).unwrap();
        let path = format!("/api/v1/batches/{}/enrolment-keys", batch["id"].as_str().unwrap());
        let issued: Value = client.post(server.url(&path)).bearer_auth(&admin_token).json(&json!({ "max_uses": 5, "expires_at": expires_at })).send().await.unwrap().json().await.unwrap();
        let sign_up_link = issued["link"].as_str().unwrap().to_owned();
        let key = param(&sign_up_link, "key");
        client.get(sign_up_link.replacen(&app.config.public_url(), &server.address, 1)).send().await.unwrap();
        assert_eq!(client.get(server.url(&format!("/api/v1/signup/link?key={key}"))).send().await.unwrap().status(), 200);
        assert_eq!(post("/api/v1/signup", json!({ "key": key, "name": "Nadia Haddad", "email": "nadia@meridian.example" }), None).await.status(), 202);
        let confirm_link = app.mail.link("nadia@meridian.example", 1).await;
        let confirm_token = param(&confirm_link, "token");
        assert_eq!(client.get(server.url(&format!("/api/v1/signup/confirmation?token={confirm_token}"))).send().await.unwrap().status(), 200);
        let joined = post("/api/v1/signup/complete", json!({ "token": confirm_token, "password": "Lantern-walk42", "confirm": "Lantern-walk42" }), None).await;
        // Meridian holds no seats here: the refusal came with the password all the same.
        assert_eq!(joined.status(), 409, "{}", joined.text().await.unwrap());
        secrets.extend([sign_up_link, key, confirm_link, confirm_token, "Lantern-walk42".to_owned()]);

        drop(server);
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(text.contains("/api/v1/auth/invitation?token=…"), "the request log names the request, not its token:\n{text}");
        assert!(text.contains("/api/v1/signup/link?key=…"), "{text}");
        for secret in &secrets {
            assert!(!text.contains(secret.as_str()), "{secret} is in the log:\n{text}");
        }
    }

    async fn each_request_is_logged_with_its_time_and_a_trusted_proxys_request_id(db: TestDb) {
        let app = spawn_app(db).await;
        let log = app.config.data_dir.join("server.log");
        let server = ServerProcess::start_with(&app, &[("PLAYTRACK_TRUSTED_PROXIES", "127.0.0.1")], Some(log.clone())).await;
        let untrusted = ServerProcess::start_with(&app, &[], Some(app.config.data_dir.join("untrusted.log"))).await;
        let ask = |base: &str, id: &str| app.client.get(format!("{base}/api/v1/healthz")).header("x-request-id", id).send();

        let kept = ask(&server.address, "proxy-7f3a").await.unwrap();
        let replaced = ask(&untrusted.address, "forged-9b1c").await.unwrap();

        assert_eq!(kept.headers()["x-request-id"], "proxy-7f3a", "the proxy's id, so both logs name the request alike");
        assert_ne!(replaced.headers()["x-request-id"], "forged-9b1c", "anyone else's is not believed");
        drop((server, untrusted));
        let lines: Vec<Value> = std::fs::read_to_string(&log).unwrap().lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
        let answered = lines.iter().find(|line| line["span"]["request_id"] == "proxy-7f3a").expect("the request's log line");
        assert_eq!(answered["span"]["status"], 200, "{answered}");
        assert!(answered["span"]["duration_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{answered}");
    }
}
