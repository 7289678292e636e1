//! The audit log: the [`identity::AuditLog`] port.

use identity::{AuditEvent, AuditLog};
use sea_orm::{ActiveValue::Set, EntityTrait, prelude::Uuid};

use super::failed;
use crate::{Store, entities::audit_events};

impl AuditLog for Store {
    async fn record(&self, event: AuditEvent) -> anyhow::Result<()> {
        audit_events::Entity::insert(audit_events::ActiveModel {
            id: Set(Uuid::now_v7()),
            at: Set(event.at),
            actor_id: Set(event.actor.map(Into::into)),
            action: Set(event.action.as_str().to_owned()),
            target_type: Set(event.target_type.to_owned()),
            target_id: Set(event.target_id),
            company_id: Set(event.company.map(Into::into)),
            details: Set(event.details),
            ip: Set(event.ip),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("recording an audit event"))?;
        Ok(())
    }
}
