//! Passwords after the first: forgotten, reset by link, changed, reset by an admin, chosen
//! through an invitation — with expired, reused and tampered links.

use kernel::Role;
use serde_json::{Value, json};
use time::Duration;

use crate::helpers::{ServerProcess, TestApp, TestUser, assert_problem, spawn_app};

const NEW_PASSWORD: &str = "Fresh-start-77";

fn token_of(link: &str, key: &str) -> String {
    let query = link.split_once('?').map_or("", |(_, q)| q);
    query.split('&').find_map(|pair| pair.strip_prefix(&format!("{key}="))).unwrap_or_default().to_owned()
}

async fn status_of(app: &TestApp, path: &str, body: Value) -> u16 {
    app.post_json(path, &body).await.status().as_u16()
}

async fn reset_link(app: &TestApp, user: &TestUser, nth: usize) -> String {
    assert_eq!(status_of(app, "/api/v1/auth/password/forgot", json!({ "email": user.email })).await, 202);
    let link = app.mail.link(&user.email, nth).await;
    assert!(link.starts_with(&format!("{}/new-password?token=", app.config.public_url())), "{link}");
    token_of(&link, "token")
}

async fn check(app: &TestApp, token: &str) -> Value {
    app.post_json("/api/v1/auth/password/check", &json!({ "token": token })).await.json::<Value>().await.unwrap()["response_code"].clone()
}

async fn accept_invitation(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json(
        "/api/v1/auth/invitation/accept",
        &json!({ "token": token, "password": password, "confirm": password }),
    )
    .await
}

async fn reset(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json("/api/v1/auth/password/reset", &json!({ "token": token, "password": password, "confirm": password }))
        .await
}

