//! Read-only views for screens: the dashboard's counts and the audit log, filtered by scope.

use kernel::{Page, PageRequest, Scope};
use sea_orm::{
    ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select,
    prelude::{Expr, Uuid},
    sea_query::{ExprTrait, Query},
};
use time::OffsetDateTime;

use crate::{
    Store,
    entities::{attempts, audit_events, batches, companies, users},
};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DashboardCounts {
    pub companies: u64,
    pub batches: u64,
    pub trainees: u64,
    pub attempts: u64,
    pub levels_played: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AuditEntry {
    pub id: Uuid,
    pub at: OffsetDateTime,
    pub actor_id: Option<Uuid>,
    pub action: String,
    pub target_type: String,
    pub target_id: Option<String>,
    pub company_id: Option<Uuid>,
    pub details: serde_json::Value,
    pub ip: Option<String>,
}

/// Which audit events a list shows.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub action: Option<String>,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub actor: Option<Uuid>,
    pub company: Option<Uuid>,
    pub from: Option<OffsetDateTime>,
    pub until: Option<OffsetDateTime>,
}

impl Store {
    /// # Errors
    /// Database failures.
    pub async fn dashboard(&self, scope: Scope) -> anyhow::Result<DashboardCounts> {
        let (company, user) = match scope {
            Scope::All => (None, None),
            Scope::Company(company) => (Some(company.as_uuid()), None),
            Scope::User { user, company } => (Some(company.as_uuid()), Some(user.as_uuid())),
        };
        let mut company_rows = companies::Entity::find();
        let mut batch_rows = batches::Entity::find();
        let mut trainee_rows = users::Entity::find().filter(users::Column::Role.eq(kernel::Role::User.as_str()));
        let mut attempt_rows = attempts::Entity::find();
        if let Some(company) = company {
            company_rows = company_rows.filter(companies::Column::Id.eq(company));
            batch_rows = batch_rows.filter(batches::Column::CompanyId.eq(company));
            trainee_rows = trainee_rows.filter(users::Column::CompanyId.eq(company));
            attempt_rows = attempt_rows.filter(
                attempts::Column::UserId.in_subquery(
                    Query::select()
                        .column(users::Column::Id)
                        .from(users::Entity)
                        .and_where(users::Column::CompanyId.eq(company))
                        .take(),
                ),
            );
        }
        if let Some(user) = user {
            trainee_rows = trainee_rows.filter(users::Column::Id.eq(user));
            attempt_rows = attempt_rows.filter(attempts::Column::UserId.eq(user));
        }
        let levels_played = attempt_rows
            .clone()
            .select_only()
            .column_as(Expr::col(attempts::Column::LevelId).count_distinct(), "n")
            .into_tuple::<i64>()
            .one(&self.db)
            .await?
            .unwrap_or(0);
        Ok(DashboardCounts {
            companies: company_rows.count(&self.db).await?,
            batches: batch_rows.count(&self.db).await?,
            trainees: trainee_rows.count(&self.db).await?,
            attempts: attempt_rows.count(&self.db).await?,
            levels_played: u64::try_from(levels_played)?,
        })
    }

    /// Audit events newest first; `Scope::User` sees none (trainees have no audit log).
    ///
    /// # Errors
    /// Database failures.
    pub async fn audit_events(
        &self,
        scope: Scope,
        page: &PageRequest,
        filter: &AuditFilter,
    ) -> anyhow::Result<Page<AuditEntry>> {
        let mut query: Select<audit_events::Entity> = audit_events::Entity::find();
        match scope {
            Scope::All => {}
            Scope::Company(company) => query = query.filter(audit_events::Column::CompanyId.eq(company.as_uuid())),
            Scope::User { .. } => query = query.filter(Expr::val(false)),
        }
        if let Some(action) = &filter.action {
            query = query.filter(audit_events::Column::Action.eq(action));
        }
        if let Some(target_type) = &filter.target_type {
            query = query.filter(audit_events::Column::TargetType.eq(target_type));
        }
        if let Some(target_id) = &filter.target_id {
            query = query.filter(audit_events::Column::TargetId.eq(target_id));
        }
        if let Some(actor) = filter.actor {
            query = query.filter(audit_events::Column::ActorId.eq(actor));
        }
        if let Some(company) = filter.company {
            query = query.filter(audit_events::Column::CompanyId.eq(company));
        }
        if let Some(from) = filter.from {
            query = query.filter(audit_events::Column::At.gte(from));
        }
        if let Some(until) = filter.until {
            query = query.filter(audit_events::Column::At.lt(until));
        }
        let paginator = query
            .order_by_desc(audit_events::Column::At)
            .order_by_desc(audit_events::Column::Id)
            .paginate(&self.db, page.per_page());
        let total = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.page() - 1).await?;
        Ok(Page {
            items: rows
                .into_iter()
                .map(|r| AuditEntry {
                    id: r.id,
                    at: r.at,
                    actor_id: r.actor_id,
                    action: r.action,
                    target_type: r.target_type,
                    target_id: r.target_id,
                    company_id: r.company_id,
                    details: r.details,
                    ip: r.ip,
                })
                .collect(),
            total,
            page: page.page(),
            per_page: page.per_page(),
        })
    }
}
