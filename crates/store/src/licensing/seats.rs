//! Allocations and seats: the [`licensing::Seats`] port. An allocation's `taken` counter (its
//! live seats) moves only by a conditional update (`taken < seats`) in the same transaction as
//! the seat row, so the database itself refuses the seat that would be one too many; a partial
//! unique index refuses a second live seat for one trainee. A seat is live while it is neither
//! revoked nor replaced.

use std::collections::HashMap;

use anyhow::Context;
use kernel::{AllocationId, BatchId, CompanyId, Email, Page, PageRequest, Role, Scope, SeatId, UserId};
use licensing::{
    Allocation, AllocationFilter, AllocationUse, FindError, SaveError, Seat, SeatFilter, SeatState, Seats, TakeError,
    Trainee,
};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, Order, QueryFilter, QueryOrder, QuerySelect, RelationTrait,
    Select, SqlErr, TransactionTrait,
    prelude::{Expr, Uuid},
    sea_query::{ExprTrait, Query},
};
use time::{Date, OffsetDateTime};

use super::{failed, in_scope};
use crate::{
    Store,
    entities::{batch_members, companies, licence_allocations as allocations, seats, users},
    listing::{contains, page_of, search_term, sorted},
};

impl Seats for Store {
    async fn list_allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
        page: &PageRequest,
    ) -> anyhow::Result<Page<AllocationUse>> {
        let sortable = [
            ("seats", allocations::Column::Seats),
            ("taken", allocations::Column::Taken),
            ("valid_from", allocations::Column::ValidFrom),
            ("valid_until", allocations::Column::ValidUntil),
            ("created_at", allocations::Column::CreatedAt),
        ];
        let query = sorted(
            allocations_in(scope, filter),
            page,
            &sortable,
            (allocations::Column::ValidUntil, Order::Desc),
            allocations::Column::Id,
        );
        let page = page_of(&self.db, query, page, Ok).await?;
        let items = uses(&self.db, page.items).await?;
        Ok(Page { items, total: page.total, page: page.page, per_page: page.per_page })
    }

    async fn all_allocations(&self, scope: Scope, filter: &AllocationFilter) -> anyhow::Result<Vec<AllocationUse>> {
        let rows = allocations_in(scope, filter).all(&self.db).await.map_err(failed("reading allocations"))?;
        uses(&self.db, rows).await
    }

    async fn find_allocation(&self, scope: Scope, id: AllocationId) -> Result<AllocationUse, FindError> {
        let row = allocations::Entity::find_by_id(id.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading an allocation"))?
            .filter(|r| scope.sees_company(r.company_id.into()))
            .ok_or(FindError::NotFound)?;
        uses(&self.db, vec![row]).await?.pop().ok_or(FindError::NotFound)
    }

    async fn save_allocation(&self, allocation: &Allocation, by: UserId, at: OffsetDateTime) -> Result<(), SaveError> {
        let seats = i32::try_from(allocation.seats).context("seat count")?;
        // The count may only drop to the seats already held: checked in the update itself.
        let updated = allocations::Entity::update_many()
            .col_expr(allocations::Column::BatchId, Expr::value(allocation.batch.map(Uuid::from)))
            .col_expr(allocations::Column::Seats, Expr::value(seats))
            .col_expr(allocations::Column::ValidFrom, Expr::value(allocation.valid_from))
            .col_expr(allocations::Column::ValidUntil, Expr::value(allocation.valid_until))
            .filter(allocations::Column::Id.eq(allocation.id.as_uuid()))
            .filter(allocations::Column::Taken.lte(seats))
            .exec(&self.db)
            .await
            .map_err(failed("updating an allocation"))?;
        if updated.rows_affected > 0 {
            return Ok(());
        }
        let existing = allocations::Entity::find_by_id(allocation.id.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading an allocation"))?;
        if let Some(existing) = existing {
            return Err(SaveError::BelowTaken { taken: u32::try_from(existing.taken).unwrap_or_default() });
        }
        allocations::Entity::insert(allocations::ActiveModel {
            id: Set(allocation.id.as_uuid()),
            company_id: Set(allocation.company.as_uuid()),
            batch_id: Set(allocation.batch.map(Uuid::from)),
            seats: Set(seats),
            taken: Set(0),
            valid_from: Set(allocation.valid_from),
            valid_until: Set(allocation.valid_until),
            created_by: Set(Some(by.as_uuid())),
            created_at: Set(at),
        })
        .exec_without_returning(&self.db)
        .await
        .map_err(failed("inserting an allocation"))?;
        Ok(())
    }

    async fn list_seats(
        &self,
        scope: Scope,
        filter: &SeatFilter,
        today: Date,
        page: &PageRequest,
    ) -> anyhow::Result<Page<Seat>> {
        let mut query = seats::Entity::find()
            .join(JoinType::InnerJoin, seats::Relation::Allocation.def())
            .join(JoinType::InnerJoin, seats::Relation::User.def());
        if let Some(condition) = in_scope(allocations::Column::CompanyId, scope) {
            query = query.filter(condition);
        }
        if let Scope::User { user, .. } = scope {
            query = query.filter(seats::Column::UserId.eq(user.as_uuid()));
        }
        if let Some(company) = filter.company {
            query = query.filter(allocations::Column::CompanyId.eq(company.as_uuid()));
        }
        if let Some(batch) = filter.batch {
            let members = Query::select()
                .column(batch_members::Column::UserId)
                .from(batch_members::Entity)
                .and_where(batch_members::Column::BatchId.eq(batch.as_uuid()))
                .take();
            query = query.filter(seats::Column::UserId.in_subquery(members));
        }
        if let Some(allocation) = filter.allocation {
            query = query.filter(seats::Column::AllocationId.eq(allocation.as_uuid()));
        }
        if let Some(user) = filter.user {
            query = query.filter(seats::Column::UserId.eq(user.as_uuid()));
        }
        if let Some(state) = filter.state {
            query = in_state(query, state, today);
        }
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query.filter(contains(users::Column::Name, search).or(contains(users::Column::Email, search)));
        }
        let sortable = [
            ("assigned_at", seats::Column::AssignedAt),
            ("activated_at", seats::Column::ActivatedAt),
            ("revoked_at", seats::Column::RevokedAt),
        ];
        let query = sorted(query, page, &sortable, (seats::Column::AssignedAt, Order::Desc), seats::Column::Id);
        let page = page_of(&self.db, query, page, Ok).await?;
        let items = seat_views(&self.db, page.items).await?;
        Ok(Page { items, total: page.total, page: page.page, per_page: page.per_page })
    }

    async fn find_seat(&self, scope: Scope, id: SeatId) -> Result<Seat, FindError> {
        let row = seats::Entity::find_by_id(id.as_uuid()).one(&self.db).await.map_err(failed("reading a seat"))?;
        let seat = seat_views(&self.db, row.into_iter().collect()).await?.pop().ok_or(FindError::NotFound)?;
        if scope.sees_user(seat.user, Some(seat.company)) { Ok(seat) } else { Err(FindError::NotFound) }
    }

    async fn find_trainee(&self, scope: Scope, id: UserId) -> Result<Trainee, FindError> {
        let user = users::Entity::find_by_id(id.as_uuid())
            .filter(users::Column::Role.eq(Role::User.as_str()))
            .one(&self.db)
            .await
            .map_err(failed("reading a trainee"))?
            .ok_or(FindError::NotFound)?;
        let company: CompanyId = user.company_id.map(Into::into).ok_or(FindError::NotFound)?;
        if !scope.sees_user(id, Some(company)) {
            return Err(FindError::NotFound);
        }
        let batches: Vec<Uuid> = batch_members::Entity::find()
            .select_only()
            .column(batch_members::Column::BatchId)
            .filter(batch_members::Column::UserId.eq(id.as_uuid()))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(failed("reading memberships"))?;
        let holds: Vec<(Uuid, Uuid)> = seats::Entity::find()
            .select_only()
            .column(seats::Column::Id)
            .column(seats::Column::AllocationId)
            .filter(seats::Column::UserId.eq(id.as_uuid()))
            .filter(live())
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(failed("reading held seats"))?;
        Ok(Trainee {
            id,
            company,
            disabled: user.status == identity::UserStatus::Disabled.as_str(),
            batches: batches.into_iter().map(Into::into).collect(),
            holds: holds.into_iter().map(|(seat, allocation)| (seat.into(), allocation.into())).collect(),
        })
    }

    async fn open_allocations(&self, company: CompanyId, day: Date) -> anyhow::Result<Vec<AllocationUse>> {
        let rows = allocations::Entity::find()
            .filter(allocations::Column::CompanyId.eq(company.as_uuid()))
            .filter(allocations::Column::ValidFrom.lte(day))
            .filter(allocations::Column::ValidUntil.gte(day))
            .all(&self.db)
            .await
            .map_err(failed("reading open allocations"))?;
        uses(&self.db, rows).await
    }

    async fn take_seat(
        &self,
        allocation: AllocationId,
        user: UserId,
        at: OffsetDateTime,
    ) -> anyhow::Result<Result<SeatId, TakeError>> {
        let tx = self.db.begin().await.map_err(failed("starting a seat assignment"))?;
        let taken = take_seat(&tx, allocation, user, at).await?;
        if taken.is_ok() {
            tx.commit().await.map_err(failed("committing a seat assignment"))?;
        }
        Ok(taken)
    }

    async fn release_seat(&self, seat: SeatId, at: OffsetDateTime) -> anyhow::Result<bool> {
        let released = release(&self.db, seats::Column::Id.eq(seat.as_uuid()), at).await?;
        Ok(released > 0)
    }

    async fn release_unused_seats(&self, user: UserId, at: OffsetDateTime) -> anyhow::Result<u64> {
        release(&self.db, seats::Column::UserId.eq(user.as_uuid()), at).await
    }

    async fn activate_seat(&self, seat: SeatId, at: OffsetDateTime) -> anyhow::Result<()> {
        seats::Entity::update_many()
            .col_expr(seats::Column::ActivatedAt, Expr::value(at))
            .filter(seats::Column::Id.eq(seat.as_uuid()))
            .filter(seats::Column::ActivatedAt.is_null())
            .filter(live())
            .exec(&self.db)
            .await
            .map_err(failed("activating a seat"))?;
        Ok(())
    }
}

