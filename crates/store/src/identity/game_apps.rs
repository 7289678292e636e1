//! Game apps: the [`identity::game_apps::GameAppStore`] port.

use anyhow::Context;
use identity::{
    game_apps::{GameApp, GameAppStore, GameScope},
    oauth::RedirectUri,
};
use kernel::{AuditEvent, AuditLog, GameAppId};
use scoring::ClientKind;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, prelude::Expr, sea_query::OnConflict,
};

use crate::{
    Store,
    entities::{api_clients, game_apps, sessions},
};

impl GameAppStore for Store {
    async fn game_apps(&self) -> anyhow::Result<Vec<GameApp>> {
        let rows = game_apps::Entity::find().order_by_desc(game_apps::Column::CreatedAt).all(&self.db).await?;
        rows.into_iter().map(to_app).collect()
    }

    async fn game_app(&self, id: GameAppId) -> anyhow::Result<Option<GameApp>> {
        game_apps::Entity::find_by_id(id.as_uuid()).one(&self.db).await?.map(to_app).transpose()
    }

    async fn save_game_app(&self, app: &GameApp, audit: AuditEvent) -> anyhow::Result<bool> {
        let tx = self.begin().await?;
        // Read in the transaction and refused by the foreign key if deleted meanwhile; a
        // client revoked a moment later is the same as one revoked a moment after saving.
        let reports_as = match app.api_client {
            Some(id) => api_clients::Entity::find_by_id(id.as_uuid()).one(&tx.db).await?,
            None => None,
        };
        if !reports_as.is_some_and(|c| c.kind == ClientKind::Game.as_str() && c.revoked_at.is_none()) {
            return Ok(false);
        }
        let uris: Vec<&str> = app.redirect_uris.iter().map(RedirectUri::as_str).collect();
        let scopes: Vec<&str> = app.scopes.iter().map(|s| s.as_str()).collect();
        let row = game_apps::ActiveModel {
            id: Set(app.id.as_uuid()),
            name: Set(app.name.clone()),
            client_id: Set(app.client_id.clone()),
            redirect_uris: Set(serde_json::to_string(&uris)?),
            scopes: Set(serde_json::to_string(&scopes)?),
            created_at: Set(app.created_at),
            disabled_at: Set(app.disabled_at),
            api_client_id: Set(app.api_client.map(|c| c.as_uuid())),
        };
        game_apps::Entity::insert(row)
            .on_conflict(
                OnConflict::column(game_apps::Column::Id)
                    .update_columns([
                        game_apps::Column::Name,
                        game_apps::Column::RedirectUris,
                        game_apps::Column::Scopes,
                        game_apps::Column::DisabledAt,
                        game_apps::Column::ApiClientId,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(&tx.db)
            .await
            .context("saving a game app")?;
        // A disabled app's sign-ins end with it: enabling it again signs nobody back in.
        if let Some(at) = app.disabled_at {
            sessions::Entity::update_many()
                .col_expr(sessions::Column::RevokedAt, Expr::value(at))
                .filter(sessions::Column::GameAppId.eq(app.id.as_uuid()))
                .filter(sessions::Column::RevokedAt.is_null())
                .exec(&tx.db)
                .await
                .context("ending a disabled game app's sign-ins")?;
        }
        tx.record(audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}

pub(super) fn to_app(row: game_apps::Model) -> anyhow::Result<GameApp> {
    let uris: Vec<String> = serde_json::from_str(&row.redirect_uris).context("a game app's redirect URIs")?;
    let scopes: Vec<String> = serde_json::from_str(&row.scopes).context("a game app's scopes")?;
    Ok(GameApp {
        id: row.id.into(),
        name: row.name,
        client_id: row.client_id,
        redirect_uris: uris
            .iter()
            .map(|u| RedirectUri::stored(u).map_err(|e| anyhow::anyhow!("a stored redirect URI: {e}")))
            .collect::<anyhow::Result<_>>()?,
        scopes: scopes.iter().filter_map(|s| GameScope::parse(s)).collect(),
        api_client: row.api_client_id.map(Into::into),
        created_at: row.created_at,
        disabled_at: row.disabled_at,
    })
}
