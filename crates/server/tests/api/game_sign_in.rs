//! The game's sign-in through the portal, driven by the `oauth2` crate as a real OAuth client:
//! the authorization code flow with PKCE, refresh-token rotation, revocation, and everything
//! that must be refused; then the hand-off from the game back to the portal.

use kernel::Role;
use oauth2::{
    AuthUrl, AuthorizationCode, ClientId, CsrfToken, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RefreshToken,
    Scope, StandardRevocableToken, TokenResponse, TokenUrl,
    basic::{BasicClient, BasicErrorResponseType},
};
use reqwest::Method;
use sea_orm::{
    ConnectionTrait,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::Duration;
use uuid::Uuid;

use crate::{
    audit::{past_eula, trainee_token},
    helpers::{ServerProcess, TestApp, TestUser, assert_problem, spawn_app},
    licences::{call, ok},
};

const CALLBACK: &str = "http://127.0.0.1/callback";
/// Where the game listens this time: a loopback port of its choosing (RFC 8252 §7.3).
const LISTENING: &str = "http://127.0.0.1:51004/callback";

type Client = oauth2::Client<
    oauth2::StandardErrorResponse<BasicErrorResponseType>,
    oauth2::StandardTokenResponse<oauth2::EmptyExtraTokenFields, oauth2::basic::BasicTokenType>,
    oauth2::StandardTokenIntrospectionResponse<oauth2::EmptyExtraTokenFields, oauth2::basic::BasicTokenType>,
    StandardRevocableToken,
    oauth2::StandardErrorResponse<oauth2::RevocationErrorResponseType>,
    oauth2::EndpointSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointNotSet,
    oauth2::EndpointSet,
>;

/// A company with seats, its game's API client and game app, and a trainee with a seat who
/// has accepted the licence agreement and is signed in to the portal.
struct World {
    root: String,
    company: Uuid,
    trainee: TestUser,
    /// The trainee's portal session (the browser's).
    browser: String,
    client_id: String,
    api_key: String,
}

impl World {
    async fn new(app: &TestApp) -> Self {
        let root = app.super_admin().await;
        let company = app.company("Orbis", false, 30).await;
        app.seats_for(&root, company, 5).await;
        let (api_client, api_key) =
            app.game_client(&root, json!({ "name": "Hero servers", "kind": "game", "all_companies": true })).await;
        let body = json!({
            "name": "Warehouse Hero", "scopes": ["play", "reports"], "redirect_uris": [CALLBACK],
            "api_client_id": api_client,
        });
        let created = ok(call(app, Method::POST, "/api/v1/game-apps", &root, Some(body)).await, 201).await;
        let client_id = created["client_id"].as_str().unwrap().to_owned();
        let (trainee, browser) = trainee_with_seat(app, &root, company).await;
        Self { root, company, trainee, browser, client_id, api_key }
    }

    fn client(&self, app: &TestApp) -> Client {
        BasicClient::new(ClientId::new(self.client_id.clone()))
            .set_auth_uri(AuthUrl::new(app.url("/oauth/authorize")).unwrap())
            .set_token_uri(TokenUrl::new(app.url("/oauth/token")).unwrap())
            .set_redirect_uri(RedirectUrl::new(LISTENING.into()).unwrap())
    }

    /// The game opens the browser at the authorization URL; the signed-in trainee allows it
    /// and the browser comes back to the game: the code, and the verifier the game kept.
    async fn authorize(&self, app: &TestApp, browser: &str) -> (String, PkceCodeVerifier) {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state) = self
            .client(app)
            .authorize_url(CsrfToken::new_random)
            .add_scope(Scope::new("play".into()))
            .add_scope(Scope::new("reports".into()))
            .set_pkce_challenge(challenge)
            .url();
        let back = allow(app, browser, &url).await;
        let back = ok(back, 200).await["redirect_to"].as_str().unwrap().to_owned();
        let back = url::Url::parse(&back).unwrap();
        assert_eq!(back.as_str().split('?').next(), Some(LISTENING), "back to the port the game listens on");
        let param = |name| back.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned());
        assert_eq!(param("state").as_deref(), Some(state.secret().as_str()), "the game's state comes back");
        (param("code").expect("a code"), verifier)
    }

    async fn tokens(&self, app: &TestApp) -> (String, String) {
        let (code, verifier) = self.authorize(app, &self.browser).await;
        let tokens = self
            .client(app)
            .exchange_code(AuthorizationCode::new(code))
            .set_pkce_verifier(verifier)
            .request_async(&app.client)
            .await
            .expect("tokens for the code");
        (tokens.access_token().secret().clone(), tokens.refresh_token().unwrap().secret().clone())
    }
}