/// A seat the trainee holds: neither revoked nor replaced.
fn live() -> sea_orm::sea_query::Expr {
    seats::Column::RevokedAt.is_null().and(seats::Column::ReplacedAt.is_null())
}

/// Takes a seat inside the caller's transaction; the caller rolls back on `Err(_)`.
pub(super) async fn take_seat(
    tx: &impl ConnectionTrait,
    allocation: AllocationId,
    user: UserId,
    at: OffsetDateTime,
) -> anyhow::Result<Result<SeatId, TakeError>> {
    // The write comes first: on SQLite it takes the write lock before anything is read, so
    // concurrent transactions queue instead of failing on a stale snapshot.
    let counted = allocations::Entity::update_many()
        .col_expr(allocations::Column::Taken, Expr::col(allocations::Column::Taken).add(1))
        .filter(allocations::Column::Id.eq(allocation.as_uuid()))
        .filter(Expr::col(allocations::Column::Taken).lt(Expr::col(allocations::Column::Seats)))
        .exec(tx)
        .await
        .map_err(failed("counting a seat"))?;
    if counted.rows_affected == 0 {
        return Ok(Err(TakeError::Full));
    }
    // A seat of an allocation that has ended makes way for the new one.
    let ended = Query::select()
        .column(allocations::Column::Id)
        .from(allocations::Entity)
        .and_where(allocations::Column::ValidUntil.lt(at.date()))
        .take();
    let replaced = seats::Entity::update_many()
        .col_expr(seats::Column::ReplacedAt, Expr::value(at))
        .filter(seats::Column::UserId.eq(user.as_uuid()))
        .filter(live())
        .filter(seats::Column::AllocationId.in_subquery(ended))
        .exec_with_returning(tx)
        .await
        .map_err(failed("replacing an expired seat"))?;
    give_back(tx, &replaced).await?;
    let id = SeatId::new();
    let inserted = seats::Entity::insert(seats::ActiveModel {
        id: Set(id.as_uuid()),
        allocation_id: Set(allocation.as_uuid()),
        user_id: Set(user.as_uuid()),
        assigned_at: Set(at),
        activated_at: Set(None),
        revoked_at: Set(None),
        replaced_at: Set(None),
    })
    .exec_without_returning(tx)
    .await;
    match inserted {
        Ok(_) => Ok(Ok(id)),
        // The trainee's one live seat exists already (ux_seats_user_live), perhaps taken a
        // moment ago by a concurrent request on another process.
        Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => Ok(Err(TakeError::Held)),
        Err(e) => Err(failed("inserting a seat")(e)),
    }
}

