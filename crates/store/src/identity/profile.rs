//! Profiles: the [`identity::ProfileRepository`] port.

use identity::{AuditEvent, AuditLog, LiveSession, Photo, ProfileRepository, SessionKind};
use kernel::{SessionId, UserId};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::OnConflict,
};
use time::OffsetDateTime;

use super::failed;
use crate::{
    Store,
    entities::{sessions, user_photos as photos},
};

impl ProfileRepository for Store {
    async fn live_sessions(&self, user: UserId, now: OffsetDateTime) -> anyhow::Result<Vec<LiveSession>> {
        let rows = sessions::Entity::find()
            .filter(sessions::Column::UserId.eq(user.as_uuid()))
            .filter(sessions::Column::RevokedAt.is_null())
            .filter(sessions::Column::ExpiresAt.gt(now))
            .order_by_desc(sessions::Column::LastSeenAt)
            .all(&self.db)
            .await
            .map_err(failed("listing a person's sessions"))?;
        rows.into_iter()
            .map(|row| {
                let kind = SessionKind::parse(&row.kind)
                    .ok_or_else(|| anyhow::anyhow!("session {} has an unknown kind {}", row.id, row.kind))?;
                Ok(LiveSession {
                    id: SessionId::from(row.id),
                    kind,
                    created_at: row.created_at,
                    last_seen_at: row.last_seen_at,
                    ip: row.ip,
                    user_agent: row.user_agent,
                })
            })
            .collect()
    }

    async fn photo(&self, user: UserId) -> anyhow::Result<Option<Photo>> {
        let row = photos::Entity::find_by_id(user.as_uuid()).one(&self.db).await.map_err(failed("reading a photo"))?;
        Ok(row.map(|r| Photo { content_type: r.content_type, bytes: r.bytes }))
    }

    async fn has_photo(&self, user: UserId) -> anyhow::Result<bool> {
        let count = photos::Entity::find_by_id(user.as_uuid())
            .select_only()
            .column(photos::Column::UserId)
            .count(&self.db)
            .await
            .map_err(failed("looking for a photo"))?;
        Ok(count > 0)
    }

    async fn set_photo(&self, user: UserId, photo: Option<Photo>, audit: AuditEvent) -> anyhow::Result<()> {
        let tx = self.begin().await?;
        match photo {
            None => {
                photos::Entity::delete_by_id(user.as_uuid()).exec(&tx.db).await.map_err(failed("removing a photo"))?;
            }
            Some(photo) => {
                photos::Entity::insert(photos::ActiveModel {
                    user_id: Set(user.as_uuid()),
                    content_type: Set(photo.content_type),
                    bytes: Set(photo.bytes),
                    updated_at: Set(audit.at),
                })
                .on_conflict(
                    OnConflict::column(photos::Column::UserId)
                        .update_columns([photos::Column::ContentType, photos::Column::Bytes, photos::Column::UpdatedAt])
                        .to_owned(),
                )
                .exec_without_returning(&tx.db)
                .await
                .map_err(failed("saving a photo"))?;
            }
        }
        tx.record(audit).await?;
        tx.commit().await
    }
}
