//! The signed-in person's own view: who they are, their dashboard, the current EULA.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

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
/// admin) or their own play (trainee).
#[derive(Serialize, ToSchema)]
pub struct Dashboard {
    companies: u64,
    batches: u64,
    trainees: u64,
    attempts: u64,
    /// Distinct levels played at least once.
    levels_played: u64,
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
    let counts = state.read_models.dashboard(who.0.scope).await.map_err(ApiError::internal)?;
    Ok(web::Json(Dashboard {
        companies: counts.companies,
        batches: counts.batches,
        trainees: counts.trainees,
        attempts: counts.attempts,
        levels_played: counts.levels_played,
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
