//! `just load`: a provider's busy hour against the deployment `docs/operations.md` describes,
//! three release-build `playtrack` processes on one PostgreSQL database over TLS behind
//! Debian's nginx, all on loopback. Games report attempts, managers read every report view,
//! exports stream and people sign in and out, all at once, for `PLAYTRACK_LOAD_SECONDS` (60 by
//! default) and at most [`MAX_REQUESTS`] a worker. Prints each kind's requests, throughput,
//! p50 and p99 and its failures by kind; asserts nothing (the figures go into the docs).

use std::{
    collections::BTreeMap,
    sync::Arc,
    time::{Duration, Instant},
};

mod support;

#[path = "../tests/api/helpers/nginx.rs"]
mod nginx;
#[allow(dead_code, reason = "the tests' process helpers; the load starts its processes and no more")]
#[path = "../tests/api/helpers/process.rs"]
mod process;

use process::{ServerProcess, free_port};
use sea_orm::{
    ConnectionTrait, Database,
    sea_query::{Expr, Query},
};
use serde_json::{Value, json};
use store::Store;
use support::{PASSWORD, world::World};
use uuid::Uuid;

const POSTGRES: &str = "postgres://postgres@127.0.0.1:5432";
const PROCESSES: usize = 3;
/// Attempts stored before the hour starts, so reports and exports read a real company.
const PRELOAD: usize = 20_000;
/// Attempts a game's request carries during the hour.
const BATCH: usize = 50;
const MAX_REQUESTS: usize = 5_000;
const VIEWS: [&str; 7] = ["overview", "skill", "difficulty", "level", "approach", "chapter", "attempts"];

/// What a worker sends, and how many workers send it at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Ingestion,
    Report,
    Export,
    SignIn,
}

impl Kind {
    const ALL: [(Self, usize); 4] = [(Self::Ingestion, 2), (Self::Report, 4), (Self::Export, 1), (Self::SignIn, 1)];

    const fn label(self) -> &'static str {
        match self {
            Self::Ingestion => "game ingestion (50 attempts)",
            Self::Report => "report views",
            Self::Export => "exports (CSV, XLSX)",
            Self::SignIn => "sign-in and sign-out",
        }
    }
}

