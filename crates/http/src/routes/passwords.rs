//! Passwords after the first: forgotten, reset through a link, changed, reset by an admin,
//! and chosen through an invitation.

use actix_web::{HttpResponse, get, post, web};
use identity::ResetLinkState;
use kernel::Email;
use kernel::FieldCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::{
    auth::{LoginResponse, respond},
    dto::email_field,
    signed_in::SignedIn,
};
use crate::{
    ApiError, AppState, FieldError, Problem, ProblemCode,
    auth::extract::{Admin, Authenticated, RequestMeta},
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(forgot_password)
        .service(check_reset_link)
        .service(reset_password)
        .service(change_password)
        .service(invitation)
        .service(accept_invitation)
        .service(global_password_policy)
        .service(send_password_reset)
        .service(send_invitation);
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailRequest {
    #[schema(format = Email)]
    email: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The token of the link.
    token: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPasswordRequest {
    pub(super) token: String,
    pub(super) password: String,
    /// Must equal `password`.
    pub(super) confirm: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChangePasswordRequest {
    current_password: String,
    password: String,
    confirm: String,
}

/// The seed's `response_code` of a reset link.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ResponseCode {
    /// Used, expired or unknown: go and sign in.
    Login,
    /// Valid: show the new-password form.
    NewPassword,
}

#[derive(Serialize, ToSchema)]
pub struct ResetLinkCheck {
    response_code: ResponseCode,
}

/// A password policy: which rules apply. `NO_WHITESPACE`, `NOT_COMMON` and
/// `NO_PERSONAL_INFO` always do.
#[derive(Serialize, ToSchema)]
pub struct PasswordPolicy {
    digits: bool,
    letters: bool,
    lowercase: bool,
    uppercase: bool,
    symbols: bool,
    special_characters: bool,
    minimum_length: u8,
    maximum_length: u8,
}

impl From<password_policy::PasswordPolicy> for PasswordPolicy {
    fn from(p: password_policy::PasswordPolicy) -> Self {
        Self {
            digits: p.digits,
            letters: p.letters,
            lowercase: p.lowercase,
            uppercase: p.uppercase,
            symbols: p.symbols,
            special_characters: p.special_characters,
            minimum_length: p.minimum_length,
            maximum_length: p.maximum_length,
        }
    }
}

/// Who an invitation is for, and the policy their password must meet.
#[derive(Serialize, ToSchema)]
pub struct Invitation {
    name: String,
    email: String,
    policy: PasswordPolicy,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvitationQuery {
    /// The `value` of the invitation link.
    token: String,
}

/// Mail a reset link. The answer is the same whether or not the address has an account.
#[utoipa::path(
    operation_id = "forgotPassword",
    tag = "passwords",
    request_body = EmailRequest,
    responses(
        (status = ACCEPTED, description = "If the address has an account, a link is on its way"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: not an e-mail address", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`, per address and per requester", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/password/forgot")]
async fn forgot_password(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<EmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let started = tokio::time::Instant::now();
    let email = parse_email(&body.email)?;
    let done = state.identity.forgot_password(&email, &meta.context).await;
    tokio::time::sleep_until(started + FORGOT_ANSWER_TIME).await;
    done?;
    Ok(HttpResponse::Accepted().finish())
}

/// A reset request is answered no sooner than this after it came, whether a link was mailed or
/// not: queueing the mail takes a few milliseconds that would otherwise tell which addresses
/// have accounts.
const FORGOT_ANSWER_TIME: std::time::Duration = std::time::Duration::from_millis(250);

/// Whether a reset link still works (the seed's password-check).
#[utoipa::path(
    operation_id = "checkResetLink",
    tag = "passwords",
    request_body = TokenRequest,
    responses((status = OK, description = "`NEW_PASSWORD` or `LOGIN`", body = ResetLinkCheck)),
)]
#[post("/auth/password/check")]
async fn check_reset_link(
    state: web::Data<AppState>,
    body: web::Json<TokenRequest>,
) -> Result<web::Json<ResetLinkCheck>, ApiError> {
    let response_code = match state.identity.check_reset_link(&body.token).await.map_err(ApiError::internal)? {
        ResetLinkState::Login => ResponseCode::Login,
        ResetLinkState::NewPassword => ResponseCode::NewPassword,
    };
    Ok(web::Json(ResetLinkCheck { response_code }))
}

/// Set a new password through a reset link; every session of the user ends.
#[utoipa::path(
    operation_id = "resetPassword",
    tag = "passwords",
    request_body = SetPasswordRequest,
    responses(
        (status = NO_CONTENT, description = "The password is set; sign in with it"),
        (status = GONE, description = "`LINK_EXPIRED`: used, expired or unknown", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`PASSWORD_POLICY` with the unmet rules, or `VALIDATION_FAILED` (confirm differs)", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/password/reset")]
async fn reset_password(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SetPasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    confirmed(&body.password, &body.confirm)?;
    state.identity.reset_password(&body.token, &body.password, &meta.context).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Change one's own password; one's other sessions end.
#[utoipa::path(
    operation_id = "changePassword",
    tag = "passwords",
    security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses(
        (status = NO_CONTENT, description = "Changed"),
        (status = UNPROCESSABLE_ENTITY, description = "`CURRENT_PASSWORD_WRONG`, `PASSWORD_POLICY` or `VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED` after repeated wrong current passwords", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/password/change")]
async fn change_password(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
    body: web::Json<ChangePasswordRequest>,
) -> Result<HttpResponse, ApiError> {
    confirmed(&body.password, &body.confirm)?;
    match state.identity.change_password(&who.0, &body.current_password, &body.password, &meta.context).await {
        Ok(()) => Ok(HttpResponse::NoContent().finish()),
        Err(e) => Err(e.into()),
    }
}

/// Who an invitation link is for and the policy of their password.
#[utoipa::path(
    operation_id = "getInvitation",
    tag = "passwords",
    params(InvitationQuery),
    responses(
        (status = OK, description = "The invitation", body = Invitation),
        (status = GONE, description = "`LINK_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/auth/invitation")]
async fn invitation(
    state: web::Data<AppState>,
    query: web::Query<InvitationQuery>,
) -> Result<web::Json<Invitation>, ApiError> {
    let invitation = state.identity.invitation(&query.token).await.map_err(ApiError::internal)?;
    let invitation = invitation.ok_or(ApiError::new(ProblemCode::LinkExpired))?;
    Ok(web::Json(Invitation {
        name: invitation.name,
        email: invitation.email.to_string(),
        policy: invitation.policy.into(),
    }))
}

/// Accept an invitation by choosing a password: the account becomes active and signs in
/// (through the EULA for trainees).
#[utoipa::path(
    operation_id = "acceptInvitation",
    tag = "passwords",
    request_body = SetPasswordRequest,
    responses(
        (status = OK, description = "A session, or the EULA step", body = LoginResponse),
        (status = GONE, description = "`LINK_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`PASSWORD_POLICY` against the invitation policy, or `VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/invitation/accept")]
async fn accept_invitation(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SetPasswordRequest>,
) -> Result<SignedIn<LoginResponse>, ApiError> {
    confirmed(&body.password, &body.confirm)?;
    let step = state.identity.accept_invitation(&body.token, &body.password, meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, respond(&state, step)?))
}

/// The global invitation policy (an invitation's own policy comes with `getInvitation`).
#[utoipa::path(
    operation_id = "getPasswordPolicy",
    tag = "passwords",
    responses((status = OK, description = "The policy", body = PasswordPolicy)),
)]
#[get("/password-policy")]
async fn global_password_policy(state: web::Data<AppState>) -> Result<web::Json<PasswordPolicy>, ApiError> {
    let policy = state.identity.invitation_policy_for(None).await.map_err(ApiError::internal)?;
    Ok(web::Json(policy.into()))
}

/// An admin mails a reset link to someone in their scope.
#[utoipa::path(
    operation_id = "sendPasswordReset",
    tag = "passwords",
    security(("bearer" = [])),
    request_body = EmailRequest,
    responses(
        (status = ACCEPTED, description = "The link is on its way"),
        (status = NOT_FOUND, description = "No such user in the admin's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`USER_STATE` with `user_status`: not active (invite them instead, unless disabled)", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "Trainees cannot", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/password-resets")]
async fn send_password_reset(
    state: web::Data<AppState>,
    who: Admin,
    meta: RequestMeta,
    body: web::Json<EmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = parse_email(&body.email)?;
    state.identity.send_reset_for(&who.0, &email, &meta.context).await?;
    Ok(HttpResponse::Accepted().finish())
}

/// An admin sends an invitation again; earlier links stop working.
#[utoipa::path(
    operation_id = "sendInvitation",
    tag = "passwords",
    security(("bearer" = [])),
    request_body = EmailRequest,
    responses(
        (status = ACCEPTED, description = "The invitation is on its way"),
        (status = NOT_FOUND, description = "No such user in the admin's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`USER_STATE` with `user_status`: already accepted, or disabled", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "Trainees cannot", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/invitations")]
async fn send_invitation(
    state: web::Data<AppState>,
    who: Admin,
    meta: RequestMeta,
    body: web::Json<EmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = parse_email(&body.email)?;
    state.identity.resend_invitation(&who.0, &email, &meta.context).await?;
    Ok(HttpResponse::Accepted().finish())
}

fn parse_email(raw: &str) -> Result<Email, ApiError> {
    email_field(raw).map_err(|e| ApiError::invalid(vec![e]))
}

pub(super) fn confirmed(password: &str, confirm: &str) -> Result<(), ApiError> {
    if password == confirm {
        Ok(())
    } else {
        Err(ApiError::invalid(vec![FieldError::new("confirm", FieldCode::Mismatch)]))
    }
}
