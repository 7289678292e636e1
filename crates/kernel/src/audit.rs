//! The audit log's vocabulary, shared by every domain that records admin changes.

use std::future::Future;

use time::OffsetDateTime;

use crate::{CompanyId, Scope, UserId};

/// One line of the audit log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEvent {
    pub at: OffsetDateTime,
    pub actor: Option<UserId>,
    pub action: &'static str,
    pub target_type: &'static str,
    pub target_id: Option<String>,
    pub company: Option<CompanyId>,
    /// For changes: `{"before": …, "after": …}`.
    pub details: serde_json::Value,
    pub ip: Option<String>,
}

pub trait AuditLog: Clone + Send + Sync + 'static {
    fn record(&self, event: AuditEvent) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Who is acting on an admin screen: what they may see, and where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user: UserId,
    pub scope: Scope,
    pub ip: Option<String>,
}

impl Actor {
    /// An audit line of this actor's change of `target`.
    #[must_use]
    pub fn event(
        &self,
        at: OffsetDateTime,
        action: &'static str,
        target_type: &'static str,
        target_id: impl ToString,
        company: Option<CompanyId>,
        details: serde_json::Value,
    ) -> AuditEvent {
        AuditEvent {
            at,
            actor: Some(self.user),
            action,
            target_type,
            target_id: Some(target_id.to_string()),
            company,
            details,
            ip: self.ip.clone(),
        }
    }
}
