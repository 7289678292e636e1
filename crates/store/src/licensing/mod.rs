//! Licensing's ports on the database.

mod batches;
mod companies;
mod enrolment;
mod reference;
mod seats;

use kernel::Scope;
use licensing::SaveError;
use sea_orm::{ColumnTrait, DbErr, SqlErr, sea_query::Expr};

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
