//! The signed-in person's own profile: name and language, photo, and the sessions they hold,
//! which "sign out everywhere" ends at once.

use actix_web::{HttpResponse, delete, get, http::header, post, put, web};
use identity::{LiveSession, Photo, SessionKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{
    body,
    dto::Role,
    users::{locale_field, name_field},
};
use crate::{
    ApiError, AppState, FieldError, Problem,
    auth::{
        cookies,
        extract::{Authenticated, RequestMeta},
    },
    picture,
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_profile)
        .service(update_profile)
        .service(get_photo)
        .service(put_photo)
        .service(delete_photo)
        .service(list_sessions)
        .service(sign_out_everywhere);
}

/// The signed-in person as their profile page shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    id: Uuid,
    /// Read-only: the address is who they are.
    email: String,
    name: String,
    role: Role,
    /// The language of their screens and mail (`en`, `zh`, `ar`, `it`, `es`, `fr`).
    locale: String,
    /// Whether they have a photo (`GET /me/photo`); without one the portal shows their initials.
    has_photo: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileInput {
    #[schema(schema_with = super::dto::name_schema)]
    name: String,
    #[schema(value_type = super::dto::Locale)]
    locale: String,
}

async fn profile(state: &AppState, who: &identity::Principal) -> Result<Profile, ApiError> {
    let user = state.identity.user_in_scope_by_id(who.scope, who.user).await?;
    let has_photo = state.identity.has_own_photo(who).await.map_err(ApiError::internal)?;
    Ok(Profile {
        id: user.id.as_uuid(),
        email: user.email.to_string(),
        name: user.name,
        role: user.role.into(),
        locale: user.locale,
        has_photo,
    })
}

