//! Codes and refresh tokens of the game's sign-in: the [`identity::grants::GrantStore`] port.
//! Using one is a compare-and-set on its `consumed_at`/`used_at`, so the database decides which
//! of two racing requests had it first.

use identity::{
    game_apps::{GameApp, GameScope},
    grants::{self, CodeUse, GrantStore, NewCode, RefreshUse},
};
use kernel::SessionId;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, prelude::Expr};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{failed, game_apps::to_app};
use crate::{
    Store,
    entities::{game_apps, oauth_codes, refresh_tokens},
};

impl GrantStore for Store {
    async fn game_app_by_client(&self, client_id: &str) -> anyhow::Result<Option<GameApp>> {
        let row = game_apps::Entity::find()
            .filter(game_apps::Column::ClientId.eq(client_id))
            .one(&self.db)
            .await
            .map_err(failed("reading a game app"))?;
        row.map(to_app).transpose()
    }

    async fn issue_code(&self, code: NewCode) -> anyhow::Result<()> {
        oauth_codes::Entity::insert(oauth_codes::ActiveModel {
            id: Set(code.id),
            code_hash: Set(code.code_hash),
            game_app_id: Set(code.app.as_uuid()),
            user_id: Set(code.user.as_uuid()),
            redirect_uri: Set(code.redirect_uri),
            code_challenge: Set(code.code_challenge),
            scopes: Set(grants::scope_text(&code.scopes)),
            created_at: Set(code.created_at),
            expires_at: Set(code.expires_at),
            consumed_at: Set(None),
            session_id: Set(None),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("issuing a code"))?;
        Ok(())
    }

    async fn use_code(&self, code_hash: &str, at: OffsetDateTime) -> anyhow::Result<CodeUse> {
        let taken = oauth_codes::Entity::update_many()
            .col_expr(oauth_codes::Column::ConsumedAt, Expr::value(at))
            .filter(oauth_codes::Column::CodeHash.eq(code_hash))
            .filter(oauth_codes::Column::ConsumedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed("using a code"))?
            .rows_affected
            == 1;
        let row = oauth_codes::Entity::find()
            .filter(oauth_codes::Column::CodeHash.eq(code_hash))
            .one(&self.db)
            .await
            .map_err(failed("reading a code"))?;
        Ok(match row {
            None => CodeUse::Unknown,
            Some(row) if !taken => CodeUse::Again { session: row.session_id.map(Into::into) },
            Some(row) => CodeUse::First(NewCode {
                id: row.id,
                code_hash: row.code_hash,
                app: row.game_app_id.into(),
                user: row.user_id.into(),
                redirect_uri: row.redirect_uri,
                code_challenge: row.code_challenge,
                scopes: row.scopes.split(' ').filter_map(GameScope::parse).collect(),
                created_at: row.created_at,
                expires_at: row.expires_at,
            }),
        })
    }

    async fn bind_code(&self, code: Uuid, session: SessionId) -> anyhow::Result<()> {
        oauth_codes::Entity::update_many()
            .col_expr(oauth_codes::Column::SessionId, Expr::value(session.as_uuid()))
            .filter(oauth_codes::Column::Id.eq(code))
            .exec(&self.db)
            .await
            .map_err(failed("binding a code to its session"))?;
        Ok(())
    }

    async fn issue_refresh(
        &self,
        session: SessionId,
        token_hash: &str,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> anyhow::Result<()> {
        refresh_tokens::Entity::insert(refresh_tokens::ActiveModel {
            id: Set(Uuid::now_v7()),
            session_id: Set(session.as_uuid()),
            token_hash: Set(token_hash.to_owned()),
            created_at: Set(at),
            expires_at: Set(expires_at),
            used_at: Set(None),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("issuing a refresh token"))?;
        Ok(())
    }

    async fn use_refresh(&self, token_hash: &str, at: OffsetDateTime) -> anyhow::Result<RefreshUse> {
        let taken = refresh_tokens::Entity::update_many()
            .col_expr(refresh_tokens::Column::UsedAt, Expr::value(at))
            .filter(refresh_tokens::Column::TokenHash.eq(token_hash))
            .filter(refresh_tokens::Column::UsedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed("using a refresh token"))?
            .rows_affected
            == 1;
        let row = refresh_tokens::Entity::find()
            .filter(refresh_tokens::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await
            .map_err(failed("reading a refresh token"))?;
        Ok(match row {
            None => RefreshUse::Unknown,
            Some(row) if !taken => RefreshUse::Again { session: row.session_id.into() },
            Some(row) => RefreshUse::First { session: row.session_id.into(), expires_at: row.expires_at },
        })
    }

    async fn refreshed_session(&self, token_hash: &str) -> anyhow::Result<Option<SessionId>> {
        let row = refresh_tokens::Entity::find()
            .filter(refresh_tokens::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await
            .map_err(failed("reading a refresh token"))?;
        Ok(row.map(|r| r.session_id.into()))
    }
}
