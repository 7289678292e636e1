//! The browser's session in cookies: set by every answer that opens a session, hidden from
//! scripts, kept to the API and to this site, with a CSRF token for every write; bearer
//! clients are untouched.

use kernel::Role;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_problem, spawn_app, spawn_app_with};

/// One `Set-Cookie` header: its value and its attributes, names lower-cased.
#[derive(Debug)]
struct SetCookie {
    value: String,
    attributes: Vec<(String, String)>,
}

impl SetCookie {
    fn has(&self, name: &str) -> bool {
        self.attributes.iter().any(|(n, _)| n == name)
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn set_cookie(response: &reqwest::Response, name: &str) -> Option<SetCookie> {
    response.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()).find_map(|header| {
        let mut parts = header.split(';').map(str::trim);
        let value = parts.next()?.strip_prefix(name)?.strip_prefix('=')?.to_owned();
        let attributes = parts
            .map(|part| {
                let (n, v) = part.split_once('=').unwrap_or((part, ""));
                (n.to_ascii_lowercase(), v.to_owned())
            })
            .collect();
        Some(SetCookie { value, attributes })
    })
}

/// The session and CSRF cookies an answer sets; panics when it sets no session.
fn session_cookies(response: &reqwest::Response) -> (SetCookie, SetCookie) {
    let session = set_cookie(response, "playtrack_session").expect("a session cookie");
    let csrf = set_cookie(response, "playtrack_csrf").expect("a CSRF cookie");
    (session, csrf)
}

/// What a browser sends back: the `Cookie` header of both.
fn cookie_header(session: &SetCookie, csrf: &SetCookie) -> String {
    format!("playtrack_session={}; playtrack_csrf={}", session.value, csrf.value)
}

/// Signs `user` in as a browser: the answer's cookies, as a `Cookie` header, and the CSRF value.
async fn browser_sign_in(app: &TestApp, email: &str, password: &str) -> (String, String) {
    let response = app.login(email, password).await;
    assert_eq!(response.status(), 200);
    let (session, csrf) = session_cookies(&response);
    (cookie_header(&session, &csrf), csrf.value)
}

fn new_country(n: u8) -> Value {
    json!({ "name": format!("Cookieland {n}"), "iso_code": format!("Q{}", char::from(b'A' + n)) })
}

async fn countries_named_cookieland(app: &TestApp, token: &str) -> usize {
    let list: Value = app.get_as("/api/v1/countries?q=Cookieland&per_page=200", token).await.json().await.unwrap();
    list["items"].as_array().unwrap().len()
}

crate::on_both_databases! {
    async fn a_sign_in_sets_a_session_cookie_no_script_or_other_site_sees(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;

        let response = app.login(&admin.email, &admin.password).await;

        assert_eq!(response.status(), 200);
        let (session, csrf) = session_cookies(&response);
        let grant: Value = response.json().await.unwrap();
        assert_eq!(session.value, grant["token"].as_str().unwrap(), "the cookie carries the session's token");
        assert!(session.has("httponly"), "scripts cannot read the session: {session:?}");
        assert_eq!(session.get("samesite"), Some("Strict"));
        assert_eq!(session.get("path"), Some("/api"));
        assert!(!session.has("secure"), "the portal is served over http here: {session:?}");
        let lifetime = i64::from(app.config.session_hours) * 3600;
        let max_age: i64 = session.get("max-age").unwrap().parse().unwrap();
        assert!((lifetime - 5..=lifetime).contains(&max_age), "kept until the session's absolute expiry: {max_age}");

        assert!(!csrf.has("httponly"), "the page reads the CSRF token: {csrf:?}");
        assert_eq!(csrf.get("samesite"), Some("Strict"));
        assert_eq!(csrf.get("path"), Some("/"));
        assert_eq!(csrf.get("max-age"), session.get("max-age"));
        assert_eq!(csrf.value.len(), 43, "256 random bits");
        let again = app.login(&admin.email, &admin.password).await;
        assert_ne!(session_cookies(&again).1.value, csrf.value, "a new token per session");
    }

    async fn over_https_the_session_cookies_are_secure(db: TestDb) {
        let app = spawn_app_with(db, |config| config.public_url = Some("https://portal.example".into())).await;
        let admin = app.user(Role::SuperAdmin, None).await;

        let response = app.login(&admin.email, &admin.password).await;

        let (session, csrf) = session_cookies(&response);
        assert!(session.has("secure") && csrf.has("secure"), "{session:?} {csrf:?}");
        let logout = app
            .client
            .post(app.url("/api/v1/auth/logout"))
            .header("cookie", cookie_header(&session, &csrf))
            .header("x-csrf-token", &csrf.value)
            .send()
            .await
            .unwrap();
        let (session, csrf) = session_cookies(&logout);
        assert!(session.has("secure") && csrf.has("secure"), "cleared with the same attributes");
    }

    async fn every_step_that_opens_a_session_sets_the_cookies_and_no_other_does(db: TestDb) {
        let app = spawn_app(db).await;
        // The e-mailed code.
        let orbis = app.company("Orbis", true, 30).await;
        let otp_admin = app.user(Role::CompanyAdmin, Some(orbis)).await;
        let step = app.login(&otp_admin.email, &otp_admin.password).await;
        assert!(set_cookie(&step, "playtrack_session").is_none(), "no session before the code");
        let step: Value = step.json().await.unwrap();
        let code = app.mail.code(&otp_admin.email, 1).await;
        let verified = app.post_challenge("/api/v1/auth/otp/verify", step["challenge"].as_str().unwrap(), &json!({ "otp": code })).await;
        assert_eq!(verified.status(), 200);
        session_cookies(&verified);

        // The licence agreement.
        let meridian = app.company("Meridian", false, 30).await;
        let trainee = app.user(Role::User, Some(meridian)).await;
        let step = app.login(&trainee.email, &trainee.password).await;
        assert!(set_cookie(&step, "playtrack_session").is_none(), "no session before the agreement");
        let step: Value = step.json().await.unwrap();
        let accepted = app.post_challenge("/api/v1/auth/eula/accept", step["challenge"].as_str().unwrap(), &json!({})).await;
        assert_eq!(accepted.status(), 200);
        session_cookies(&accepted);

        // An invitation accepted by someone with no further step.
        let invited = app.invited(meridian, "Dev Admin").await;
        app.set_user(&invited, "role", "COMPANY_ADMIN").await;
        let admin = app.user(Role::CompanyAdmin, Some(meridian)).await;
        let sent = app.client.post(app.url("/api/v1/invitations")).bearer_auth(app.token_of(&admin).await).json(&json!({ "email": invited.email })).send().await.unwrap();
        assert_eq!(sent.status(), 202);
        let link = app.mail.link(&invited.email, 1).await;
        let value = link.split_once("value=").unwrap().1.split('&').next().unwrap().to_owned();
        let joined = app.post_json("/api/v1/auth/invitation/accept", &json!({ "token": value, "password": "Zorbel7", "confirm": "Zorbel7" })).await;
        assert_eq!(joined.status(), 200);
        let (session, csrf) = session_cookies(&joined);
        let me = app.client.get(app.url("/api/v1/me")).header("cookie", cookie_header(&session, &csrf)).send().await.unwrap();
        let me: Value = me.json().await.unwrap();
        assert_eq!(me["email"], invited.email.as_str());
    }

    async fn the_setup_signs_the_first_super_admin_in_with_the_cookies(db: TestDb) {
        let app = spawn_app(db).await;
        let server = server::startup::Application::build(&app.config).await.unwrap();
        let token = server.identity().offer_setup().await.unwrap().unwrap();

        let response = app.post_json("/api/v1/setup", &json!({ "token": token, "email": "owner@provider.example", "name": "Owner", "password": "Zorbel-lamp42" })).await;

        assert_eq!(response.status(), 200);
        let (session, csrf) = session_cookies(&response);
        let me = app.client.get(app.url("/api/v1/me")).header("cookie", cookie_header(&session, &csrf)).send().await.unwrap();
        assert_eq!(me.status(), 200);
    }

    async fn the_cookie_reads_freely_and_writes_only_with_its_csrf_token(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let (cookies, csrf) = browser_sign_in(&app, &admin.email, &admin.password).await;
        let bearer = app.token_of(&admin).await;
        let post = |body: Value| app.client.post(app.url("/api/v1/countries")).header("cookie", cookies.clone()).json(&body);

        let me = app.client.get(app.url("/api/v1/me")).header("cookie", &cookies).send().await.unwrap();
        assert_eq!(me.status(), 200, "a GET needs the cookie only");
        let me: Value = me.json().await.unwrap();
        assert_eq!(me["id"], admin.id.to_string());

        assert_problem(post(new_country(0)).send().await.unwrap(), 403, "CSRF_TOKEN_INVALID").await;
        let wrong = format!("{}x", &csrf[..csrf.len() - 1]);
        assert_problem(post(new_country(1)).header("x-csrf-token", wrong).send().await.unwrap(), 403, "CSRF_TOKEN_INVALID").await;
        assert_problem(post(new_country(2)).header("x-csrf-token", "").send().await.unwrap(), 403, "CSRF_TOKEN_INVALID").await;
        assert_eq!(countries_named_cookieland(&app, &bearer).await, 0, "nothing refused was written");

        let created = post(new_country(4)).header("x-csrf-token", &csrf).send().await.unwrap();
        assert_eq!(created.status(), 201);
        assert_eq!(countries_named_cookieland(&app, &bearer).await, 1);
    }

    async fn bearer_clients_need_no_csrf_token_and_win_over_a_cookie(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let trainee_company = app.company("Meridian", false, 30).await;
        let other = app.user(Role::CompanyAdmin, Some(trainee_company)).await;
        let (others_cookies, _) = browser_sign_in(&app, &other.email, &other.password).await;
        let bearer = app.token_of(&admin).await;

        let created = app.client.post(app.url("/api/v1/countries")).bearer_auth(&bearer).json(&new_country(5)).send().await.unwrap();
        assert_eq!(created.status(), 201, "no CSRF token for a bearer token");

        let both = app.client.get(app.url("/api/v1/me")).bearer_auth(&bearer).header("cookie", &others_cookies).send().await.unwrap();
        let me: Value = both.json().await.unwrap();
        assert_eq!(me["id"], admin.id.to_string(), "the bearer token names the caller");
        let dead = app.client.get(app.url("/api/v1/me")).bearer_auth("not-a-token").header("cookie", &others_cookies).send().await.unwrap();
        assert_problem(dead, 401, "UNAUTHENTICATED").await;
        assert_problem(app.get("/api/v1/me").await, 401, "UNAUTHENTICATED").await;
    }

    async fn logging_out_clears_the_cookies_and_ends_their_session(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let (cookies, csrf) = browser_sign_in(&app, &admin.email, &admin.password).await;
        let logout = || app.client.post(app.url("/api/v1/auth/logout")).header("cookie", cookies.clone());

        assert_problem(logout().send().await.unwrap(), 403, "CSRF_TOKEN_INVALID").await;
        let out = logout().header("x-csrf-token", &csrf).send().await.unwrap();

        assert_eq!(out.status(), 204);
        let (session, csrf_cleared) = session_cookies(&out);
        for (cookie, path) in [(&session, "/api"), (&csrf_cleared, "/")] {
            assert_eq!((cookie.value.as_str(), cookie.get("max-age"), cookie.get("path")), ("", Some("0"), Some(path)), "{cookie:?}");
        }
        let me = app.client.get(app.url("/api/v1/me")).header("cookie", &cookies).send().await.unwrap();
        assert_problem(me, 401, "UNAUTHENTICATED").await;
        assert_eq!(app.audit_count("sign_out").await, 1);
    }
}
