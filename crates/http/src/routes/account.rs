//! The signed-in person's own view: who they are, their dashboard, the current EULA.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::dto::{Eula, Me};
use crate::{
    ApiError, AppState, Problem, ProblemCode,
    auth::extract::{Authenticated, RequestMeta},
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(me).service(dashboard).service(current_eula);
}

/// The signed-in user.
#[utoipa::path(
    operation_id = "getMe",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = OK, description = "The signed-in user", body = Me),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/me")]
async fn me(who: Authenticated) -> web::Json<Me> {
    web::Json(Me::from(&who.0))
}

/// Counts of what the caller may see: everything (super admin), their company (company
/// admin) or their own play (trainee). Scores come from the reports (`/reports/scores`).
#[derive(Serialize, ToSchema)]
pub struct Dashboard {
    companies: u64,
    batches: u64,
    trainees: u64,
    attempts: u64,
    /// Distinct levels played at least once.
    levels_played: u64,
    /// Attempts completed in the last 7 days.
    attempts_this_week: u64,
    seats: DashboardSeats,
    /// Super admin: every company with its attempts of the last 30 days, most active first.
    activity: Vec<CompanyActivity>,
    /// Company admin: trainees who played nothing for 14 days (never-played first), at most 100.
    inactive_trainees: Vec<InactiveTrainee>,
    /// Trainee: the last day of their seat.
    #[serde(with = "super::list::iso_date::option")]
    #[schema(value_type = Option<String>, format = Date)]
    licence_valid_until: Option<time::Date>,
    /// Admins: running licences that end within 30 days, soonest first.
    expiring_licences: Vec<ExpiringLicence>,
}

/// A licence allocation that ends within 30 days.
#[derive(Serialize, ToSchema)]
pub struct ExpiringLicence {
    allocation_id: Uuid,
    company_id: Uuid,
    company_name: String,
    /// Its last day.
    #[serde(with = "super::list::iso_date")]
    #[schema(value_type = String, format = Date)]
    valid_until: time::Date,
    /// Seats sold in it.
    seats: u64,
    /// Of them, those trainees hold now: they lose their access that day.
    assigned: u64,
}

/// Seats of the allocations running today.
#[derive(Serialize, ToSchema)]
pub struct DashboardSeats {
    sold: u64,
    assigned: u64,
    activated: u64,
    /// Assigned seats whose allocation ends within 30 days.
    expiring_soon: u64,
    /// The earliest last day among those.
    #[serde(with = "super::list::iso_date::option")]
    #[schema(value_type = Option<String>, format = Date)]
    next_expiry: Option<time::Date>,
}

#[derive(Serialize, ToSchema)]
pub struct CompanyActivity {
    company_id: Uuid,
    name: String,
    /// Attempts completed in the last 30 days.
    attempts: u64,
}

#[derive(Serialize, ToSchema)]
pub struct InactiveTrainee {
    id: Uuid,
    name: String,
    email: String,
    /// `null`: never played.
    #[serde(with = "time::serde::rfc3339::option")]
    last_played: Option<time::OffsetDateTime>,
}

/// The dashboard's figures, scoped to the caller.
#[utoipa::path(
    operation_id = "getDashboard",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = OK, description = "Counts within the caller's scope", body = Dashboard),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/dashboard")]
async fn dashboard(state: web::Data<AppState>, who: Authenticated) -> Result<web::Json<Dashboard>, ApiError> {
    let counts = state.read_models.dashboard(who.0.scope, state.identity.now()).await.map_err(ApiError::internal)?;
    let seats = counts.seats;
    Ok(web::Json(Dashboard {
        companies: counts.companies,
        batches: counts.batches,
        trainees: counts.trainees,
        attempts: counts.attempts,
        levels_played: counts.levels_played,
        attempts_this_week: counts.attempts_this_week,
        seats: DashboardSeats {
            sold: seats.sold,
            assigned: seats.assigned,
            activated: seats.activated,
            expiring_soon: seats.expiring_soon,
            next_expiry: seats.next_expiry,
        },
        activity: counts
            .activity
            .into_iter()
            .map(|a| CompanyActivity { company_id: a.company, name: a.name, attempts: a.attempts })
            .collect(),
        inactive_trainees: counts
            .inactive
            .into_iter()
            .map(|t| InactiveTrainee { id: t.id, name: t.name, email: t.email, last_played: t.last_played })
            .collect(),
        licence_valid_until: counts.licence_valid_until,
        expiring_licences: counts
            .expiring
            .into_iter()
            .map(|l| ExpiringLicence {
                allocation_id: l.allocation,
                company_id: l.company,
                company_name: l.company_name,
                valid_until: l.valid_until,
                seats: l.seats,
                assigned: l.assigned,
            })
            .collect(),
    }))
}

/// The licence agreement in force, in the language of `Accept-Language`.
#[utoipa::path(
    operation_id = "getCurrentEula",
    tag = "account",
    responses(
        (status = OK, description = "The current version", body = Eula),
        (status = NOT_FOUND, description = "None is published", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/eula/current")]
async fn current_eula(state: web::Data<AppState>, meta: RequestMeta) -> Result<web::Json<Eula>, ApiError> {
    let eula = state.read_models.current_eula(meta.locale).await.map_err(ApiError::internal)?;
    eula.map(|e| web::Json(Eula::from(e))).ok_or(ApiError::new(ProblemCode::NotFound))
}
