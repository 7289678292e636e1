//! Opening, migrating and probing the database.

use std::{path::Path, sync::Arc, time::Duration};

use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DbBackend, TransactionTrait};

use crate::db::Db;

/// The one handle every repository shares; cheap to clone (a connection pool, or within a
/// unit of work its transaction).
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) db: Db,
    /// Wakes this process's folder when attempts were queued ([`Store::until_queued`]).
    pub(crate) queued: Arc<tokio::sync::Notify>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The key of the advisory lock migrations hold on PostgreSQL ("playtra" in ASCII).
const MIGRATION_LOCK: i64 = 0x0070_6c61_7974_7261;

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("unsupported database URL `{0}`: use sqlite://… or postgres://…")]
    UnsupportedUrl(String),
    #[error("cannot create the database folder {path}")]
    Folder { path: String, source: std::io::Error },
    #[error("cannot connect to the database")]
    Connect(#[source] sea_orm::DbErr),
    #[error("cannot migrate the database")]
    Migrate(#[source] sea_orm::DbErr),
}

impl Store {
    /// Connects to `url`, creating the SQLite file (and its folder) when needed, with a small
    /// PostgreSQL pool (tools and tests).
    ///
    /// # Errors
    /// [`ConnectError`] when the URL is of another database, or it cannot be reached.
    pub async fn connect(url: &str) -> Result<Self, ConnectError> {
        Self::connect_pooled(url, 2).await
    }

    /// As [`Self::connect`], holding `connections` PostgreSQL connections open (the server).
    ///
    /// # Errors
    /// See [`Self::connect`].
    pub async fn connect_pooled(url: &str, connections: u32) -> Result<Self, ConnectError> {
        let mut options = ConnectOptions::new(url.to_owned());
        options.sqlx_logging(false).connect_timeout(Duration::from_secs(5)).acquire_timeout(Duration::from_secs(5));
        if url.starts_with("sqlite:") {
            ensure_sqlite_folder(url)?;
            // WAL lets readers proceed during a write; the busy timeout makes a second writer
            // wait instead of failing with "database is locked".
            options.map_sqlx_sqlite_opts(|o| {
                o.create_if_missing(true)
                    .journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                    .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                    .busy_timeout(Duration::from_secs(5))
                    .foreign_keys(true)
            });
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // Like SQLite's busy timeout: a lock not had in 5 s fails (the caller hears "busy,
            // try again") instead of holding the request and its connection indefinitely.
            options.map_sqlx_postgres_opts(|o| o.options([("lock_timeout", "5s")]));
            // A new connection costs the request that waits for it ~90 ms (backend start, TLS
            // handshake): the pool opens its connections at start and keeps them through quiet
            // hours.
            options.min_connections(connections).max_connections(connections.max(1));
        } else {
            return Err(ConnectError::UnsupportedUrl(url.to_owned()));
        }
        let db = Database::connect(options).await.map_err(ConnectError::Connect)?;
        kernel::busy::recognise(crate::busy::try_again_later);
        Ok(Self { db: Db::Pool(db), queued: Arc::default() })
    }

    /// A store whose every call runs in one new transaction, until [`Store::commit`]; dropped
    /// uncommitted, it rolls back.
    ///
    /// # Errors
    /// The database's error when no transaction can be started.
    pub async fn begin(&self) -> anyhow::Result<Self> {
        Ok(Self { db: Db::Transaction(Arc::new(self.db.begin().await?)), queued: self.queued.clone() })
    }

    /// Commits the transaction [`Store::begin`] started.
    ///
    /// # Errors
    /// When this store holds no transaction, a clone of it is still alive, or the database
    /// refuses the commit.
    pub async fn commit(self) -> anyhow::Result<()> {
        let Db::Transaction(transaction) = self.db else { anyhow::bail!("commit without a transaction") };
        let transaction = Arc::into_inner(transaction)
            .ok_or_else(|| anyhow::anyhow!("commit while the transaction is still shared"))?;
        Ok(transaction.commit().await?)
    }

    /// Applies every pending migration.
    ///
    /// # Errors
    /// [`ConnectError::Migrate`] when a migration fails; the database is left as the failed
    /// migration's transaction left it (PostgreSQL rolls back, SQLite may not).
    pub async fn migrate(&self) -> Result<(), ConnectError> {
        match &self.db {
            Db::Pool(pool) if pool.get_database_backend() == DbBackend::Postgres => {
                // Processes starting at once migrate one after another: each holds this lock
                // until its migrations commit, and the next then finds nothing left to do.
                let tx = pool.begin().await.map_err(ConnectError::Migrate)?;
                tx.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
                    .await
                    .map_err(ConnectError::Migrate)?;
                Migrator::up(&tx, None).await.map_err(ConnectError::Migrate)?;
                tx.commit().await
            }
            // SQLite is one process's: there is nobody to wait for.
            Db::Pool(pool) => Migrator::up(pool, None).await,
            Db::Transaction(transaction) => Migrator::up(&**transaction, None).await,
        }
        .map_err(ConnectError::Migrate)
    }

    /// One round trip, for readiness probes.
    ///
    /// # Errors
    /// The database's error when it does not answer.
    pub async fn ping(&self) -> Result<(), sea_orm::DbErr> {
        match &self.db {
            Db::Pool(pool) => pool.ping().await,
            Db::Transaction(transaction) => transaction.execute_unprepared("SELECT 1").await.map(drop),
        }
    }

    #[must_use]
    pub fn backend(&self) -> Backend {
        match self.db.get_database_backend() {
            DbBackend::Postgres => Backend::Postgres,
            _ => Backend::Sqlite,
        }
    }

    /// Closes the pool, waiting for connections in use to be returned.
    ///
    /// # Errors
    /// The driver's error when closing fails.
    pub async fn close(self) -> Result<(), sea_orm::DbErr> {
        match self.db {
            Db::Pool(pool) => pool.close().await,
            // Dropped uncommitted: rolled back.
            Db::Transaction(_) => Ok(()),
        }
    }
}

fn ensure_sqlite_folder(url: &str) -> Result<(), ConnectError> {
    let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    match Path::new(path).parent() {
        Some(folder) if !folder.as_os_str().is_empty() => std::fs::create_dir_all(folder)
            .map_err(|source| ConnectError::Folder { path: folder.display().to_string(), source }),
        _ => Ok(()),
    }
}