/// A worker's answers: how long each took, and each failure's kind.
#[derive(Default)]
struct Tally {
    took: Vec<Duration>,
    failures: BTreeMap<String, usize>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let seconds: u64 = std::env::var("PLAYTRACK_LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let Some(nginx_binary) = nginx::nginx_binary() else { return Ok(()) };
    let Ok(admin) = Database::connect(format!("{POSTGRES}/postgres")).await else {
        println!("PostgreSQL at {POSTGRES} is not reachable: skipped");
        return Ok(());
    };
    let name = format!("playtrack_load_{}", Uuid::now_v7().simple());
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await?;
    let measured = run(&nginx_binary, &format!("{POSTGRES}/{name}?sslmode=require"), seconds).await;
    admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await?;
    measured
}

async fn run(nginx_binary: &std::path::Path, url: &str, seconds: u64) -> anyhow::Result<()> {
    let store = Store::connect(url).await?;
    store.migrate().await?;
    let admins = support::super_admins(&store, 2).await?;
    let folder = tempfile::tempdir()?;
    let client = reqwest::Client::new();
    let ports: Vec<u16> = (0..PROCESSES).map(|_| free_port()).collect();
    let mut processes = Vec::new();
    for port in &ports {
        let env = [("PLAYTRACK_TRUSTED_PROXIES", "127.0.0.1"), ("PLAYTRACK_METRICS_TOKEN", METRICS_TOKEN)];
        let mut process = ServerProcess::spawn_at(*port, url, folder.path(), &env, None);
        anyhow::ensure!(process.until_up(&client).await, "the process on {port} did not start");
        processes.push(process);
    }
    let nginx = nginx::Nginx::start(nginx_binary, &ports).await;
    let prometheus = Prometheus::start(&ports, folder.path()).await?;
    let base = nginx.address.clone();
    let db = Database::connect(url).await?;
    let world = Arc::new(World::build(&base, &admins[0], &db).await?);
    for body in world.bodies(PRELOAD, 1_000, "preload") {
        world.post(&base, body).await?;
    }
    // Every preloaded attempt in the reports before the clock starts.
    let queued = Query::select().expr(Expr::cust("1")).from("fold_queue").take();
    while db.query_one(&queued).await?.is_some() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let token = sign_in(&client, &base, &admins[0]).await?;
    println!(
        "Playtrack load: {PROCESSES} processes ({}) on PostgreSQL over TLS behind nginx, {PRELOAD} attempts stored, {seconds} s",
        support::BUILD
    );

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let cpu = support::CpuMeter::start();
    let mut workers = Vec::new();
    for (kind, count) in Kind::ALL {
        for worker in 0..count {
            let (client, base, world, token, admin) =
                (client.clone(), base.clone(), world.clone(), token.clone(), admins[1].clone());
            workers.push(tokio::spawn(async move {
                let mut tally = Tally::default();
                for round in 0..MAX_REQUESTS {
                    if Instant::now() >= deadline {
                        break;
                    }
                    let sent = Instant::now();
                    let outcome = match kind {
                        Kind::Ingestion => {
                            let first = PRELOAD + (round * Kind::ALL[0].1 + worker) * BATCH;
                            let body = world.body(first..first + BATCH, "hour");
                            let request = client
                                .post(format!("{base}/api/v1/game/attempts"))
                                .bearer_auth(&world.key)
                                .header("content-type", "application/json")
                                .body(body);
                            answer(request).await
                        }
                        Kind::Report => {
                            let view = VIEWS[(round + worker) % VIEWS.len()];
                            answer(client.get(format!("{base}/api/v1/reports/scores?view={view}")).bearer_auth(&token))
                                .await
                        }
                        Kind::Export => {
                            let path =
                                if round % 2 == 0 { "export.csv?view=attempts" } else { "export.xlsx?view=skill" };
                            answer(client.get(format!("{base}/api/v1/reports/scores/{path}")).bearer_auth(&token)).await
                        }
                        Kind::SignIn => match sign_in(&client, &base, &admin).await {
                            Ok(session) => {
                                answer(client.post(format!("{base}/api/v1/auth/logout")).bearer_auth(session)).await
                            }
                            Err(failure) => Err(failure.to_string()),
                        },
                    };
                    match outcome {
                        Ok(()) => tally.took.push(sent.elapsed()),
                        Err(failure) => *tally.failures.entry(failure).or_default() += 1,
                    }
                }
                (kind, tally)
            }));
        }
    }
    let mut tallies: BTreeMap<Kind, Tally> = BTreeMap::new();
    for worker in workers {
        let (kind, tally) = worker.await?;
        let all = tallies.entry(kind).or_default();
        all.took.extend(tally.took);
        for (failure, count) in tally.failures {
            *all.failures.entry(failure).or_default() += count;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    // The processes, PostgreSQL and nginx are other processes: the machine's figure is theirs
    // and the load's together.
    println!("{}", cpu.report());
    for (kind, tally) in &mut tallies {
        tally.took.sort_unstable();
        let ms = |q| support::quantile(&tally.took, q).as_secs_f64() * 1000.0;
        let failed: usize = tally.failures.values().sum();
        println!(
            "{:<30} {:>6} answered {:>7.1}/s   p50 {:>6.0} ms   p99 {:>6.0} ms   failed {failed}{}",
            kind.label(),
            tally.took.len(),
            tally.took.len() as f64 / elapsed,
            ms(0.5),
            ms(0.99),
            if failed == 0 { String::new() } else { format!(": {:?}", tally.failures) },
        );
    }
    if let Some(prometheus) = &prometheus {
        prometheus.read_dashboard(&client).await?;
    }
    drop(nginx);
    drop(processes);
    store.close().await?;
    db.close().await?;
    Ok(())
}

/// Signs `email` in with [`PASSWORD`]: the session's token.
async fn sign_in(client: &reqwest::Client, base: &str, email: &str) -> anyhow::Result<String> {
    let response = client
        .post(format!("{base}/api/v1/auth/login"))
        .json(&json!({ "email": email, "password": PASSWORD }))
        .send()
        .await?;
    let status = response.status();
    let body: Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "HTTP {} {}", status.as_u16(), body["code"].as_str().unwrap_or_default());
    Ok(body["token"].as_str().unwrap_or_default().to_owned())
}

/// Sends `request` and reads its whole body: `Err` names the status or the transport failure.
async fn answer(request: reqwest::RequestBuilder) -> Result<(), String> {
    let response = request.send().await.map_err(|e| format!("transport: {e}"))?;
    let status = response.status();
    let body = response.bytes().await.map_err(|e| format!("body: {e}"))?;
    if status.is_success() {
        return Ok(());
    }
    let problem: Value = serde_json::from_slice(&body).unwrap_or_default();
    Err(format!("HTTP {} {}", status.as_u16(), problem["code"].as_str().unwrap_or_default()))
}

/// The processes' `metrics_token`, for Prometheus.
const METRICS_TOKEN: &str = "load-test-metrics-token-of-32-characters";

/// Debian's Prometheus scraping every process each second, as `docs/operations.md` sets it up;
/// stopped when dropped. Grafana itself is in no package source this project uses, so the
/// dashboard's panels are read from Prometheus with their own queries.
struct Prometheus {
    child: std::process::Child,
    address: String,
}

impl Prometheus {
    /// `None`, saying so, where Prometheus is not installed.
    async fn start(ports: &[u16], folder: &std::path::Path) -> anyhow::Result<Option<Self>> {
        let binary = std::path::Path::new("/usr/bin/prometheus");
        if !binary.is_file() {
            println!("Prometheus is not installed (`apt-get install prometheus`): the dashboard is not read");
            return Ok(None);
        }
        let targets: Vec<String> = ports.iter().map(|port| format!("\"127.0.0.1:{port}\"")).collect();
        let config = folder.join("prometheus.yml");
        std::fs::write(
            &config,
            format!(
                "global: {{ scrape_interval: 1s }}\nscrape_configs:\n  - job_name: playtrack\n    \
                 authorization: {{ credentials: {METRICS_TOKEN} }}\n    \
                 static_configs: [{{ targets: [{}] }}]\n",
                targets.join(", ")
            ),
        )?;
        let address = format!("127.0.0.1:{}", free_port());
        let child = std::process::Command::new(binary)
            .arg(format!("--config.file={}", config.display()))
            .arg(format!("--storage.tsdb.path={}", folder.join("prometheus").display()))
            .arg(format!("--web.listen-address={address}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        let prometheus = Self { child, address: format!("http://{address}") };
        for _ in 0..100 {
            if reqwest::get(format!("{}/-/ready", prometheus.address)).await.is_ok_and(|r| r.status().is_success()) {
                return Ok(Some(prometheus));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        anyhow::bail!("Prometheus did not start on {address}")
    }

    /// Prints every panel of `docs/grafana/playtrack.json` as its queries read now.
    async fn read_dashboard(&self, client: &reqwest::Client) -> anyhow::Result<()> {
        // Two more scrapes, so the last requests are in.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let dashboard: Value = serde_json::from_str(include_str!("../../../docs/grafana/playtrack.json"))?;
        println!("The Grafana dashboard's panels, read from Prometheus with their queries:");
        for panel in dashboard["panels"].as_array().into_iter().flatten() {
            println!("  {}", panel["title"].as_str().unwrap_or_default());
            for target in panel["targets"].as_array().into_iter().flatten() {
                let query = target["expr"].as_str().unwrap_or_default();
                let answer: Value = client
                    .get(format!("{}/api/v1/query", self.address))
                    .query(&[("query", query)])
                    .send()
                    .await?
                    .json()
                    .await?;
                let series = answer["data"]["result"].as_array().cloned().unwrap_or_default();
                if series.is_empty() {
                    println!("    {query}: no data");
                }
                for one in series {
                    let labels: Vec<String> = one["metric"]
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(name, value)| format!("{name}={}", value.as_str().unwrap_or_default()))
                        .collect();
                    let value: f64 = one["value"][1].as_str().unwrap_or_default().parse().unwrap_or(f64::NAN);
                    // A quantile of no requests in the window is NaN, a gap on a Grafana panel.
                    let value = if value.is_nan() { "none in the window".to_owned() } else { format!("{value:.3}") };
                    println!("    {{{}}} {value}", labels.join(", "));
                }
            }
        }
        Ok(())
    }
}

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
