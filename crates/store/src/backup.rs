//! Backups and restores of the whole database, online and consistent: on SQLite a copy made by
//! `VACUUM INTO` (one read transaction, so writers go on), on PostgreSQL a `pg_dump` archive in
//! its custom format (one snapshot), restored by `pg_restore`. Both check the migration level:
//! a backup names it, and a restore refuses an archive made by a newer Playtrack (whose tables
//! this build does not know) or a database that already holds tables, unless told to replace it.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{Context, bail, ensure};
use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbBackend, Statement};
use sea_orm_migration::migrator::MigrationStatus;

/// Where a backup stands: the newest migration in it, and how many of this build's are not.
#[derive(Debug)]
pub struct Level {
    pub newest: Option<String>,
    pub pending: usize,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let newest = self.newest.as_deref().unwrap_or("none");
        match self.pending {
            0 => write!(f, "migration {newest}, this build's newest"),
            n => write!(f, "migration {newest}; {n} newer ones apply when the portal starts"),
        }
    }
}

/// Every file a SQLite database begins with.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// Backs the database at `url` up to the new file `to`.
///
/// # Errors
/// `to` exists; the database is not one of this build's (newer migrations); the copy fails.
pub async fn backup(url: &str, to: &Path) -> anyhow::Result<Level> {
    ensure!(!to.exists(), "{} exists: a backup goes to a new file", to.display());
    let db = Database::connect(url).await.context("opening the database")?;
    let level = level(&db).await?;
    match db.get_database_backend() {
        DbBackend::Sqlite => {
            let path = to.to_str().context("the backup's path is not UTF-8")?;
            db.execute_raw(Statement::from_sql_and_values(DbBackend::Sqlite, "VACUUM INTO ?", [path.into()]))
                .await
                .context("copying the database")?;
        }
        _ => postgres_tool("pg_dump", url, &["--format=custom", "--no-owner", "--file", path_arg(to)?])?,
    }
    Ok(level)
}

/// Restores the backup `from` into the database at `url`, which must hold no tables unless
/// `replace` says to drop what it holds.
///
/// # Errors
/// `from` is no backup of this kind of database, or a newer Playtrack's; the database is not
/// empty and `replace` is off; the restore fails.
pub async fn restore(url: &str, from: &Path, replace: bool) -> anyhow::Result<Level> {
    ensure!(from.is_file(), "{} is not a file", from.display());
    if url.starts_with("sqlite:") {
        restore_sqlite(url, from, replace).await
    } else {
        restore_postgres(url, from, replace).await
    }
}

