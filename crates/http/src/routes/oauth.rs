//! The portal as the game's OAuth 2.0 authorization server (RFC 6749, RFC 7636 PKCE, RFC 8252
//! native apps). The browser side is the web UI's `/oauth/authorize` page, which checks the
//! request and asks the trainee through `/api/v1/oauth/authorization`; the game side is the
//! token and revocation endpoints and the metadata (RFC 8414), which answer in OAuth's own
//! JSON (`{"error": …}`), as OAuth client libraries expect, not problem+json.

use actix_web::{HttpResponse, get, http::StatusCode, post, web};
use identity::grants::{self, AuthorizationRequest};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::{
    ApiError, AppState, Problem,
    auth::extract::{Authenticated, RequestMeta},
};

/// The form bodies of the token and revocation endpoints, at most.
const FORM_LIMIT: usize = 16 << 10;

/// The browser's side, under `/api/v1`.
pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(check_authorization).service(authorize);
}

/// The game's side, at the server's root where OAuth clients look for them.
pub(super) fn protocol_routes(cfg: &mut ServiceConfig) {
    cfg.service(oauth_token).service(oauth_revoke).service(oauth_metadata);
}

/// The paths of [`protocol_routes`]: outside `/api/v1`, so a method they do not take is answered
/// here (405 with `Allow`, from the spec) rather than by the web UI.
pub(super) const PROTOCOL_PATHS: [&str; 3] =
    ["/oauth/token", "/oauth/revoke", "/.well-known/oauth-authorization-server"];

/// An authorization request as the game sent it to `/oauth/authorize`. A parameter left
/// out is judged like a wrong one, so the game hears of it at its redirect URI.
#[derive(Debug, Default, Deserialize, ToSchema, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct AuthorizationQuery {
    /// `code`.
    response_type: String,
    /// The game app's public client id.
    client_id: String,
    /// One of the app's registered redirect URIs (a loopback one with any port).
    redirect_uri: String,
    /// BASE64URL(SHA-256(code_verifier)), 43 characters.
    code_challenge: String,
    /// `S256`; `plain` is refused.
    code_challenge_method: String,
    /// Space-separated: `play`, `reports`; all the app may ask for when left out.
    scope: Option<String>,
    /// Returned to the game unchanged (at most 512 characters).
    state: Option<String>,
}

impl From<AuthorizationQuery> for AuthorizationRequest {
    fn from(q: AuthorizationQuery) -> Self {
        Self {
            client_id: q.client_id,
            redirect_uri: q.redirect_uri,
            response_type: q.response_type,
            code_challenge: q.code_challenge,
            code_challenge_method: q.code_challenge_method,
            scope: q.scope,
            state: q.state,
        }
    }
}

/// What the trainee is asked to allow.
#[derive(Serialize, ToSchema)]
pub struct AuthorizationPrompt {
    app_name: String,
    client_id: String,
    redirect_uri: String,
    /// `play` and/or `reports`.
    scopes: Vec<String>,
}

/// The trainee's answer to an authorization request: the request's parameters and `approve`.
#[derive(Deserialize, ToSchema)]
pub struct AuthorizationDecision {
    #[serde(flatten)]
    request: AuthorizationQuery,
    /// `false` sends the game `error=access_denied`.
    approve: bool,
}

/// Where the browser goes next: back to the game, with a code or an error.
#[derive(Serialize, ToSchema)]
pub struct AuthorizationRedirect {
    redirect_to: String,
}

const REQUEST_PROBLEMS: &str = "`OAUTH_CLIENT` (unknown or disabled game) and `OAUTH_REDIRECT_URI` (not registered): \
    show an error, never redirect; `OAUTH_REQUEST`: go to its `redirect_to`, which tells the game";

