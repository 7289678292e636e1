//! Signing in and out: the state machine of identity over HTTP.

use actix_web::{
    HttpRequest, HttpResponse,
    cookie::{Cookie, SameSite},
    get, post, web,
};
use identity::{OpenedSession, Step};
use kernel::FieldCode;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{
    dto::{Eula, Me, email_field},
    signed_in::{self, SignedIn},
};
use crate::{
    ApiError, AppState, FieldError, Problem,
    auth::{
        cookies,
        extract::{Authenticated, ChallengeToken, RequestMeta},
        tokens::{DEVICE_COOKIE, DEVICE_LIFETIME},
    },
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(login)
        .service(verify_otp)
        .service(resend_otp)
        .service(accept_eula)
        .service(decline_eula)
        .service(game_login)
        .service(current_session)
        .service(logout);
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    /// Trimmed and lower-cased by the server.
    #[schema(format = Email)]
    email: String,
    #[schema(min_length = 1)]
    password: String,
}

/// What comes after the password: a session, or the next step with its challenge token
/// (send it back in the `session-token` header).
#[derive(Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum LoginResponse {
    Session(SessionGrant),
    OtpRequired(OtpChallenge),
    EulaRequired(EulaChallenge),
}

/// Browsers also get the session in cookies (`playtrack_session`, `playtrack_csrf`).
#[derive(Serialize, ToSchema)]
pub struct SessionGrant {
    /// The bearer token of every later call.
    pub(super) token: String,
    #[serde(with = "time::serde::rfc3339")]
    pub(super) expires_at: OffsetDateTime,
    user: Me,
}

#[derive(Serialize, ToSchema)]
pub struct OtpChallenge {
    challenge: String,
    #[serde(with = "time::serde::rfc3339")]
    expires_at: OffsetDateTime,
    /// A new code can be asked for after this many seconds.
    resend_after_seconds: u32,
}

#[derive(Serialize, ToSchema)]
pub struct EulaChallenge {
    challenge: String,
    #[serde(with = "time::serde::rfc3339")]
    expires_at: OffsetDateTime,
    eula: Eula,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OtpRequest {
    /// The six digits from the mail.
    #[schema(pattern = "^[0-9]{6}$")]
    otp: String,
}

/// Sign in with e-mail and password.
#[utoipa::path(
    operation_id = "login",
    tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = OK, description = "A session, or the next step", body = LoginResponse),
        (status = UNAUTHORIZED, description = "`INVALID_CREDENTIALS`: unknown e-mail and wrong password alike", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`ACCOUNT_DISABLED`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: e-mail or password missing, e-mail malformed", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`, with `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/login")]
async fn login(
    state: web::Data<AppState>,
    request: HttpRequest,
    meta: RequestMeta,
    body: web::Json<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let LoginRequest { email, password } = body.into_inner();
    let mut errors = Vec::new();
    let email = email_field(&email).map_err(|e| errors.push(e)).ok();
    if password.is_empty() {
        errors.push(FieldError::new("password", FieldCode::Required));
    }
    let Some(email) = email.filter(|_| errors.is_empty()) else {
        return Err(ApiError::invalid(errors));
    };
    let mut context = meta.context;
    context.known_device =
        request.cookie(DEVICE_COOKIE).and_then(|cookie| state.tokens.known_device(cookie.value(), &email));
    let outcome = state.identity.login(&email, &password, meta.locale, &context).await;
    crate::metrics::sign_in(match &outcome {
        Ok(Step::Session(_)) => "signed_in",
        Ok(Step::OtpRequired(_)) => "otp_required",
        Ok(Step::EulaRequired { .. }) => "eula_required",
        Err(identity::LoginError::InvalidCredentials) => "wrong_password",
        Err(identity::LoginError::Throttled { .. }) => "throttled",
        Err(identity::LoginError::AccountDisabled) => "disabled",
        Err(identity::LoginError::SsoOnly) => "sso_only",
        Err(identity::LoginError::Unknown(_)) => "failed",
    });
    match outcome {
        // The right password: this browser is known to the account from now on (OWASP's
        // device cookie), so guessing from elsewhere never slows its owner down here.
        Ok(step) => {
            let device = state.tokens.device(&email, state.identity.now()).map_err(ApiError::internal)?;
            let cookie = Cookie::build(DEVICE_COOKIE, device)
                .path("/api/v1/auth")
                .http_only(true)
                .secure(state.secure_cookies)
                .same_site(SameSite::Strict)
                .max_age(actix_web::cookie::time::Duration::seconds(DEVICE_LIFETIME.whole_seconds()))
                .finish();
            Ok(signed_in::json(HttpResponse::Ok().cookie(cookie), &respond(&state, step)?, &state))
        }
        Err(e) => Err(e.into()),
    }
}