/// `requests` sent at once, every other one to the second process.
async fn over_two_processes<F, Fut>(app: &TestApp, other: &ServerProcess, requests: usize, send: F) -> Vec<u16>
where
    F: Fn(String, usize) -> Fut,
    Fut: Future<Output = reqwest::Response>,
{
    let sent = (0..requests).map(|n| {
        let base = if n % 2 == 0 { &app.address } else { &other.address };
        let response = send(base.clone(), n);
        async move { response.await.status().as_u16() }
    });
    futures_util::future::join_all(sent).await
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

crate::on_both_databases! {
    async fn a_forgotten_password_is_replaced_through_the_mailed_link(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let old_session = app.token_of(&admin).await;

        let token = reset_link(&app, &admin, 1).await;
        assert_eq!(check(&app, &token).await, "NEW_PASSWORD");
        let weak = assert_problem(reset(&app, &token, "short").await, 422, "PASSWORD_POLICY").await;
        assert!(weak["errors"].as_array().unwrap().iter().any(|e| e["code"] == "MINIMUM_LENGTH"));
        let mismatch = app.post_json("/api/v1/auth/password/reset", &json!({ "token": token, "password": NEW_PASSWORD, "confirm": "other" })).await;
        assert_problem(mismatch, 422, "VALIDATION_FAILED").await;

        assert_eq!(reset(&app, &token, NEW_PASSWORD).await.status(), 204);

        assert_problem(app.login(&admin.email, &admin.password).await, 401, "INVALID_CREDENTIALS").await;
        assert_eq!(app.login(&admin.email, NEW_PASSWORD).await.status(), 200);
        assert_problem(app.get_as("/api/v1/me", &old_session).await, 401, "UNAUTHENTICATED").await;
        assert_eq!(check(&app, &token).await, "LOGIN", "a used link is dead");
        assert_problem(reset(&app, &token, "Another-pass-88").await, 410, "LINK_EXPIRED").await;
    }

    async fn an_unknown_address_gets_the_same_answer_and_no_mail(db: TestDb) {
        let app = spawn_app(db).await;

        let response = app.post_json("/api/v1/auth/password/forgot", &json!({ "email": "Nobody@People.example" })).await;

        assert_eq!(response.status(), 202);
        assert_eq!(response.text().await.unwrap(), "");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert!(app.mail.to("nobody@people.example").is_empty());
    }

    async fn a_reset_link_expires_after_an_hour_and_a_newer_one_replaces_it(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let first = reset_link(&app, &admin, 1).await;
        let second = reset_link(&app, &admin, 2).await;
        assert_eq!(check(&app, &first).await, "LOGIN", "the newer link replaces the older");

        app.clock.advance(Duration::minutes(60));

        assert_eq!(check(&app, &second).await, "LOGIN");
        assert_problem(reset(&app, &second, NEW_PASSWORD).await, 410, "LINK_EXPIRED").await;
    }

    async fn a_tampered_link_is_refused(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let token = reset_link(&app, &admin, 1).await;
        // One character changed (never to itself: a token may already end in `A`).
        let last = if token.ends_with('A') { 'B' } else { 'A' };
        let tampered = format!("{}{last}", &token[..token.len() - 1]);

        assert_eq!(check(&app, &tampered).await, "LOGIN");
        assert_problem(reset(&app, &tampered, NEW_PASSWORD).await, 410, "LINK_EXPIRED").await;
        assert_problem(reset(&app, "", NEW_PASSWORD).await, 410, "LINK_EXPIRED").await;
    }

    async fn a_reset_request_takes_as_long_for_an_address_without_an_account(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        for email in [admin.email.as_str(), "nobody@people.example"] {
            let started = std::time::Instant::now();
            assert_eq!(status_of(&app, "/api/v1/auth/password/forgot", json!({ "email": email })).await, 202);
            assert!(started.elapsed() >= std::time::Duration::from_millis(250), "{email}: answered at the same moment either way");
        }
        app.mail.wait_for(&admin.email, 1).await;
    }

    async fn reset_mails_are_limited_per_address(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        for _ in 0..3 {
            assert_eq!(status_of(&app, "/api/v1/auth/password/forgot", json!({ "email": admin.email })).await, 202);
        }

        let fourth = app.post_json("/api/v1/auth/password/forgot", &json!({ "email": admin.email })).await;

        assert_problem(fourth, 429, "RATE_LIMITED").await;
        app.mail.wait_for(&admin.email, 3).await;
    }

    async fn changing_a_password_needs_the_current_one_and_ends_the_other_sessions(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let (current, other) = (app.token_of(&admin).await, app.token_of(&admin).await);
        let change = |current_password: &str, password: &str| {
            app.client
                .post(app.url("/api/v1/auth/password/change"))
                .bearer_auth(&current)
                .json(&json!({ "current_password": current_password, "password": password, "confirm": password }))
                .send()
        };

        assert_problem(change("Wrong-current-1", NEW_PASSWORD).await.unwrap(), 422, "CURRENT_PASSWORD_WRONG").await;
        assert_problem(change(&admin.password, "password").await.unwrap(), 422, "PASSWORD_POLICY").await;
        assert_eq!(change(&admin.password, NEW_PASSWORD).await.unwrap().status(), 204);

        assert_eq!(app.get_as("/api/v1/me", &current).await.status(), 200, "this session stays");
        assert_problem(app.get_as("/api/v1/me", &other).await, 401, "UNAUTHENTICATED").await;
        assert_eq!(app.login(&admin.email, NEW_PASSWORD).await.status(), 200);
    }

    async fn an_admin_sends_reset_links_only_inside_their_scope(db: TestDb) {
        let app = spawn_app(db).await;
        let (mine, theirs) = (app.company("Meridian", false, 30).await, app.company("Orbis", false, 30).await);
        let admin = app.user(Role::CompanyAdmin, Some(mine)).await;
        let (own_trainee, other_trainee) = (app.user(Role::User, Some(mine)).await, app.user(Role::User, Some(theirs)).await);
        let invited = app.invited(mine, "Meera Pillai").await;
        let token = app.token_of(&admin).await;
        let send = |email: &str| app.client.post(app.url("/api/v1/password-resets")).bearer_auth(&token).json(&json!({ "email": email })).send();

        assert_eq!(send(&own_trainee.email).await.unwrap().status(), 202);
        app.mail.wait_for(&own_trainee.email, 1).await;
        assert_problem(send(&other_trainee.email).await.unwrap(), 404, "NOT_FOUND").await;
        assert_problem(send("nobody@people.example").await.unwrap(), 404, "NOT_FOUND").await;
        let problem = assert_problem(send(&invited.email).await.unwrap(), 409, "USER_STATE").await;
        assert_eq!(problem["user_status"], "invited");
        assert!(app.mail.to(&other_trainee.email).is_empty());
    }

    async fn an_invited_trainee_chooses_a_password_accepts_the_eula_and_is_in(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let invited = app.invited(company, "Meera Pillai").await;
        let token = app.token_of(&admin).await;
        let invite = || app.client.post(app.url("/api/v1/invitations")).bearer_auth(&token).json(&json!({ "email": invited.email })).send();
        assert_eq!(invite().await.unwrap().status(), 202);
        let first = token_of(&app.mail.link(&invited.email, 1).await, "value");
        assert_eq!(invite().await.unwrap().status(), 202);
        let link = app.mail.link(&invited.email, 2).await;
        assert!(link.contains("/invitation/confirm-email?value=") && link.ends_with("&name=Meera+Pillai"), "{link}");
        let value = token_of(&link, "value");

        let view: Value = app.get(&format!("/api/v1/auth/invitation?token={value}")).await.json().await.unwrap();
        assert_eq!(view["name"], "Meera Pillai");
        assert_eq!(view["policy"]["minimum_length"], 6, "the built-in invitation policy");
        assert_problem(app.get(&format!("/api/v1/auth/invitation?token={first}")).await, 410, "LINK_EXPIRED").await;
        assert_problem(accept_invitation(&app, &value, "meera1").await, 422, "PASSWORD_POLICY").await;

        let step: Value = accept_invitation(&app, &value, "Zorbel7").await.json().await.unwrap();
        assert_eq!(step["status"], "eula_required");
        let session: Value = app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await.json().await.unwrap();
        assert_eq!(session["user"]["role"], "USER");

        assert_problem(accept_invitation(&app, &value, "Zorbel8").await, 410, "LINK_EXPIRED").await;
        let problem = assert_problem(invite().await.unwrap(), 409, "USER_STATE").await;
        assert_eq!(problem["user_status"], "active");
        assert_eq!(app.login(&invited.email, "Zorbel7").await.status(), 200);
    }

    async fn a_company_policy_governs_its_invitations(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Orbis", false, 30).await;
        app.company_policy(company, 12).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let invited = app.invited(company, "Luca Conti").await;
        let token = app.token_of(&admin).await;
        app.client.post(app.url("/api/v1/invitations")).bearer_auth(&token).json(&json!({ "email": invited.email })).send().await.unwrap();
        let value = token_of(&app.mail.link(&invited.email, 1).await, "value");

        let view: Value = app.get(&format!("/api/v1/auth/invitation?token={value}")).await.json().await.unwrap();
        assert_eq!(view["policy"]["minimum_length"], 12);
        assert_eq!(view["policy"]["symbols"], true);

        let short = app.post_json("/api/v1/auth/invitation/accept", &json!({ "token": value, "password": "zorbel~lamp", "confirm": "zorbel~lamp" })).await;
        assert_problem(short, 422, "PASSWORD_POLICY").await;
        let fine = app.post_json("/api/v1/auth/invitation/accept", &json!({ "token": value, "password": "zorbel~lampx", "confirm": "zorbel~lampx" })).await;
        assert_eq!(fine.status(), 200);
    }

    async fn a_trainee_cannot_send_links(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let trainee = app.user(Role::User, Some(company)).await;
        let step: Value = app.login(&trainee.email, &trainee.password).await.json().await.unwrap();
        let session: Value = app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await.json().await.unwrap();
        let token = session["token"].as_str().unwrap();

        for path in ["/api/v1/password-resets", "/api/v1/invitations"] {
            let response = app.client.post(app.url(path)).bearer_auth(token).json(&json!({ "email": trainee.email })).send().await.unwrap();
            assert_problem(response, 403, "FORBIDDEN").await;
        }
    }

    async fn thirty_reset_requests_at_once_over_two_processes_mail_exactly_three_links(db: TestDb) {
        let app = spawn_app(db).await;
        let other = ServerProcess::start_with(&app, &[], None).await;
        let admin = app.user(Role::SuperAdmin, None).await;

        let statuses = over_two_processes(&app, &other, 30, |base, _| {
            let request = app.client.post(format!("{base}/api/v1/auth/password/forgot")).json(&json!({ "email": admin.email }));
            async move { request.send().await.unwrap() }
        })
        .await;

        assert_eq!((count(&statuses, 202), count(&statuses, 429)), (3, 27), "{statuses:?}");
        assert_eq!(app.rows_where("mail_outbox", "recipient", &admin.email).await, 3);
        assert_eq!(app.mail.wait_for(&admin.email, 3).await.len(), 3);
    }

    async fn thirty_invitations_resent_at_once_over_two_processes_mail_exactly_twenty(db: TestDb) {
        let app = spawn_app(db).await;
        let other = ServerProcess::start_with(&app, &[], None).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;
        let mut invited = Vec::new();
        for n in 0..30 {
            invited.push(app.invited(company, &format!("Invitee {n}")).await);
        }

        let statuses = over_two_processes(&app, &other, 30, |base, n| {
            let request = app.client.post(format!("{base}/api/v1/invitations")).bearer_auth(&token).json(&json!({ "email": invited[n].email }));
            async move { request.send().await.unwrap() }
        })
        .await;

        assert_eq!((count(&statuses, 202), count(&statuses, 429)), (20, 10), "twenty a requester: {statuses:?}");
        let mut queued = 0;
        for person in &invited {
            queued += app.rows_where("mail_outbox", "recipient", &person.email).await;
        }
        assert_eq!(queued, 20);
    }

    async fn wrong_current_passwords_sent_at_once_get_exactly_five_tries(db: TestDb) {
        let app = spawn_app(db).await;
        let other = ServerProcess::start_with(&app, &[], None).await;
        let company = app.company("Meridian", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let token = app.token_of(&admin).await;
        let body = json!({ "current_password": "Wrong-current-1", "password": NEW_PASSWORD, "confirm": NEW_PASSWORD });

        let statuses = over_two_processes(&app, &other, 20, |base, _| {
            let request = app.client.post(format!("{base}/api/v1/auth/password/change")).bearer_auth(&token).json(&body);
            async move { request.send().await.unwrap() }
        })
        .await;

        assert_eq!((count(&statuses, 422), count(&statuses, 429)), (5, 15), "{statuses:?}");
    }
}
