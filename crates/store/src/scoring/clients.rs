//! API clients: the [`scoring::ClientStore`] port. A use is counted and checked against the
//! client's limit by one UPDATE, so every process sharing the database shares the limit.

use std::collections::HashMap;

use anyhow::Context;
use kernel::{ApiClientId, AuditEvent, AuditLog, CompanyId, Page, PageRequest};
use scoring::{ApiClient, CallingClient, ClientKind, ClientScope, ClientStore, ClientUse, SaveClientError};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QuerySelect, SqlErr,
    sea_query::{Expr, ExprTrait, Query},
};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::{
    Store,
    entities::{api_client_companies as scoped, api_clients},
    listing::{page_of, sorted},
};

impl ClientStore for Store {
    async fn list_clients(&self, page: &PageRequest) -> anyhow::Result<Page<ApiClient>> {
        let sortable = [
            ("name", api_clients::Column::Name),
            ("kind", api_clients::Column::Kind),
            ("created_at", api_clients::Column::CreatedAt),
            ("last_used_at", api_clients::Column::LastUsedAt),
        ];
        let query = sorted(
            api_clients::Entity::find(),
            page,
            &sortable,
            (api_clients::Column::CreatedAt, Order::Desc),
            api_clients::Column::Id,
        );
        let page = page_of(&self.db, query, page, Ok).await?;
        let companies = self.companies_of(page.items.iter().map(|row| row.id).collect()).await?;
        let items = page.items.into_iter().map(|row| to_client(row, &companies)).collect::<anyhow::Result<_>>()?;
        Ok(Page { items, total: page.total, page: page.page, per_page: page.per_page })
    }

    async fn find_client(&self, id: ApiClientId) -> anyhow::Result<Option<ApiClient>> {
        let Some(row) = api_clients::Entity::find_by_id(id.as_uuid()).one(&self.db).await? else { return Ok(None) };
        let companies = self.companies_of(vec![row.id]).await?;
        to_client(row, &companies).map(Some)
    }

