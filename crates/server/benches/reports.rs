//! `just bench`: score reports at the size of a large training provider. Generates a synthetic
//! provider — 200 companies, 2,000 batches, 200,000 trainees and 10,000,000 attempts (six skills,
//! two trained per level) on PostgreSQL, and one ten times smaller on embedded SQLite — folds
//! the attempts into the report data as ingestion keeps it, then measures p50/p95 of every view
//! (through the real server, release build) for the global super-admin view, a large company
//! and a batch, each next to a plain GROUP BY over the raw attempts for the same scope in the
//! same run, and the peak memory of exports. `PLAYTRACK_BENCH_SCALE` (default 1) multiplies
//! the sizes, e.g. 0.1 for a quick run.

use std::time::{Duration, Instant};

mod support;

use rand::{RngExt, SeedableRng, rngs::StdRng};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection,
    sea_query::{Expr, ExprTrait, Query, SelectStatement},
};
use serde_json::{Value, json};
use support::{PASSWORD, insert};
use time::OffsetDateTime;
use uuid::Uuid;

const POSTGRES: &str = "postgres://postgres@127.0.0.1:5432";
const LEVELS: usize = 60;
const CHAPTERS: usize = 6;
const SKILLS: usize = 6;
const APPROACHES: usize = 3;
/// Timed requests per view and scope (after two untimed ones): enough that the p95 is not
/// simply the slowest request.
const RUNS: usize = 100;
/// Timed runs of the plain GROUP BY, whose p50 is the baseline (a global one takes ~1.5 s).
const BASELINE_RUNS: usize = 5;
const VIEWS: [&str; 7] = ["overview", "skill", "difficulty", "level", "approach", "chapter", "attempts"];

/// The provider's size.
#[derive(Clone, Copy)]
struct Size {
    companies: usize,
    batches_per_company: usize,
    trainees: usize,
    attempts: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let scale: f64 = std::env::var("PLAYTRACK_BENCH_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let full = |n: usize| ((n as f64) * scale).max(1.0) as usize;
    let postgres =
        Size { companies: full(200), batches_per_company: 10, trainees: full(200_000), attempts: full(10_000_000) };
    let sqlite =
        Size { companies: full(20), batches_per_company: 10, trainees: full(20_000), attempts: full(1_000_000) };
    println!("Playtrack reports benchmark ({}), {RUNS} timed requests per view and scope", support::BUILD);
    bench("SQLite", None, sqlite, None).await?;
    let Ok(admin) = Database::connect(format!("{POSTGRES}/postgres")).await else {
        println!("PostgreSQL at {POSTGRES} is not reachable: skipped");
        return Ok(());
    };
    let name = format!("playtrack_bench_{}", Uuid::now_v7().simple());
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await?;
    // Production reaches its database over TLS: the views and exports are measured so, then by a
    // second server on the same data without TLS, to show what TLS costs.
    let url = |ssl_mode: &str| format!("{POSTGRES}/{name}?sslmode={ssl_mode}");
    let measured = bench("PG TLS", Some(url("require")), postgres, Some(("PG no TLS", url("disable")))).await;
    admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await?;
    measured
}

/// Generates a provider of `size` on `database_url` and measures it there, then, for `beside`,
/// through another server on the same database reached at another URL.
async fn bench(
    backend: &str,
    database_url: Option<String>,
    size: Size,
    beside: Option<(&str, String)>,
) -> anyhow::Result<()> {
    let server = support::start_on(1, database_url).await?;
    let db = connect(&server.database_url).await?;
    let started = Instant::now();
    let provider = Provider::generate(&db, size).await?;
    println!(
        "{backend}: {} companies, {} batches, {} trainees, {} attempts generated and folded in {:.0} s",
        size.companies,
        size.companies * size.batches_per_company,
        size.trainees,
        size.attempts,
        started.elapsed().as_secs_f64()
    );
    measure(backend, &server, &db, &provider).await?;
    if let Some((other, url)) = beside {
        let server = support::start_beside(&server, url).await?;
        measure(other, &server, &connect(&server.database_url).await?, &provider).await?;
    }
    Ok(())
}

async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.to_owned());
    options.max_connections(2);
    Ok(Database::connect(options).await?)
}

