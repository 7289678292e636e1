//! The database a [`Store`](crate::Store) talks to: the pool, or one open transaction that
//! every repository call of a unit of work shares, so a use case spanning several
//! repositories commits or rolls back as one.

use std::{future::Future, pin::Pin, sync::Arc};

use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, ExecResult, IsolationLevel,
    QueryResult, Statement, TransactionError, TransactionOptions, TransactionTrait,
};

#[derive(Clone, Debug)]
pub(crate) enum Db {
    Pool(DatabaseConnection),
    /// Shared by the clones a use case hands to its services; committed once they are dropped.
    Transaction(Arc<DatabaseTransaction>),
}

/// Calls `$call` on whichever connection `$db` holds.
macro_rules! on_either {
    ($db:expr, $c:ident => $call:expr) => {
        match $db {
            Db::Pool($c) => $call,
            Db::Transaction($c) => $call,
        }
    };
}

#[async_trait::async_trait]
impl ConnectionTrait for Db {
    fn get_database_backend(&self) -> DbBackend {
        on_either!(self, c => c.get_database_backend())
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        on_either!(self, c => c.execute_raw(stmt).await)
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        on_either!(self, c => c.execute_unprepared(sql).await)
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        on_either!(self, c => c.query_one_raw(stmt).await)
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        on_either!(self, c => c.query_all_raw(stmt).await)
    }
}

/// Inside a unit of work a repository's own transaction is a savepoint of the outer one.
#[async_trait::async_trait]
impl TransactionTrait for Db {
    type Transaction = DatabaseTransaction;

    async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        on_either!(self, c => c.begin().await)
    }

    async fn begin_with_config(
        &self,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<DatabaseTransaction, DbErr> {
        on_either!(self, c => c.begin_with_config(isolation_level, access_mode).await)
    }

    async fn begin_with_options(&self, options: TransactionOptions) -> Result<DatabaseTransaction, DbErr> {
        on_either!(self, c => c.begin_with_options(options).await)
    }

    async fn transaction<F, T, E>(&self, callback: F) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>> + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        on_either!(self, c => c.transaction(callback).await)
    }

    async fn transaction_with_config<F, T, E>(
        &self,
        callback: F,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>> + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        on_either!(self, c => c.transaction_with_config(callback, isolation_level, access_mode).await)
    }
}
