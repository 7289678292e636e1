//! API clients (super admin): the keys the game and partners call the API with. A secret is
//! in the answer of its creation or rotation and never again.

use actix_web::{HttpResponse, get, post, web};
use kernel::{ApiClientId, CompanyId};
use scoring::{ClientKind, ClientScope};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::list::{ListQuery, Paged};
use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_api_clients).service(create_api_client).service(rotate_api_client).service(revoke_api_client);
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApiClientKind {
    /// Posts attempts.
    Game,
    /// Reads reports.
    Partner,
}

impl From<ApiClientKind> for ClientKind {
    fn from(kind: ApiClientKind) -> Self {
        match kind {
            ApiClientKind::Game => Self::Game,
            ApiClientKind::Partner => Self::Partner,
        }
    }
}

impl From<ClientKind> for ApiClientKind {
    fn from(kind: ClientKind) -> Self {
        match kind {
            ClientKind::Game => Self::Game,
            ClientKind::Partner => Self::Partner,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ApiClient {
    id: Uuid,
    name: String,
    kind: ApiClientKind,
    /// Every company (`true`), or only `companies`.
    all_companies: bool,
    companies: Vec<Uuid>,
    /// The secret's last four characters, to tell keys apart.
    secret_hint: String,
    rate_limit_per_minute: u32,
    /// Requests made with the key, refused ones included.
    use_count: u64,
    #[serde(with = "time::serde::rfc3339::option")]
    last_used_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    rotated_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    revoked_at: Option<OffsetDateTime>,
}

impl From<scoring::ApiClient> for ApiClient {
    fn from(c: scoring::ApiClient) -> Self {
        let (all_companies, companies) = match c.scope {
            ClientScope::All => (true, Vec::new()),
            ClientScope::Companies(companies) => (false, companies.iter().map(CompanyId::as_uuid).collect()),
        };
        Self {
            id: c.id.as_uuid(),
            name: c.name,
            kind: c.kind.into(),
            all_companies,
            companies,
            secret_hint: c.secret_hint,
            rate_limit_per_minute: c.rate_limit_per_minute,
            use_count: c.use_count,
            last_used_at: c.last_used_at,
            created_at: c.created_at,
            rotated_at: c.rotated_at,
            revoked_at: c.revoked_at,
        }
    }
}

/// A client with its secret: shown this once.
#[derive(Serialize, ToSchema)]
pub struct ApiClientSecret {
    client: ApiClient,
    /// Send it as `Authorization: Bearer <secret>`. Only its SHA-256 is kept.
    secret: String,
}

impl From<scoring::IssuedSecret> for ApiClientSecret {
    fn from(issued: scoring::IssuedSecret) -> Self {
        Self { client: issued.client.into(), secret: issued.secret }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiClientInput {
    #[schema(schema_with = super::dto::name_schema)]
    name: String,
    kind: ApiClientKind,
    /// Every company, present and future.
    #[serde(default)]
    all_companies: bool,
    /// The companies, when not `all_companies`.
    #[serde(default)]
    #[schema(max_items = 1000)]
    companies: Vec<Uuid>,
    /// Requests a minute; 1,200 when absent.
    #[schema(minimum = 1, maximum = 100_000)]
    #[serde(default, deserialize_with = "super::list::whole_number::unsigned_option")]
    rate_limit_per_minute: Option<u32>,
}

impl From<ApiClientInput> for scoring::ApiClientDraft {
    fn from(i: ApiClientInput) -> Self {
        Self {
            name: i.name,
            kind: i.kind.into(),
            scope: if i.all_companies {
                ClientScope::All
            } else {
                ClientScope::Companies(i.companies.into_iter().map(Into::into).collect())
            },
            rate_limit_per_minute: i.rate_limit_per_minute,
        }
    }
}

/// API clients, newest first (super admin).
#[utoipa::path(
    operation_id = "listApiClients", tag = "api clients", security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = OK, description = "One page; sortable by `name`, `kind`, `created_at`, `last_used_at`", body = Paged<ApiClient>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/api-clients")]
async fn list_api_clients(
    state: web::Data<AppState>,
    who: Acting,
    list: web::Query<ListQuery>,
) -> Result<web::Json<Paged<ApiClient>>, ApiError> {
    let page = state.api_clients.list(&who.actor, &list.request()?).await?;
    Ok(web::Json(Paged::of(page, ApiClient::from)))
}

/// Creates a client and answers its secret, once (super admin).
#[utoipa::path(
    operation_id = "createApiClient", tag = "api clients", security(("bearer" = [])),
    request_body = ApiClientInput,
    responses(
        (status = CREATED, description = "The client and its secret", body = ApiClientSecret),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER`, `OUT_OF_RANGE`, `UNKNOWN` (a company)", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/api-clients")]
async fn create_api_client(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<ApiClientInput>,
) -> Result<HttpResponse, ApiError> {
    let issued = state.api_clients.create(&who.actor, input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(ApiClientSecret::from(issued)))
}

/// Gives a live client a new secret, answered once; the old one stops working at once (super
/// admin).
#[utoipa::path(
    operation_id = "rotateApiClient", tag = "api clients", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The client and its new secret", body = ApiClientSecret),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent or revoked", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/api-clients/{id}/rotate")]
async fn rotate_api_client(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<ApiClientSecret>, ApiError> {
    let issued = state.api_clients.rotate(&who.actor, ApiClientId::from(id.into_inner())).await?;
    Ok(web::Json(issued.into()))
}

/// Revokes a client for good: its secret stops working at once (super admin).
#[utoipa::path(
    operation_id = "revokeApiClient", tag = "api clients", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    responses(
        (status = OK, description = "The revoked client", body = ApiClient),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: absent or already revoked", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/api-clients/{id}/revoke")]
async fn revoke_api_client(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
) -> Result<web::Json<ApiClient>, ApiError> {
    let client = state.api_clients.revoke(&who.actor, ApiClientId::from(id.into_inner())).await?;
    Ok(web::Json(client.into()))
}
