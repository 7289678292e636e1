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
    cfg.service(list_audit_events).service(export_audit_events);
}

/// The most events one export holds; narrow the filters for more.
const EXPORT_MAX: u64 = 10_000;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditPageQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u64>,
    /// At most 200.
    #[param(minimum = 1, maximum = 200)]
    per_page: Option<u64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
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
    params(AuditPageQuery, AuditQuery),
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
    paging: web::Query<AuditPageQuery>,
    query: web::Query<AuditQuery>,
) -> Result<web::Json<AuditEventPage>, ApiError> {
    let request = kernel::PageRequest::new(
        paging.page.unwrap_or(1),
        paging.per_page.unwrap_or(kernel::PageRequest::DEFAULT_PER_PAGE),
    )?;
    let filter = query.into_inner().filter()?;
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

impl AuditQuery {
    /// The store's filter, its dates checked (2000–2100, `from` before `until`).
    fn filter(self) -> Result<store::AuditFilter, ApiError> {
        let sane = |at: &OffsetDateTime| (2000..=2100).contains(&at.year());
        if !self.from.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("from", "a time in the years 2000 to 2100"));
        }
        if !self.until.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("until", "a time in the years 2000 to 2100"));
        }
        if let (Some(from), Some(until)) = (self.from, self.until)
            && until < from
        {
            return Err(ApiError::out_of_range("until", "a time after from"));
        }
        Ok(store::AuditFilter {
            action: self.action,
            target_type: self.target_type,
            target_id: self.target_id,
            actor: self.actor_id,
            company: self.company_id,
            from: self.from,
            until: self.until,
        })
    }
}

/// The events the filters select, newest first, as CSV (at most 10,000; narrow the filters
/// for more). Cells a spreadsheet would run as a formula are written as text.
#[utoipa::path(
    operation_id = "exportAuditEvents",
    tag = "audit",
    security(("bearer" = [])),
    params(AuditQuery),
    responses(
        (status = OK, description = "time, actor, action, target type, target, company, address, details", content_type = "text/csv", body = String),
    ),
)]
#[get("/audit-events/export")]
async fn export_audit_events(
    state: web::Data<AppState>,
    who: Admin,
    query: web::Query<AuditQuery>,
) -> Result<actix_web::HttpResponse, ApiError> {
    let filter = query.into_inner().filter()?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    let header = ["time", "actor", "action", "target_type", "target", "company_id", "ip", "details"];
    csv.write_record(header).map_err(ApiError::internal)?;
    let pages = EXPORT_MAX / kernel::PageRequest::MAX_PER_PAGE;
    for number in 1..=pages {
        let request = kernel::PageRequest::largest(number)?;
        let page = state.store.audit_events(who.0.scope, &request, &filter).await.map_err(ApiError::internal)?;
        for e in &page.items {
            let at = e.at.format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
            let record = [
                at,
                e.actor_name.clone().or_else(|| e.actor_id.map(|id| id.to_string())).unwrap_or_default(),
                e.action.clone(),
                e.target_type.clone(),
                e.target_name.clone().or_else(|| e.target_id.clone()).unwrap_or_default(),
                e.company_id.map(|id| id.to_string()).unwrap_or_default(),
                e.ip.clone().unwrap_or_default(),
                e.details.to_string(),
            ];
            csv.write_record(record.iter().map(|cell| spreadsheet_safe(cell))).map_err(ApiError::internal)?;
        }
        if page.items.len() < usize::try_from(request.per_page()).unwrap_or(usize::MAX) {
            break;
        }
    }
    let body = csv.into_inner().map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?;
    Ok(actix_web::HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((actix_web::http::header::CONTENT_DISPOSITION, "attachment; filename=\"audit-log.csv\""))
        .body(body))
}

/// A cell that starts like a formula (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a
/// leading `'`, so a spreadsheet shows it as text instead of running it (OWASP CSV injection).
fn spreadsheet_safe(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{cell}") } else { cell.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_looks_like_a_formula_is_written_as_text() {
        assert_eq!(spreadsheet_safe("=HYPERLINK(\"http://evil\")"), "'=HYPERLINK(\"http://evil\")");
        assert_eq!(spreadsheet_safe("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(spreadsheet_safe("-1+2"), "'-1+2");
        assert_eq!(spreadsheet_safe("Meridian Bank"), "Meridian Bank");
    }
}