/// Every view's p50/p95 for three scopes next to a plain GROUP BY over `db`, and the exports'
/// peak memory, through `server`.
async fn measure(
    backend: &str,
    server: &support::Server,
    db: &DatabaseConnection,
    provider: &Provider,
) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let login: Value = client
        .post(format!("{}/api/v1/auth/login", server.base))
        .json(&json!({ "email": server.admins[0], "password": PASSWORD }))
        .send()
        .await?
        .json()
        .await?;
    let token = login["token"].as_str().unwrap_or_default().to_owned();
    let scopes = [
        ("global", String::new(), "company", plain(Scope::Global)),
        ("company", format!("&company={}", provider.company), "trainee", plain(Scope::Company(provider.company))),
        ("batch", format!("&batch={}", provider.batch), "trainee", plain(Scope::Batch(provider.batch))),
    ];
    for (scope, filter, group, plain) in &scopes {
        let baseline =
            timed(BASELINE_RUNS, || async { db.query_all(plain).await.map(|_| ()).map_err(Into::into) }).await?;
        println!(
            "{backend:<10} {scope:<8} plain GROUP BY over raw attempts: p50 {:>8.1} ms  p95 {:>8.1} ms",
            ms(baseline.0),
            ms(baseline.1)
        );
        for view in VIEWS {
            let url = format!("{}/api/v1/reports/scores?view={view}&group={group}&per_page=25{filter}", server.base);
            let measured = timed(RUNS, || async {
                let response = client.get(&url).bearer_auth(&token).send().await?;
                anyhow::ensure!(response.status().is_success(), "{url}: {}", response.status());
                response.bytes().await?;
                Ok(())
            })
            .await?;
            println!(
                "{backend:<10} {scope:<8} {view:<10} p50 {:>8.1} ms  p95 {:>8.1} ms  max {:>8.1} ms   plain/view (p50) {:>6.1}×",
                ms(measured.0),
                ms(measured.1),
                ms(measured.2),
                baseline.0.as_secs_f64() / measured.0.as_secs_f64()
            );
        }
    }
    // Exports: the peak memory an export adds, for a batch's attempts and for about a million.
    for (label, filter) in [
        ("a batch's attempts", format!("&batch={}", provider.batch)),
        ("the latest ≤1,000,000 attempts", provider.million_filter.clone()),
    ] {
        for format in ["csv", "xlsx"] {
            reset_peak_memory();
            let before = peak_memory_kib();
            let started = Instant::now();
            let url = format!("{}/api/v1/reports/scores/export.{format}?view=attempts{filter}", server.base);
            let mut response = client.get(&url).bearer_auth(&token).send().await?;
            anyhow::ensure!(response.status().is_success(), "{url}: {}", response.status());
            // Read as it comes, so that the peak is the server's, not this client's copy.
            let (mut size, mut lines) = (0, 0);
            while let Some(chunk) = response.chunk().await? {
                size += chunk.len();
                lines += bytecount(&chunk);
            }
            println!(
                "{backend:<10} export {format:<4} of {label:<20} {:>9} bytes{} in {:>6.1} s, peak memory +{} MiB",
                size,
                if format == "csv" { format!(" ({} rows)", lines.saturating_sub(1)) } else { String::new() },
                started.elapsed().as_secs_f64(),
                peak_memory_kib().saturating_sub(before) / 1024
            );
        }
    }
    Ok(())
}

fn bytecount(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| **b == b'\n').count()
}

/// Resets the process's peak resident memory (Linux), so the next peak is the export's.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn peak_memory_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// p50, p95 and the slowest of `runs` calls of `call` (after two untimed ones).
async fn timed<F, Fut>(runs: usize, call: F) -> anyhow::Result<(Duration, Duration, Duration)>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    for _ in 0..2 {
        call().await?;
    }
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        call().await?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok((support::quantile(&times, 0.5), support::quantile(&times, 0.95), times[runs - 1]))
}

/// A plain GROUP BY over the raw attempts: per company, or per trainee of a company or batch.
fn plain(scope: Scope) -> SelectStatement {
    let mut select = Query::select();
    select
        .expr(Expr::cust("COUNT(*)"))
        .expr(Expr::cust("AVG(score * 100.0 / max_score)"))
        .expr(Expr::cust("MAX(completed_at)"))
        .from("attempts");
    match scope {
        Scope::Global => select.column("company_id").group_by_col("company_id"),
        Scope::Company(company) => {
            select.column("user_id").and_where(Expr::col("company_id").eq(company)).group_by_col("user_id")
        }
        Scope::Batch(batch) => select
            .column("user_id")
            .and_where(
                Expr::col("user_id").in_subquery(
                    Query::select()
                        .column("user_id")
                        .from("batch_members")
                        .and_where(Expr::col("batch_id").eq(batch))
                        .take(),
                ),
            )
            .group_by_col("user_id"),
    };
    select
}

