//! Reference data: countries and industries. Admins read them (their forms pick from them);
//! only the super admin adds, edits, activates or deactivates.

use actix_web::{HttpResponse, get, post, put, web};
use kernel::{CountryId, IndustryId};
use licensing::{CountryDraft, IndustryDraft, ReferenceFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::{ListQuery, Paged};
use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_countries)
        .service(create_country)
        .service(update_country)
        .service(list_industries)
        .service(create_industry)
        .service(update_industry);
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActiveFilter {
    /// Only active (`true`) or inactive (`false`) entries.
    active: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct Country {
    id: Uuid,
    name: String,
    /// ISO 3166-1 alpha-2.
    iso_code: String,
    active: bool,
}

impl From<licensing::Country> for Country {
    fn from(c: licensing::Country) -> Self {
        Self { id: c.id.as_uuid(), name: c.name, iso_code: c.iso_code, active: c.active }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct CountryInput {
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    /// Two letters (ISO 3166-1 alpha-2), stored upper-case.
    #[schema(required = true, pattern = "^[A-Za-z]{2}$")]
    iso_code: String,
    active: bool,
}

impl Default for CountryInput {
    fn default() -> Self {
        Self { name: String::new(), iso_code: String::new(), active: true }
    }
}

impl From<CountryInput> for CountryDraft {
    fn from(i: CountryInput) -> Self {
        Self { name: i.name, iso_code: i.iso_code, active: i.active }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Industry {
    id: Uuid,
    name: String,
    active: bool,
}

impl From<licensing::Industry> for Industry {
    fn from(i: licensing::Industry) -> Self {
        Self { id: i.id.as_uuid(), name: i.name, active: i.active }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct IndustryInput {
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    active: bool,
}

impl Default for IndustryInput {
    fn default() -> Self {
        Self { name: String::new(), active: true }
    }
}

impl From<IndustryInput> for IndustryDraft {
    fn from(i: IndustryInput) -> Self {
        Self { name: i.name, active: i.active }
    }
}

fn filter(list: &ListQuery, active: &ActiveFilter) -> ReferenceFilter {
    ReferenceFilter { search: list.search(), active: active.active }
}

/// Countries, by name.
#[utoipa::path(
    operation_id = "listCountries", tag = "reference data", security(("bearer" = [])),
    params(ListQuery, ActiveFilter),
    responses(
        (status = OK, description = "One page; sortable by `name`, `iso_code`, `active`", body = Paged<Country>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: trainees", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/countries")]
async fn list_countries(
    state: web::Data<AppState>,
    _: Acting,
    list: web::Query<ListQuery>,
    active: web::Query<ActiveFilter>,
) -> Result<web::Json<Paged<Country>>, ApiError> {
    let page = state.licensing.countries(&filter(&list, &active), &list.request()?).await?;
    Ok(web::Json(Paged::of(page, Country::from)))
}

/// Adds a country (super admin).
#[utoipa::path(
    operation_id = "createCountry", tag = "reference data", security(("bearer" = [])),
    request_body = CountryInput,
    responses(
        (status = CREATED, description = "Created", body = Country),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `ISO_CODE`, `TAKEN`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/countries")]
async fn create_country(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<CountryInput>,
) -> Result<HttpResponse, ApiError> {
    let country = state.licensing.save_country(&who.actor, None, &input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Country::from(country)))
}

/// Edits, activates or deactivates a country (super admin).
#[utoipa::path(
    operation_id = "updateCountry", tag = "reference data", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = CountryInput,
    responses(
        (status = OK, description = "The record", body = Country),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/countries/{id}")]
async fn update_country(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<CountryInput>,
) -> Result<web::Json<Country>, ApiError> {
    let id = CountryId::from(id.into_inner());
    let country = state.licensing.save_country(&who.actor, Some(id), &input.into_inner().into()).await?;
    Ok(web::Json(country.into()))
}

/// Industries, by name.
#[utoipa::path(
    operation_id = "listIndustries", tag = "reference data", security(("bearer" = [])),
    params(ListQuery, ActiveFilter),
    responses(
        (status = OK, description = "One page; sortable by `name`, `active`", body = Paged<Industry>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/industries")]
async fn list_industries(
    state: web::Data<AppState>,
    _: Acting,
    list: web::Query<ListQuery>,
    active: web::Query<ActiveFilter>,
) -> Result<web::Json<Paged<Industry>>, ApiError> {
    let page = state.licensing.industries(&filter(&list, &active), &list.request()?).await?;
    Ok(web::Json(Paged::of(page, Industry::from)))
}

/// Adds an industry (super admin).
#[utoipa::path(
    operation_id = "createIndustry", tag = "reference data", security(("bearer" = [])),
    request_body = IndustryInput,
    responses(
        (status = CREATED, description = "Created", body = Industry),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `TAKEN`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/industries")]
async fn create_industry(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<IndustryInput>,
) -> Result<HttpResponse, ApiError> {
    let industry = state.licensing.save_industry(&who.actor, None, &input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Industry::from(industry)))
}

/// Edits, activates or deactivates an industry (super admin).
#[utoipa::path(
    operation_id = "updateIndustry", tag = "reference data", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = IndustryInput,
    responses(
        (status = OK, description = "The record", body = Industry),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/industries/{id}")]
async fn update_industry(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<IndustryInput>,
) -> Result<web::Json<Industry>, ApiError> {
    let id = IndustryId::from(id.into_inner());
    let industry = state.licensing.save_industry(&who.actor, Some(id), &input.into_inner().into()).await?;
    Ok(web::Json(industry.into()))
}
