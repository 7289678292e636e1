//! The audit log, for admins: the super admin reads everything, a company admin their
//! company's events.

use std::{borrow::Cow, collections::HashSet};

use actix_web::{get, web};
use kernel::{AuditAction, UnknownAuditAction};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{
    IntoParams, PartialSchema, ToSchema,
    openapi::{ObjectBuilder, RefOr, Schema, schema::Type},
};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{list::ListQuery, spreadsheet};
use crate::{ApiError, AppState, Problem, auth::extract::Admin};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_audit_events).service(export_audit_events);
}

/// The most events one export holds; narrow the filters for more.
const EXPORT_MAX: u64 = 10_000;

/// An action code (`company.updated`), one of [`AuditAction`]'s: the spec lists them, so
/// clients can offer them and a misspelt one is refused instead of matching nothing.
#[derive(Deserialize)]
#[serde(try_from = "String")]
pub struct AuditActionCode(AuditAction);

impl TryFrom<String> for AuditActionCode {
    type Error = UnknownAuditAction;

    fn try_from(code: String) -> Result<Self, Self::Error> {
        code.parse().map(Self)
    }
}

impl PartialSchema for AuditActionCode {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("What was done, e.g. `company.updated` or `sign_in.failed`."))
            .enum_values(Some(AuditAction::ALL.map(AuditAction::as_str)))
            .into()
    }
}

impl ToSchema for AuditActionCode {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("AuditAction")
    }
}

/// The audit log's filters, shared by the list and the export. `q` (from the list
/// parameters) is part of the actor's name or e-mail.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only this action.
    action: Option<AuditActionCode>,
    /// Only changes of this kind of record: `user`, `company`, `batch`, `allocation`, `seat`, …
    target_type: Option<String>,
    /// Only changes of this record.
    target_id: Option<String>,
    /// Only what this person did.
    actor_id: Option<Uuid>,
    /// Only this company's events (the super admin; a company admin sees only their own).
    company_id: Option<Uuid>,
    /// Events at or after this time (RFC 3339, in the years 2000 to 2100).
    #[serde(default, with = "time::serde::rfc3339::option")]
    from: Option<OffsetDateTime>,
    /// Events before this time (RFC 3339, in the years 2000 to 2100, not before `from`).
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
    #[schema(value_type = AuditActionCode)]
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

/// Audit events, newest first, within the caller's scope. `q` is part of the actor's name or
/// e-mail; `sort` and `order` do not apply (newest first is the log's only order).
#[utoipa::path(
    operation_id = "listAuditEvents",
    tag = "audit",
    security(("bearer" = [])),
    params(ListQuery, AuditQuery),
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
    list: web::Query<ListQuery>,
    query: web::Query<AuditQuery>,
) -> Result<web::Json<AuditEventPage>, ApiError> {
    let request = list.request()?;
    let filter = query.into_inner().filter(list.search())?;
    let page = state.read_models.audit_events(who.0.scope, &request, &filter).await.map_err(ApiError::internal)?;
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
    /// The store's filter, its times checked: within the days every date of the portal lies
    /// in (2000-01-01 to 2100-12-31, in UTC), and `from` not after `until`.
    fn filter(self, actor_search: Option<String>) -> Result<app::AuditFilter, ApiError> {
        use licensing::drafts::{EARLIEST_DATE, LATEST_DATE};
        let sane =
            |at: &OffsetDateTime| (EARLIEST_DATE..=LATEST_DATE).contains(&at.to_offset(time::UtcOffset::UTC).date());
        if !self.from.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("from", "a time from 2000-01-01 to 2100-12-31"));
        }
        if !self.until.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("until", "a time from 2000-01-01 to 2100-12-31"));
        }
        if let (Some(from), Some(until)) = (self.from, self.until)
            && until < from
        {
            return Err(ApiError::out_of_range("until", "a time not before from"));
        }
        Ok(app::AuditFilter {
            action: self.action.map(|code| code.0),
            target_type: self.target_type,
            target_id: self.target_id,
            actor: self.actor_id,
            company: self.company_id,
            from: self.from,
            until: self.until,
            actor_search,
        })
    }
}

/// The events the filters select, newest first, as CSV: at most 10,000, the newest; narrow
/// the filters for more. The filters are the list's (`q` too); `page`, `per_page`, `sort` and
/// `order` do not apply. Cells a spreadsheet would run as a formula are written as text.
#[utoipa::path(
    operation_id = "exportAuditEvents",
    tag = "audit",
    security(("bearer" = [])),
    params(ListQuery, AuditQuery),
    responses(
        (status = OK, description = "A header row, then one row per event: time (UTC, RFC 3339), actor, action code, target type, target, company id, address, details (JSON)", content_type = "text/csv", body = String),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees have no audit log", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/audit-events/export")]
async fn export_audit_events(
    state: web::Data<AppState>,
    who: Admin,
    list: web::Query<ListQuery>,
    query: web::Query<AuditQuery>,
) -> Result<actix_web::HttpResponse, ApiError> {
    // Checks `q` as the list does; the paging it answers is not used.
    list.request()?;
    let filter = query.into_inner().filter(list.search())?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    let header = ["time", "actor", "action", "target_type", "target", "company_id", "ip", "details"];
    csv.write_record(header).map_err(ApiError::internal)?;
    // Pages are read newest first by offset, so an event recorded while the export runs
    // pushes the rows after it one place on: the row it pushes onto the next page is skipped.
    let mut written = HashSet::new();
    for number in 1..=EXPORT_MAX / kernel::PageRequest::MAX_PER_PAGE {
        let request = kernel::PageRequest::largest(number)?;
        let page = state.read_models.audit_events(who.0.scope, &request, &filter).await.map_err(ApiError::internal)?;
        for e in page.items.iter().filter(|e| written.insert(e.id)) {
            let at = e.at.format(&time::format_description::well_known::Rfc3339).map_err(ApiError::internal)?;
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
            csv.write_record(record.iter().map(|cell| spreadsheet::safe(cell))).map_err(ApiError::internal)?;
        }
        if request.offset() + request.per_page() >= page.total {
            break;
        }
    }
    let body = csv.into_inner().map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?;
    Ok(actix_web::HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((actix_web::http::header::CONTENT_DISPOSITION, "attachment; filename=\"audit-log.csv\""))
        .body(body))
}
