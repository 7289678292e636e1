//! People on the admin screens: trainees and company admins — list, create (with the
//! invitation mail), edit, disable and enable, and the bulk import of trainees.

use actix_web::{HttpResponse, get, post, put, web};
use app::NewCompanyAdmin;
use identity::{UserFilter, UserStatus};
use kernel::{CompanyId, Role, UserId};
use licensing::{ImportRow, RowPlan, TraineeDraft};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{
    dto::Role as RoleDto,
    import_file::read_rows,
    list::{ListQuery, Paged, whole_number},
};
use crate::{ApiError, AppState, FieldError, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_users)
        .service(create_user)
        .service(preview_import)
        .service(import_users)
        .service(get_user)
        .service(update_user)
        .service(disable_user)
        .service(enable_user);
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Invited,
    Active,
    Disabled,
}

impl From<UserStatus> for Status {
    fn from(s: UserStatus) -> Self {
        match s {
            UserStatus::Invited => Self::Invited,
            UserStatus::Active => Self::Active,
            UserStatus::Disabled => Self::Disabled,
        }
    }
}

/// A role an admin can give: trainee or company admin.
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MemberRole {
    CompanyAdmin,
    User,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    #[param(inline)]
    role: Option<MemberRole>,
    #[param(inline)]
    status: Option<Status>,
    company_id: Option<Uuid>,
    batch_id: Option<Uuid>,
}

#[derive(Serialize, ToSchema)]
pub struct User {
    id: Uuid,
    email: String,
    name: String,
    role: RoleDto,
    company_id: Option<Uuid>,
    status: Status,
    locale: String,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
}

