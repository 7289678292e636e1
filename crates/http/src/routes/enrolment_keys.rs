//! Enrolment keys (admins): a batch's sign-up links. A key is in the answer of its creation
//! and never again; revoking one stops it admitting anyone more.

use actix_web::{HttpResponse, get, post, web};
use kernel::{BatchId, EnrolmentKeyId};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::whole_number;
use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_enrolment_keys).service(create_enrolment_key).service(revoke_enrolment_key);
}

#[derive(Serialize, ToSchema)]
pub struct EnrolmentKey {
    id: Uuid,
    batch_id: Uuid,
    /// How many people the key admits in all.
    max_uses: u32,
    /// How many joined through it.
    uses: u32,
    /// The domains the e-mail address must be of; empty for any.
    domains: Vec<String>,
    #[serde(with = "time::serde::rfc3339")]
    expires_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    revoked_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
}

impl From<licensing::EnrolmentKey> for EnrolmentKey {
    fn from(k: licensing::EnrolmentKey) -> Self {
        Self {
            id: k.id.as_uuid(),
            batch_id: k.batch.as_uuid(),
            max_uses: k.max_uses,
            uses: k.uses,
            domains: k.domains,
            expires_at: k.expires_at,
            revoked_at: k.revoked_at,
            created_at: k.created_at,
        }
    }
}

/// A new key with its sign-up link: shown this once.
#[derive(Serialize, ToSchema)]
pub struct IssuedEnrolmentKey {
    key: EnrolmentKey,
    /// The page people open to sign up; it carries the key. Only the key's SHA-256 is kept.
    link: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnrolmentKeyInput {
    /// How many people it admits.
    #[schema(minimum = 1, maximum = 10_000)]
    #[serde(deserialize_with = "whole_number::int")]
    max_uses: i64,
    /// Later than now, and within a year (`OUT_OF_RANGE` otherwise).
    #[serde(with = "time::serde::rfc3339")]
    expires_at: OffsetDateTime,
    /// E-mail domains to admit (`example.com`); none for any.
    #[serde(default)]
    #[schema(max_items = 20)]
    domains: Vec<String>,
}

/// A batch's sign-up keys, newest first (admins, within their company).
#[utoipa::path(
    operation_id = "listEnrolmentKeys", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The batch")),
    responses(
        (status = OK, description = "The batch's keys", body = Vec<EnrolmentKey>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such batch in the admin's scope", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/batches/{id}/enrolment-keys")]
async fn list_enrolment_keys(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<Vec<EnrolmentKey>>, ApiError> {
    let keys = state.enrolment_keys.list(&who.actor, BatchId::from(id.into_inner())).await?;
    Ok(web::Json(keys.into_iter().map(Into::into).collect()))
}

/// Makes a sign-up key for the batch and answers its link, once (admins).
#[utoipa::path(
    operation_id = "createEnrolmentKey", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The batch")),
    request_body = EnrolmentKeyInput,
    responses(
        (status = CREATED, description = "The key and its sign-up link", body = IssuedEnrolmentKey),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such batch in the admin's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `OUT_OF_RANGE` (`max_uses`, `expires_at`, `domains`), `MALFORMED` or `DUPLICATE` (`domains.N`)", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/batches/{id}/enrolment-keys")]
async fn create_enrolment_key(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<EnrolmentKeyInput>,
) -> Result<HttpResponse, ApiError> {
    let EnrolmentKeyInput { max_uses, expires_at, domains } = input.into_inner();
    // Beyond u32 is out of range as much as 0 is: the draft's check says so.
    let max_uses = u32::try_from(max_uses).unwrap_or_default();
    let draft = licensing::EnrolmentKeyDraft { max_uses, expires_at: Some(expires_at), domains };
    let issued = state.enrolment_keys.create(&who.actor, BatchId::from(id.into_inner()), &draft).await?;
    let link = format!("{}/signup?key={}", state.public_url, issued.secret);
    Ok(HttpResponse::Created().json(IssuedEnrolmentKey { key: issued.key.into(), link }))
}

/// Revokes a key: its link admits nobody more; who joined stays (admins).
#[utoipa::path(
    operation_id = "revokeEnrolmentKey", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The key")),
    responses(
        (status = OK, description = "The revoked key", body = EnrolmentKey),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such key in the admin's scope", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/enrolment-keys/{id}/revoke")]
async fn revoke_enrolment_key(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<EnrolmentKey>, ApiError> {
    let key = state.enrolment_keys.revoke(&who.actor, EnrolmentKeyId::from(id.into_inner())).await?;
    Ok(web::Json(key.into()))
}
