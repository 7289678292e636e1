//! `just bench`: sign-in latency and throughput against the real server (release build,
//! embedded SQLite), and `/healthz` latency while sign-ins saturate the hashing pool.
//! Prints a report; asserts nothing (figures are compared by people, not by CI).

use std::time::{Duration, Instant};

mod support;

use support::PASSWORD;

const USERS: usize = 32;
const CONCURRENCY: usize = 16;
const SATURATION: Duration = Duration::from_secs(10);
const PROBE_EVERY: Duration = Duration::from_millis(20);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let server = support::start(USERS).await?;
    let (base, emails) = (server.base.clone(), server.admins.clone());
    let client = reqwest::Client::builder().pool_max_idle_per_host(CONCURRENCY * 2).build()?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!(
        "Playtrack sign-in benchmark: {cores} cores, hashing pool {} thread(s), SQLite, {}",
        cores.saturating_sub(1).max(1),
        support::BUILD
    );

    let healthz_idle = probe(&client, &base, Duration::from_secs(2)).await;
    report("healthz, idle", &healthz_idle, None);

    let mut sequential = Vec::new();
    for email in emails.iter().cycle().take(50) {
        sequential.push(login(&client, &base, email).await?);
    }
    report("login, one at a time", &sequential, None);

    let started = Instant::now();
    let mut loops = Vec::new();
    for worker in 0..CONCURRENCY {
        let (client, base, email) = (client.clone(), base.clone(), emails[worker % USERS].clone());
        loops.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while started.elapsed() < SATURATION {
                latencies.push(login(&client, &base, &email).await?);
            }
            anyhow::Ok(latencies)
        }));
    }
    let healthz_busy = probe(&client, &base, SATURATION).await;
    let mut saturated = Vec::new();
    for worker in loops {
        saturated.extend(worker.await??);
    }
    report(&format!("login, {CONCURRENCY} concurrent"), &saturated, Some(started.elapsed()));
    report("healthz, during saturation", &healthz_busy, None);
    Ok(())
}

async fn login(client: &reqwest::Client, base: &str, email: &str) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let response = client
        .post(format!("{base}/api/v1/auth/login"))
        .json(&serde_json::json!({ "email": email, "password": PASSWORD }))
        .send()
        .await?;
    anyhow::ensure!(response.status() == 200, "login answered {}", response.status());
    Ok(started.elapsed())
}

/// `/healthz` every [`PROBE_EVERY`] for `duration`.
async fn probe(client: &reqwest::Client, base: &str, duration: Duration) -> Vec<Duration> {
    let started = Instant::now();
    let mut latencies = Vec::new();
    while started.elapsed() < duration {
        let sent = Instant::now();
        if client.get(format!("{base}/api/v1/healthz")).send().await.is_ok_and(|r| r.status() == 200) {
            latencies.push(sent.elapsed());
        }
        tokio::time::sleep(PROBE_EVERY).await;
    }
    latencies
}

fn report(what: &str, latencies: &[Duration], over: Option<Duration>) {
    let mut sorted = latencies.to_vec();
    sorted.sort();
    let at = |q: f64| support::quantile(&sorted, q);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let throughput = over.map(|d| format!(", {:.1}/s", sorted.len() as f64 / d.as_secs_f64())).unwrap_or_default();
    println!(
        "{what:<28} n={:<5} p50 {:>7.2} ms  p95 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms{throughput}",
        sorted.len(),
        ms(at(0.5)),
        ms(at(0.95)),
        ms(at(0.99)),
        ms(sorted.last().copied().unwrap_or_default())
    );
}
