//! Licences: allocations of seats sold to a company ("licence summary"), the summary counts,
//! and the seats given to trainees ("licence details").

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::{AllocationId, SeatId, UserId};
use licensing::{AllocationDraft, AllocationFilter, SeatFilter, SeatState, SeatSummary, SummaryGroup};
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::{ListQuery, Paged, iso_date, whole_number};
use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_allocations)
        .service(create_allocation)
        .service(get_allocation)
        .service(update_allocation)
        .service(licence_summary)
        .service(list_seats)
        .service(assign_seat)
        .service(revoke_seat);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AllocationQuery {
    company_id: Option<Uuid>,
    batch_id: Option<Uuid>,
}

impl AllocationQuery {
    fn filter(&self) -> AllocationFilter {
        AllocationFilter {
            company: self.company_id.map(Into::into),
            batch: self.batch_id.map(Into::into),
            search: None,
        }
    }
}

/// Seat counts, as the "licence summary" screens show them. They add up:
/// `purchased = assigned + available + expired`, and `activated` is part of `assigned`.
/// A revoked seat is available again.
#[derive(Serialize, ToSchema)]
pub struct SeatCounts {
    /// Seats bought.
    purchased: u32,
    /// Seats a trainee holds (invited or active, started the game or not) in a licence that
    /// has not ended.
    assigned: u32,
    /// Assigned seats whose trainee has started the game: used for good.
    activated: u32,
    /// Seats of a licence that has not ended which nobody holds.
    available: u32,
    /// Every seat of a licence whose validity has ended, held or not.
    expired: u32,
    /// Seats (assigned or available) of a licence that ends within 30 days.
    expiring_soon: u32,
}