/// Counts seats that stopped being held back out of their allocations.
async fn give_back(tx: &impl ConnectionTrait, seats: &[seats::Model]) -> anyhow::Result<()> {
    for seat in seats {
        allocations::Entity::update_many()
            .col_expr(allocations::Column::Taken, Expr::col(allocations::Column::Taken).sub(1))
            .filter(allocations::Column::Id.eq(seat.allocation_id))
            .exec(tx)
            .await
            .map_err(failed("giving a seat back"))?;
    }
    Ok(())
}

/// Revokes the live, unactivated seats matching `which` and gives each back to its allocation,
/// in one transaction. The revocation's own condition decides which seats go, so a seat
/// activated (or revoked by someone else) meanwhile is never counted back.
async fn release(db: &crate::db::Db, which: sea_orm::sea_query::Expr, at: OffsetDateTime) -> anyhow::Result<u64> {
    let tx = db.begin().await.map_err(failed("starting a release"))?;
    let revoked = seats::Entity::update_many()
        .col_expr(seats::Column::RevokedAt, Expr::value(at))
        .filter(which)
        .filter(live())
        .filter(seats::Column::ActivatedAt.is_null())
        .exec_with_returning(&tx)
        .await
        .map_err(failed("revoking seats"))?;
    give_back(&tx, &revoked).await?;
    tx.commit().await.map_err(failed("committing a release"))?;
    Ok(u64::try_from(revoked.len())?)
}

