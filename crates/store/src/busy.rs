//! Which database errors mean "not now, try again shortly" ([`kernel::busy`]): a lock or a
//! pooled connection not had before its timeout, and a database that is (for the moment) gone
//! or cannot write — a dropped or terminated connection, a restart or failover, a read-only
//! standby, a full disk. The transaction that met one rolled back, so nothing is half-written,
//! and the pool opens fresh connections for the next request.

use sea_orm::{ConnAcquireErr, DbErr, RuntimeErr, sqlx};

/// Error codes of a lock not had in time: SQLite's `SQLITE_BUSY` family and `SQLITE_LOCKED`;
/// PostgreSQL's serialization failure, deadlock and lock not available.
const BUSY_CODES: [&str; 7] = ["5", "261", "517", "6", "40001", "40P01", "55P03"];
/// Error codes of a database that cannot serve now: SQLite's read-only, I/O error, full disk
/// and cannot-open (primary codes, the extended ones below them); PostgreSQL's read-only
/// transaction (a standby after failover), out of disk or memory, too many connections, and
/// the server shutting down, crashed or starting (`pg_terminate_backend` is 57P01).
const UNAVAILABLE_CODES: [&str; 10] = ["8", "10", "13", "14", "25006", "53100", "53200", "53300", "57P01", "57P02"];
/// PostgreSQL's class of connection failures (08000, 08003, 08006, …) and of shutdowns.
const UNAVAILABLE_CLASSES: [&str; 2] = ["08", "57P"];

/// Whether a database error in `error` says the same request may succeed a moment later.
pub(crate) fn try_again_later(error: &anyhow::Error) -> bool {
    error.chain().filter_map(|e| e.downcast_ref::<DbErr>()).any(|e| match e {
        // No connection could be had or opened (refused, not accepting connections, ...).
        DbErr::ConnectionAcquire(ConnAcquireErr::Timeout | ConnAcquireErr::ConnectionClosed) | DbErr::Conn(_) => true,
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => match e.as_ref() {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(db) => db.code().is_some_and(|code| unavailable(&code)),
            _ => false,
        },
        _ => false,
    })
}

fn unavailable(code: &str) -> bool {
    // PostgreSQL's SQLSTATEs have five characters; SQLite's extended codes carry the primary
    // one in their low byte.
    let primary = match code.parse::<u32>() {
        Ok(number) if code.len() < 5 => (number & 0xff).to_string(),
        _ => code.to_owned(),
    };
    BUSY_CODES.contains(&code)
        || BUSY_CODES.contains(&primary.as_str())
        || UNAVAILABLE_CODES.contains(&primary.as_str())
        || (code.len() == 5 && UNAVAILABLE_CLASSES.iter().any(|class| code.starts_with(class)))
}

#[cfg(test)]
mod tests {
    use super::unavailable;

    #[test]
    fn locks_and_databases_that_cannot_serve_now_are_for_later_and_mistakes_are_not() {
        // SQLITE_BUSY_SNAPSHOT, SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, SQLITE_FULL;
        // PostgreSQL: connection failure, terminated, read-only standby, disk full.
        for code in ["517", "1032", "778", "13", "08006", "57P01", "25006", "53100", "40P01"] {
            assert!(unavailable(code), "{code}");
        }
        // SQLITE_CONSTRAINT_UNIQUE, SQLITE_ERROR; unique violation, syntax error, undefined column.
        for code in ["2067", "1", "23505", "42601", "42703"] {
            assert!(!unavailable(code), "{code}");
        }
    }
}