#[derive(Clone, Copy)]
enum Scope {
    Global,
    Company(Uuid),
    Batch(Uuid),
}

/// The largest company, one of its batches, and a day filter that leaves about a million
/// attempts (or all of them on a smaller provider).
struct Provider {
    company: Uuid,
    batch: Uuid,
    million_filter: String,
}

impl Provider {
    async fn generate(db: &DatabaseConnection, size: Size) -> anyhow::Result<Self> {
        let mut rng = StdRng::seed_from_u64(2026);
        let now = OffsetDateTime::now_utc();
        let year_ago = now - time::Duration::days(365);
        let industry = Uuid::now_v7();
        let country = Uuid::now_v7();
        insert(db, "industries", &["id", "name", "active"], vec![vec![industry.into(), "Bench".into(), true.into()]])
            .await?;
        insert(
            db,
            "countries",
            &["id", "name", "iso_code", "active"],
            vec![vec![country.into(), "Benchland".into(), "QB".into(), true.into()]],
        )
        .await?;
        let companies: Vec<Uuid> = (0..size.companies).map(|_| Uuid::now_v7()).collect();
        let rows = companies.iter().enumerate().map(|(n, id)| {
            vec![
                (*id).into(),
                format!("Company {n:03}").into(),
                format!("ops{n}@bench.example").into(),
                "Ops".into(),
                industry.into(),
                country.into(),
                "".into(),
                30i32.into(),
                true.into(),
                false.into(),
                now.into(),
            ]
        });
        insert(
            db,
            "companies",
            &[
                "id",
                "name",
                "email",
                "contact_person",
                "industry_id",
                "country_id",
                "remark",
                "session_minutes",
                "active",
                "mfa_required",
                "created_at",
            ],
            rows.collect(),
        )
        .await?;
        let batches: Vec<(Uuid, usize)> = (0..size.companies * size.batches_per_company)
            .map(|n| (Uuid::now_v7(), n / size.batches_per_company))
            .collect();
        insert(
            db,
            "batches",
            &["id", "company_id", "name", "active", "created_at"],
            batches
                .iter()
                .enumerate()
                .map(|(n, (id, c))| {
                    vec![(*id).into(), companies[*c].into(), format!("Batch {n}").into(), true.into(), now.into()]
                })
                .collect(),
        )
        .await?;
        // Trainees spread evenly; each in one batch of their company.
        let trainees: Vec<(Uuid, usize)> = (0..size.trainees).map(|n| (Uuid::now_v7(), n % size.companies)).collect();
        insert(
            db,
            "users",
            &["id", "email", "name", "role", "company_id", "status", "mfa_required", "locale", "created_at"],
            trainees
                .iter()
                .enumerate()
                .map(|(n, (id, c))| {
                    vec![
                        (*id).into(),
                        format!("t{n}@bench.example").into(),
                        format!("Trainee {n}").into(),
                        "USER".into(),
                        companies[*c].into(),
                        "active".into(),
                        false.into(),
                        "en".into(),
                        now.into(),
                    ]
                })
                .collect(),
        )
        .await?;
        insert(
            db,
            "batch_members",
            &["batch_id", "user_id", "added_at"],
            trainees
                .iter()
                .enumerate()
                .map(|(n, (id, c))| {
                    let batch =
                        batches[c * size.batches_per_company + (n / size.companies) % size.batches_per_company].0;
                    vec![batch.into(), (*id).into(), now.into()]
                })
                .collect(),
        )
        .await?;
        let skills: Vec<Uuid> = (0..SKILLS).map(|_| Uuid::now_v7()).collect();
        insert(
            db,
            "skills",
            &["id", "name"],
            skills.iter().enumerate().map(|(n, id)| vec![(*id).into(), format!("Skill {n}").into()]).collect(),
        )
        .await?;
        let approaches: Vec<Uuid> = (0..APPROACHES).map(|_| Uuid::now_v7()).collect();
        insert(
            db,
            "approaches",
            &["id", "name"],
            approaches.iter().enumerate().map(|(n, id)| vec![(*id).into(), format!("Approach {n}").into()]).collect(),
        )
        .await?;
        let chapters: Vec<Uuid> = (0..CHAPTERS).map(|_| Uuid::now_v7()).collect();
        insert(
            db,
            "chapters",
            &["id", "number", "title"],
            chapters
                .iter()
                .enumerate()
                .map(|(n, id)| {
                    vec![(*id).into(), i32::try_from(n + 1).unwrap_or(0).into(), format!("Chapter {}", n + 1).into()]
                })
                .collect(),
        )
        .await?;
        let levels: Vec<Uuid> = (0..LEVELS).map(|_| Uuid::now_v7()).collect();
        let per_chapter = LEVELS / CHAPTERS;
        insert(
            db,
            "levels",
            &["id", "chapter_id", "number", "title", "max_score", "difficulty"],
            levels
                .iter()
                .enumerate()
                .map(|(n, id)| {
                    vec![
                        (*id).into(),
                        chapters[n / per_chapter].into(),
                        i32::try_from(n % per_chapter + 1).unwrap_or(0).into(),
                        format!("Level {n}").into(),
                        100i32.into(),
                        ["easy", "medium", "hard"][n % 3].into(),
                    ]
                })
                .collect(),
        )
        .await?;
        insert(
            db,
            "level_skills",
            &["level_id", "skill_id", "max_points"],
            levels
                .iter()
                .enumerate()
                .flat_map(|(n, id)| {
                    [(n % SKILLS, 60i32), ((n + 1) % SKILLS, 40i32)]
                        .map(|(skill, max)| vec![(*id).into(), skills[skill].into(), max.into()])
                })
                .collect(),
        )
        .await?;
        let client = Uuid::now_v7();
        insert(
            db,
            "api_clients",
            &[
                "id",
                "name",
                "kind",
                "all_companies",
                "secret_hash",
                "secret_hint",
                "rate_limit_per_minute",
                "created_at",
            ],
            vec![vec![
                client.into(),
                "Bench game".into(),
                "game".into(),
                true.into(),
                "0".repeat(64).into(),
                "ptk_".into(),
                1000i32.into(),
                now.into(),
            ]],
        )
        .await?;

        let difficulties = ["easy", "medium", "hard"];
        let mut done = 0;
        while done < size.attempts {
            let count = (size.attempts - done).min(100_000);
            let mut attempts = Vec::with_capacity(count);
            let mut points = Vec::with_capacity(count * 2);
            for n in done..done + count {
                let id = Uuid::now_v7();
                let (trainee, company) = trainees[rng.random_range(0..trainees.len())];
                let level = rng.random_range(0..LEVELS);
                let score: i32 = rng.random_range(0..=100);
                let completed = year_ago + time::Duration::seconds(rng.random_range(0..365 * 86_400));
                attempts.push(vec![
                    id.into(),
                    client.into(),
                    format!("a{n}").into(),
                    trainee.into(),
                    companies[company].into(),
                    levels[level].into(),
                    difficulties[rng.random_range(0..3)].into(),
                    approaches[rng.random_range(0..APPROACHES)].into(),
                    score.into(),
                    100i32.into(),
                    300i32.into(),
                    (completed - time::Duration::minutes(5)).into(),
                    completed.into(),
                    completed.into(),
                    "0".repeat(64).into(),
                ]);
                for (skill, max) in [(level % SKILLS, 60i32), ((level + 1) % SKILLS, 40i32)] {
                    points.push(vec![id.into(), skills[skill].into(), rng.random_range(0..=max).into(), max.into()]);
                }
            }
            insert(
                db,
                "attempts",
                &[
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
                ],
                attempts,
            )
            .await?;
            insert(db, "attempt_skill_points", &["attempt_id", "skill_id", "points", "max_points"], points).await?;
            done += count;
        }
        for statement in migration::fold_attempts_into_results() {
            db.execute_unprepared(&statement).await?;
        }
        db.execute_unprepared("ANALYZE").await?;
        // The days of the last ~million attempts (the attempts are spread evenly over the year).
        let days = (365.0 * (1_000_000.0 / size.attempts as f64).min(1.0)).ceil() as i64;
        let from = (now - time::Duration::days(days)).date();
        Ok(Self { company: companies[0], batch: batches[0].0, million_filter: format!("&from={from}") })
    }
}