/// The browser's POST of the trainee's answer, with the authorization URL's query.
async fn decide(app: &TestApp, browser: &str, url: &url::Url, approve: bool) -> reqwest::Response {
    let mut body: serde_json::Map<String, Value> =
        url.query_pairs().map(|(k, v)| (k.into_owned(), Value::String(v.into_owned()))).collect();
    body.insert("approve".into(), json!(approve));
    call(app, Method::POST, "/api/v1/oauth/authorization", browser, Some(Value::Object(body))).await
}

async fn allow(app: &TestApp, browser: &str, url: &url::Url) -> reqwest::Response {
    decide(app, browser, url, true).await
}

/// A trainee with a seat, past the licence agreement, and their portal token.
async fn trainee_with_seat(app: &TestApp, root: &str, company: Uuid) -> (TestUser, String) {
    let trainee = app.user(Role::User, Some(company)).await;
    ok(call(app, Method::POST, "/api/v1/seats", root, Some(json!({ "user_id": trainee.id }))).await, 201).await;
    let browser = past_eula(app, &trainee).await;
    (trainee, browser)
}

fn error_of<T: std::fmt::Debug>(
    result: Result<
        T,
        oauth2::RequestTokenError<impl std::error::Error, oauth2::StandardErrorResponse<BasicErrorResponseType>>,
    >,
) -> BasicErrorResponseType {
    match result {
        Err(oauth2::RequestTokenError::ServerResponse(e)) => e.error().clone(),
        other => panic!("expected an OAuth error, got {other:?}"),
    }
}

async fn me(app: &TestApp, access: &str) -> reqwest::Response {
    app.get_as("/api/v1/game/me", access).await
}

async fn seat_of(app: &TestApp, user: Uuid) -> Option<time::OffsetDateTime> {
    let query = Query::select().column("activated_at").from("seats").and_where(Expr::col("user_id").eq(user)).take();
    app.db.query_one(&query).await.unwrap().unwrap().try_get("", "activated_at").unwrap()
}