fn allocations_in(scope: Scope, filter: &AllocationFilter) -> Select<allocations::Entity> {
    let mut query = allocations::Entity::find();
    if let Some(condition) = in_scope(allocations::Column::CompanyId, scope) {
        query = query.filter(condition);
    }
    if let Some(company) = filter.company {
        query = query.filter(allocations::Column::CompanyId.eq(company.as_uuid()));
    }
    if let Some(batch) = filter.batch {
        query = query.filter(allocations::Column::BatchId.eq(batch.as_uuid()));
    }
    if let Some(term) = search_term(filter.search.as_ref()) {
        let named = Query::select()
            .column(companies::Column::Id)
            .from(companies::Entity)
            .and_where(contains(companies::Column::Name, term))
            .to_owned();
        query = query.filter(allocations::Column::CompanyId.in_subquery(named));
    }
    query
}

fn in_state(query: Select<seats::Entity>, state: SeatState, today: Date) -> Select<seats::Entity> {
    let valid = allocations::Column::ValidUntil.gte(today);
    match state {
        SeatState::Revoked => query.filter(seats::Column::RevokedAt.is_not_null()),
        SeatState::Expired => query
            .filter(seats::Column::RevokedAt.is_null())
            .filter(seats::Column::ReplacedAt.is_not_null().or(allocations::Column::ValidUntil.lt(today))),
        SeatState::Activated => query.filter(live()).filter(valid).filter(seats::Column::ActivatedAt.is_not_null()),
        SeatState::Assigned => query.filter(live()).filter(valid).filter(seats::Column::ActivatedAt.is_null()),
    }
}

