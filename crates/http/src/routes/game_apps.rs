//! Game apps (super admin): the games registered to sign trainees in through the portal, as
//! public OAuth clients — a client id, redirect URIs and scopes, and no secret.

use actix_web::{HttpResponse, get, post, put, web};
use identity::game_apps::{GameAppDraft, GameScope};
use kernel::GameAppId;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{ApiError, AppState, Problem, auth::extract::Acting};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_game_apps).service(create_game_app).service(update_game_app);
}

#[derive(Serialize, ToSchema)]
pub struct GameApp {
    id: Uuid,
    name: String,
    /// Public: the game sends it as `client_id`.
    client_id: String,
    redirect_uris: Vec<String>,
    #[schema(value_type = Vec<GameScopes>)]
    scopes: Vec<String>,
    /// The game's API client (kind `game`) the app's attempts are recorded under; `null` for
    /// an app registered before apps named one, which posts no attempts until it does.
    api_client_id: Option<Uuid>,
    #[serde(with = "time::serde::rfc3339")]
    created_at: OffsetDateTime,
    /// When it stopped signing anyone in; `null` while it works.
    #[serde(with = "time::serde::rfc3339::option")]
    disabled_at: Option<OffsetDateTime>,
}

impl From<identity::game_apps::GameApp> for GameApp {
    fn from(a: identity::game_apps::GameApp) -> Self {
        Self {
            id: a.id.as_uuid(),
            name: a.name,
            client_id: a.client_id,
            redirect_uris: a.redirect_uris.iter().map(|u| u.as_str().to_owned()).collect(),
            scopes: a.scopes.iter().map(|s| s.as_str().to_owned()).collect(),
            api_client_id: a.api_client.map(|c| c.as_uuid()),
            created_at: a.created_at,
            disabled_at: a.disabled_at,
        }
    }
}

choice_schema!(
    GameScopes,
    GameScope,
    "What a game app may ask for: `play` (the licence check, the catalogue, the trainee's own attempts) and `reports` (the trainee's own reports)."
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameAppInput {
    #[schema(schema_with = super::dto::name_schema)]
    name: String,
    /// 1 to 10: `http://127.0.0.1/…` or `http://[::1]/…` (the game may add any port), a
    /// private-use scheme named by a reverse domain (`com.example.game:/callback`), or
    /// `https://…`; no `localhost`, no `#fragment`.
    #[schema(min_items = 1, max_items = 10)]
    redirect_uris: Vec<String>,
    /// `play` and/or `reports`.
    #[schema(min_items = 1, value_type = Vec<GameScopes>)]
    scopes: Vec<String>,
    /// A live API client of kind `game` (`UNKNOWN` otherwise): the trainees' attempts the app
    /// posts are recorded under it, as if its server had sent them.
    api_client_id: Uuid,
    #[serde(default)]
    disabled: bool,
}

impl From<GameAppInput> for GameAppDraft {
    fn from(i: GameAppInput) -> Self {
        Self {
            name: i.name,
            redirect_uris: i.redirect_uris,
            scopes: i.scopes,
            api_client: Some(i.api_client_id.into()),
            disabled: i.disabled,
        }
    }
}

/// Every game app, newest first (super admin).
#[utoipa::path(
    operation_id = "listGameApps", tag = "game apps", security(("bearer" = [])),
    responses(
        (status = OK, description = "The apps", body = Vec<GameApp>),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/game-apps")]
async fn list_game_apps(state: web::Data<AppState>, who: Acting) -> Result<web::Json<Vec<GameApp>>, ApiError> {
    let apps = state.game_apps.list(&who.actor).await?;
    Ok(web::Json(apps.into_iter().map(GameApp::from).collect()))
}

/// Registers a game app with a new client id (super admin).
#[utoipa::path(
    operation_id = "createGameApp", tag = "game apps", security(("bearer" = [])),
    request_body = GameAppInput,
    responses(
        (status = CREATED, description = "Created", body = GameApp),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `REQUIRED`, `TOO_LONG`, `CONTROL_CHARACTER`, `REDIRECT_URI` and `DUPLICATE` on `redirect_uris.<n>`, `OUT_OF_RANGE`, `UNKNOWN` scope", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/game-apps")]
async fn create_game_app(
    state: web::Data<AppState>,
    who: Acting,
    input: web::Json<GameAppInput>,
) -> Result<HttpResponse, ApiError> {
    let app = state.game_apps.save(&who.actor, None, input.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(GameApp::from(app)))
}

/// Changes, disables or enables a game app; its client id stays (super admin).
#[utoipa::path(
    operation_id = "updateGameApp", tag = "game apps", security(("bearer" = [])),
    params(("id" = Uuid, Path)),
    request_body = GameAppInput,
    responses(
        (status = OK, description = "The record", body = GameApp),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not the super admin", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: see `errors`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/game-apps/{id}")]
async fn update_game_app(
    state: web::Data<AppState>,
    who: Acting,
    id: web::Path<Uuid>,
    input: web::Json<GameAppInput>,
) -> Result<web::Json<GameApp>, ApiError> {
    let id = GameAppId::from(id.into_inner());
    Ok(web::Json(state.game_apps.save(&who.actor, Some(id), input.into_inner().into()).await?.into()))
}