crate::on_both_databases! {
    async fn a_game_signs_a_trainee_in_plays_and_refreshes(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;
        let metadata = ok(app.get("/.well-known/oauth-authorization-server").await, 200).await;
        assert!(metadata["token_endpoint"].as_str().unwrap().ends_with("/oauth/token"), "{metadata}");
        assert_eq!(metadata["code_challenge_methods_supported"], json!(["S256"]));

        // The first authorization starts the seat.
        assert_eq!(seat_of(&app, world.trainee.id).await, None);
        let (access, refresh) = world.tokens(&app).await;
        assert!(seat_of(&app, world.trainee.id).await.is_some(), "the seat is in use from the first authorization");
        assert_eq!(app.audit_count("game.authorized").await, 1);

        let player = ok(me(&app, &access).await, 200).await;
        assert_eq!(player["email"], world.trainee.email.as_str());
        assert_eq!(player["company_name"], "Orbis");
        assert_eq!(player["may_play"], true);
        assert_eq!(player["scopes"], json!(["play", "reports"]));
        assert!(player["licence_valid_until"].is_string());
        ok(app.get_as("/api/v1/catalogue", &access).await, 200).await;
        // A game's token is no portal session, and a portal session is no game token.
        assert_problem(app.get_as("/api/v1/auth/session", &access).await, 401, "UNAUTHENTICATED").await;
        assert_problem(me(&app, &world.browser).await, 401, "UNAUTHENTICATED").await;

        // Its own attempts are recorded under the game's API client; anyone else's is refused.
        let skill = app.named("skills").await;
        let level = app.level(1, skill).await;
        let approach = app.named("approaches").await;
        let other = app.trainee_of(&world.root, world.company).await;
        let now = app.clock_now();
        let attempt = |external_id: &str, trainee: Uuid| json!({
            "external_id": external_id, "trainee": trainee, "level": level, "difficulty": "medium",
            "approach": approach, "score": 40, "max_score": 100, "skill_points": { skill.to_string(): 40 },
            "duration_seconds": 60,
            // Played since the seat was taken, a moment ago.
            "started_at": now.format(&time::format_description::well_known::Rfc3339).unwrap(),
            "completed_at": (now + Duration::minutes(1)).format(&time::format_description::well_known::Rfc3339).unwrap(),
        });
        let answer = ok(app.post_attempts(&access, vec![attempt("d-1", world.trainee.id), attempt("d-2", other)]).await, 200).await;
        assert_eq!(answer["results"][0]["status"], "stored");
        assert_eq!(answer["results"][1]["status"], "invalid");
        assert_eq!(answer["results"][1]["errors"][0]["field"], "trainee");
        assert_eq!(answer["results"][1]["errors"][0]["code"], "UNKNOWN");
        // The game's server sending the same attempt again is one attempt.
        let again = ok(app.post_attempts(&world.api_key, vec![attempt("d-1", world.trainee.id)]).await, 200).await;
        assert_eq!(again["results"][0]["status"], "duplicate");

        // Refresh tokens rotate; presenting a used one ends the whole sign-in.
        let client = world.client(&app);
        let renewed = client.exchange_refresh_token(&RefreshToken::new(refresh.clone())).request_async(&app.client).await.unwrap();
        let renewed_access = renewed.access_token().secret().clone();
        assert_ne!(renewed.refresh_token().unwrap().secret(), &refresh, "a new refresh token each time");
        ok(me(&app, &renewed_access).await, 200).await;
        let reused = client.exchange_refresh_token(&RefreshToken::new(refresh)).request_async(&app.client).await;
        assert_eq!(error_of(reused), BasicErrorResponseType::InvalidGrant);
        assert_problem(me(&app, &renewed_access).await, 401, "UNAUTHENTICATED").await;
        let newest = RefreshToken::new(renewed.refresh_token().unwrap().secret().clone());
        let after = client.exchange_refresh_token(&newest).request_async(&app.client).await;
        assert_eq!(error_of(after), BasicErrorResponseType::InvalidGrant, "the family is gone");
        assert_eq!(
            app.audit_reasons("game.refresh_reused").await,
            ["the refresh token was used before; the sign-in has ended"],
            "the reuse is audited with its reason"
        );

        // Access tokens last ten minutes.
        let (access, _) = world.tokens(&app).await;
        app.clock.advance(Duration::minutes(11));
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
    }

    async fn codes_are_single_use_bound_to_their_verifier_and_redirect_uri(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;
        let client = world.client(&app);

        // A code used twice: refused, and the tokens of its first use die (RFC 6749 §4.1.2).
        let (code, verifier) = world.authorize(&app, &world.browser).await;
        let verifier_copy = PkceCodeVerifier::new(verifier.secret().clone());
        let first = client.exchange_code(AuthorizationCode::new(code.clone())).set_pkce_verifier(verifier).request_async(&app.client).await.unwrap();
        ok(me(&app, first.access_token().secret()).await, 200).await;
        let second = client.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(verifier_copy).request_async(&app.client).await;
        assert_eq!(error_of(second), BasicErrorResponseType::InvalidGrant);
        assert_problem(me(&app, first.access_token().secret()).await, 401, "UNAUTHENTICATED").await;
        assert_eq!(
            app.audit_reasons("game.code_replayed").await,
            ["the code was used before; the sign-in it opened has ended"]
        );
        let refreshed = client.exchange_refresh_token(first.refresh_token().unwrap()).request_async(&app.client).await;
        assert_eq!(error_of(refreshed), BasicErrorResponseType::InvalidGrant);

        // Another verifier than the one behind the challenge; the code is used up by the try.
        let (code, verifier) = world.authorize(&app, &world.browser).await;
        let wrong = client.exchange_code(AuthorizationCode::new(code.clone())).set_pkce_verifier(PkceCodeChallenge::new_random_sha256().1).request_async(&app.client).await;
        assert_eq!(error_of(wrong), BasicErrorResponseType::InvalidGrant);
        let right_too_late = client.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(verifier).request_async(&app.client).await;
        assert_eq!(error_of(right_too_late), BasicErrorResponseType::InvalidGrant);

        // The redirect URI of the exchange must be the request's, port included.
        let (code, verifier) = world.authorize(&app, &world.browser).await;
        let moved = client.clone().set_redirect_uri(RedirectUrl::new("http://127.0.0.1:51005/callback".into()).unwrap());
        let altered = moved.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(verifier).request_async(&app.client).await;
        assert_eq!(error_of(altered), BasicErrorResponseType::InvalidGrant);

        // A code lives a minute.
        let (code, verifier) = world.authorize(&app, &world.browser).await;
        app.clock.advance(Duration::seconds(61));
        let late = client.exchange_code(AuthorizationCode::new(code)).set_pkce_verifier(verifier).request_async(&app.client).await;
        assert_eq!(error_of(late), BasicErrorResponseType::InvalidGrant);

        // Another app's refresh token: the grant is wrong, not the client (RFC 6749 §5.2), and the
        // token still works for its own app.
        let (api_client, _) = app.game_client(&world.root, json!({ "name": "Other servers", "kind": "game", "all_companies": true })).await;
        let body = json!({ "name": "Other game", "scopes": ["play"], "redirect_uris": [CALLBACK], "api_client_id": api_client });
        let other = ok(call(&app, Method::POST, "/api/v1/game-apps", &world.root, Some(body)).await, 201).await;
        let other = BasicClient::new(ClientId::new(other["client_id"].as_str().unwrap().to_owned())).set_token_uri(TokenUrl::new(app.url("/oauth/token")).unwrap());
        let (_, refresh) = world.tokens(&app).await;
        let borrowed = other.exchange_refresh_token(&RefreshToken::new(refresh.clone())).request_async(&app.client).await;
        assert_eq!(error_of(borrowed), BasicErrorResponseType::InvalidGrant);
        assert!(client.exchange_refresh_token(&RefreshToken::new(refresh)).request_async(&app.client).await.is_ok());

        // An unknown client at the token endpoint.
        let stranger = BasicClient::new(ClientId::new("game_nobody".into())).set_token_uri(TokenUrl::new(app.url("/oauth/token")).unwrap());
        let refused = stranger.exchange_refresh_token(&RefreshToken::new("x".into())).request_async(&app.client).await;
        assert_eq!(error_of(refused), BasicErrorResponseType::InvalidClient);
    }

    async fn bad_authorization_requests_are_refused_and_never_sent_elsewhere(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;
        let (challenge, _) = PkceCodeChallenge::new_random_sha256();
        let query = |client_id: &str, redirect: &str, method: &str, challenge: &str| {
            url::form_urlencoded::Serializer::new(String::new())
                .append_pair("response_type", "code").append_pair("client_id", client_id)
                .append_pair("redirect_uri", redirect).append_pair("code_challenge", challenge)
                .append_pair("code_challenge_method", method).append_pair("state", "s1")
                .finish()
        };
        let check = |q: String| { let app = &app; async move { app.get(&format!("/api/v1/oauth/authorization?{q}")).await } };
        let good = ok(check(query(&world.client_id, LISTENING, "S256", challenge.as_str())).await, 200).await;
        assert_eq!(good["app_name"], "Warehouse Hero");
        assert_eq!(good["scopes"], json!(["play", "reports"]));

        let unknown = assert_problem(check(query("game_nobody", LISTENING, "S256", challenge.as_str())).await, 400, "OAUTH_CLIENT").await;
        assert!(unknown.get("redirect_to").is_none());
        for redirect in ["http://127.0.0.1:51004/elsewhere", "https://evil.example/callback", ""] {
            let refused = assert_problem(check(query(&world.client_id, redirect, "S256", challenge.as_str())).await, 400, "OAUTH_REDIRECT_URI").await;
            assert!(refused.get("redirect_to").is_none(), "never sent to an unregistered URI");
        }
        // `plain` PKCE goes back to the game as invalid_request, with its state.
        let plain = assert_problem(check(query(&world.client_id, LISTENING, "plain", "a-plain-challenge-that-is-long-enough-to-pass-43")).await, 400, "OAUTH_REQUEST").await;
        let back = plain["redirect_to"].as_str().unwrap();
        assert!(back.starts_with(&format!("{LISTENING}?error=invalid_request")) && back.ends_with("state=s1"), "{back}");

        // A parameter left out is told to the game too.
        let missing = format!("client_id={}&redirect_uri={}&state=s1", world.client_id, url::form_urlencoded::byte_serialize(LISTENING.as_bytes()).collect::<String>());
        let missing = assert_problem(check(missing).await, 400, "OAUTH_REQUEST").await;
        assert!(missing["redirect_to"].as_str().unwrap().contains("error=invalid_request"), "{missing}");

        // Deny: back to the game with access_denied, and no code.
        let url = url::Url::parse(&format!("{}?{}", app.url("/oauth/authorize"), query(&world.client_id, LISTENING, "S256", challenge.as_str()))).unwrap();
        let denied = ok(decide(&app, &world.browser, &url, false).await, 200).await;
        assert!(denied["redirect_to"].as_str().unwrap().contains("error=access_denied"), "{denied}");
        assert_eq!(app.audit_reasons("game.consent_denied").await, ["the trainee declined the game's request"]);
        // Only a trainee signs in to a game, and only with a valid seat.
        assert_problem(allow(&app, &world.root, &url).await, 403, "FORBIDDEN").await;
        let seatless = trainee_token(&app, world.company).await;
        assert_problem(allow(&app, &seatless, &url).await, 403, "NO_LICENCE").await;
        // A revoked seat is no seat.
        let (other, browser) = trainee_with_seat(&app, &world.root, world.company).await;
        let seats = ok(call(&app, Method::GET, &format!("/api/v1/seats?user_id={}", other.id), &world.root, None).await, 200).await;
        let seat = seats["items"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(call(&app, Method::DELETE, &format!("/api/v1/seats/{seat}"), &world.root, None).await.status(), 204);
        assert_problem(allow(&app, &browser, &url).await, 403, "NO_LICENCE").await;
        assert_eq!(app.audit_count("game.authorized").await, 0);
    }

    async fn a_game_sign_in_ends_with_the_user_the_seat_or_signing_out_everywhere(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;

        // Changing the password signs out every other session, the game's among them.
        let (access, refresh) = world.tokens(&app).await;
        let change = json!({ "current_password": world.trainee.password, "password": "N3w-Passw0rd!x", "confirm": "N3w-Passw0rd!x" });
        assert_eq!(call(&app, Method::POST, "/api/v1/auth/password/change", &world.browser, Some(change)).await.status(), 204);
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
        let refreshed = world.client(&app).exchange_refresh_token(&RefreshToken::new(refresh)).request_async(&app.client).await;
        assert_eq!(error_of(refreshed), BasicErrorResponseType::InvalidGrant);

        // A seat that lapsed (its allocation shortened) stops the game at once.
        let (access, refresh) = world.tokens(&app).await;
        let yesterday = (app.clock_now() - Duration::days(1)).date();
        let lapse = |from: time::Date, until: time::Date| Query::update().table("licence_allocations").value("valid_from", from).value("valid_until", until).and_where(Expr::col("company_id").eq(world.company)).take();
        app.db.execute(&lapse(yesterday - Duration::days(30), yesterday)).await.unwrap();
        assert_problem(me(&app, &access).await, 403, "LICENCE_EXPIRED").await;
        let refreshed = world.client(&app).exchange_refresh_token(&RefreshToken::new(refresh)).request_async(&app.client).await;
        assert_eq!(error_of(refreshed), BasicErrorResponseType::InvalidGrant);
        app.db.execute(&lapse(yesterday, yesterday + Duration::days(365))).await.unwrap();
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
        // A seat given back later does not bring that sign-in back: it ended.

        // Disabling the game app ends its sign-ins; enabling it again signs nobody back in.
        let (access, _) = world.tokens(&app).await;
        let apps = ok(call(&app, Method::GET, "/api/v1/game-apps", &world.root, None).await, 200).await;
        let mut edit = apps[0].clone();
        let id = edit["id"].as_str().unwrap().to_owned();
        for field in ["id", "client_id", "created_at", "disabled_at"] {
            edit.as_object_mut().unwrap().remove(field);
        }
        edit["disabled"] = json!(true);
        ok(call(&app, Method::PUT, &format!("/api/v1/game-apps/{id}"), &world.root, Some(edit.clone())).await, 200).await;
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
        edit["disabled"] = json!(false);
        ok(call(&app, Method::PUT, &format!("/api/v1/game-apps/{id}"), &world.root, Some(edit)).await, 200).await;
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;

        // Revoking (RFC 7009) the refresh token ends its access tokens too. (Sent by hand: the
        // oauth2 crate revokes only over https, as RFC 7009 asks of production servers.)
        let (access, refresh) = world.tokens(&app).await;
        let form = [("token", refresh.as_str()), ("token_type_hint", "refresh_token"), ("client_id", &world.client_id)];
        assert_eq!(app.client.post(app.url("/oauth/revoke")).form(&form).send().await.unwrap().status(), 200);
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
        let unknown = [("token", "never-issued"), ("client_id", world.client_id.as_str())];
        assert_eq!(app.client.post(app.url("/oauth/revoke")).form(&unknown).send().await.unwrap().status(), 200, "RFC 7009 §2.2");
        assert_eq!(app.audit_reasons("game.sign_in_revoked").await, ["the game revoked the sign-in"], "the unknown token changed nothing");

        // A disabled trainee's game is signed out.
        let (access, _) = world.tokens(&app).await;
        ok(me(&app, &access).await, 200).await;
        assert_eq!(call(&app, Method::POST, &format!("/api/v1/users/{}/disable", world.trainee.id), &world.root, None).await.status(), 200);
        assert_problem(me(&app, &access).await, 401, "UNAUTHENTICATED").await;
    }

    async fn the_game_hands_its_trainee_over_to_the_portal_once(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;
        let (access, _) = world.tokens(&app).await;
        let handoff = |token: String, body: Value| {
            let app = &app;
            async move { app.client.post(app.url("/api/v1/game/handoff")).bearer_auth(token).json(&body).send().await.unwrap() }
        };

        let link = ok(handoff(access.clone(), json!({ "next": "/user/score?chapter=1" })).await, 201).await;
        let url = url::Url::parse(link["url"].as_str().unwrap()).unwrap();
        assert_eq!(url.path(), "/login");
        let query: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(query["next"], "/user/score?chapter=1");
        assert_eq!(query["token"], link["token"].as_str().unwrap());

        let login = app.post_json("/api/v1/auth/game", &json!({ "token": link["token"] })).await;
        let session = ok(login, 200).await;
        assert_eq!(session["status"], "session", "the licence agreement was accepted before");
        assert_eq!(session["user"]["email"], world.trainee.email.as_str());
        ok(app.get_as("/api/v1/auth/session", session["token"].as_str().unwrap()).await, 200).await;
        let kinds = app.db.query_one(&Query::select().expr(Expr::col("kind").count()).from("sessions").and_where(Expr::col("kind").eq("game")).take()).await.unwrap().unwrap();
        assert_eq!(kinds.try_get_by_index::<i64>(0).unwrap(), 1, "a session of kind game");

        // Once only, and for a minute only.
        let again = app.post_json("/api/v1/auth/game", &json!({ "token": link["token"] })).await;
        assert_problem(again, 401, "GAME_TOKEN_INVALID").await;
        let late = ok(handoff(access.clone(), json!({})).await, 201).await;
        assert!(late["url"].as_str().unwrap().ends_with(&format!("/login?token={}", late["token"].as_str().unwrap())));
        app.clock.advance(Duration::seconds(61));
        assert_problem(app.post_json("/api/v1/auth/game", &json!({ "token": late["token"] })).await, 401, "GAME_TOKEN_INVALID").await;
        assert_problem(app.post_json("/api/v1/auth/game", &json!({ "token": "forged" })).await, 401, "GAME_TOKEN_INVALID").await;

        // A next that leaves the portal is refused; a token speaks only for its trainee.
        for next in ["//evil.example/x", "https://evil.example", "/\\evil.example"] {
            let refused = assert_problem(handoff(access.clone(), json!({ "next": next })).await, 422, "VALIDATION_FAILED").await;
            assert_eq!(refused["errors"][0]["field"], "next");
            assert_eq!(refused["errors"][0]["code"], "LOCAL_PATH");
        }
        let other = app.trainee_of(&world.root, world.company).await;
        assert_problem(handoff(access.clone(), json!({ "trainee": other })).await, 403, "FORBIDDEN").await;

        // The game's server hands over a trainee of its scope; a partner cannot.
        let by_server = ok(handoff(world.api_key.clone(), json!({ "trainee": world.trainee.id })).await, 201).await;
        assert_problem(handoff(world.api_key.clone(), json!({})).await, 422, "VALIDATION_FAILED").await;
        let elsewhere = app.company("Elsewhere", false, 30).await;
        let (_, scoped) = app.game_client(&world.root, json!({ "name": "Scoped", "kind": "game", "companies": [elsewhere] })).await;
        assert_problem(handoff(scoped, json!({ "trainee": world.trainee.id })).await, 404, "NOT_FOUND").await;

        // A trainee who lost the seat meanwhile is not signed in by a link issued before.
        app.db.execute(&Query::update().table("seats").value("revoked_at", app.clock_now()).and_where(Expr::col("user_id").eq(world.trainee.id)).take()).await.unwrap();
        assert_problem(app.post_json("/api/v1/auth/game", &json!({ "token": by_server["token"] })).await, 403, "NO_LICENCE").await;
    }

    async fn two_processes_racing_for_one_code_or_refresh_token_serve_one(db: TestDb) {
        let app = spawn_app(db).await;
        let world = World::new(&app).await;
        let processes = [ServerProcess::start(&app).await, ServerProcess::start(&app).await];
        let post = |process: usize, form: Vec<(&'static str, String)>| {
            let (app, url) = (&app, processes[process].url("/oauth/token"));
            async move {
                let response = app.client.post(url).form(&form).send().await.unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            }
        };
        for _ in 0..3 {
            let (code, verifier) = world.authorize(&app, &world.browser).await;
            let form = || vec![
                ("grant_type", "authorization_code".to_owned()), ("code", code.clone()),
                ("redirect_uri", LISTENING.to_owned()), ("code_verifier", verifier.secret().clone()),
                ("client_id", world.client_id.clone()),
            ];
            let (a, b) = tokio::join!(post(0, form()), post(1, form()));
            let mut statuses = [a.0, b.0];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 400], "{a:?} {b:?}");
            let (winner, loser) = if a.0 == 200 { (a.1, b.1) } else { (b.1, a.1) };
            assert_eq!(loser["error"], "invalid_grant");
            // The second use came after the first one's commit, so it ended that sign-in too.
            assert_problem(me(&app, winner["access_token"].as_str().unwrap()).await, 401, "UNAUTHENTICATED").await;
        }
        for _ in 0..3 {
            let (_, refresh) = world.tokens(&app).await;
            let form = || vec![
                ("grant_type", "refresh_token".to_owned()), ("refresh_token", refresh.clone()),
                ("client_id", world.client_id.clone()),
            ];
            let (a, b) = tokio::join!(post(0, form()), post(1, form()));
            let mut statuses = [a.0, b.0];
            statuses.sort_unstable();
            assert_eq!(statuses, [200, 400], "{a:?} {b:?}");
            let winner = if a.0 == 200 { a.1 } else { b.1 };
            assert_problem(me(&app, winner["access_token"].as_str().unwrap()).await, 401, "UNAUTHENTICATED").await;
        }
    }
}
