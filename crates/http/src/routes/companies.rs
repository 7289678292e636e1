//! Companies: the super admin sees and edits all, a company admin their own; and the
//! company's logo.

use actix_web::{HttpResponse, get, http::header, post, put, web};
use kernel::{CompanyId, CountryId, IndustryId};
use licensing::{CompanyDraft, CompanyFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::{ListQuery, Paged, whole_number};
use crate::{
    ApiError, AppState, FieldError, Problem,
    auth::extract::{Acting, Authenticated},
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_companies)
        .service(create_company)
        .service(get_company)
        .service(update_company)
        .service(get_logo)
        .service(put_logo);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CompanyQuery {
    active: Option<bool>,
    industry_id: Option<Uuid>,
    country_id: Option<Uuid>,
}

#[derive(Serialize, ToSchema)]
pub struct Company {
    id: Uuid,
    name: String,
    email: String,
    contact_person: String,
    industry_id: Uuid,
    country_id: Uuid,
    remark: String,
    /// Idle timeout of the company's users' sessions, 1–60 minutes.
    session_minutes: u8,
    active: bool,
}

impl From<licensing::Company> for Company {
    fn from(c: licensing::Company) -> Self {
        Self {
            id: c.id.as_uuid(),
            name: c.name,
            email: c.email.to_string(),
            contact_person: c.contact_person,
            industry_id: c.industry.as_uuid(),
            country_id: c.country.as_uuid(),
            remark: c.remark,
            session_minutes: c.session_minutes.get(),
            active: c.active,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct CompanyInput {
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    #[schema(required = true, schema_with = super::dto::name_schema)]
    contact_person: String,
    #[schema(required = true, value_type = Uuid)]
    industry_id: Option<Uuid>,
    #[schema(required = true, value_type = Uuid)]
    country_id: Option<Uuid>,
    /// Optional; line breaks are kept.
    #[schema(max_length = 1000)]
    remark: String,
    /// Idle minutes before a session of this company ends.
    #[schema(required = true, value_type = i64, minimum = 1, maximum = 60)]
    #[serde(deserialize_with = "whole_number::option")]
    session_minutes: Option<i64>,
    /// Only the super admin switches a company on or off.
    active: bool,
}

impl Default for CompanyInput {
    fn default() -> Self {
        Self {
            name: String::new(),
            email: String::new(),
            contact_person: String::new(),
            industry_id: None,
            country_id: None,
            remark: String::new(),
            session_minutes: None,
            active: true,
        }
    }
}

impl From<CompanyInput> for CompanyDraft {
    fn from(i: CompanyInput) -> Self {
        Self {
            name: i.name,
            email: i.email,
            contact_person: i.contact_person,
            industry: i.industry_id.map(IndustryId::from),
            country: i.country_id.map(CountryId::from),
            remark: i.remark,
            session_minutes: i.session_minutes,
            active: i.active,
        }
    }
}

/// Companies in the caller's scope.
#[utoipa::path(
    operation_id = "listCompanies", tag = "companies", security(("bearer" = [])),
    params(ListQuery, CompanyQuery),
    responses(
        (status = OK, description = "Sortable by `name`, `email`, `contact_person`, `session_minutes`, `active`, `created_at`", body = Paged<Company>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/companies")]
async fn list_companies(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
    query: web::Query<CompanyQuery>,
) -> Result<web::Json<Paged<Company>>, ApiError> {
    let filter = CompanyFilter {
        search: list.search(),
        active: query.active,
        industry: query.industry_id.map(Into::into),
        country: query.country_id.map(Into::into),
    };
    let page = state.licensing.companies(who.actor.scope, &filter, &list.request()?).await?;
    Ok(web::Json(Paged::of(page, Company::from)))
}

/// Adds a company (super admin).
#[utoipa::path(
    operation_id = "createCompany", tag = "companies", security(("bearer" = [])),
    request_body = CompanyInput,
    responses(
        (status = CREATED, description = "Created", body = Company),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `INVALID_EMAIL`, `SESSION_MINUTES`, `UNKNOWN`, `TAKEN`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/companies")]
async fn create_company(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<CompanyInput>,
) -> Result<HttpResponse, ApiError> {
    let company = state.licensing.save_company(&who.actor, None, &input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Company::from(company)))
}

/// One company in the caller's scope.
#[utoipa::path(
    operation_id = "getCompany", tag = "companies", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The record", body = Company),
        (status = NOT_FOUND, description = "Absent or another company's", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/companies/{id}")]
async fn get_company(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<Company>, ApiError> {
    let company = state.licensing.company(who.actor.scope, CompanyId::from(id.into_inner())).await?;
    Ok(web::Json(company.into()))
}

/// Edits a company: any for the super admin, their own for a company admin (who cannot
/// change `active`).
#[utoipa::path(
    operation_id = "updateCompany", tag = "companies", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = CompanyInput,
    responses(
        (status = OK, description = "The record", body = Company),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/companies/{id}")]
async fn update_company(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<CompanyInput>,
) -> Result<web::Json<Company>, ApiError> {
    let id = CompanyId::from(id.into_inner());
    let company = state.licensing.save_company(&who.actor, Some(id), &input.into_inner().into()).await?;
    Ok(web::Json(company.into()))
}

/// The company's logo, for anyone signed in to that company (and the super admin).
#[utoipa::path(
    operation_id = "getCompanyLogo", tag = "companies", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The image, re-encoded at upload: PNG, JPEG or WebP", content_type = "image/*", body = Vec<u8>),
        (status = NO_CONTENT, description = "The company has no logo"),
        (status = NOT_FOUND, description = "Another company's", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/companies/{id}/logo")]
async fn get_logo(
    state: web::Data<AppState>,
    who: Authenticated,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let Some(logo) = state.licensing.logo(who.0.scope, CompanyId::from(id.into_inner())).await? else {
        return Ok(HttpResponse::NoContent().finish());
    };
    // Its type is what the bytes were found to be at upload; nothing may sniff another, run
    // it as a document, or offer it as a download under a name of the client's choosing.
    Ok(HttpResponse::Ok()
        .content_type(logo.content_type)
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"))
        .insert_header((header::CONTENT_DISPOSITION, "inline"))
        .body(logo.bytes))
}

/// Replaces the logo: a PNG, JPEG or WebP image of at most 256 KiB and 2048 × 2048 pixels as
/// the request body. Its type is read from the bytes, whatever `Content-Type` says; it is
/// stored re-encoded.
#[utoipa::path(
    operation_id = "putCompanyLogo", tag = "companies", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body(content = Vec<u8>, content_type = "image/png"),
    responses(
        (status = NO_CONTENT, description = "Stored"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `LOGO_TYPE`, `LOGO_SIZE`, `LOGO_DIMENSIONS`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/companies/{id}/logo")]
async fn put_logo(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let rules = &crate::picture::LOGO;
    let logo = crate::picture::reencoded(&body, rules)
        .map_err(|rejected| ApiError::invalid(vec![FieldError::new(rules.field, rejected.code(rules))]))?;
    let logo = licensing::Logo { content_type: logo.content_type.to_owned(), bytes: logo.bytes };
    state.licensing.set_logo(&who.actor, CompanyId::from(id.into_inner()), Some(logo)).await?;
    Ok(HttpResponse::NoContent().finish())
}
