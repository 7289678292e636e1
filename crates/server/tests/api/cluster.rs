//! The deployment `docs/operations.md` describes: three processes on one PostgreSQL database
//! behind nginx (Debian's, configured by `deploy/nginx.conf`). A whole journey with each
//! request sent to a random process; then a rolling restart (each process stopped with SIGTERM
//! and started again in turn) while load comes through nginx, with no request failing.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration as StdDuration,
};

use kernel::Role;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use time::OffsetDateTime;

use crate::{
    game::Game,
    helpers::{Nginx, ServerProcess, TestApp, TestDb, free_port, nginx_binary, spawn_app},
    ingest_crash::game_a_day_old,
};

const PROCESSES: usize = 3;

/// The cluster's processes and where each listens (a restarted one comes back there).
struct Cluster {
    processes: Vec<ServerProcess>,
    ports: Vec<u16>,
}

impl Cluster {
    fn env() -> [(&'static str, &'static str); 2] {
        [("PLAYTRACK_TRUSTED_PROXIES", "127.0.0.1"), ("PLAYTRACK_WORKERS", "2")]
    }

    async fn start(app: &TestApp) -> Self {
        let ports: Vec<u16> = (0..PROCESSES).map(|_| free_port()).collect();
        let mut processes = Vec::new();
        for port in &ports {
            processes.push(Self::spawn(app, *port).await);
        }
        Self { processes, ports }
    }

    async fn spawn(app: &TestApp, port: u16) -> ServerProcess {
        let mut env: Vec<(&str, &str)> = Self::env().to_vec();
        let smtp = app.config.smtp_url.clone().unwrap();
        env.push(("PLAYTRACK_SMTP_URL", &smtp));
        let mut process = ServerProcess::spawn_at(port, &app.config.database_url(), &app.config.data_dir, &env, None);
        assert!(process.until_up(&app.client).await, "process on {port} started");
        process
    }

    /// A random process's address.
    fn any(&self) -> String {
        let n = usize::try_from(OffsetDateTime::now_utc().nanosecond()).unwrap() % self.processes.len();
        self.processes[n].address.clone()
    }
}

fn attempts(game: &Game, tag: &str, count: usize) -> Vec<Value> {
    let now = OffsetDateTime::now_utc();
    (0..count).map(|i| game.attempt(&format!("{tag}-{i}"), u32::try_from(i % 101).unwrap(), now)).collect()
}

