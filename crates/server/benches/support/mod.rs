//! What every benchmark starts from: the real server (release build) on embedded SQLite in a
//! temporary folder, with super admins who sign in with [`PASSWORD`] and no e-mailed code.
#![allow(dead_code, reason = "each benchmark includes this module and uses its own part of it")]

pub mod world;

use std::time::Duration;

use identity::{Argon2Hasher, NewUser, UserRepository};
use kernel::Email;
use sea_orm::{
    ConnectionTrait, DatabaseConnection, TransactionTrait,
    sea_query::{Expr, Query},
};
use server::{config::Config, startup::Application};
use store::Store;
use time::OffsetDateTime;

pub const PASSWORD: &str = "Bench-mark-2026!";
/// What the figures were measured on: `just bench` builds for release; `--profile dev` does not.
pub const BUILD: &str = if cfg!(debug_assertions) { "debug build" } else { "release build" };

pub struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// The database's URL, for a baseline measured on the same file.
    pub database_url: String,
    /// The super admins' e-mail addresses.
    pub admins: Vec<String>,
    _folder: tempfile::TempDir,
}

/// Starts the server with `admins` super admins, `bench-<n>@provider.example`.
pub async fn start(admins: usize) -> anyhow::Result<Server> {
    start_on(admins, None).await
}

/// [`start`] on the database at `database_url` (embedded SQLite when `None`).
pub async fn start_on(admins: usize, database_url: Option<String>) -> anyhow::Result<Server> {
    let folder = tempfile::tempdir()?;
    let config = config(&folder, database_url);
    let store = Store::connect_pooled(&config.database_url(), config.database_connections).await?;
    store.migrate().await?;
    let emails = super_admins(&store, admins).await?;
    serve(config, store, emails, folder).await
}

/// Creates `count` super admins, `bench-<n>@provider.example`, who sign in with [`PASSWORD`];
/// their e-mail addresses.
pub async fn super_admins(store: &Store, count: usize) -> anyhow::Result<Vec<String>> {
    let hash = Argon2Hasher::default().hash_now(PASSWORD)?;
    let mut emails = Vec::new();
    for n in 0..count {
        let email = Email::parse(&format!("bench-{n}@provider.example"))?;
        let admin = NewUser::super_admin(email.clone(), format!("Bench {n}"), hash.clone(), OffsetDateTime::now_utc());
        store.create(admin).await?;
        emails.push(email.to_string());
    }
    Ok(emails)
}

/// Another server on the database `first` runs on, reached at `database_url` (the same
/// database over another kind of connection, e.g. without TLS), with the same super admins.
pub async fn start_beside(first: &Server, database_url: String) -> anyhow::Result<Server> {
    let folder = tempfile::tempdir()?;
    let config = config(&folder, Some(database_url));
    let store = Store::connect_pooled(&config.database_url(), config.database_connections).await?;
    serve(config, store, first.admins.clone(), folder).await
}

fn config(folder: &tempfile::TempDir, database_url: Option<String>) -> Config {
    Config {
        bind: "127.0.0.1:0".into(),
        data_dir: folder.path().to_owned(),
        log: "warn".into(),
        database_url,
        ..Config::default()
    }
}

async fn serve(config: Config, store: Store, admins: Vec<String>, folder: tempfile::TempDir) -> anyhow::Result<Server> {
    let app = Application::with_store(&config, store, kernel::AnyClock::System(kernel::SystemClock)).await?;
    let base = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    Ok(Server { base, database_url: config.database_url(), admins, _folder: folder })
}

/// Multi-row inserts of `rows` into `table` in one transaction, as many rows a statement as
/// both databases take (SQLite binds at most 32,766 values).
pub async fn insert(
    db: &DatabaseConnection,
    table: &str,
    columns: &[&str],
    rows: Vec<Vec<Expr>>,
) -> anyhow::Result<()> {
    let per_statement = (30_000 / columns.len()).min(2_000);
    let mut rows = rows.into_iter().peekable();
    let tx = db.begin().await?;
    while rows.peek().is_some() {
        let mut insert = Query::insert();
        insert.into_table(table.to_owned()).columns(columns.iter().map(|c| (*c).to_owned()));
        for row in rows.by_ref().take(per_statement) {
            insert.values(row)?;
        }
        tx.execute(&insert).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The nearest-rank `q` quantile of `sorted` (ascending): the smallest value that at least
/// `q` of the samples do not exceed, so the p95 of 100 samples is the 95th, not the largest.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.max(1) - 1).copied().unwrap_or_default()
}

/// CPU time spent since [`CpuMeter::start`], read from Linux's `/proc`: this process's (the
/// server and the load the benchmark sends it) and the whole machine's (the database too), so
/// a figure says whether the server worked or waited.
pub struct CpuMeter {
    process: u64,
    machine: u64,
    started: std::time::Instant,
}

/// `/proc` counts in USER_HZ, 100 a second on every Linux this runs on.
const TICKS_PER_SECOND: f64 = 100.0;

impl CpuMeter {
    pub fn start() -> Self {
        Self { process: process_ticks(), machine: machine_busy_ticks(), started: std::time::Instant::now() }
    }

    /// "this process x.xx cores, machine y.yy of n": cores kept busy on average meanwhile.
    pub fn report(&self) -> String {
        let seconds = self.started.elapsed().as_secs_f64() * TICKS_PER_SECOND;
        let cores = |ticks: u64| ticks as f64 / seconds;
        let available = std::thread::available_parallelism().map_or(1, usize::from);
        format!(
            "CPU: this process {:.2} cores, machine {:.2} of {available}",
            cores(process_ticks().saturating_sub(self.process)),
            cores(machine_busy_ticks().saturating_sub(self.machine)),
        )
    }
}

/// User and system time of this process (0 where `/proc` is not there).
fn process_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // After the command's name: state is the 1st field, utime the 12th, stime the 13th.
    let fields: Vec<&str> = stat.rsplit_once(") ").map_or("", |(_, rest)| rest).split(' ').collect();
    [11, 12].iter().filter_map(|i| fields.get(*i)?.parse::<u64>().ok()).sum()
}

/// Every core's time not idle nor waiting for I/O (0 where `/proc` is not there).
fn machine_busy_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let times: Vec<u64> =
        stat.lines().next().unwrap_or_default().split_whitespace().skip(1).filter_map(|n| n.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal ...
    times.iter().sum::<u64>() - times.get(3).copied().unwrap_or(0) - times.get(4).copied().unwrap_or(0)
}