    async fn create_client(
        &self,
        client: &ApiClient,
        secret_hash: &str,
        audit: AuditEvent,
    ) -> Result<(), SaveClientError> {
        let tx = self.begin().await?;
        api_clients::Entity::insert(api_clients::ActiveModel {
            id: Set(client.id.as_uuid()),
            name: Set(client.name.clone()),
            kind: Set(client.kind.as_str().to_owned()),
            all_companies: Set(client.scope == ClientScope::All),
            secret_hash: Set(secret_hash.to_owned()),
            secret_hint: Set(client.secret_hint.clone()),
            rate_limit_per_minute: Set(i32::try_from(client.rate_limit_per_minute).context("rate limit")?),
            window_minute: Set(0),
            window_count: Set(0),
            use_count: Set(0),
            last_used_at: Set(None),
            created_at: Set(client.created_at),
            rotated_at: Set(None),
            revoked_at: Set(None),
        })
        .exec_without_returning(&tx.db)
        .await
        .context("inserting an API client")?;
        if let ClientScope::Companies(companies) = &client.scope {
            let rows = companies.iter().map(|company| scoped::ActiveModel {
                api_client_id: Set(client.id.as_uuid()),
                company_id: Set(company.as_uuid()),
            });
            scoped::Entity::insert_many(rows).exec_without_returning(&tx.db).await.map_err(|e| match e.sql_err() {
                Some(SqlErr::ForeignKeyConstraintViolation(_)) => SaveClientError::UnknownCompany,
                _ => SaveClientError::Unknown(anyhow::Error::new(e).context("scoping an API client")),
            })?;
        }
        tx.record(audit).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn rotate_secret(
        &self,
        id: ApiClientId,
        secret_hash: &str,
        hint: &str,
        at: OffsetDateTime,
        audit: AuditEvent,
    ) -> anyhow::Result<bool> {
        let tx = self.begin().await?;
        let changed = api_clients::Entity::update_many()
            .col_expr(api_clients::Column::SecretHash, Expr::val(secret_hash))
            .col_expr(api_clients::Column::SecretHint, Expr::val(hint))
            .col_expr(api_clients::Column::RotatedAt, Expr::val(at))
            .filter(api_clients::Column::Id.eq(id.as_uuid()))
            .filter(api_clients::Column::RevokedAt.is_null())
            .exec(&tx.db)
            .await?
            .rows_affected
            == 1;
        if changed {
            tx.record(audit).await?;
            tx.commit().await?;
        }
        Ok(changed)
    }

    async fn revoke_client(&self, id: ApiClientId, at: OffsetDateTime, audit: AuditEvent) -> anyhow::Result<bool> {
        let tx = self.begin().await?;
        let changed = api_clients::Entity::update_many()
            .col_expr(api_clients::Column::RevokedAt, Expr::val(at))
            .filter(api_clients::Column::Id.eq(id.as_uuid()))
            .filter(api_clients::Column::RevokedAt.is_null())
            .exec(&tx.db)
            .await?
            .rows_affected
            == 1;
        if changed {
            tx.record(audit).await?;
            tx.commit().await?;
        }
        Ok(changed)
    }

    async fn use_client(
        &self,
        secret_hash: &str,
        minute: i64,
        at: OffsetDateTime,
    ) -> anyhow::Result<Option<ClientUse>> {
        use api_clients::Column as C;
        let same_window = Expr::col(C::WindowMinute).eq(minute);
        let mut update = Query::update();
        update
            .table(api_clients::Entity)
            .value(C::WindowCount, Expr::case(same_window, Expr::col(C::WindowCount).add(1)).finally(1))
            .value(C::WindowMinute, minute)
            .value(C::UseCount, Expr::col(C::UseCount).add(1))
            .value(C::LastUsedAt, at)
            .and_where(Expr::col(C::SecretHash).eq(secret_hash))
            .and_where(Expr::col(C::RevokedAt).is_null())
            .returning(Query::returning().columns([
                C::Id,
                C::Kind,
                C::AllCompanies,
                C::WindowCount,
                C::RateLimitPerMinute,
            ]));
        let Some(row) = self.db.query_one(&update).await? else { return Ok(None) };
        let id: Uuid = row.try_get("", "id")?;
        let scope = if row.try_get::<bool>("", "all_companies")? {
            ClientScope::All
        } else {
            ClientScope::Companies(self.companies_of(vec![id]).await?.remove(&id).unwrap_or_default())
        };
        let kind: String = row.try_get("", "kind")?;
        Ok(Some(ClientUse {
            client: CallingClient { id: id.into(), kind: parse_kind(&kind)?, scope, acting_for: None },
            in_window: u32::try_from(row.try_get::<i32>("", "window_count")?)?,
            limit: u32::try_from(row.try_get::<i32>("", "rate_limit_per_minute")?)?,
        }))
    }
}

impl Store {
    /// The companies each of these clients is scoped to.
    async fn companies_of(&self, clients: Vec<Uuid>) -> anyhow::Result<HashMap<Uuid, Vec<CompanyId>>> {
        let rows: Vec<(Uuid, Uuid)> = scoped::Entity::find()
            .select_only()
            .columns([scoped::Column::ApiClientId, scoped::Column::CompanyId])
            .filter(scoped::Column::ApiClientId.is_in(clients))
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut companies: HashMap<Uuid, Vec<CompanyId>> = HashMap::new();
        for (client, company) in rows {
            companies.entry(client).or_default().push(company.into());
        }
        Ok(companies)
    }
}

fn parse_kind(kind: &str) -> anyhow::Result<ClientKind> {
    ClientKind::parse(kind).with_context(|| format!("unknown client kind {kind:?}"))
}

fn to_client(row: api_clients::Model, companies: &HashMap<Uuid, Vec<CompanyId>>) -> anyhow::Result<ApiClient> {
    Ok(ApiClient {
        id: row.id.into(),
        kind: parse_kind(&row.kind)?,
        scope: if row.all_companies {
            ClientScope::All
        } else {
            ClientScope::Companies(companies.get(&row.id).cloned().unwrap_or_default())
        },
        name: row.name,
        secret_hint: row.secret_hint,
        rate_limit_per_minute: u32::try_from(row.rate_limit_per_minute)?,
        use_count: u64::try_from(row.use_count)?,
        last_used_at: row.last_used_at,
        created_at: row.created_at,
        rotated_at: row.rotated_at,
        revoked_at: row.revoked_at,
    })
}
