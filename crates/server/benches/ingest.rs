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
    sea_query::{Expr, ExprTrait, Query},
    sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous},
};
use serde_json::{Value, json};
use support::PASSWORD;
use time::OffsetDateTime;
use uuid::Uuid;

const ATTEMPTS: usize = 20_000;
const TRAINEES: usize = 500;
const SKILLS: usize = 5;
/// Each skill's maximum at every level: an even share of the level's 100 points.
const SKILL_MAX: i32 = 100 / SKILLS as i32;
const LEVELS: usize = 10;
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
    let world = Arc::new(World::build(&server, &db).await?);
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
            .bodies(batch, &format!("http-{tag}"))
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

/// A company with a seat for each trainee (taken two days ago), a level catalogue whose levels
/// train five skills each, and a game client allowed enough requests a minute.
struct World {
    client: reqwest::Client,
    key: String,
    trainees: Vec<Uuid>,
    levels: Vec<Uuid>,
    skills: Vec<Uuid>,
    approach: Uuid,
    api_client: Uuid,
    company: Uuid,
}

impl World {
    async fn build(server: &support::Server, db: &DatabaseConnection) -> anyhow::Result<Self> {
        let client = reqwest::Client::new();
        let call = |path: &str, token: Option<&str>, body: Value| {
            let request = client.post(format!("{}{path}", server.base)).json(&body);
            let request = match token {
                Some(token) => request.bearer_auth(token),
                None => request,
            };
            async move {
                let response = request.send().await?;
                let status = response.status();
                let body: Value = response.json().await?;
                anyhow::ensure!(status.is_success(), "{status}: {body}");
                anyhow::Ok(body)
            }
        };
        let login =
            call("/api/v1/auth/login", None, json!({ "email": server.admins[0], "password": PASSWORD })).await?;
        let token = login["token"].as_str().unwrap_or_default().to_owned();
        let token = Some(token.as_str());
        let industry = call("/api/v1/industries", token, json!({ "name": "Games" })).await?;
        let country = call("/api/v1/countries", token, json!({ "name": "Benchland", "iso_code": "QB" })).await?;
        let company = call(
            "/api/v1/companies",
            token,
            json!({ "name": "Bench Co", "email": "ops@bench.example", "contact_person": "Ops",
                    "industry_id": industry["id"], "country_id": country["id"], "remark": "", "session_minutes": 30 }),
        )
        .await?;
        let today = OffsetDateTime::now_utc().date();
        call(
            "/api/v1/licence-allocations",
            token,
            json!({ "company_id": company["id"], "seats": TRAINEES, "valid_from": today.to_string(),
                    "valid_until": (today + time::Duration::days(365)).to_string() }),
        )
        .await?;
        let rows: Vec<Value> = (0..TRAINEES)
            .map(|n| json!({ "line": n + 2, "name": format!("Trainee {n}"), "email": format!("t{n}@bench.example") }))
            .collect();
        call("/api/v1/users/import", token, json!({ "company_id": company["id"], "rows": rows })).await?;
        let issued = call(
            "/api/v1/api-clients",
            token,
            json!({ "name": "Bench game", "kind": "game", "all_companies": true, "rate_limit_per_minute": 100_000 }),
        )
        .await?;

        // The seats were taken two days ago, so the plays of the last day fall inside them.
        let before = OffsetDateTime::now_utc() - time::Duration::days(2);
        db.execute(&Query::update().table("seats").value("assigned_at", before).take()).await?;
        db.execute(&Query::update().table("licence_allocations").value("valid_from", before.date()).take()).await?;
        let skills = insert_named(db, "skills", SKILLS).await?;
        let approach = insert_named(db, "approaches", 1).await?[0];
        let chapter = Uuid::now_v7();
        let mut insert = Query::insert();
        insert.into_table("chapters").columns(["id", "number", "title"]).values([
            chapter.into(),
            1.into(),
            "Bench".into(),
        ])?;
        db.execute(&insert).await?;
        let mut levels = Vec::new();
        for number in 1..=LEVELS {
            let level = Uuid::now_v7();
            let mut insert = Query::insert();
            insert
                .into_table("levels")
                .columns(["id", "chapter_id", "number", "title", "max_score", "difficulty"])
                .values([
                    level.into(),
                    chapter.into(),
                    i32::try_from(number)?.into(),
                    format!("Level {number}").into(),
                    100.into(),
                    "medium".into(),
                ])?;
            db.execute(&insert).await?;
            let mut trains = Query::insert();
            trains.into_table("level_skills").columns(["level_id", "skill_id", "max_points"]);
            for skill in &skills {
                trains.values([level.into(), (*skill).into(), SKILL_MAX.into()])?;
            }
            db.execute(&trains).await?;
            levels.push(level);
        }
        let trainees: Vec<Uuid> = db
            .query_all(&Query::select().column("id").from("users").and_where(Expr::col("role").eq("USER")).take())
            .await?
            .iter()
            .map(|row| row.try_get("", "id"))
            .collect::<Result<_, _>>()?;
        let api_client = Uuid::parse_str(issued["client"]["id"].as_str().unwrap_or_default())?;
        let company = Uuid::parse_str(company["id"].as_str().unwrap_or_default())?;
        Ok(Self {
            client,
            key: issued["secret"].as_str().unwrap_or_default().to_owned(),
            trainees,
            levels,
            skills,
            approach,
            api_client,
            company,
        })
    }

