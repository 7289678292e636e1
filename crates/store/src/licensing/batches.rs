//! Batches and their members: the [`licensing::Batches`] port.

use anyhow::Context;
use kernel::{BatchId, Email, Page, PageRequest, Scope, UserId};
use licensing::{Batch, BatchFilter, Batches, FindError, Member, SaveError};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, TransactionTrait,
    sea_query::{ExprTrait, OnConflict},
};
use time::OffsetDateTime;

use super::{failed, in_scope, upsert};
use crate::{
    Store,
    entities::{batch_members, batches, users},
    listing::{contains, page_of, search_term, sorted},
};

impl Batches for Store {
    async fn list_batches(
        &self,
        scope: Scope,
        filter: &BatchFilter,
        page: &PageRequest,
    ) -> anyhow::Result<Page<Batch>> {
        let mut query = batches::Entity::find();
        if let Some(condition) = in_scope(batches::Column::CompanyId, scope) {
            query = query.filter(condition);
        }
        if let Some(company) = filter.company {
            query = query.filter(batches::Column::CompanyId.eq(company.as_uuid()));
        }
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query.filter(contains(batches::Column::Name, search));
        }
        if let Some(active) = filter.active {
            query = query.filter(batches::Column::Active.eq(active));
        }
        let sortable = [
            ("name", batches::Column::Name),
            ("starts_on", batches::Column::StartsOn),
            ("ends_on", batches::Column::EndsOn),
            ("active", batches::Column::Active),
            ("created_at", batches::Column::CreatedAt),
        ];
        let query = sorted(query, page, &sortable, (batches::Column::Name, Order::Asc), batches::Column::Id);
        page_of(&self.db, query, page, |r| Ok(to_batch(r))).await
    }

    async fn find_batch(&self, scope: Scope, id: BatchId) -> Result<Batch, FindError> {
        let row = batches::Entity::find_by_id(id.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading a batch"))?
            .map(to_batch)
            .ok_or(FindError::NotFound)?;
        if scope.sees_company(row.company) { Ok(row) } else { Err(FindError::NotFound) }
    }

    async fn save_batch(&self, batch: &Batch, at: OffsetDateTime) -> Result<(), SaveError> {
        let row = batches::ActiveModel {
            id: Set(batch.id.as_uuid()),
            company_id: Set(batch.company.as_uuid()),
            name: Set(batch.name.clone()),
            starts_on: Set(batch.starts_on),
            ends_on: Set(batch.ends_on),
            active: Set(batch.active),
            ..Default::default()
        };
        let insert = batches::ActiveModel { created_at: Set(at), ..row.clone() };
        upsert::<batches::Entity>(self, row, insert, batches::Column::Id, batch.id.as_uuid(), "name").await
    }

    async fn list_members(
        &self,
        batch: BatchId,
        search: Option<&str>,
        page: &PageRequest,
    ) -> anyhow::Result<Page<Member>> {
        let mut query = batch_members::Entity::find()
            .find_also_related(users::Entity)
            .filter(batch_members::Column::BatchId.eq(batch.as_uuid()));
        if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
            query = query.filter(contains(users::Column::Name, search).or(contains(users::Column::Email, search)));
        }
        let paginator =
            query.order_by_asc(users::Column::Name).order_by_asc(users::Column::Id).paginate(&self.db, page.per_page());
        let total = paginator.num_items().await.map_err(failed("counting members"))?;
        let rows = paginator.fetch_page(page.page() - 1).await.map_err(failed("reading members"))?;
        let items = rows
            .into_iter()
            .filter_map(|(member, user)| Some((member, user?)))
            .map(|(member, user)| {
                Ok(Member {
                    user: user.id.into(),
                    name: user.name,
                    email: Email::parse(&user.email).context("stored e-mail")?,
                    added_at: member.added_at,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Page { items, total, page: page.page(), per_page: page.per_page() })
    }

    async fn add_member(&self, batch: BatchId, user: UserId, at: OffsetDateTime) -> anyhow::Result<()> {
        add_member(&self.db, batch, user, at).await
    }

    async fn remove_member(&self, batch: BatchId, user: UserId) -> anyhow::Result<bool> {
        let deleted = batch_members::Entity::delete_many()
            .filter(batch_members::Column::BatchId.eq(batch.as_uuid()))
            .filter(batch_members::Column::UserId.eq(user.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("removing a member"))?;
        Ok(deleted.rows_affected > 0)
    }

    async fn move_member(&self, from: BatchId, to: BatchId, user: UserId, at: OffsetDateTime) -> anyhow::Result<bool> {
        let tx = self.db.begin().await.map_err(failed("starting a move"))?;
        let left = batch_members::Entity::delete_many()
            .filter(batch_members::Column::BatchId.eq(from.as_uuid()))
            .filter(batch_members::Column::UserId.eq(user.as_uuid()))
            .exec(&tx)
            .await
            .map_err(failed("leaving a batch"))?;
        if left.rows_affected == 0 {
            return Ok(false);
        }
        add_member(&tx, to, user, at).await?;
        tx.commit().await.map_err(failed("committing a move"))?;
        Ok(true)
    }
}

/// Adds a member; already being one is fine.
pub(super) async fn add_member(
    db: &impl sea_orm::ConnectionTrait,
    batch: BatchId,
    user: UserId,
    at: OffsetDateTime,
) -> anyhow::Result<()> {
    batch_members::Entity::insert(batch_members::ActiveModel {
        batch_id: Set(batch.as_uuid()),
        user_id: Set(user.as_uuid()),
        added_at: Set(at),
    })
    .on_conflict(
        OnConflict::columns([batch_members::Column::BatchId, batch_members::Column::UserId]).do_nothing().to_owned(),
    )
    .exec_without_returning(db)
    .await
    .map_err(failed("adding a member"))?;
    Ok(())
}

fn to_batch(row: batches::Model) -> Batch {
    Batch {
        id: row.id.into(),
        company: row.company_id.into(),
        name: row.name,
        starts_on: row.starts_on,
        ends_on: row.ends_on,
        active: row.active,
    }
}
