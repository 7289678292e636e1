//! Liveness (`healthz`: the process answers) and readiness (`readyz`: it can reach its
//! database), for load balancers.

use actix_web::{get, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::{ApiError, AppState, ProblemCode};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(health).service(readiness);
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// Always `ok` when the process answers.
    status: &'static str,
    /// The server's version.
    version: &'static str,
}

/// Whether the process is alive.
#[utoipa::path(operation_id = "getHealth", tag = "health", responses((status = OK, description = "The process is alive", body = Health)))]
#[get("/healthz")]
async fn health() -> web::Json<Health> {
    web::Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") })
}

#[derive(Serialize, ToSchema)]
pub struct Readiness {
    /// `ready` when every dependency answers.
    status: &'static str,
    /// Which database this process serves: `sqlite` or `postgres`.
    database: &'static str,
}

/// How long readiness waits for the database: a load balancer should hear "not ready" within a
/// second of the database going, not after the pool's five-second wait for a connection.
const READINESS_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Whether the process can serve requests: its database answers within a second.
#[utoipa::path(
    operation_id = "getReadiness",
    tag = "health",
    responses(
        (status = OK, description = "Ready to serve", body = Readiness),
        (status = SERVICE_UNAVAILABLE, description = "`DATABASE_UNAVAILABLE`: the database did not answer within a second", body = crate::Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/readyz")]
async fn readiness(state: web::Data<AppState>) -> Result<web::Json<Readiness>, ApiError> {
    let database = state.read_models.database();
    match tokio::time::timeout(READINESS_WAIT, state.read_models.ping()).await {
        Ok(Ok(())) => Ok(web::Json(Readiness { status: "ready", database })),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readiness: database did not answer");
            Err(ApiError::new(ProblemCode::DatabaseUnavailable))
        }
        Err(_) => {
            tracing::warn!("readiness: database did not answer within {READINESS_WAIT:?}");
            Err(ApiError::new(ProblemCode::DatabaseUnavailable))
        }
    }
}
