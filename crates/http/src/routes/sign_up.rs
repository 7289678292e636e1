//! Signing up through a batch's link (`/signup?key=…`): name and e-mail, a mailed link that
//! confirms the address (`/signup/confirm?token=…`), then a password, a seat and a session.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::{
    auth::{LoginResponse, respond},
    dto::email_field,
    passwords::{PasswordPolicy, SetPasswordRequest, confirmed},
    signed_in::SignedIn,
};
use crate::{ApiError, AppState, Problem, auth::extract::RequestMeta};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(sign_up_link).service(sign_up).service(sign_up_confirmation).service(complete_sign_up);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignUpLinkQuery {
    /// The `key` of the sign-up link.
    key: String,
}

/// The batch a sign-up link joins.
#[derive(Serialize, ToSchema)]
pub struct SignUpLink {
    company: String,
    batch: String,
    /// The e-mail domains the link admits; empty for any.
    domains: Vec<String>,
}

impl From<app::Joining> for SignUpLink {
    fn from(j: app::Joining) -> Self {
        Self { company: j.company, batch: j.batch, domains: j.domains }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUpRequest {
    key: String,
    #[schema(schema_with = super::dto::name_schema)]
    name: String,
    #[schema(format = Email)]
    email: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignUpConfirmationQuery {
    /// The `token` of the mailed confirmation link.
    token: String,
}

/// Who is joining what, and the policy of their password.
#[derive(Serialize, ToSchema)]
pub struct SignUpConfirmation {
    name: String,
    email: String,
    joining: SignUpLink,
    policy: PasswordPolicy,
}

/// Which batch a sign-up link joins, while it admits anyone.
#[utoipa::path(
    operation_id = "getSignUpLink",
    tag = "sign-up",
    params(SignUpLinkQuery),
    responses(
        (status = OK, description = "The batch and company", body = SignUpLink),
        (status = GONE, description = "`SIGN_UP_LINK_CLOSED`: unknown, revoked, expired or used up", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/signup/link")]
async fn sign_up_link(
    state: web::Data<AppState>,
    query: web::Query<SignUpLinkQuery>,
) -> Result<web::Json<SignUpLink>, ApiError> {
    Ok(web::Json(state.sign_up.joining(&query.key).await?.into()))
}

/// Sign up through a batch's link: a link that confirms the address is mailed. The answer is
/// the same when the address already has an account (its owner is mailed a reminder to sign
/// in).
#[utoipa::path(
    operation_id = "signUp",
    tag = "sign-up",
    request_body = SignUpRequest,
    responses(
        (status = ACCEPTED, description = "The confirmation link is on its way"),
        (status = GONE, description = "`SIGN_UP_LINK_CLOSED`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `name` (`REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER`), `email` (`INVALID_EMAIL`, `DOMAIN_NOT_ALLOWED`)", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`, with `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/signup")]
async fn sign_up(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SignUpRequest>,
) -> Result<HttpResponse, ApiError> {
    let SignUpRequest { key, name, email } = body.into_inner();
    let email = email_field(&email).map_err(|e| ApiError::invalid(vec![e]))?;
    state.sign_up.request(&key, app::Applicant { name, email }, meta.locale, &meta.context).await?;
    Ok(HttpResponse::Accepted().finish())
}

/// Who a confirmation link is for, what they join, and the policy of their password.
#[utoipa::path(
    operation_id = "getSignUpConfirmation",
    tag = "sign-up",
    params(SignUpConfirmationQuery),
    responses(
        (status = OK, description = "The sign-up", body = SignUpConfirmation),
        (status = GONE, description = "`LINK_EXPIRED`: used, expired or unknown", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/signup/confirmation")]
async fn sign_up_confirmation(
    state: web::Data<AppState>,
    query: web::Query<SignUpConfirmationQuery>,
) -> Result<web::Json<SignUpConfirmation>, ApiError> {
    let confirming = state.sign_up.confirming(&query.token).await?;
    Ok(web::Json(SignUpConfirmation {
        name: confirming.name,
        email: confirming.email.to_string(),
        joining: confirming.joining.into(),
        policy: confirming.policy.into(),
    }))
}

/// Finish signing up by choosing a password: the person becomes a trainee of the batch with a
/// seat of its licence and signs in (through the EULA).
#[utoipa::path(
    operation_id = "completeSignUp",
    tag = "sign-up",
    request_body = SetPasswordRequest,
    responses(
        (status = OK, description = "A session, or the EULA step", body = LoginResponse),
        (status = GONE, description = "`LINK_EXPIRED` (the confirmation link), `SIGN_UP_LINK_CLOSED` (the key meanwhile)", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`NO_SEAT_LEFT` (the link still works once a seat is free), `EMAIL_TAKEN`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`PASSWORD_POLICY` against the company's policy, or `VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/signup/complete")]
async fn complete_sign_up(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SetPasswordRequest>,
) -> Result<SignedIn<LoginResponse>, ApiError> {
    confirmed(&body.password, &body.confirm)?;
    let step = state.sign_up.complete(&body.token, &body.password, meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, respond(&state, step)?))
}
