//! Throttling counters: the [`identity::ThrottleRepository`] port.

use identity::{Reservation, ThrottleRepository};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect,
    prelude::{Expr, Uuid},
    sea_query::ExprTrait,
};
use time::OffsetDateTime;

use super::failed;
use crate::{Store, entities::throttle_hits as hits};

#[derive(FromQueryResult)]
struct Reserved {
    hits: i64,
    newest_other: Option<OffsetDateTime>,
}

#[derive(FromQueryResult)]
struct Window {
    hits: i64,
    oldest: Option<OffsetDateTime>,
}

impl ThrottleRepository for Store {
    async fn record_hit(&self, key: &str, at: OffsetDateTime) -> anyhow::Result<()> {
        hits::Entity::insert(hits::ActiveModel { id: Set(Uuid::now_v7()), key: Set(key.to_owned()), at: Set(at) })
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("recording a throttle hit"))?;
        Ok(())
    }

    async fn hits_since(&self, key: &str, since: OffsetDateTime) -> anyhow::Result<(u32, Option<OffsetDateTime>)> {
        let window = hits::Entity::find()
            .select_only()
            .column_as(Expr::col(hits::Column::Id).count(), "hits")
            .column_as(Expr::col(hits::Column::At).min(), "oldest")
            .filter(hits::Column::Key.eq(key))
            .filter(hits::Column::At.gt(since))
            .into_model::<Window>()
            .one(&self.db)
            .await
            .map_err(failed("counting throttle hits"))?;
        Ok(window.map_or((0, None), |w| (u32::try_from(w.hits).unwrap_or(u32::MAX), w.oldest)))
    }

    async fn reserve_hit(&self, key: &str, at: OffsetDateTime, since: OffsetDateTime) -> anyhow::Result<Reservation> {
        // Two statements, each committed on its own: the insert is visible to every counter
        // that starts after it, which is what makes racing callers count each other.
        let id = Uuid::now_v7();
        hits::Entity::insert(hits::ActiveModel { id: Set(id), key: Set(key.to_owned()), at: Set(at) })
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("reserving a throttle hit"))?;
        let window = hits::Entity::find()
            .select_only()
            .column_as(Expr::col(hits::Column::Id).count(), "hits")
            .column_as(
                Expr::case(hits::Column::Id.eq(id), Expr::value(Option::<OffsetDateTime>::None))
                    .finally(Expr::col(hits::Column::At))
                    .max(),
                "newest_other",
            )
            .filter(hits::Column::Key.eq(key))
            .filter(hits::Column::At.gt(since))
            .into_model::<Reserved>()
            .one(&self.db)
            .await
            .map_err(failed("counting throttle hits"))?;
        let (count, newest_other) =
            window.map_or((1, None), |w| (u32::try_from(w.hits).unwrap_or(u32::MAX), w.newest_other));
        Ok(Reservation { id, count, newest_other })
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
