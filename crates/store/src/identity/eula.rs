//! The licence agreement: the [`identity::EulaRepository`] port.

use identity::{EulaAcceptance, EulaDocument, EulaRepository};
use kernel::{EulaVersionId, UserId};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, SqlErr, prelude::Uuid,
};

use super::failed;
use crate::{
    Store,
    entities::{eula_acceptances, eula_texts, eula_versions},
};

const FALLBACK_LOCALE: &str = "en";

impl EulaRepository for Store {
    async fn current_eula(&self, locale: &str) -> anyhow::Result<Option<EulaDocument>> {
        let Some(version) = eula_versions::Entity::find()
            .order_by_desc(eula_versions::Column::Version)
            .one(&self.db)
            .await
            .map_err(failed("reading the EULA version"))?
        else {
            return Ok(None);
        };
        let texts = eula_texts::Entity::find()
            .filter(eula_texts::Column::EulaVersionId.eq(version.id))
            .filter(eula_texts::Column::Locale.is_in([locale, FALLBACK_LOCALE]))
            .all(&self.db)
            .await
            .map_err(failed("reading the EULA text"))?;
        let text = texts.iter().find(|t| t.locale == locale).or_else(|| texts.first());
        Ok(text.map(|text| EulaDocument {
            id: version.id.into(),
            version: u32::try_from(version.version).unwrap_or_default(),
            locale: text.locale.clone(),
            body: text.body.clone(),
            published_at: version.published_at,
        }))
    }

    async fn has_accepted(&self, user: UserId, version: EulaVersionId) -> anyhow::Result<bool> {
        let count = eula_acceptances::Entity::find()
            .filter(eula_acceptances::Column::UserId.eq(user.as_uuid()))
            .filter(eula_acceptances::Column::EulaVersionId.eq(version.as_uuid()))
            .count(&self.db)
            .await
            .map_err(failed("reading EULA acceptances"))?;
        Ok(count > 0)
    }

    async fn accept_eula(&self, acceptance: EulaAcceptance) -> anyhow::Result<()> {
        let inserted = eula_acceptances::Entity::insert(eula_acceptances::ActiveModel {
            id: Set(Uuid::now_v7()),
            user_id: Set(acceptance.user.as_uuid()),
            eula_version_id: Set(acceptance.version.as_uuid()),
            accepted_at: Set(acceptance.at),
            ip: Set(acceptance.context.ip),
            user_agent: Set(acceptance.context.user_agent),
        })
        .exec_without_returning(&self.db)
        .await;
        match inserted {
            Ok(_) => Ok(()),
            // Accepted before (a double click): the first record stands.
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => Ok(()),
            Err(e) => Err(failed("recording an EULA acceptance")(e)),
        }
    }
}
