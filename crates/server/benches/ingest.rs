//! `just bench`: attempt ingestion (`POST /api/v1/game/attempts`, five skills an attempt) in
//! batches of 100 and of 1,000 against the real server (release build) on embedded SQLite and
//! on PostgreSQL, over TLS and without it; on PostgreSQL also four senders split over two
//! servers on the one database, each with its own pool and folder. The baseline, measured in
//! the same run on the same database and connection: the same rows written by plain multi-row
//! `INSERT`s, a transaction a batch. Prints attempts a second for both and their ratio, and
//! how long stored attempts waited to be counted in the reports (folded after the request
//! answered); asserts nothing but that every attempt was stored.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
    time::{Duration, Instant},
};

mod support;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, TransactionTrait,
    sea_query::Query,
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
};
use support::world::{SKILL_MAX, SKILLS, World};
use time::OffsetDateTime;
use uuid::Uuid;

const ATTEMPTS: usize = 20_000;
/// Requests (or baseline transactions) in flight at once in the concurrent round.
const SENDERS: usize = 4;
const POSTGRES: &str = "postgres://postgres@127.0.0.1:5432";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!(
        "Playtrack ingestion benchmark: {ATTEMPTS} attempts per batch size, {SKILLS} skills each, {}",
        support::BUILD
    );
    bench("SQLite", None).await?;
    let admin = Database::connect(format!("{POSTGRES}/postgres")).await;
    let Ok(admin) = admin else {
        println!("PostgreSQL at {POSTGRES} is not reachable: skipped");
        return Ok(());
    };
    // Over TLS, as production connects, and without it beside: the two should be close.
    for (backend, ssl_mode) in [("PG TLS", "require"), ("PG no TLS", "disable")] {
        let name = format!("playtrack_bench_{}", Uuid::now_v7().simple());
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await?;
        let measured = bench(backend, Some(format!("{POSTGRES}/{name}?sslmode={ssl_mode}"))).await;
        // The server's pool may still hold connections: force them closed.
        admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await?;
        measured?;
    }
    Ok(())
}

async fn bench(backend: &str, database_url: Option<String>) -> anyhow::Result<()> {
    let postgres = database_url.is_some();
    let server = support::start_on(1, database_url).await?;
    let mut options = ConnectOptions::new(server.database_url.clone());
    // The server's own SQLite settings (WAL, synchronous NORMAL), so the baseline pays for
    // the same durability.
    options.max_connections(SENDERS as u32).map_sqlx_sqlite_opts(|o| {
        o.journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(30))
    });
    let db = Database::connect(options).await?;
    let world = Arc::new(World::build(&server.base, &server.admins[0], &db).await?);
    let mut cases = vec![(100, 1, 1), (1_000, 1, 1), (1_000, SENDERS, 1)];
    if postgres {
        // The four senders again, split over two servers on the database, each with its own
        // pool and folder, as a deployment of several processes runs.
        cases.push((1_000, SENDERS, 2));
    }
    let mut servers = vec![server];
    for (batch, senders, over) in cases {
        while servers.len() < over {
            servers.push(support::start_beside(&servers[0], servers[0].database_url.clone()).await?);
        }
        let tag = format!("{batch}-{senders}-{over}");
        let bodies: Vec<(String, Vec<u8>)> = world
            .bodies(ATTEMPTS, batch, &format!("http-{tag}"))
            .into_iter()
            .enumerate()
            .map(|(n, body)| (servers[n % over].base.clone(), body))
            .collect();
        let freshness = Freshness::watch(&db);
        let started = Instant::now();
        let cpu = support::CpuMeter::start();
        let stored: u64 = in_parallel(senders, bodies, {
            let world = world.clone();
            move |(base, body)| {
                let world = world.clone();
                async move { Ok(world.post(&base, body).await?["stored"].as_u64().unwrap_or(0)) }
            }
        })
        .await?;
        let http = started.elapsed();
        let http_cpu = cpu.report();
        anyhow::ensure!(stored == ATTEMPTS as u64, "{stored} of {ATTEMPTS} stored");
        let counted = freshness.counted().await?;
        let started = Instant::now();
        let firsts: Vec<usize> = (0..ATTEMPTS).step_by(batch).collect();
        in_parallel(senders, firsts, {
            let (world, db, tag) = (world.clone(), db.clone(), format!("sql-{tag}"));
            move |first| {
                let (world, db, tag) = (world.clone(), db.clone(), tag.clone());
                async move { world.plain_insert(&db, first, batch, &tag).await.map(|()| 0) }
            }
        })
        .await?;
        let baseline = started.elapsed();
        let (rate, base) = (per_second(http), per_second(baseline));
        println!(
            "{backend:<10} batches of {batch:>5}, {senders} at once{}: HTTP {rate:>7.0} attempts/s   plain INSERT {base:>7.0} attempts/s   ratio {:.2}   (HTTP {http_cpu})",
            if over > 1 { format!(" to {over} servers") } else { String::new() },
            rate / base
        );
        println!("{:<10} {counted}", "");
    }
    Ok(())
}

/// How often the fold queue is looked at: the freshness figures are exact to this.
const SAMPLE: Duration = Duration::from_millis(10);