/// The signed-in person's profile.
#[utoipa::path(
    operation_id = "getProfile", tag = "account", security(("bearer" = [])),
    responses(
        (status = OK, description = "The profile", body = Profile),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/me/profile")]
async fn get_profile(state: web::Data<AppState>, who: Authenticated) -> Result<web::Json<Profile>, ApiError> {
    Ok(web::Json(profile(&state, &who.0).await?))
}

/// Changes the signed-in person's name and language (audited as `user.updated`).
#[utoipa::path(
    operation_id = "updateProfile", tag = "account", security(("bearer" = [])),
    request_body = ProfileInput,
    responses(
        (status = OK, description = "The profile", body = Profile),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER` (name), `UNKNOWN_LANGUAGE` (locale)", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/me/profile")]
async fn update_profile(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
    input: web::Json<ProfileInput>,
) -> Result<web::Json<Profile>, ApiError> {
    name_field(&input.name)?;
    let locale = locale_field(&input.locale, kernel::LOCALES[0])?;
    state.identity.update_own_profile(&who.0, &input.name, locale, &meta.context).await?;
    Ok(web::Json(profile(&state, &who.0).await?))
}

/// The signed-in person's photo.
#[utoipa::path(
    operation_id = "getPhoto", tag = "account", security(("bearer" = [])),
    responses(
        (status = OK, description = "A JPEG, re-encoded at upload", content_type = "image/jpeg", body = Vec<u8>),
        (status = NO_CONTENT, description = "They have no photo"),
    ),
)]
#[get("/me/photo")]
async fn get_photo(state: web::Data<AppState>, who: Authenticated) -> Result<HttpResponse, ApiError> {
    let Some(photo) = state.identity.own_photo(&who.0).await.map_err(ApiError::internal)? else {
        return Ok(HttpResponse::NoContent().finish());
    };
    // As a company's logo: the type the server gave it, never sniffed, never a document.
    Ok(HttpResponse::Ok()
        .content_type(photo.content_type)
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"))
        .insert_header((header::CONTENT_DISPOSITION, "inline"))
        .body(photo.bytes))
}

/// Replaces the signed-in person's photo: a PNG, JPEG or WebP image of at most 8 MiB and
/// 6000 × 6000 pixels as the request body, its type read from the bytes. It is kept as a JPEG
/// of at most 512 × 512 pixels.
#[utoipa::path(
    operation_id = "putPhoto", tag = "account", security(("bearer" = [])),
    request_body(content = Vec<u8>, content_type = "image/jpeg"),
    responses(
        (status = NO_CONTENT, description = "Stored"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: over 8 MiB", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `PHOTO_TYPE`, `PHOTO_SIZE`, `PHOTO_DIMENSIONS`", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: ten photos an hour", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/me/photo")]
async fn put_photo(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
    upload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let rules = &picture::PHOTO;
    // Decoding costs up to a few seconds of a core: a person gets a handful an hour.
    let key = format!("photo:{}", who.0.user);
    if let Err(retry_after) =
        state.identity.spend(&key, PHOTOS_PER_HOUR, time::Duration::HOUR).await.map_err(ApiError::internal)?
    {
        return Err(ApiError::rate_limited(retry_after));
    }
    let bytes = body::limited(upload, rules.max_bytes).await?;
    // Decoding a large picture takes a while: off the request threads.
    let encoded = web::block(move || picture::reencoded(&bytes, rules))
        .await
        .map_err(ApiError::internal)?
        .map_err(|rejected| ApiError::invalid(vec![FieldError::new(rules.field, rejected.code(rules))]))?;
    let photo = Photo { content_type: encoded.content_type.to_owned(), bytes: encoded.bytes };
    state.identity.set_own_photo(&who.0, Some(photo), &meta.context).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::NoContent().finish())
}

/// Photo uploads a person may make in an hour.
const PHOTOS_PER_HOUR: u32 = 10;

/// Removes the signed-in person's photo; their initials show instead.
#[utoipa::path(
    operation_id = "deletePhoto", tag = "account", security(("bearer" = [])),
    responses((status = NO_CONTENT, description = "Removed, or there was none")),
)]
#[delete("/me/photo")]
async fn delete_photo(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
) -> Result<HttpResponse, ApiError> {
    state.identity.set_own_photo(&who.0, None, &meta.context).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::NoContent().finish())
}

choice_schema!(SessionKinds, SessionKind, "How a session was opened.");

/// A session that has neither ended nor expired.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActiveSession {
    id: Uuid,
    #[schema(value_type = SessionKinds)]
    kind: SessionKind,
    #[serde(with = "time::serde::rfc3339")]
    created_at: time::OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    last_seen_at: time::OffsetDateTime,
    ip: Option<String>,
    user_agent: Option<String>,
    /// The session of this request.
    current: bool,
}

/// The signed-in person's sessions that have neither ended nor expired, the most recently
/// used first.
#[utoipa::path(
    operation_id = "listOwnSessions", tag = "account", security(("bearer" = [])),
    responses((status = OK, description = "Their live sessions", body = Vec<ActiveSession>)),
)]
#[get("/me/sessions")]
async fn list_sessions(
    state: web::Data<AppState>,
    who: Authenticated,
) -> Result<web::Json<Vec<ActiveSession>>, ApiError> {
    let sessions = state.identity.own_sessions(&who.0).await.map_err(ApiError::internal)?;
    let current = who.0.session;
    Ok(web::Json(
        sessions
            .into_iter()
            .map(|s: LiveSession| ActiveSession {
                id: s.id.as_uuid(),
                kind: s.kind,
                created_at: s.created_at,
                last_seen_at: s.last_seen_at,
                ip: s.ip,
                user_agent: s.user_agent,
                current: s.id == current,
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignedOut {
    /// How many sessions ended, this one included.
    sessions: u64,
}

/// Ends every session of the signed-in person at once — other browsers, games and this one —
/// and clears a browser's session cookies (audited as `user.signed_out_everywhere`).
#[utoipa::path(
    operation_id = "signOutEverywhere", tag = "account", security(("bearer" = [])),
    responses(
        (status = OK, description = "Signed out everywhere", body = SignedOut),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/me/sessions/sign-out-everywhere")]
async fn sign_out_everywhere(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
) -> Result<HttpResponse, ApiError> {
    let sessions = state.identity.sign_out_everywhere(&who.0, &meta.context).await.map_err(ApiError::internal)?;
    let mut response = HttpResponse::Ok();
    cookies::end(&mut response, state.secure_cookies);
    Ok(response.json(SignedOut { sessions }))
}