#[tokio::test]
async fn a_journey_over_random_processes_and_a_rolling_restart_under_load_through_nginx() {
    let Some(nginx_binary) = nginx_binary() else { return };
    let Some(db) = TestDb::postgres().await else { return };
    let app = spawn_app(db).await;
    let game = game_a_day_old(&app).await;
    let admin = app.user(Role::CompanyAdmin, Some(game.company)).await;
    let mut cluster = Cluster::start(&app).await;
    let client = reqwest::Client::new();

    // The journey, each request to a random process.
    let token = app.token_at(&cluster.any(), &admin).await;
    let newcomer = app.invited(game.company, "Nadia Haddad").await.id;
    let seat = client
        .post(format!("{}/api/v1/seats", cluster.any()))
        .bearer_auth(&token)
        .json(&json!({ "user_id": newcomer }))
        .send()
        .await
        .unwrap();
    assert_eq!(seat.status(), 201, "{}", seat.text().await.unwrap());
    for n in 0..3 {
        let stored = client
            .post(format!("{}/api/v1/game/attempts", cluster.any()))
            .bearer_auth(&game.key)
            .json(&json!({ "attempts": attempts(&game, &format!("journey-{n}"), 50) }))
            .send()
            .await
            .unwrap();
        assert_eq!(stored.status(), 200);
    }
    let mut counted = Value::Null;
    for _ in 0..100 {
        counted = client
            .get(format!("{}/api/v1/reports/scores?view=attempts&per_page=1", cluster.any()))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if counted["as_of"].is_null() && counted["total"] == 150 {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(100)).await;
    }
    assert_eq!(counted["total"], 150, "{counted}");
    let csv = client
        .get(format!("{}/api/v1/reports/scores/export.csv?view=attempts", cluster.any()))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(csv.lines().count(), 151, "every attempt's row after the header");
    let out = client.post(format!("{}/api/v1/auth/logout", cluster.any())).bearer_auth(&token).send().await.unwrap();
    assert_eq!(out.status(), 204);
    let after = client.get(format!("{}/api/v1/me", cluster.any())).bearer_auth(&token).send().await.unwrap();
    assert_eq!(after.status(), 401, "signed out on every process");

    // A rolling restart while readers and a game send through nginx.
    let nginx = Nginx::start(&nginx_binary, &cluster.ports).await;
    let token = app.token_at(&nginx.address, &admin).await;
    let done = Arc::new(AtomicBool::new(false));
    let (answered, batches) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut load = Vec::new();
    for worker in 0..4 {
        let (client, base, done, answered, batches) =
            (client.clone(), nginx.address.clone(), done.clone(), answered.clone(), batches.clone());
        let (token, key, game_attempts) =
            (token.clone(), game.key.clone(), attempts(&game, &format!("roll-{worker}"), 2_000));
        load.push(tokio::spawn(async move {
            let mut failures = Vec::new();
            let mut round = 0;
            while !done.load(Ordering::SeqCst) {
                let request = if worker == 0 {
                    let chunk = &game_attempts[(round * 20) % 2_000..(round * 20) % 2_000 + 20];
                    batches.fetch_add(1, Ordering::SeqCst);
                    client
                        .post(format!("{base}/api/v1/game/attempts"))
                        .bearer_auth(&key)
                        .json(&json!({ "attempts": chunk }))
                } else if worker == 1 {
                    client.get(format!("{base}/api/v1/reports/scores?view=attempts&per_page=5")).bearer_auth(&token)
                } else {
                    client.get(format!("{base}/api/v1/me")).bearer_auth(&token)
                };
                match request.send().await {
                    Ok(response) if response.status().is_success() => match response.bytes().await {
                        Ok(_) => {}
                        Err(error) => failures.push(format!("body: {error}")),
                    },
                    Ok(response) => {
                        failures.push(format!("{}: {}", response.status(), response.text().await.unwrap_or_default()))
                    }
                    Err(error) => failures.push(format!("{error}")),
                }
                answered.fetch_add(1, Ordering::SeqCst);
                round += 1;
            }
            failures
        }));
    }
    tokio::time::sleep(StdDuration::from_millis(500)).await;
    for n in 0..PROCESSES {
        let before = answered.load(Ordering::SeqCst);
        cluster.processes[n].terminate();
        let status = cluster.processes[n].exited_within(StdDuration::from_secs(30)).await.expect("stopped in time");
        assert!(status.success(), "{status}");
        cluster.processes[n] = Cluster::spawn(&app, cluster.ports[n]).await;
        let ready = client.get(cluster.processes[n].url("/api/v1/readyz")).send().await.unwrap();
        assert_eq!(ready.status(), 200);
        assert!(answered.load(Ordering::SeqCst) > before, "the load went on while process {n} restarted");
        tokio::time::sleep(StdDuration::from_millis(300)).await;
    }
    done.store(true, Ordering::SeqCst);
    let mut failures = Vec::new();
    for worker in load {
        failures.extend(worker.await.unwrap());
    }
    println!(
        "rolling restart: {} requests through nginx, {} batches of attempts, {} failed",
        answered.load(Ordering::SeqCst),
        batches.load(Ordering::SeqCst),
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(answered.load(Ordering::SeqCst) > 50, "load was sent");
    // A sign-out through the proxy: a POST with no body, which many clients send without
    // `Content-Length`.
    let out = client.post(format!("{}/api/v1/auth/logout", nginx.address)).bearer_auth(&token).send().await.unwrap();
    assert_eq!(out.status(), 204, "signed out through nginx");
    let stored = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) FROM attempts WHERE external_id LIKE 'roll-%'",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<i64>(0)
        .unwrap();
    assert_eq!(usize::try_from(stored).unwrap(), batches.load(Ordering::SeqCst) * 20, "every batch stored once");
}