/// How long stored attempts wait to be counted in the reports: from the first look at the
/// fold queue that finds an attempt to the first that finds it gone. An attempt never found
/// there waited less than a look apart and counts as [`SAMPLE`].
struct Freshness {
    done: Arc<std::sync::atomic::AtomicBool>,
    watcher: tokio::task::JoinHandle<anyhow::Result<Vec<Duration>>>,
}

impl Freshness {
    fn watch(db: &DatabaseConnection) -> Self {
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (db, stop) = (db.clone(), done.clone());
        let watcher = tokio::spawn(async move {
            let mut queued_since: HashMap<Uuid, Instant> = HashMap::new();
            let mut waits = Vec::new();
            loop {
                let finished = stop.load(std::sync::atomic::Ordering::SeqCst);
                let now = Instant::now();
                let rows = db.query_all(&Query::select().column("attempt_id").from("fold_queue").take()).await?;
                let queued: HashSet<Uuid> =
                    rows.iter().map(|row| row.try_get("", "attempt_id")).collect::<Result<_, _>>()?;
                queued_since.retain(|id, since| {
                    let still = queued.contains(id);
                    if !still {
                        waits.push(now - *since);
                    }
                    still
                });
                for id in queued {
                    queued_since.entry(id).or_insert(now);
                }
                // Once every request has been answered, until the queue is empty.
                if finished && queued_since.is_empty() {
                    return Ok(waits);
                }
                tokio::time::sleep(SAMPLE).await;
            }
        });
        Self { done, watcher }
    }

    /// Called once every attempt is stored: waits for all to be counted and says how long
    /// they waited.
    async fn counted(self) -> anyhow::Result<String> {
        let answered = Instant::now();
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        let mut waits = self.watcher.await??;
        let caught_up = answered.elapsed();
        waits.resize(ATTEMPTS.max(waits.len()), SAMPLE);
        waits.sort_unstable();
        let at = |q: f64| support::quantile(&waits, q).as_secs_f64() * 1000.0;
        Ok(format!(
            "counted in reports after: p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms (looked at every {} ms); all counted {:.0} ms after the last answer",
            at(0.5),
            at(0.99),
            at(1.0),
            SAMPLE.as_millis(),
            caught_up.as_secs_f64() * 1000.0
        ))
    }
}

/// Runs `task` on every item, `senders` at a time, and sums what they answer.
async fn in_parallel<T, F, Fut>(senders: usize, items: Vec<T>, task: F) -> anyhow::Result<u64>
where
    T: Send + 'static,
    F: Fn(T) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<u64>> + Send + 'static,
{
    let queue = Arc::new(std::sync::Mutex::new(items.into_iter()));
    let task = Arc::new(task);
    let workers: Vec<_> = (0..senders)
        .map(|_| {
            let (queue, task) = (queue.clone(), task.clone());
            tokio::spawn(async move {
                let mut sum = 0;
                loop {
                    let next = queue.lock().map_err(|_| anyhow::anyhow!("queue poisoned"))?.next();
                    let Some(item) = next else { break };
                    sum += task(item).await?;
                }
                anyhow::Ok(sum)
            })
        })
        .collect();
    let mut total = 0;
    for worker in workers {
        total += worker.await??;
    }
    Ok(total)
}

fn per_second(elapsed: Duration) -> f64 {
    ATTEMPTS as f64 / elapsed.as_secs_f64()
}

impl World {
    /// The rows of the batch from attempt `first` that the HTTP run writes, by two multi-row
    /// `INSERT`s in one transaction.
    async fn plain_insert(&self, db: &DatabaseConnection, first: usize, batch: usize, tag: &str) -> anyhow::Result<()> {
        let company = self.company;
        {
            let tx = db.begin().await?;
            let mut attempts = Query::insert();
            attempts.into_table("attempts").columns([
                "id",
                "api_client_id",
                "external_id",
                "user_id",
                "company_id",
                "level_id",
                "difficulty",
                "approach_id",
                "score",
                "max_score",
                "duration_seconds",
                "started_at",
                "completed_at",
                "received_at",
                "content_hash",
            ]);
            let mut points = Query::insert();
            points.into_table("attempt_skill_points").columns(["attempt_id", "skill_id", "points", "max_points"]);
            for n in first..(first + batch).min(ATTEMPTS) {
                let (trainee, level, score, completed) = self.attempt(n);
                let id = Uuid::now_v7();
                attempts.values([
                    id.into(),
                    self.api_client.into(),
                    format!("{tag}-{n}").into(),
                    trainee.into(),
                    company.into(),
                    level.into(),
                    "medium".into(),
                    self.approach.into(),
                    i64::from(score).into(),
                    100.into(),
                    300.into(),
                    (completed - time::Duration::minutes(5)).into(),
                    completed.into(),
                    OffsetDateTime::now_utc().into(),
                    "0".repeat(64).into(),
                ])?;
                for skill in &self.skills {
                    points.values([
                        id.into(),
                        (*skill).into(),
                        i64::from(score / SKILLS as u32).into(),
                        SKILL_MAX.into(),
                    ])?;
                }
            }
            tx.execute(&attempts).await?;
            tx.execute(&points).await?;
            tx.commit().await?;
        }
        Ok(())
    }
}
