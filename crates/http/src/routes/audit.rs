//! The audit log, for admins: the super admin reads everything, a company admin their
//! company's events.

use actix_web::{get, web};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{ApiError, AppState, Problem, auth::extract::Admin};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_audit_events);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u64>,
    /// At most 200.
    #[param(minimum = 1, maximum = 200)]
    per_page: Option<u64>,
    /// Only this action, e.g. `sign_in.failed` or `company.updated`.
    action: Option<String>,
    /// Only changes of this kind of record: `user`, `company`, `batch`, `allocation`, `seat`, …
    target_type: Option<String>,
    /// Only changes of this record.
    target_id: Option<String>,
    /// Only what this person did.
    actor_id: Option<Uuid>,
    /// Only this company's events (the super admin; a company admin sees only their own).
    company_id: Option<Uuid>,
    /// Events at or after this time (RFC 3339).
    #[serde(default, with = "time::serde::rfc3339::option")]
    from: Option<OffsetDateTime>,
    /// Events before this time (RFC 3339).
    #[serde(default, with = "time::serde::rfc3339::option")]
    until: Option<OffsetDateTime>,
}

#[derive(Serialize, ToSchema)]
pub struct AuditEvent {
    id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    at: OffsetDateTime,
    actor_id: Option<Uuid>,
    /// Who did it, by name (as the person is called now); absent for the system.
    actor_name: Option<String>,
    action: String,
    target_type: String,
    target_id: Option<String>,
    /// The person or record acted on, by name, where it has one.
    target_name: Option<String>,
    company_id: Option<Uuid>,
    /// What changed: `before` and `after` of the changed fields where the action has them.
    details: serde_json::Value,
    ip: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AuditEventPage {
    items: Vec<AuditEvent>,
    total: u64,
    page: u64,
    per_page: u64,
}

/// Audit events, newest first, within the caller's scope.
#[utoipa::path(
    operation_id = "listAuditEvents",
    tag = "audit",
    security(("bearer" = [])),
    params(AuditQuery),
    responses(
        (status = OK, description = "One page of events", body = AuditEventPage),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees have no audit log", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/audit-events")]
async fn list_audit_events(
    state: web::Data<AppState>,
    who: Admin,
    query: web::Query<AuditQuery>,
) -> Result<web::Json<AuditEventPage>, ApiError> {
    let request = kernel::PageRequest::new(
        query.page.unwrap_or(1),
        query.per_page.unwrap_or(kernel::PageRequest::DEFAULT_PER_PAGE),
    )?;
    let query = query.into_inner();
    let filter = store::AuditFilter {
        action: query.action,
        target_type: query.target_type,
        target_id: query.target_id,
        actor: query.actor_id,
        company: query.company_id,
        from: query.from,
        until: query.until,
    };
    let page = state.store.audit_events(who.0.scope, &request, &filter).await.map_err(ApiError::internal)?;
    Ok(web::Json(AuditEventPage {
        items: page
            .items
            .into_iter()
            .map(|e| AuditEvent {
                id: e.id,
                at: e.at,
                actor_id: e.actor_id,
                actor_name: e.actor_name,
                action: e.action,
                target_type: e.target_type,
                target_id: e.target_id,
                target_name: e.target_name,
                company_id: e.company_id,
                details: e.details,
                ip: e.ip,
            })
            .collect(),
        total: page.total,
        page: page.page,
        per_page: page.per_page,
    }))
}
