//! Enrolment keys: the [`licensing::EnrolmentKeyStore`] port.

use anyhow::Context;
use kernel::{AuditEvent, AuditLog, BatchId, EnrolmentKeyId};
use licensing::{EnrolmentKey, EnrolmentKeyStore};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, prelude::Expr, sea_query::ExprTrait,
};
use time::OffsetDateTime;

use crate::{Store, entities::enrolment_keys};

impl EnrolmentKeyStore for Store {
    async fn enrolment_keys(&self, batch: BatchId) -> anyhow::Result<Vec<EnrolmentKey>> {
        enrolment_keys::Entity::find()
            .filter(enrolment_keys::Column::BatchId.eq(batch.as_uuid()))
            .order_by_desc(enrolment_keys::Column::CreatedAt)
            .all(&self.db)
            .await
            .context("reading a batch's enrolment keys")?
            .into_iter()
            .map(to_key)
            .collect()
    }

    async fn enrolment_key(&self, id: EnrolmentKeyId) -> anyhow::Result<Option<EnrolmentKey>> {
        let row =
            enrolment_keys::Entity::find_by_id(id.as_uuid()).one(&self.db).await.context("reading an enrolment key")?;
        row.map(to_key).transpose()
    }

    async fn enrolment_key_by_hash(&self, key_hash: &str) -> anyhow::Result<Option<EnrolmentKey>> {
        let row = enrolment_keys::Entity::find()
            .filter(enrolment_keys::Column::KeyHash.eq(key_hash))
            .one(&self.db)
            .await
            .context("finding an enrolment key")?;
        row.map(to_key).transpose()
    }

    async fn create_enrolment_key(&self, key: &EnrolmentKey, audit: AuditEvent) -> anyhow::Result<()> {
        let tx = self.begin().await?;
        enrolment_keys::Entity::insert(enrolment_keys::ActiveModel {
            id: Set(key.id.as_uuid()),
            company_id: Set(key.company.as_uuid()),
            batch_id: Set(key.batch.as_uuid()),
            key_hash: Set(key.key_hash.clone()),
            max_uses: Set(i32::try_from(key.max_uses)?),
            uses: Set(i32::try_from(key.uses)?),
            domains: Set(serde_json::to_string(&key.domains)?),
            expires_at: Set(key.expires_at),
            revoked_at: Set(key.revoked_at),
            created_at: Set(key.created_at),
        })
        .exec_without_returning(&tx.db)
        .await
        .context("creating an enrolment key")?;
        tx.record(audit).await?;
        tx.commit().await
    }

    async fn revoke_enrolment_key(
        &self,
        id: EnrolmentKeyId,
        at: OffsetDateTime,
        audit: AuditEvent,
    ) -> anyhow::Result<bool> {
        let tx = self.begin().await?;
        let revoked = enrolment_keys::Entity::update_many()
            .col_expr(enrolment_keys::Column::RevokedAt, Expr::value(at))
            .filter(enrolment_keys::Column::Id.eq(id.as_uuid()))
            .filter(enrolment_keys::Column::RevokedAt.is_null())
            .exec(&tx.db)
            .await
            .context("revoking an enrolment key")?
            .rows_affected;
        if revoked == 0 {
            return Ok(false);
        }
        tx.record(audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn use_enrolment_key(&self, id: EnrolmentKeyId, now: OffsetDateTime) -> anyhow::Result<bool> {
        // The row lock this update takes makes a racing sign-up wait, then see the new count.
        let used = enrolment_keys::Entity::update_many()
            .col_expr(enrolment_keys::Column::Uses, Expr::col(enrolment_keys::Column::Uses).add(1))
            .filter(enrolment_keys::Column::Id.eq(id.as_uuid()))
            .filter(Expr::col(enrolment_keys::Column::Uses).lt(Expr::col(enrolment_keys::Column::MaxUses)))
            .filter(enrolment_keys::Column::RevokedAt.is_null())
            .filter(enrolment_keys::Column::ExpiresAt.gt(now))
            .exec(&self.db)
            .await
            .context("using an enrolment key")?
            .rows_affected;
        Ok(used == 1)
    }
}

fn to_key(row: enrolment_keys::Model) -> anyhow::Result<EnrolmentKey> {
    Ok(EnrolmentKey {
        id: row.id.into(),
        company: row.company_id.into(),
        batch: row.batch_id.into(),
        key_hash: row.key_hash,
        max_uses: u32::try_from(row.max_uses)?,
        uses: u32::try_from(row.uses)?,
        domains: serde_json::from_str(&row.domains).context("a stored enrolment key's domains")?,
        expires_at: row.expires_at,
        revoked_at: row.revoked_at,
        created_at: row.created_at,
    })
}
