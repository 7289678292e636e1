//! Throttling counters: the [`identity::ThrottleRepository`] port.

use identity::{ThrottleRepository, Window};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, QueryFilter, QuerySelect, TransactionTrait,
    prelude::{Expr, Uuid},
    sea_query::{ExprTrait, Func, Query},
};
use time::OffsetDateTime;

use super::failed;
use crate::{Store, entities::throttle_hits as hits};

#[derive(FromQueryResult)]
struct Counted {
    hits: i64,
    oldest: Option<OffsetDateTime>,
    newest: Option<OffsetDateTime>,
}

/// The hits of `key` strictly after `since`.
async fn window(db: &impl ConnectionTrait, key: &str, since: OffsetDateTime) -> anyhow::Result<Window> {
    let counted = hits::Entity::find()
        .select_only()
        .column_as(Expr::col(hits::Column::Id).count(), "hits")
        .column_as(Expr::col(hits::Column::At).min(), "oldest")
        .column_as(Expr::col(hits::Column::At).max(), "newest")
        .filter(hits::Column::Key.eq(key))
        .filter(hits::Column::At.gt(since))
        .into_model::<Counted>()
        .one(db)
        .await
        .map_err(failed("counting throttle hits"))?;
    Ok(counted.map_or_else(Window::default, |c| Window {
        count: u32::try_from(c.hits).unwrap_or(u32::MAX),
        oldest: c.oldest,
        newest: c.newest,
    }))
}

impl ThrottleRepository for Store {
    async fn record_hit(&self, key: &str, at: OffsetDateTime) -> anyhow::Result<()> {
        hits::Entity::insert(hits::ActiveModel { id: Set(Uuid::now_v7()), key: Set(key.to_owned()), at: Set(at) })
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("recording a throttle hit"))?;
        Ok(())
    }

    async fn reserve_hits<E: Send>(
        &self,
        keys: &[(&str, OffsetDateTime)],
        at: OffsetDateTime,
        admit: impl FnOnce(&[Window]) -> Result<(), E> + Send,
    ) -> anyhow::Result<Result<Vec<Uuid>, E>> {
        let tx = self.db.begin().await.map_err(failed("starting a throttle reservation"))?;
        // One reservation at a time per key, decided by the database: PostgreSQL holds a lock
        // per key until the commit (taken in one order, so two reservations never wait for
        // each other); on SQLite the first write below takes the database's write lock, which
        // queues every other writer until the commit.
        if tx.get_database_backend() == DbBackend::Postgres {
            let mut locks: Vec<&str> = keys.iter().map(|(key, _)| *key).collect();
            locks.sort_unstable();
            locks.dedup();
            for key in locks {
                let lock = Query::select()
                    .expr(Func::cust("pg_advisory_xact_lock").arg(Func::cust("hashtextextended").arg(key).arg(0)))
                    .take();
                tx.query_one(&lock).await.map_err(failed("locking a throttle key"))?;
            }
        }
        let mut windows = Vec::with_capacity(keys.len());
        for (key, since) in keys {
            // Hits that left the window count for nothing any more.
            hits::Entity::delete_many()
                .filter(hits::Column::Key.eq(*key))
                .filter(hits::Column::At.lte(*since))
                .exec(&tx)
                .await
                .map_err(failed("forgetting old throttle hits"))?;
            windows.push(window(&tx, key, *since).await?);
        }
        if let Err(refused) = admit(&windows) {
            tx.commit().await.map_err(failed("ending a throttle reservation"))?;
            return Ok(Err(refused));
        }
        let mut reserved = Vec::with_capacity(keys.len());
        for (key, _) in keys {
            let id = Uuid::now_v7();
            hits::Entity::insert(hits::ActiveModel { id: Set(id), key: Set((*key).to_owned()), at: Set(at) })
                .exec_without_returning(&tx)
                .await
                .map_err(failed("reserving a throttle hit"))?;
            reserved.push(id);
        }
        tx.commit().await.map_err(failed("committing a throttle reservation"))?;
        Ok(Ok(reserved))
    }

    async fn release_hit(&self, id: Uuid) -> anyhow::Result<()> {
        hits::Entity::delete_by_id(id).exec(&self.db).await.map_err(failed("releasing a throttle hit"))?;
        Ok(())
    }

    async fn clear_hits(&self, key: &str) -> anyhow::Result<()> {
        hits::Entity::delete_many()
            .filter(hits::Column::Key.eq(key))
            .exec(&self.db)
            .await
            .map_err(failed("clearing throttle hits"))?;
        Ok(())
    }
}