impl From<SeatSummary> for SeatCounts {
    fn from(s: SeatSummary) -> Self {
        Self {
            purchased: s.purchased,
            assigned: s.assigned,
            activated: s.activated,
            available: s.available,
            expired: s.expired,
            expiring_soon: s.expiring_soon,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Allocation {
    id: Uuid,
    company_id: Uuid,
    /// `null`: for any trainee of the company.
    batch_id: Option<Uuid>,
    seats: u32,
    #[serde(with = "iso_date")]
    valid_from: Date,
    #[serde(with = "iso_date")]
    valid_until: Date,
    counts: SeatCounts,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AllocationInput {
    /// Required when creating; an allocation never changes company.
    company_id: Option<Uuid>,
    batch_id: Option<Uuid>,
    #[schema(minimum = 1, maximum = 100_000)]
    #[serde(default, deserialize_with = "whole_number::option")]
    seats: Option<i64>,
    #[serde(default, with = "iso_date::option")]
    valid_from: Option<Date>,
    #[serde(default, with = "iso_date::option")]
    valid_until: Option<Date>,
}

impl From<AllocationInput> for AllocationDraft {
    fn from(i: AllocationInput) -> Self {
        Self {
            company: i.company_id.map(Into::into),
            batch: i.batch_id.map(Into::into),
            seats: i.seats,
            valid_from: i.valid_from,
            valid_until: i.valid_until,
        }
    }
}

#[derive(Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SummaryBy {
    Company,
    Batch,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SummaryQuery {
    /// One line per company (default) or per batch of each company.
    #[param(inline)]
    by: Option<SummaryBy>,
    company_id: Option<Uuid>,
}

#[derive(Serialize, ToSchema)]
pub struct SummaryLine {
    company_id: Uuid,
    /// Per batch: the batch, or `null` for the company-wide seats.
    batch_id: Option<Uuid>,
    counts: SeatCounts,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SeatQuery {
    company_id: Option<Uuid>,
    /// Seats of the trainees of this batch.
    batch_id: Option<Uuid>,
    allocation_id: Option<Uuid>,
    user_id: Option<Uuid>,
    #[param(inline)]
    state: Option<SeatStateDto>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeatStateDto {
    Assigned,
    Activated,
    Expired,
    Revoked,
}

impl From<SeatState> for SeatStateDto {
    fn from(s: SeatState) -> Self {
        match s {
            SeatState::Assigned => Self::Assigned,
            SeatState::Activated => Self::Activated,
            SeatState::Expired => Self::Expired,
            SeatState::Revoked => Self::Revoked,
        }
    }
}

impl From<SeatStateDto> for SeatState {
    fn from(s: SeatStateDto) -> Self {
        match s {
            SeatStateDto::Assigned => Self::Assigned,
            SeatStateDto::Activated => Self::Activated,
            SeatStateDto::Expired => Self::Expired,
            SeatStateDto::Revoked => Self::Revoked,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Seat {
    id: Uuid,
    allocation_id: Uuid,
    company_id: Uuid,
    /// The batch the seat's licence is reserved for; `null` for a company-wide licence.
    allocation_batch_id: Option<Uuid>,
    user_id: Uuid,
    user_name: String,
    user_email: String,
    /// The batches the trainee is a member of.
    user_batch_ids: Vec<Uuid>,
    state: SeatStateDto,
    #[serde(with = "time::serde::rfc3339")]
    assigned_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    activated_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    revoked_at: Option<OffsetDateTime>,
    #[serde(with = "iso_date")]
    valid_until: Date,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AssignInput {
    user_id: Uuid,
}

#[derive(Serialize, ToSchema)]
pub struct Assigned {
    seat_id: Uuid,
    /// `false` when the trainee already held a valid seat: nothing changed.
    created: bool,
}

fn allocation(used: licensing::AllocationUse, now: OffsetDateTime) -> Allocation {
    let counts = used.summary(now).into();
    let a = used.allocation;
    Allocation {
        id: a.id.as_uuid(),
        company_id: a.company.as_uuid(),
        batch_id: a.batch.map(Into::into),
        seats: a.seats,
        valid_from: a.valid_from,
        valid_until: a.valid_until,
        counts,
    }
}

/// Licence allocations in the caller's scope, with their seat counts.
#[utoipa::path(
    operation_id = "listLicenceAllocations", tag = "licences", security(("bearer" = [])),
    params(ListQuery, AllocationQuery),
    responses(
        (status = OK, description = "Newest validity first; sortable by `seats`, `taken`, `valid_from`, `valid_until`, `created_at`", body = Paged<Allocation>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/licence-allocations")]
async fn list_allocations(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
    query: web::Query<AllocationQuery>,
) -> Result<web::Json<Paged<Allocation>>, ApiError> {
    let filter = AllocationFilter { search: list.search(), ..query.filter() };
    let page = state.licensing.allocations(who.actor.scope, &filter, &list.request()?).await?;
    let now = state.licensing.now();
    Ok(web::Json(Paged::of(page, |u| allocation(u, now))))
}

/// Sells seats to a company (super admin).
#[utoipa::path(
    operation_id = "createLicenceAllocation", tag = "licences", security(("bearer" = [])),
    request_body = AllocationInput,
    responses(
        (status = CREATED, description = "Created", body = Allocation),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `SEATS`, `DATE_ORDER`, `UNKNOWN` company or batch", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/licence-allocations")]
async fn create_allocation(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<AllocationInput>,
) -> Result<HttpResponse, ApiError> {
    let saved = state.licensing.save_allocation(&who.actor, None, &input.into_inner().into()).await?;
    let used = state.licensing.allocation(who.actor.scope, saved.id).await?;
    Ok(HttpResponse::Created().json(allocation(used, state.licensing.now())))
}

/// One allocation in the caller's scope.
#[utoipa::path(
    operation_id = "getLicenceAllocation", tag = "licences", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses((status = OK, description = "The record", body = Allocation), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[get("/licence-allocations/{id}")]
async fn get_allocation(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<Allocation>, ApiError> {
    let used = state.licensing.allocation(who.actor.scope, AllocationId::from(id.into_inner())).await?;
    Ok(web::Json(allocation(used, state.licensing.now())))
}

/// Changes an allocation's batch, count or validity (super admin).
#[utoipa::path(
    operation_id = "updateLicenceAllocation", tag = "licences", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = AllocationInput,
    responses(
        (status = OK, description = "The record", body = Allocation),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`SEATS_BELOW_TAKEN`: more seats are already assigned", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/licence-allocations/{id}")]
async fn update_allocation(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<AllocationInput>,
) -> Result<web::Json<Allocation>, ApiError> {
    let id = AllocationId::from(id.into_inner());
    state.licensing.save_allocation(&who.actor, Some(id), &input.into_inner().into()).await?;
    let used = state.licensing.allocation(who.actor.scope, id).await?;
    Ok(web::Json(allocation(used, state.licensing.now())))
}

/// The licence summary: purchased, assigned, activated, available, expired and expiring
/// seats per company, or per batch.
#[utoipa::path(
    operation_id = "getLicenceSummary", tag = "licences", security(("bearer" = [])),
    params(SummaryQuery),
    responses((status = OK, description = "The record", body = Vec<SummaryLine>), (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json")),
)]
#[get("/licence-summary")]
async fn licence_summary(
    state: web::Data<AppState>,
    who: Acting,
    query: web::Query<SummaryQuery>,
) -> Result<web::Json<Vec<SummaryLine>>, ApiError> {
    let group = match query.by {
        Some(SummaryBy::Batch) => SummaryGroup::Batch,
        Some(SummaryBy::Company) | None => SummaryGroup::Company,
    };
    let filter = AllocationFilter { company: query.company_id.map(Into::into), ..AllocationFilter::default() };
    let lines = state.licensing.summary(who.actor.scope, group, &filter).await?;
    Ok(web::Json(
        lines
            .into_iter()
            .map(|l| SummaryLine {
                company_id: l.company.as_uuid(),
                batch_id: l.batch.map(Into::into),
                counts: l.seats.into(),
            })
            .collect(),
    ))
}

/// Seats given to trainees, in the caller's scope.
#[utoipa::path(
    operation_id = "listSeats", tag = "licences", security(("bearer" = [])),
    params(ListQuery, SeatQuery),
    responses(
        (status = OK, description = "Newest first; sortable by `assigned_at`, `activated_at`, `revoked_at`; `q` searches the trainee", body = Paged<Seat>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/seats")]
async fn list_seats(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
    query: web::Query<SeatQuery>,
) -> Result<web::Json<Paged<Seat>>, ApiError> {
    let filter = SeatFilter {
        company: query.company_id.map(Into::into),
        batch: query.batch_id.map(Into::into),
        allocation: query.allocation_id.map(Into::into),
        user: query.user_id.map(Into::into),
        state: query.state.map(Into::into),
        search: list.search(),
    };
    let page = state.licensing.seats(who.actor.scope, &filter, &list.request()?).await?;
    let today = state.licensing.now().date();
    Ok(web::Json(Paged::of(page, |s| Seat {
        state: s.state(today).into(),
        id: s.id.as_uuid(),
        allocation_id: s.allocation.as_uuid(),
        company_id: s.company.as_uuid(),
        allocation_batch_id: s.allocation_batch.map(Into::into),
        user_id: s.user.as_uuid(),
        user_name: s.user_name,
        user_email: s.user_email.to_string(),
        user_batch_ids: s.user_batches.into_iter().map(Into::into).collect(),
        assigned_at: s.assigned_at,
        activated_at: s.activated_at,
        revoked_at: s.revoked_at,
        valid_until: s.valid_until,
    })))
}

/// Gives a trainee a seat of their batch's (or company's) allocations; a trainee who holds
/// a valid seat keeps it.
#[utoipa::path(
    operation_id = "assignSeat", tag = "licences", security(("bearer" = [])),
    request_body = AssignInput,
    responses(
        (status = CREATED, description = "A seat was taken", body = Assigned),
        (status = OK, description = "The trainee already held one", body = Assigned),
        (status = NOT_FOUND, description = "No such trainee in the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`NO_SEAT_LEFT`, or `USER_STATE` for a disabled trainee", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/seats")]
async fn assign_seat(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<AssignInput>,
) -> Result<HttpResponse, ApiError> {
    let (seat, created) = state.licensing.assign_seat(&who.actor, UserId::from(input.user_id)).await?;
    let body = Assigned { seat_id: seat.as_uuid(), created };
    Ok(if created { HttpResponse::Created().json(body) } else { HttpResponse::Ok().json(body) })
}

/// Takes back a seat that was never used; it returns to the pool. Revoking a seat that is
/// no longer held (already revoked, perhaps by a concurrent request) also answers 204.
#[utoipa::path(
    operation_id = "revokeSeat", tag = "licences", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = NO_CONTENT, description = "Revoked, or no longer held"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`SEAT_IN_USE`: the game was started with it", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[delete("/seats/{id}")]
async fn revoke_seat(state: web::Data<AppState>, who: Acting, id: web::Path<Uuid>) -> Result<HttpResponse, ApiError> {
    state.licensing.revoke_seat(&who.actor, SeatId::from(id.into_inner())).await?;
    Ok(HttpResponse::NoContent().finish())
}