/// Check the e-mailed code of a sign-in.
#[utoipa::path(
    operation_id = "verifyOtp",
    tag = "auth",
    params(("session-token" = String, Header, description = "The challenge from `login`")),
    request_body = OtpRequest,
    responses(
        (status = OK, description = "A session, or the EULA step", body = LoginResponse),
        (status = UNAUTHORIZED, description = "`CHALLENGE_EXPIRED`: start again from the password", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`OTP_INVALID` with `remaining_attempts`, or `VALIDATION_FAILED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/otp/verify")]
async fn verify_otp(
    state: web::Data<AppState>,
    meta: RequestMeta,
    challenge: ChallengeToken,
    body: web::Json<OtpRequest>,
) -> Result<SignedIn<LoginResponse>, ApiError> {
    let otp = body.otp.trim();
    if otp.len() != 6 || !otp.bytes().all(|b| b.is_ascii_digit()) {
        let code = if otp.is_empty() { FieldCode::Required } else { FieldCode::OtpFormat };
        return Err(ApiError::invalid(vec![FieldError::new("otp", code)]));
    }
    let step = state.identity.verify_otp(&challenge.0, otp, meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, respond(&state, step)?))
}

/// Send a new code for a sign-in, after a cool-down.
#[utoipa::path(
    operation_id = "resendOtp",
    tag = "auth",
    params(("session-token" = String, Header, description = "The challenge from `login`")),
    responses(
        (status = ACCEPTED, description = "A new code is on its way", body = OtpChallenge),
        (status = UNAUTHORIZED, description = "`CHALLENGE_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`, with `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/otp/resend")]
async fn resend_otp(
    state: web::Data<AppState>,
    meta: RequestMeta,
    challenge: ChallengeToken,
) -> Result<HttpResponse, ApiError> {
    let sent = state.identity.resend_otp(&challenge.0, &meta.context).await?;
    Ok(HttpResponse::Accepted().json(otp_challenge(sent)))
}

/// Accept the licence agreement shown by `login`, which opens the session.
#[utoipa::path(
    operation_id = "acceptEula",
    tag = "auth",
    params(("session-token" = String, Header, description = "The challenge from the EULA step")),
    responses(
        (status = OK, description = "Signed in", body = SessionGrant),
        (status = UNAUTHORIZED, description = "`CHALLENGE_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/eula/accept")]
async fn accept_eula(
    state: web::Data<AppState>,
    meta: RequestMeta,
    challenge: ChallengeToken,
) -> Result<SignedIn<SessionGrant>, ApiError> {
    let opened = state.identity.accept_eula(&challenge.0, meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, grant(&state, opened)?))
}

/// Decline the licence agreement: the sign-in ends without a session.
#[utoipa::path(
    operation_id = "declineEula",
    tag = "auth",
    params(("session-token" = String, Header, description = "The challenge from the EULA step")),
    responses(
        (status = NO_CONTENT, description = "Signed out"),
        (status = UNAUTHORIZED, description = "`CHALLENGE_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/eula/decline")]
async fn decline_eula(
    state: web::Data<AppState>,
    meta: RequestMeta,
    challenge: ChallengeToken,
) -> Result<HttpResponse, ApiError> {
    state.identity.decline_eula(&challenge.0, &meta.context).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameLoginRequest {
    /// The `token` of the hand-off link (`/login?token=…`).
    token: String,
}

/// The seed's game login: the one-time token of a hand-off link (from `POST /game/handoff`)
/// signs its trainee in, through the EULA step when they have not accepted it, with a
/// session of kind `game`.
#[utoipa::path(
    operation_id = "gameLogin",
    tag = "auth",
    request_body = GameLoginRequest,
    responses(
        (status = OK, description = "A session, or the EULA step", body = LoginResponse),
        (status = UNAUTHORIZED, description = "`GAME_TOKEN_INVALID`: used, expired (60 s) or never issued", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`NO_LICENCE` or `LICENCE_EXPIRED`: the trainee lost the seat meanwhile", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/game")]
async fn game_login(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<GameLoginRequest>,
) -> Result<SignedIn<LoginResponse>, ApiError> {
    let step = state.game_sign_in.game_login(body.token.trim(), meta.locale, &meta.context).await?;
    Ok(SignedIn::new(&state, respond(&state, step)?))
}

/// Whether the bearer token is a live session, and whose (the seed's validate-token).
#[utoipa::path(
    operation_id = "getSession",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = OK, description = "The signed-in user", body = Me),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/auth/session")]
async fn current_session(who: Authenticated) -> web::Json<Me> {
    web::Json(Me::from(&who.0))
}

/// End this session on every server at once (a browser's session cookies too).
#[utoipa::path(
    operation_id = "logout",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = NO_CONTENT, description = "Signed out; the session cookies are cleared"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/auth/logout")]
async fn logout(state: web::Data<AppState>, who: Authenticated, meta: RequestMeta) -> Result<HttpResponse, ApiError> {
    state.identity.logout(&who.0, &meta.context).await.map_err(ApiError::internal)?;
    let mut response = HttpResponse::NoContent();
    cookies::end(&mut response, state.secure_cookies);
    Ok(response.finish())
}

pub(super) fn respond(state: &AppState, step: Step) -> Result<LoginResponse, ApiError> {
    Ok(match step {
        Step::Session(opened) => LoginResponse::Session(grant(state, opened)?),
        Step::OtpRequired(challenge) => LoginResponse::OtpRequired(otp_challenge(challenge)),
        Step::EulaRequired { challenge, eula } => LoginResponse::EulaRequired(EulaChallenge {
            challenge: challenge.token,
            expires_at: challenge.expires_at,
            eula: Eula::from(eula),
        }),
    })
}

fn otp_challenge(challenge: identity::Challenge) -> OtpChallenge {
    let cool_down = identity::rules::OTP_RESEND_COOL_DOWN.whole_seconds();
    OtpChallenge {
        challenge: challenge.token,
        expires_at: challenge.expires_at,
        resend_after_seconds: u32::try_from(cool_down).unwrap_or(30),
    }
}

/// Signs the access token of a freshly opened session.
pub(super) fn grant(state: &AppState, opened: OpenedSession) -> Result<SessionGrant, ApiError> {
    let token = state.tokens.issue(&opened, state.identity.now()).map_err(ApiError::internal)?;
    Ok(SessionGrant { token, expires_at: opened.expires_at, user: Me::from(&opened.user) })
}