/// Allocations with their activated-seat counts, in one more query.
async fn uses(db: &impl ConnectionTrait, rows: Vec<allocations::Model>) -> anyhow::Result<Vec<AllocationUse>> {
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let activated: HashMap<Uuid, i64> = seats::Entity::find()
        .select_only()
        .column(seats::Column::AllocationId)
        .column_as(Expr::col(seats::Column::Id).count(), "n")
        .filter(seats::Column::AllocationId.is_in(ids))
        .filter(live())
        .filter(seats::Column::ActivatedAt.is_not_null())
        .group_by(seats::Column::AllocationId)
        .into_tuple::<(Uuid, i64)>()
        .all(db)
        .await
        .map_err(failed("counting activated seats"))?
        .into_iter()
        .collect();
    rows.into_iter()
        .map(|r| {
            Ok(AllocationUse {
                taken: u32::try_from(r.taken).context("stored seat count")?,
                activated: u32::try_from(activated.get(&r.id).copied().unwrap_or(0))?,
                allocation: Allocation {
                    id: r.id.into(),
                    company: r.company_id.into(),
                    batch: r.batch_id.map(Into::into),
                    seats: u32::try_from(r.seats).context("stored seat count")?,
                    valid_from: r.valid_from,
                    valid_until: r.valid_until,
                },
            })
        })
        .collect()
}

/// Seats with their allocation's and trainee's facts, in three more queries.
async fn seat_views(db: &impl ConnectionTrait, rows: Vec<seats::Model>) -> anyhow::Result<Vec<Seat>> {
    let allocation_ids: Vec<Uuid> = rows.iter().map(|r| r.allocation_id).collect();
    let user_ids: Vec<Uuid> = rows.iter().map(|r| r.user_id).collect();
    let allocations: HashMap<Uuid, allocations::Model> = allocations::Entity::find()
        .filter(allocations::Column::Id.is_in(allocation_ids))
        .all(db)
        .await
        .map_err(failed("reading seats' allocations"))?
        .into_iter()
        .map(|a| (a.id, a))
        .collect();
    let people: HashMap<Uuid, users::Model> = users::Entity::find()
        .filter(users::Column::Id.is_in(user_ids.clone()))
        .all(db)
        .await
        .map_err(failed("reading seats' trainees"))?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let mut batches: HashMap<Uuid, Vec<BatchId>> = HashMap::new();
    let memberships: Vec<(Uuid, Uuid)> = batch_members::Entity::find()
        .select_only()
        .column(batch_members::Column::UserId)
        .column(batch_members::Column::BatchId)
        .filter(batch_members::Column::UserId.is_in(user_ids))
        .order_by_asc(batch_members::Column::AddedAt)
        .into_tuple()
        .all(db)
        .await
        .map_err(failed("reading seats' batches"))?;
    for (user, batch) in memberships {
        batches.entry(user).or_default().push(batch.into());
    }
    rows.into_iter()
        .map(|r| {
            let allocation = allocations.get(&r.allocation_id).context("seat without allocation")?;
            let user = people.get(&r.user_id).context("seat without trainee")?;
            Ok(Seat {
                id: r.id.into(),
                allocation: r.allocation_id.into(),
                company: allocation.company_id.into(),
                allocation_batch: allocation.batch_id.map(Into::into),
                user: r.user_id.into(),
                user_name: user.name.clone(),
                user_email: Email::parse(&user.email).context("stored e-mail")?,
                user_batches: batches.get(&r.user_id).cloned().unwrap_or_default(),
                assigned_at: r.assigned_at,
                activated_at: r.activated_at,
                revoked_at: r.revoked_at,
                replaced_at: r.replaced_at,
                valid_until: allocation.valid_until,
            })
        })
        .collect()
}
