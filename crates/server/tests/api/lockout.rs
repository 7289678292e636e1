//! Guessing passwords is slowed per account *and* address, never for the account as a whole:
//! the owner elsewhere, or in a browser that signed in before, still gets in. Every attempt is
//! counted before its password is hashed, so guesses sent at once count each other, across
//! server processes too. The client's address is the socket's unless a trusted proxy says.

use kernel::Role;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{ServerProcess, TestApp, TestUser, spawn_app, spawn_app_with};

const ATTACKER: &str = "203.0.113.66";
const OWNER: &str = "198.51.100.7";

async fn login_from(
    app: &TestApp,
    base: &str,
    user: &TestUser,
    password: &str,
    from: &str,
    cookie: Option<&str>,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(format!("{base}/api/v1/auth/login"))
        .header("x-forwarded-for", from)
        .json(&json!({ "email": user.email, "password": password }));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.unwrap()
}

/// The `playtrack_device=…` pair a sign-in set.
fn device_cookie(response: &reqwest::Response) -> String {
    let set = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("playtrack_device="));
    let set = set.expect("a device cookie");
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/api/v1/auth"), "{set}");
    set.split(';').next().unwrap().to_owned()
}

/// The seconds a `429 RATE_LIMITED` asks to wait, the same in header and body.
fn retry_after(response: reqwest::Response) -> i64 {
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    response.headers()["retry-after"].to_str().unwrap().parse().unwrap()
}

fn tally(statuses: &[StatusCode]) -> (usize, usize) {
    let refused = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let throttled = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(refused + throttled, statuses.len(), "only 401 and 429: {statuses:?}");
    (refused, throttled)
}

/// Failed sign-ins the audit trail records from `address`.
async fn failures_audited_from(app: &TestApp, address: &str) -> i64 {
    use sea_orm::{
        ConnectionTrait,
        sea_query::{Expr, ExprTrait, Query},
    };
    let statement = Query::select()
        .expr(Expr::col("id").count())
        .from("audit_events")
        .and_where(Expr::col("action").eq("sign_in.failed"))
        .and_where(Expr::col("ip").eq(address))
        .take();
    app.db.query_one(&statement).await.unwrap().unwrap().try_get_by_index(0).unwrap()
}

async fn behind_a_proxy(db: crate::helpers::TestDb) -> TestApp {
    spawn_app_with(db, |config| config.trusted_proxies = vec!["127.0.0.1".into()]).await
}

