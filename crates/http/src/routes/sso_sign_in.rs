//! Signing in through the company's identity provider: the work e-mail sends the browser to
//! the provider, and the portal's callback page hands its answer back here.

use actix_web::{
    HttpRequest, HttpResponse,
    cookie::{Cookie, SameSite},
    post, web,
};
use kernel::FieldCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{
    auth::{LoginResponse, respond},
    dto::email_field,
    signed_in::SignedIn,
};
use crate::{ApiError, AppState, FieldError, Problem, auth::extract::RequestMeta};

/// Ties a sign-in to the browser that started it; sent only to these endpoints.
const BINDING_COOKIE: &str = "playtrack_sso";

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(start).service(finish);
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SsoStartRequest {
    /// The work e-mail; its domain names the company's connection.
    #[schema(format = Email)]
    email: String,
}

#[derive(Serialize, ToSchema)]
pub struct SsoStarted {
    /// Send the browser here; the provider comes back to `/auth/sso/callback`.
    authorization_url: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SsoFinishRequest {
    /// The `state` the provider sent back.
    #[schema(min_length = 1, max_length = 512, pattern = r"^[^\x00-\x1f\x7f-\x9f]*$")]
    state: String,
    /// The authorization code, when the provider signed the person in…
    code: Option<String>,
    /// …or its error (RFC 6749 §4.1.2.1) and description.
    error: Option<String>,
    error_description: Option<String>,
    /// The provider's issuer identifier, when it sends one (RFC 9207).
    iss: Option<String>,
}

/// Start signing in with SSO: the browser goes on to the company's identity provider.
#[utoipa::path(
    operation_id = "startSso",
    tag = "auth",
    request_body = SsoStartRequest,
    responses(
        (status = OK, description = "Where to send the browser; a cookie binds the sign-in to it", body = SsoStarted),
        (status = UNPROCESSABLE_ENTITY, description = "`SSO_NOT_AVAILABLE` for an address no connection vouches for, or `VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`, with `Retry-After`", body = Problem, content_type = "application/problem+json"),
        (status = BAD_GATEWAY, description = "`SSO_UNREACHABLE`: the provider's discovery failed", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/sso/start")]
async fn start(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SsoStartRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = email_field(&body.email).map_err(|e| ApiError::invalid(vec![e]))?;
    let started = state.sso_sign_in.start(&email, &meta.context).await?;
    let cookie = Cookie::build(BINDING_COOKIE, started.binding)
        .path("/api/v1/auth/sso")
        .http_only(true)
        .secure(state.secure_cookies)
        .same_site(SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::seconds(identity::sso::PENDING_LIFETIME.whole_seconds()))
        .finish();
    Ok(HttpResponse::Ok().cookie(cookie).json(SsoStarted { authorization_url: started.authorization_url.to_string() }))
}

/// Finish signing in with SSO: the provider's answer, from the callback page of the browser
/// that started.
#[utoipa::path(
    operation_id = "finishSso",
    tag = "auth",
    request_body = SsoFinishRequest,
    responses(
        (status = OK, description = "A session of kind `sso`, or the EULA step", body = LoginResponse),
        (status = UNAUTHORIZED, description = "`SSO_EXPIRED` (unknown, used or old, or another browser's), `SSO_PROVIDER_ERROR` (the provider's own, in `detail`), `SSO_NO_ACCESS_TOKEN`, `SSO_TOKEN_REJECTED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`SSO_EMAIL_NOT_ALLOWED`, `SSO_NO_ACCOUNT`, `ACCOUNT_DISABLED`, `NO_SEAT_LEFT`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
        (status = BAD_GATEWAY, description = "`SSO_UNREACHABLE`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/sso/finish")]
async fn finish(
    state: web::Data<AppState>,
    request: HttpRequest,
    meta: RequestMeta,
    body: web::Json<SsoFinishRequest>,
) -> Result<SignedIn<LoginResponse>, ApiError> {
    let SsoFinishRequest { state: sso_state, code, error, error_description, iss } = body.into_inner();
    let mut problems = Vec::new();
    let mut check = |field: &'static str, value: Option<&str>, max: usize| {
        if let Some(code) = value.and_then(|v| kernel::text_problem(v, max)) {
            problems.push(FieldError::new(field, code));
        }
    };
    check("state", Some(&sso_state), 512);
    check("code", code.as_deref(), 4096);
    check("error", error.as_deref(), 256);
    check("error_description", error_description.as_deref(), 1024);
    check("iss", iss.as_deref(), 2048);
    let answer = match (code, error) {
        (Some(code), None) => Ok(code),
        (None, Some(error)) => Err((error, error_description)),
        _ => {
            problems.push(FieldError::new("code", FieldCode::Required));
            Err((String::new(), None))
        }
    };
    if !problems.is_empty() {
        return Err(ApiError::invalid(problems));
    }
    let binding = request.cookie(BINDING_COOKIE);
    let callback = app::Callback { state: sso_state, answer, issuer: iss };
    let step =
        state.sso_sign_in.finish(callback, binding.as_ref().map(Cookie::value), meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, respond(&state, step)?))
}
