//! Batches of a company's trainees, and who is in them.

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::{BatchId, CompanyId, UserId};
use licensing::{BatchDraft, BatchFilter};
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::{ListQuery, Paged, iso_date};
use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_batches)
        .service(create_batch)
        .service(get_batch)
        .service(update_batch)
        .service(list_members)
        .service(add_member)
        .service(remove_member)
        .service(move_member);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BatchQuery {
    company_id: Option<Uuid>,
    active: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct Batch {
    id: Uuid,
    company_id: Uuid,
    name: String,
    #[serde(with = "iso_date::option")]
    starts_on: Option<Date>,
    #[serde(with = "iso_date::option")]
    ends_on: Option<Date>,
    active: bool,
}

impl From<licensing::Batch> for Batch {
    fn from(b: licensing::Batch) -> Self {
        Self {
            id: b.id.as_uuid(),
            company_id: b.company.as_uuid(),
            name: b.name,
            starts_on: b.starts_on,
            ends_on: b.ends_on,
            active: b.active,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct BatchInput {
    /// Required of the super admin when creating; a company admin's batches are their
    /// company's. A batch never changes company.
    company_id: Option<Uuid>,
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    #[serde(with = "iso_date::option")]
    starts_on: Option<Date>,
    #[serde(with = "iso_date::option")]
    ends_on: Option<Date>,
    active: bool,
}

impl Default for BatchInput {
    fn default() -> Self {
        Self { company_id: None, name: String::new(), starts_on: None, ends_on: None, active: true }
    }
}

impl From<BatchInput> for BatchDraft {
    fn from(i: BatchInput) -> Self {
        Self {
            company: i.company_id.map(CompanyId::from),
            name: i.name,
            starts_on: i.starts_on,
            ends_on: i.ends_on,
            active: i.active,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Member {
    user_id: Uuid,
    name: String,
    email: String,
    #[serde(with = "time::serde::rfc3339")]
    added_at: OffsetDateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// The batch the trainee moves to (of the same company).
    to_batch_id: Uuid,
}

/// Batches in the caller's scope.
#[utoipa::path(
    operation_id = "listBatches", tag = "batches", security(("bearer" = [])),
    params(ListQuery, BatchQuery),
    responses(
        (status = OK, description = "Sortable by `name`, `starts_on`, `ends_on`, `active`, `created_at`", body = Paged<Batch>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/batches")]
async fn list_batches(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
    query: web::Query<BatchQuery>,
) -> Result<web::Json<Paged<Batch>>, ApiError> {
    let filter = BatchFilter { company: query.company_id.map(Into::into), search: list.search(), active: query.active };
    let page = state.licensing.batches(who.actor.scope, &filter, &list.request()?).await?;
    Ok(web::Json(Paged::of(page, Batch::from)))
}

/// Adds a batch.
#[utoipa::path(
    operation_id = "createBatch", tag = "batches", security(("bearer" = [])),
    request_body = BatchInput,
    responses(
        (status = CREATED, description = "Created", body = Batch),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `DATE_ORDER`, `UNKNOWN` company, `TAKEN` name", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/batches")]
async fn create_batch(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<BatchInput>,
) -> Result<HttpResponse, ApiError> {
    let batch = state.licensing.save_batch(&who.actor, None, &input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Batch::from(batch)))
}

/// One batch in the caller's scope.
#[utoipa::path(
    operation_id = "getBatch", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses((status = OK, description = "The record", body = Batch), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[get("/batches/{id}")]
async fn get_batch(state: web::Data<AppState>, who: Acting, id: web::Path<Uuid>) -> Result<web::Json<Batch>, ApiError> {
    let batch = state.licensing.batch(who.actor.scope, BatchId::from(id.into_inner())).await?;
    Ok(web::Json(batch.into()))
}

/// Edits a batch.
#[utoipa::path(
    operation_id = "updateBatch", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = BatchInput,
    responses(
        (status = OK, description = "The record", body = Batch),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/batches/{id}")]
async fn update_batch(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<BatchInput>,
) -> Result<web::Json<Batch>, ApiError> {
    let id = BatchId::from(id.into_inner());
    let batch = state.licensing.save_batch(&who.actor, Some(id), &input.into_inner().into()).await?;
    Ok(web::Json(batch.into()))
}

/// The batch's trainees, by name.
#[utoipa::path(
    operation_id = "listBatchMembers", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path), ListQuery),
    responses((status = OK, description = "The record", body = Paged<Member>), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[get("/batches/{id}/members")]
async fn list_members(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    list: web::Query<ListQuery>,
) -> Result<web::Json<Paged<Member>>, ApiError> {
    let search = list.search();
    let page = state
        .licensing
        .members(who.actor.scope, BatchId::from(id.into_inner()), search.as_deref(), &list.request()?)
        .await?;
    Ok(web::Json(Paged::of(page, |m| Member {
        user_id: m.user.as_uuid(),
        name: m.name,
        email: m.email.to_string(),
        added_at: m.added_at,
    })))
}

/// Puts a trainee of the batch's company into it (again is fine).
#[utoipa::path(
    operation_id = "addBatchMember", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path), ("user_id" = Uuid, Path)),
    responses((status = NO_CONTENT, description = "A member"), (status = NOT_FOUND, description = "Batch or trainee absent, or outside the scope", body = Problem, content_type = "application/problem+json")),
)]
#[put("/batches/{id}/members/{user_id}")]
async fn add_member(
    state: web::Data<AppState>,
    who: Acting,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (batch, user) = path.into_inner();
    state.licensing.add_member(&who.actor, batch.into(), UserId::from(user)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Takes a trainee out of the batch.
#[utoipa::path(
    operation_id = "removeBatchMember", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path), ("user_id" = Uuid, Path)),
    responses((status = NO_CONTENT, description = "Removed"), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[delete("/batches/{id}/members/{user_id}")]
async fn remove_member(
    state: web::Data<AppState>,
    who: Acting,
    path: web::Path<(Uuid, Uuid)>,
) -> Result<HttpResponse, ApiError> {
    let (batch, user) = path.into_inner();
    state.licensing.remove_member(&who.actor, batch.into(), UserId::from(user)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Moves a trainee to another batch of the company, in one step.
#[utoipa::path(
    operation_id = "moveBatchMember", tag = "batches", security(("bearer" = [])),
    params(("id" = Uuid, Path), ("user_id" = Uuid, Path)),
    request_body = MoveInput,
    responses((status = NO_CONTENT, description = "Moved"), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[post("/batches/{id}/members/{user_id}/move")]
async fn move_member(
    state: web::Data<AppState>,
    who: Acting,
    path: web::Path<(Uuid, Uuid)>,
    input: web::Json<MoveInput>,
) -> Result<HttpResponse, ApiError> {
    let (batch, user) = path.into_inner();
    state.licensing.move_member(&who.actor, batch.into(), input.to_batch_id.into(), UserId::from(user)).await?;
    Ok(HttpResponse::NoContent().finish())
}
