//! Which database errors mean "busy, try again shortly" ([`kernel::busy`]): a lock or a pooled
//! connection not had before its timeout.

use sea_orm::{ConnAcquireErr, DbErr, RuntimeErr, sqlx};

/// Error codes of a lock not had in time: SQLite's `SQLITE_BUSY` family and `SQLITE_LOCKED`;
/// PostgreSQL's serialization failure, deadlock and lock not available.
const BUSY_CODES: [&str; 7] = ["5", "261", "517", "6", "40001", "40P01", "55P03"];

/// Whether a database error in `error` is one of waiting too long.
pub(crate) fn waited_too_long(error: &anyhow::Error) -> bool {
    error.chain().filter_map(|e| e.downcast_ref::<DbErr>()).any(|e| match e {
        DbErr::ConnectionAcquire(ConnAcquireErr::Timeout) => true,
        DbErr::Conn(RuntimeErr::SqlxError(e))
        | DbErr::Exec(RuntimeErr::SqlxError(e))
        | DbErr::Query(RuntimeErr::SqlxError(e)) => match e.as_ref() {
            sqlx::Error::PoolTimedOut => true,
            sqlx::Error::Database(db) => db.code().is_some_and(|code| BUSY_CODES.contains(&code.as_ref())),
            _ => false,
        },
        _ => false,
    })
}