impl From<identity::User> for User {
    fn from(u: identity::User) -> Self {
        Self {
            id: u.id.as_uuid(),
            email: u.email.to_string(),
            name: u.name,
            role: u.role.into(),
            company_id: u.company.map(Into::into),
            status: u.status.into(),
            locale: u.locale,
            created_at: u.created_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewUserInput {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    role: MemberRole,
    /// Required of the super admin; a company admin's people are their company's.
    company_id: Option<Uuid>,
    /// Trainees: the batch they join (its seats are used first).
    batch_id: Option<Uuid>,
    /// Language of the invitation mail and the screens (`en`, `zh`, `ar`, `it`, `es`, `fr`);
    /// by default the creating admin's.
    #[schema(value_type = Option<super::dto::Locale>)]
    locale: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(default)]
#[derive(Default)]
pub struct UserUpdateInput {
    #[schema(required = true, schema_with = super::dto::name_schema)]
    name: String,
    #[schema(value_type = super::dto::Locale)]
    locale: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// Required of the super admin.
    company_id: Option<Uuid>,
    /// The batch of rows whose `batch` cell is empty.
    batch_id: Option<Uuid>,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRowDto {
    /// The row's line in the uploaded file.
    #[schema(minimum = 0, maximum = 1_000_000)]
    #[serde(deserialize_with = "whole_number::unsigned")]
    line: usize,
    name: String,
    email: String,
    /// A batch name of the company; empty for the import's batch.
    #[serde(default)]
    batch: String,
    /// The trainee's language (`en`, `zh`, `ar`, `it`, `es`, `fr`); empty for the importing
    /// admin's.
    #[serde(default)]
    locale: String,
}

#[derive(Serialize, ToSchema)]
pub struct RowVerdict {
    /// The row as read, with the language it will get (the default filled in) once known.
    #[serde(flatten)]
    row: ImportRowDto,
    /// Empty when the row can be imported; else each problem's field and code
    /// (`INVALID_EMAIL`, `DUPLICATE`, `TAKEN`, `UNKNOWN_BATCH`, `UNKNOWN_LANGUAGE`,
    /// `NO_SEAT_LEFT`, `REQUIRED`, …).
    problems: Vec<FieldError>,
}

#[derive(Serialize, ToSchema)]
pub struct ImportPreview {
    rows: Vec<RowVerdict>,
    valid: usize,
    invalid: usize,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportInput {
    company_id: Option<Uuid>,
    batch_id: Option<Uuid>,
    rows: Vec<ImportRowDto>,
}

#[derive(Serialize, ToSchema)]
pub struct Imported {
    imported: usize,
    user_ids: Vec<Uuid>,
}

pub(super) fn locale_field(raw: &str, default: &'static str) -> Result<&'static str, ApiError> {
    licensing::drafts::locale("locale", raw, default).map_err(|p| licensing::Invalid(vec![p]).into())
}

pub(super) fn name_field(raw: &str) -> Result<(), ApiError> {
    licensing::drafts::text("name", raw, licensing::drafts::NAME_MAX)
        .map(drop)
        .map_err(|p| licensing::Invalid(vec![p]).into())
}

fn verdicts(plans: Vec<RowPlan>) -> ImportPreview {
    let invalid = plans.iter().filter(|p| !p.is_valid()).count();
    let rows: Vec<RowVerdict> = plans
        .into_iter()
        .map(|p| RowVerdict {
            problems: p.problems.iter().map(|f| FieldError::new(&f.field, f.code)).collect(),
            row: ImportRowDto {
                line: p.row.line,
                name: p.row.name,
                email: p.row.email,
                batch: p.row.batch,
                locale: p.locale.map_or(p.row.locale, str::to_owned),
            },
        })
        .collect();
    ImportPreview { valid: rows.len() - invalid, invalid, rows }
}

/// People in the caller's scope: company admins and trainees (and, for the super admin,
/// super admins).
#[utoipa::path(
    operation_id = "listUsers", tag = "users", security(("bearer" = [])),
    params(ListQuery, UserQuery),
    responses(
        (status = OK, description = "Sortable by `name`, `email`, `role`, `status`, `created_at`", body = Paged<User>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not for this role", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/users")]
async fn list_users(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
    query: web::Query<UserQuery>,
) -> Result<web::Json<Paged<User>>, ApiError> {
    let filter = UserFilter {
        role: query.role.map(|r| match r {
            MemberRole::CompanyAdmin => Role::CompanyAdmin,
            MemberRole::User => Role::User,
        }),
        status: query.status.map(|s| match s {
            Status::Invited => UserStatus::Invited,
            Status::Active => UserStatus::Active,
            Status::Disabled => UserStatus::Disabled,
        }),
        company: query.company_id.map(Into::into),
        batch: query.batch_id.map(Into::into),
        search: list.search(),
    };
    let page =
        state.identity.list_users(who.actor.scope, &filter, &list.request()?).await.map_err(ApiError::internal)?;
    Ok(web::Json(Paged::of(page, User::from)))
}

/// Creates a company admin, or a trainee with a licence seat, and mails the invitation.
#[utoipa::path(
    operation_id = "createUser", tag = "users", security(("bearer" = [])),
    request_body = NewUserInput,
    responses(
        (status = CREATED, description = "Created", body = User),
        (status = CONFLICT, description = "`EMAIL_TAKEN`, or `NO_SEAT_LEFT` for a trainee", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `INVALID_EMAIL`, `UNKNOWN` company or batch, `UNKNOWN_LANGUAGE`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/users")]
async fn create_user(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<NewUserInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let company = input.company_id.map(CompanyId::from);
    let locale = input.locale.unwrap_or_default();
    let user = match input.role {
        MemberRole::CompanyAdmin => {
            name_field(&input.name)?;
            let email = super::dto::email_field(&input.email).map_err(|e| ApiError::invalid(vec![e]))?;
            let admin = NewCompanyAdmin { company, email, name: input.name, locale };
            state.people.create_company_admin(&who.actor, admin).await?
        }
        MemberRole::User => {
            let draft =
                TraineeDraft { name: input.name, email: input.email, batch: input.batch_id.map(Into::into), locale };
            state.people.create_trainee(&who.actor, company, &draft).await?
        }
    };
    Ok(HttpResponse::Created().json(User::from(user)))
}

/// One person in the caller's scope.
#[utoipa::path(
    operation_id = "getUser", tag = "users", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses((status = OK, description = "The record", body = User), (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json")),
)]
#[get("/users/{id}")]
async fn get_user(state: web::Data<AppState>, who: Acting, id: web::Path<Uuid>) -> Result<web::Json<User>, ApiError> {
    let user = state.identity.user_in_scope_by_id(who.actor.scope, UserId::from(id.into_inner())).await?;
    Ok(web::Json(user.into()))
}

/// Changes a person's name and language.
#[utoipa::path(
    operation_id = "updateUser", tag = "users", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = UserUpdateInput,
    responses(
        (status = OK, description = "The record", body = User),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/users/{id}")]
async fn update_user(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<UserUpdateInput>,
) -> Result<web::Json<User>, ApiError> {
    name_field(&input.name)?;
    let locale = locale_field(&input.locale, kernel::LOCALES[0])?;
    let user = state.identity.update_user(&who.actor, UserId::from(id.into_inner()), &input.name, locale).await?;
    Ok(web::Json(user.into()))
}

/// Disables a person: their sessions end at once and a trainee's unused seats return to
/// the pool.
#[utoipa::path(
    operation_id = "disableUser", tag = "users", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The record", body = User),
        (status = NOT_FOUND, description = "Outside the scope, or oneself", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`USER_STATE`: already disabled", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/users/{id}/disable")]
async fn disable_user(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<User>, ApiError> {
    let user = state.people.disable(&who.actor, UserId::from(id.into_inner())).await?;
    Ok(web::Json(user.into()))
}

/// Enables a disabled person again (active, or invited if they never chose a password).
#[utoipa::path(
    operation_id = "enableUser", tag = "users", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The record", body = User),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent, or outside the caller's scope", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`USER_STATE`: not disabled", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/users/{id}/enable")]
async fn enable_user(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<User>, ApiError> {
    let user = state.identity.set_enabled(&who.actor, UserId::from(id.into_inner()), true).await?;
    Ok(web::Json(user.into()))
}

/// Checks an uploaded trainee list (CSV or XLSX, as the request body) row by row — bad
/// e-mail, duplicate, unknown batch or language, no seat left — and writes nothing. The
/// columns are `name`, `email` and, optionally, `batch` and `language`.
#[utoipa::path(
    operation_id = "previewUserImport", tag = "users", security(("bearer" = [])),
    params(ImportQuery),
    request_body(content = Vec<u8>, content_type = "text/csv"),
    responses(
        (status = OK, description = "The record", body = ImportPreview),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED` on `file`: `FILE_UNREADABLE`, `COLUMN_NAME_MISSING`, `COLUMN_EMAIL_MISSING`, `TOO_MANY_ROWS`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/users/import/preview")]
async fn preview_import(
    state: web::Data<AppState>,
    who: Acting,
    query: web::Query<ImportQuery>,
    body: web::Bytes,
) -> Result<web::Json<ImportPreview>, ApiError> {
    let rows = read_rows(&body).map_err(|e| ApiError::invalid(vec![FieldError::new("file", e.code())]))?;
    let company = query.company_id.map(Into::into);
    let plans = state.people.preview_import(&who.actor, company, query.batch_id.map(Into::into), rows).await?;
    Ok(web::Json(verdicts(plans)))
}

/// Imports the rows all or nothing: each becomes an invited trainee with a seat, and the
/// invitations are mailed. When any row fails, nothing is written and every row's verdict
/// comes back.
#[utoipa::path(
    operation_id = "importUsers", tag = "users", security(("bearer" = [])),
    request_body = ImportInput,
    responses(
        (status = CREATED, description = "Created", body = Imported),
        (status = UNPROCESSABLE_ENTITY, description = "`IMPORT_REJECTED`: the rows' verdicts are in `errors` as `rows.<line>.<field>`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/users/import")]
async fn import_users(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<ImportInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let rows = input
        .rows
        .into_iter()
        .map(|r| ImportRow { line: r.line, name: r.name, email: r.email, batch: r.batch, locale: r.locale })
        .collect();
    let company = input.company_id.map(Into::into);
    let users = state.people.import(&who.actor, company, input.batch_id.map(Into::into), rows).await?;
    Ok(HttpResponse::Created()
        .json(Imported { imported: users.len(), user_ids: users.into_iter().map(Uuid::from).collect() }))
}
