//! Licensing's ports on the database.

mod batches;
mod companies;
mod enrolment;
mod enrolment_keys;
mod reference;
mod seats;

use kernel::Scope;
use licensing::SaveError;
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, QueryFilter, SqlErr, prelude::Uuid, sea_query::Expr};

use crate::Store;

/// The condition that keeps a query on `company_column` inside `scope`.
fn in_scope(company_column: impl ColumnTrait, scope: Scope) -> Option<Expr> {
    match scope {
        Scope::All => None,
        Scope::Company(company) | Scope::User { company, .. } => Some(company_column.eq(company.as_uuid())),
    }
}

/// A unique index refusing the write names `field`; anything else is unexpected.
fn save_failed(field: &'static str, doing: &'static str) -> impl FnOnce(DbErr) -> SaveError {
    move |e| match e.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => SaveError::Taken { field },
        _ => SaveError::Unknown(anyhow::Error::new(e).context(doing)),
    }
}

fn failed(doing: &'static str) -> impl FnOnce(DbErr) -> anyhow::Error {
    move |e| anyhow::Error::new(e).context(doing)
}

/// Updates the row with this id (with `update`'s columns), or inserts `insert` when there is
/// none; `unique` names the field a unique index guards.
async fn upsert<E>(
    store: &Store,
    update: E::ActiveModel,
    insert: E::ActiveModel,
    id_column: E::Column,
    id: Uuid,
    unique: &'static str,
) -> Result<(), SaveError>
where
    E: EntityTrait,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    let updated = E::update_many()
        .set(update)
        .filter(id_column.eq(id))
        .exec(&store.db)
        .await
        .map_err(save_failed(unique, "updating a record"))?;
    if updated.rows_affected == 0 {
        E::insert(insert).exec_without_returning(&store.db).await.map_err(save_failed(unique, "inserting a record"))?;
    }
    Ok(())
}