crate::on_both_databases! {
    async fn fifty_wrong_passwords_in_a_row_from_one_address_get_five_tries(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let mut statuses = Vec::new();
        for _ in 0..50 {
            statuses.push(login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await.status());
        }
        assert_eq!(tally(&statuses), (5, 45));
        assert!(statuses[..5].iter().all(|s| *s == StatusCode::UNAUTHORIZED), "the first five are tried: {statuses:?}");
        assert_eq!(failures_audited_from(&app, ATTACKER).await, 5, "the trusted proxy's X-Forwarded-For names the client");

        let owner = login_from(&app, &app.address, &admin, &admin.password, OWNER, None).await;
        assert_eq!(owner.status(), 200, "the owner from another address is not slowed");
        let body: Value = owner.json().await.unwrap();
        assert_eq!(body["status"], "session");
    }

    async fn twenty_wrong_passwords_at_once_get_exactly_five_tries(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let attempts = (0..20).map(|_| login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None));
        let statuses: Vec<_> = futures_util::future::join_all(attempts).await.iter().map(reqwest::Response::status).collect();
        assert_eq!(tally(&statuses), (5, 15), "{statuses:?}");
        let more = login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await;
        assert_eq!(retry_after(more), 30, "the sixth try waits 30 s after the fifth failure");
        assert_eq!(app.audit_count("sign_in.failed").await, 5, "five passwords were tried");
    }

    async fn sixty_wrong_passwords_at_once_across_accounts_get_thirty_tries(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let mut accounts = Vec::new();
        for _ in 0..20 {
            accounts.push(app.user(Role::SuperAdmin, None).await);
        }
        let cookie = device_cookie(&login_from(&app, &app.address, &accounts[0], &accounts[0].password, OWNER, None).await);
        // Three each, under the five of a pair: only the address's budget across accounts stops them.
        let attempts = accounts
            .iter()
            .cycle()
            .take(60)
            .map(|account| login_from(&app, &app.address, account, "Wrong-password-1", ATTACKER, None));
        let statuses: Vec<_> = futures_util::future::join_all(attempts).await.iter().map(reqwest::Response::status).collect();
        assert_eq!(tally(&statuses), (30, 30), "{statuses:?}");

        let sprayed = login_from(&app, &app.address, &accounts[1], &accounts[1].password, ATTACKER, None).await;
        assert!((1..=900).contains(&retry_after(sprayed)), "until the oldest failure is 15 minutes old");
        let elsewhere = login_from(&app, &app.address, &accounts[1], &accounts[1].password, OWNER, None).await;
        assert_eq!(elsewhere.status(), 200, "another address is not slowed");
        let known = login_from(&app, &app.address, &accounts[0], &accounts[0].password, ATTACKER, Some(&cookie)).await;
        assert_eq!(known.status(), 200, "a browser that signed in before is not slowed by its address");
    }

    async fn the_wait_keeps_doubling_up_to_fifteen_minutes_and_stays_there(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        for _ in 0..5 {
            assert_eq!(login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await.status(), 401);
        }
        // Each failure after the wait doubles the next one, also once the first failures are
        // older than 15 minutes; the attacker gets a guess per 15 minutes, not ten.
        for expected in [30, 60, 120, 240, 480, 900, 900, 900, 900] {
            let early = login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await;
            assert_eq!(retry_after(early), expected);
            app.clock.advance(time::Duration::seconds(expected - 1));
            let still = login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await;
            assert_eq!(retry_after(still), 1);
            app.clock.advance(time::Duration::seconds(1));
            assert_eq!(login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await.status(), 401);
        }
        let owner = login_from(&app, &app.address, &admin, &admin.password, OWNER, None).await;
        assert_eq!(owner.status(), 200, "the owner elsewhere was never slowed");
    }

    async fn a_browser_that_signed_in_before_gets_in_while_its_address_is_slowed(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let first = login_from(&app, &app.address, &admin, &admin.password, ATTACKER, None).await;
        assert_eq!(first.status(), 200);
        let cookie = device_cookie(&first);
        for _ in 0..10 {
            login_from(&app, &app.address, &admin, "Wrong-password-1", ATTACKER, None).await;
        }
        assert_eq!(login_from(&app, &app.address, &admin, &admin.password, ATTACKER, None).await.status(), 429);

        let known = login_from(&app, &app.address, &admin, &admin.password, ATTACKER, Some(&cookie)).await;
        assert_eq!(known.status(), 200, "the known browser gets in");

        let mut forged = cookie.clone();
        forged.pop();
        forged.push(if cookie.ends_with('A') { 'B' } else { 'A' });
        let other_account = app.user(Role::SuperAdmin, None).await;
        let others_cookie = device_cookie(&login_from(&app, &app.address, &other_account, &other_account.password, OWNER, None).await);
        for cookie in [forged, others_cookie] {
            let response = login_from(&app, &app.address, &admin, &admin.password, ATTACKER, Some(&cookie)).await;
            assert_eq!(response.status(), 429, "a forged cookie, or another account's, is no known browser");
        }
    }

    async fn a_known_browser_that_guesses_is_slowed_on_its_own(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let cookie = device_cookie(&login_from(&app, &app.address, &admin, &admin.password, OWNER, None).await);
        let mut statuses = Vec::new();
        for _ in 0..15 {
            statuses.push(login_from(&app, &app.address, &admin, "Wrong-password-1", OWNER, Some(&cookie)).await.status());
        }
        assert_eq!(tally(&statuses), (10, 5));
    }

    async fn the_device_cookie_is_secure_when_the_portal_is_served_over_https(db: TestDb) {
        let app = spawn_app_with(db, |config| config.public_url = Some("https://portal.example".into())).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let signed_in = app.login(&admin.email, &admin.password).await;
        let set = signed_in.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).find(|c| c.starts_with("playtrack_device="));
        let set = set.expect("a device cookie");
        assert!(set.contains("Secure") && set.contains("Max-Age=15552000"), "sent over https only, kept 180 days: {set}");
    }

    async fn without_a_trusted_proxy_a_forged_forwarded_address_changes_nothing(db: TestDb) {
        let app = spawn_app(db).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let mut statuses = Vec::new();
        for n in 0..8 {
            let spoofed = format!("198.51.100.{n}");
            statuses.push(login_from(&app, &app.address, &admin, "Wrong-password-1", &spoofed, None).await.status());
        }
        assert_eq!(tally(&statuses), (5, 3), "every try counts against the socket's address");
        assert_eq!(failures_audited_from(&app, "127.0.0.1").await, 5);
    }

    async fn guesses_sent_to_two_server_processes_at_once_share_one_count(db: TestDb) {
        let app = behind_a_proxy(db).await;
        let other = ServerProcess::start_with(&app, &[("PLAYTRACK_TRUSTED_PROXIES", "127.0.0.1")], None).await;
        let admin = app.user(Role::SuperAdmin, None).await;
        let attempts = (0..20).map(|n| {
            let base = if n % 2 == 0 { app.address.clone() } else { other.address.clone() };
            let (app, admin) = (&app, &admin);
            async move { login_from(app, &base, admin, "Wrong-password-1", ATTACKER, None).await.status() }
        });
        let statuses = futures_util::future::join_all(attempts).await;
        assert_eq!(tally(&statuses), (5, 15), "{statuses:?}");
        assert_eq!(app.audit_count("sign_in.failed").await, 5, "five passwords were tried");
    }
}