async fn restore_sqlite(url: &str, from: &Path, replace: bool) -> anyhow::Result<Level> {
    let mut header = [0_u8; 16];
    std::io::Read::read_exact(&mut std::fs::File::open(from)?, &mut header).context("reading the backup")?;
    ensure!(&header == SQLITE_HEADER, "{} is not a SQLite backup", from.display());
    let backup = Database::connect(format!("sqlite://{}?mode=ro", path_arg(from)?)).await?;
    let level = level(&backup).await?;
    backup.close().await?;
    let target = sqlite_path(url)?;
    if target.exists() {
        let db = Database::connect(url).await?;
        let tables = count(&db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").await?;
        db.close().await?;
        ensure!(
            tables == 0 || replace,
            "{} holds tables: restore into an empty database, or pass --replace",
            target.display()
        );
    }
    // Copied beside the database and moved into place: a reader sees the old file or the new.
    let draft = target.with_extension("restoring");
    std::fs::copy(from, &draft).with_context(|| format!("copying to {}", draft.display()))?;
    for stale in ["-wal", "-shm"] {
        let mut side = target.clone().into_os_string();
        side.push(stale);
        let _ = std::fs::remove_file(side);
    }
    std::fs::rename(&draft, &target).with_context(|| format!("moving the copy to {}", target.display()))?;
    Ok(level)
}

async fn restore_postgres(url: &str, from: &Path, replace: bool) -> anyhow::Result<Level> {
    let applied = archived_migrations(from)?;
    let known: BTreeSet<String> = Migrator::migrations().iter().map(|m| m.name().to_owned()).collect();
    if let Some(unknown) = applied.iter().find(|name| !known.contains(*name)) {
        bail!("{} was made by a newer Playtrack (migration {unknown}): restore it with that version", from.display());
    }
    let db = Database::connect(url).await.context("opening the database")?;
    let tables =
        count(&db, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()").await?;
    db.close().await?;
    ensure!(tables == 0 || replace, "the database holds tables: restore into an empty one, or pass --replace");
    let mut args = vec!["--no-owner", "--exit-on-error", "--single-transaction"];
    if replace {
        args.extend(["--clean", "--if-exists"]);
    }
    args.push(path_arg(from)?);
    postgres_tool("pg_restore", url, &args)?;
    Ok(Level { pending: known.len() - applied.len(), newest: applied.last().cloned() })
}

/// The migrations a `pg_dump` archive holds, read from its copy of `seaql_migrations`.
fn archived_migrations(from: &Path) -> anyhow::Result<Vec<String>> {
    let output = Command::new("pg_restore")
        .args(["--data-only", "--table=seaql_migrations", "--file=-", path_arg(from)?])
        .env("PGCONNECT_TIMEOUT", "10")
        .output()
        .context("running pg_restore (PostgreSQL's client tools)")?;
    ensure!(output.status.success(), "{} is not a PostgreSQL backup: {}", from.display(), stderr(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    let rows = text.lines().skip_while(|line| !line.starts_with("COPY ")).skip(1).take_while(|line| *line != "\\.");
    let mut names: Vec<String> = rows.filter_map(|row| row.split('\t').next()).map(str::to_owned).collect();
    ensure!(!names.is_empty(), "{} holds no Playtrack database", from.display());
    names.sort();
    Ok(names)
}

/// The database's migration level; an error when it has migrations this build does not know.
async fn level(db: &DatabaseConnection) -> anyhow::Result<Level> {
    let migrations = Migrator::get_migration_with_status(db)
        .await
        .context("the database was migrated by a newer Playtrack: use that version")?;
    let mut applied = migrations.iter().filter(|m| m.status() == MigrationStatus::Applied);
    Ok(Level {
        newest: applied.next_back().map(|m| m.name().to_owned()),
        pending: migrations.iter().filter(|m| m.status() == MigrationStatus::Pending).count(),
    })
}

async fn count(db: &DatabaseConnection, sql: &str) -> anyhow::Result<i64> {
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await?;
    Ok(row.map(|row| row.try_get_by_index::<i64>(0)).transpose()?.unwrap_or(0))
}

/// Runs a PostgreSQL client tool on the database at `url`, its password passed in the
/// environment rather than on a command line any user of the machine may read.
fn postgres_tool(tool: &str, url: &str, args: &[&str]) -> anyhow::Result<()> {
    let mut url = url::Url::parse(url).context("the database URL")?;
    let password = url.password().map(str::to_owned);
    let _ = url.set_password(None);
    let mut command = Command::new(tool);
    command.args(args).arg(format!("--dbname={url}"));
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let output = command.output().with_context(|| format!("running {tool} (PostgreSQL's client tools)"))?;
    ensure!(output.status.success(), "{tool} failed: {}", stderr(&output.stderr));
    Ok(())
}

fn stderr(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).trim().to_owned()
}

fn path_arg(path: &Path) -> anyhow::Result<&str> {
    path.to_str().context("the path is not UTF-8")
}

/// The file a `sqlite://` URL names.
fn sqlite_path(url: &str) -> anyhow::Result<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).context("not a SQLite URL")?;
    let path = rest.split('?').next().unwrap_or_default();
    ensure!(!path.is_empty() && path != ":memory:", "an in-memory database cannot be restored into");
    Ok(PathBuf::from(path))
}
