//! Companies' SSO connections: the super admin sets them up; a company admin sees their
//! company's and may change how it reaches the provider. The client secret goes in, never out.

use actix_web::{HttpResponse, delete, get, post, put, web};
use identity::sso::SsoConnectionDraft;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_sso_connections)
        .service(get_sso_connection)
        .service(save_sso_connection)
        .service(delete_sso_connection)
        .service(test_sso_connection);
}

#[derive(Serialize, ToSchema)]
pub struct SsoConnection {
    company_id: Uuid,
    /// Discovery reads `<issuer>/.well-known/openid-configuration`.
    issuer: String,
    client_id: String,
    /// Scopes asked for besides `openid email profile`.
    scopes: Vec<String>,
    /// `email`, `preferred_username` or `upn`: the ID-token claim that holds the e-mail.
    email_claim: String,
    /// E-mail domains this provider may sign in; each is one company's.
    domains: Vec<String>,
    /// Whether a person the provider vouches for, unknown here, becomes a trainee of `batch_id`.
    create_users: bool,
    batch_id: Option<Uuid>,
    /// Whether such a trainee gets a seat of the batch's licence at first sign-in.
    assign_seat: bool,
    /// `false`: the company's people sign in through the provider only.
    password_sign_in: bool,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    updated_at: OffsetDateTime,
}

impl From<identity::sso::SsoConnection> for SsoConnection {
    fn from(c: identity::sso::SsoConnection) -> Self {
        Self {
            company_id: c.company.as_uuid(),
            issuer: c.issuer.to_string(),
            client_id: c.client_id,
            scopes: c.scopes,
            email_claim: c.email_claim.as_str().to_owned(),
            domains: c.domains,
            create_users: c.create_users,
            batch_id: c.batch.map(|b| b.as_uuid()),
            assign_seat: c.assign_seat,
            password_sign_in: c.password_sign_in,
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SsoConnectionInput {
    /// `https://…`, or `http://` on this machine; no query or fragment.
    #[schema(min_length = 1, max_length = 2048)]
    issuer: String,
    #[schema(min_length = 1, max_length = 255)]
    client_id: String,
    /// Required when the connection is set up; left out, the saved one stays. Kept sealed
    /// and never answered.
    #[schema(max_length = 512)]
    client_secret: Option<String>,
    #[serde(default)]
    #[schema(max_items = 10)]
    scopes: Vec<String>,
    /// `email`, `preferred_username` or `upn`.
    email_claim: String,
    /// 1 to 20 domains (the super admin's to change).
    #[schema(max_items = 20)]
    domains: Vec<String>,
    #[serde(default)]
    create_users: bool,
    /// A batch of the company; required with `create_users`.
    batch_id: Option<Uuid>,
    #[serde(default)]
    assign_seat: bool,
    password_sign_in: bool,
}

impl From<SsoConnectionInput> for SsoConnectionDraft {
    fn from(i: SsoConnectionInput) -> Self {
        Self {
            issuer: i.issuer,
            client_id: i.client_id,
            client_secret: i.client_secret,
            scopes: i.scopes,
            email_claim: i.email_claim,
            domains: i.domains,
            create_users: i.create_users,
            batch: i.batch_id.map(Into::into),
            assign_seat: i.assign_seat,
            password_sign_in: i.password_sign_in,
        }
    }
}

/// What "Test connection" found: the provider's metadata and keys, or why discovery failed.
#[derive(Serialize, ToSchema)]
pub struct SsoTest {
    ok: bool,
    /// Present when `ok`.
    discovered: Option<Discovered>,
    /// Present when not `ok`: the error as the provider or the network gave it.
    error: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Discovered {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: Option<String>,
    userinfo_endpoint: Option<String>,
    jwks_uri: String,
    signing_keys: usize,
    scopes_supported: Vec<String>,
    claims_supported: Vec<String>,
}

impl From<identity::sso::Discovered> for Discovered {
    fn from(d: identity::sso::Discovered) -> Self {
        Self {
            issuer: d.issuer,
            authorization_endpoint: d.authorization_endpoint,
            token_endpoint: d.token_endpoint,
            userinfo_endpoint: d.userinfo_endpoint,
            jwks_uri: d.jwks_uri,
            signing_keys: d.signing_keys,
            scopes_supported: d.scopes_supported,
            claims_supported: d.claims_supported,
        }
    }
}

/// The SSO connections the caller may see: every company's (super admin) or their own.
#[utoipa::path(
    operation_id = "listSsoConnections", tag = "sso", security(("bearer" = [])),
    responses(
        (status = OK, description = "The connections", body = Vec<SsoConnection>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a trainee", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/sso-connections")]
async fn list_sso_connections(
    state: web::Data<AppState>,
    who: Acting,
) -> Result<web::Json<Vec<SsoConnection>>, ApiError> {
    let connections = state.sso_connections.list(&who.actor).await?;
    Ok(web::Json(connections.into_iter().map(SsoConnection::from).collect()))
}

/// A company's SSO connection.
#[utoipa::path(
    operation_id = "getSsoConnection", tag = "sso", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The company")),
    responses(
        (status = OK, description = "The connection", body = SsoConnection),
        (status = FORBIDDEN, description = "`FORBIDDEN`: another company's", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: the company has none", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/companies/{id}/sso-connection")]
async fn get_sso_connection(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<SsoConnection>, ApiError> {
    Ok(web::Json(state.sso_connections.get(&who.actor, id.into_inner().into()).await?.into()))
}

/// Sets up (super admin) or changes a company's SSO connection. A company admin changes only
/// the issuer, client, secret, scopes and e-mail claim; the rest stays as the super admin set it.
#[utoipa::path(
    operation_id = "saveSsoConnection", tag = "sso", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The company")),
    request_body = SsoConnectionInput,
    responses(
        (status = OK, description = "The connection", body = SsoConnection),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a trainee, or another company's", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such company, or (company admin) none set up yet", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER`, `MALFORMED` (issuer, `scopes.<n>`, `domains.<n>`), `DUPLICATE` and `TAKEN` (another company's) on `domains.<n>`, `OUT_OF_RANGE`, `UNKNOWN` e-mail claim, `UNKNOWN_BATCH`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/companies/{id}/sso-connection")]
async fn save_sso_connection(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<SsoConnectionInput>,
) -> Result<web::Json<SsoConnection>, ApiError> {
    let saved = state.sso_connections.save(&who.actor, id.into_inner().into(), input.into_inner().into()).await?;
    Ok(web::Json(saved.into()))
}

/// Removes a company's SSO connection: its people sign in with passwords again (super admin).
#[utoipa::path(
    operation_id = "deleteSsoConnection", tag = "sso", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The company")),
    responses(
        (status = NO_CONTENT, description = "Removed"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[delete("/companies/{id}/sso-connection")]
async fn delete_sso_connection(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    state.sso_connections.delete(&who.actor, id.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Runs discovery against the company's provider and shows what it found or why it failed.
#[utoipa::path(
    operation_id = "testSsoConnection", tag = "sso", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The company")),
    responses(
        (status = OK, description = "What discovery found, or its error", body = SsoTest),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a trainee, or another company's", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: the company has none", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/companies/{id}/sso-connection/test")]
async fn test_sso_connection(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<SsoTest>, ApiError> {
    Ok(web::Json(match state.sso_connections.test(&who.actor, id.into_inner().into()).await? {
        Ok(found) => SsoTest { ok: true, discovered: Some(found.into()), error: None },
        Err(error) => SsoTest { ok: false, discovered: None, error: Some(error) },
    }))
}