/// Check an authorization request (the web UI's `/oauth/authorize` page, before asking).
#[utoipa::path(
    operation_id = "checkAuthorization", tag = "game sign-in", params(AuthorizationQuery),
    responses(
        (status = OK, description = "What the trainee is asked to allow", body = AuthorizationPrompt),
        (status = BAD_REQUEST, description = REQUEST_PROBLEMS, body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/oauth/authorization")]
async fn check_authorization(
    state: web::Data<AppState>,
    query: web::Query<AuthorizationQuery>,
) -> Result<web::Json<AuthorizationPrompt>, ApiError> {
    let checked = state.game_sign_in.check(&query.into_inner().into()).await?;
    Ok(web::Json(AuthorizationPrompt {
        app_name: checked.app.name,
        client_id: checked.app.client_id,
        redirect_uri: checked.redirect_uri,
        scopes: checked.scopes.iter().map(|s| s.as_str().to_owned()).collect(),
    }))
}

/// Allow or deny a game to sign the trainee in: answers where the browser goes next. Allowing
/// needs a valid seat, and the first authorization starts the seat.
#[utoipa::path(
    operation_id = "authorizeGame", tag = "game sign-in", security(("bearer" = [])),
    request_body = AuthorizationDecision,
    responses(
        (status = OK, description = "Back to the game", body = AuthorizationRedirect),
        (status = BAD_REQUEST, description = REQUEST_PROBLEMS, body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: sign in first", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`NO_LICENCE` or `LICENCE_EXPIRED`: no valid seat; `FORBIDDEN`: not a trainee", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/oauth/authorization")]
async fn authorize(
    state: web::Data<AppState>,
    Authenticated(trainee): Authenticated,
    meta: RequestMeta,
    body: web::Json<AuthorizationDecision>,
) -> Result<web::Json<AuthorizationRedirect>, ApiError> {
    let AuthorizationDecision { request, approve } = body.into_inner();
    let redirect_to = state.game_sign_in.authorize(&trainee, &request.into(), approve, &meta.context).await?;
    Ok(web::Json(AuthorizationRedirect { redirect_to }))
}

/// The token endpoint's answer (RFC 6749 §5.1).
#[derive(Serialize, ToSchema)]
pub struct TokenResponse {
    access_token: String,
    /// `Bearer`.
    token_type: &'static str,
    /// Seconds: the access token lives ten minutes.
    expires_in: i64,
    /// One use: each refresh answers a new one, and using one twice ends the sign-in.
    refresh_token: String,
    scope: String,
}

/// An OAuth error (RFC 6749 §5.2).
#[derive(Serialize, ToSchema)]
pub struct OAuthError {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unsupported_grant_type`.
    error: &'static str,
    error_description: String,
}

/// Why the token or revocation endpoint refuses a request.
#[derive(Debug)]
enum Refusal {
    /// An OAuth error code (RFC 6749 §5.2) and its description.
    OAuth(&'static str, String),
    Internal(anyhow::Error),
}

impl Refusal {
    fn oauth(error: &'static str, description: impl Into<String>) -> Self {
        Self::OAuth(error, description.into())
    }

    fn into_response(self) -> HttpResponse {
        match self {
            Self::OAuth(error, error_description) => {
                let status = if error == "invalid_client" { StatusCode::UNAUTHORIZED } else { StatusCode::BAD_REQUEST };
                uncached(&mut HttpResponse::build(status)).json(OAuthError { error, error_description })
            }
            Self::Internal(e) => actix_web::ResponseError::error_response(&ApiError::internal(e)),
        }
    }
}

/// A form body's parameters, each at most once (RFC 6749 §3.2).
async fn form(body: web::Payload) -> Result<Vec<(String, String)>, Refusal> {
    let bytes = super::body::limited(body, FORM_LIMIT)
        .await
        .map_err(|_| Refusal::oauth("invalid_request", "the form is larger than 16 KiB"))?;
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes)
        .map_err(|_| Refusal::oauth("invalid_request", "not an application/x-www-form-urlencoded body"))?;
    let mut names: Vec<&str> = pairs.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(Refusal::oauth("invalid_request", format!("{} is given more than once", pair[0])));
    }
    Ok(pairs)
}

fn required<'a>(pairs: &'a [(String, String)], name: &str) -> Result<&'a str, Refusal> {
    pairs
        .iter()
        .find(|(n, v)| n == name && !v.is_empty())
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| Refusal::oauth("invalid_request", format!("{name} is required")))
}

/// A protocol answer (outside `/api/v1`, whose answers all are) kept out of caches.
fn uncached(answer: &mut actix_web::HttpResponseBuilder) -> &mut actix_web::HttpResponseBuilder {
    crate::middleware::UNCACHED.into_iter().fold(answer, |answer, pair| answer.insert_header(pair))
}

/// Exchange a code (with its PKCE verifier) or a refresh token for tokens (RFC 6749 §4.1.3,
/// §6). A form body: `grant_type=authorization_code&code&redirect_uri&code_verifier&client_id`
/// or `grant_type=refresh_token&refresh_token&client_id`.
#[utoipa::path(
    operation_id = "oauthToken", tag = "game sign-in",
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "OAuth parameters"),
    responses(
        (status = OK, description = "Tokens", body = TokenResponse),
        (status = BAD_REQUEST, description = "`invalid_request`, `invalid_grant` (a code or refresh token unknown, used, expired, or not matching), `unsupported_grant_type`", body = OAuthError),
        (status = UNAUTHORIZED, description = "`invalid_client`: unknown or disabled game app", body = OAuthError),
    ),
)]
#[post("/oauth/token")]
async fn oauth_token(state: web::Data<AppState>, meta: RequestMeta, body: web::Payload) -> HttpResponse {
    match exchange(&state, &meta, body).await {
        Ok(tokens) => uncached(&mut HttpResponse::Ok()).json(tokens),
        Err(refusal) => refusal.into_response(),
    }
}

async fn exchange(state: &AppState, meta: &RequestMeta, body: web::Payload) -> Result<TokenResponse, Refusal> {
    let pairs = form(body).await?;
    let pairs = pairs.as_slice();
    let client_id = required(pairs, "client_id")?;
    let issued = match required(pairs, "grant_type")? {
        "authorization_code" => {
            let (code, redirect_uri, verifier) =
                (required(pairs, "code")?, required(pairs, "redirect_uri")?, required(pairs, "code_verifier")?);
            state.game_sign_in.exchange(client_id, code, redirect_uri, verifier, &meta.context).await
        }
        "refresh_token" => {
            state.game_sign_in.refresh(client_id, required(pairs, "refresh_token")?, &meta.context).await
        }
        _ => return Err(Refusal::oauth("unsupported_grant_type", "authorization_code or refresh_token")),
    };
    let issued = issued.map_err(|e| match e {
        app::TokenError::InvalidClient => Refusal::oauth("invalid_client", "unknown or disabled game app"),
        app::TokenError::InvalidGrant(reason) => Refusal::oauth("invalid_grant", reason),
        app::TokenError::Unknown(e) => Refusal::Internal(e),
    })?;
    let (access_token, expires_in) =
        state.tokens.issue_game(issued.session, issued.user, state.identity.now()).map_err(Refusal::Internal)?;
    Ok(TokenResponse {
        access_token,
        token_type: "Bearer",
        expires_in,
        refresh_token: issued.refresh_token,
        scope: grants::scope_text(&issued.scopes),
    })
}

/// Revoke a refresh or access token (RFC 7009), which ends the whole sign-in it belongs to.
/// A form body: `token&client_id` (and an optional `token_type_hint`). Answers 200 whether or
/// not the token was known, as §2.2 asks.
#[utoipa::path(
    operation_id = "oauthRevoke", tag = "game sign-in",
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "OAuth parameters"),
    responses(
        (status = OK, description = "The token is no longer valid"),
        (status = BAD_REQUEST, description = "`invalid_request`", body = OAuthError),
    ),
)]
#[post("/oauth/revoke")]
async fn oauth_revoke(state: web::Data<AppState>, meta: RequestMeta, body: web::Payload) -> HttpResponse {
    match revoke(&state, &meta, body).await {
        Ok(()) => uncached(&mut HttpResponse::Ok()).finish(),
        Err(refusal) => refusal.into_response(),
    }
}

async fn revoke(state: &AppState, meta: &RequestMeta, body: web::Payload) -> Result<(), Refusal> {
    let pairs = form(body).await?;
    let (client_id, token) = (required(&pairs, "client_id")?, required(&pairs, "token")?);
    let session = state.tokens.game_session_of(token, state.identity.now());
    let refresh = session.is_none().then_some(token);
    state.game_sign_in.revoke(client_id, refresh, session, &meta.context).await.map_err(Refusal::Internal)
}

/// The authorization server's metadata (RFC 8414).
#[derive(Serialize, ToSchema)]
pub struct ServerMetadata {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    revocation_endpoint: String,
    response_types_supported: [&'static str; 1],
    grant_types_supported: [&'static str; 2],
    code_challenge_methods_supported: [&'static str; 1],
    token_endpoint_auth_methods_supported: [&'static str; 1],
    revocation_endpoint_auth_methods_supported: [&'static str; 1],
    scopes_supported: Vec<&'static str>,
    service_documentation: String,
}

/// Where the game finds the endpoints and what they support (RFC 8414).
#[utoipa::path(
    operation_id = "oauthMetadata", tag = "game sign-in",
    responses((status = OK, description = "The metadata", body = ServerMetadata)),
)]
#[get("/.well-known/oauth-authorization-server")]
async fn oauth_metadata(state: web::Data<AppState>) -> web::Json<ServerMetadata> {
    let base = &state.public_url;
    web::Json(ServerMetadata {
        issuer: base.clone(),
        authorization_endpoint: format!("{base}/oauth/authorize"),
        token_endpoint: format!("{base}/oauth/token"),
        revocation_endpoint: format!("{base}/oauth/revoke"),
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        revocation_endpoint_auth_methods_supported: ["none"],
        scopes_supported: identity::game_apps::GameScope::ALL.iter().map(|s| s.as_str()).collect(),
        service_documentation: format!("{base}{}/", crate::API_DOCS_PATH),
    })
}