    /// The `n`th attempt: trainee, level, score, and when it was played.
    fn attempt(&self, n: usize) -> (Uuid, Uuid, u32, OffsetDateTime) {
        let completed = OffsetDateTime::now_utc() - time::Duration::hours(12)
            + time::Duration::milliseconds(i64::try_from(n).unwrap_or(0));
        (
            self.trainees[n % self.trainees.len()],
            self.levels[n % LEVELS],
            u32::try_from(n % 101).unwrap_or(0),
            completed,
        )
    }

    /// The request bodies, built before the clock starts.
    fn bodies(&self, batch: usize, tag: &str) -> Vec<Vec<u8>> {
        let at =
            |moment: OffsetDateTime| moment.format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        (0..ATTEMPTS)
            .map(|n| {
                let (trainee, level, score, completed) = self.attempt(n);
                let points: serde_json::Map<String, Value> =
                    self.skills.iter().map(|s| (s.to_string(), json!(score / SKILLS as u32))).collect();
                json!({
                    "external_id": format!("{tag}-{n}"), "trainee": trainee, "level": level, "difficulty": "medium",
                    "approach": self.approach, "score": score, "max_score": 100, "skill_points": points,
                    "duration_seconds": 300, "started_at": at(completed - time::Duration::minutes(5)),
                    "completed_at": at(completed),
                })
            })
            .collect::<Vec<_>>()
            .chunks(batch)
            .map(|chunk| serde_json::to_vec(&json!({ "attempts": chunk })).unwrap_or_default())
            .collect()
    }

    async fn post(&self, base: &str, body: Vec<u8>) -> anyhow::Result<Value> {
        let response = self
            .client
            .post(format!("{base}/api/v1/game/attempts"))
            .bearer_auth(&self.key)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        let status = response.status();
        let answer: Value = response.json().await?;
        anyhow::ensure!(status.is_success(), "{status}: {answer}");
        Ok(answer)
    }

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

async fn insert_named(db: &DatabaseConnection, table: &str, count: usize) -> anyhow::Result<Vec<Uuid>> {
    let ids: Vec<Uuid> = (0..count).map(|_| Uuid::now_v7()).collect();
    let rows = ids.iter().enumerate().map(|(n, id)| vec![(*id).into(), format!("{table} {n}").into()]).collect();
    support::insert(db, table, &["id", "name"], rows).await?;
    Ok(ids)
}
