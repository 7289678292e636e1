//! Sessions: the [`identity::SessionRepository`] port.

use identity::{
    NewSession, SessionRepository, SessionView,
    game_apps::GameScope,
    grants::{self, GameGrant},
};
use kernel::{SessionId, UserId};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, prelude::Expr};
use time::OffsetDateTime;

use super::{failed, users::to_user};
use crate::{
    Store,
    entities::{companies, sessions, users},
};

impl SessionRepository for Store {
    async fn open(&self, session: NewSession) -> anyhow::Result<()> {
        sessions::Entity::insert(sessions::ActiveModel {
            id: Set(session.id.as_uuid()),
            user_id: Set(session.user.as_uuid()),
            kind: Set(session.kind.as_str().to_owned()),
            created_at: Set(session.created_at),
            last_seen_at: Set(session.created_at),
            expires_at: Set(session.expires_at),
            revoked_at: Set(None),
            ip: Set(session.context.ip),
            user_agent: Set(session.context.user_agent),
            role: Set(session.role.as_str().to_owned()),
            game_app_id: Set(session.game.as_ref().map(|g| g.app.as_uuid())),
            scopes: Set(session.game.as_ref().map(|g| grants::scope_text(&g.scopes))),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("opening a session"))?;
        Ok(())
    }

    async fn find_session(&self, id: SessionId) -> anyhow::Result<Option<SessionView>> {
        let found = sessions::Entity::find_by_id(id.as_uuid())
            .find_also_related(users::Entity)
            .and_also_related(companies::Entity)
            .one(&self.db)
            .await
            .map_err(failed("reading a session"))?;
        let Some((session, Some(user), company)) = found else { return Ok(None) };
        Ok(Some(SessionView {
            id,
            user: to_user(user)?,
            role_at_sign_in: session.role.parse()?,
            last_seen_at: session.last_seen_at,
            expires_at: session.expires_at,
            revoked_at: session.revoked_at,
            company_session_minutes: company.map(|c| u8::try_from(c.session_minutes)).transpose()?,
            game: session.game_app_id.map(|app| GameGrant {
                app: app.into(),
                scopes: session.scopes.as_deref().unwrap_or_default().split(' ').filter_map(GameScope::parse).collect(),
            }),
        }))
    }

    async fn touch(&self, id: SessionId, at: OffsetDateTime) -> anyhow::Result<()> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::LastSeenAt, Expr::value(at))
            .filter(sessions::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("touching a session"))?;
        Ok(())
    }

    async fn revoke(&self, id: SessionId, at: OffsetDateTime) -> anyhow::Result<bool> {
        let result = sessions::Entity::update_many()
            .col_expr(sessions::Column::RevokedAt, Expr::value(at))
            .filter(sessions::Column::Id.eq(id.as_uuid()))
            .filter(sessions::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed("revoking a session"))?;
        Ok(result.rows_affected == 1)
    }

    async fn revoke_all(&self, user: UserId, keep: Option<SessionId>, at: OffsetDateTime) -> anyhow::Result<u64> {
        let mut update = sessions::Entity::update_many()
            .col_expr(sessions::Column::RevokedAt, Expr::value(at))
            .filter(sessions::Column::UserId.eq(user.as_uuid()))
            .filter(sessions::Column::RevokedAt.is_null());
        if let Some(keep) = keep {
            update = update.filter(sessions::Column::Id.ne(keep.as_uuid()));
        }
        Ok(update.exec(&self.db).await.map_err(failed("revoking sessions"))?.rows_affected)
    }
}
