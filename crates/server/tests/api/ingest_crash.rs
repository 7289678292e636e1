//! Ingestion that never loses or doubles an attempt: a load generator posts batches while the
//! server process is killed (SIGKILL) and restarted at random moments, resending every batch
//! it got no answer for; two processes taking the same batch at once; and attempts a crash
//! left stored but not folded into results and rollups, which a running process folds.

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration as StdDuration,
};

use sea_orm::{
    ConnectionTrait, Statement,
    sea_query::{Alias, Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use crate::{
    game::Game,
    helpers::{ServerProcess, TestApp, spawn_app},
};

const BATCH: usize = 100;
const KILLS: usize = 10;

/// A game whose trainee took their seat two days ago by the wall clock, which the server
/// processes judge by (the test's own server runs on a clock of its own).
pub(crate) async fn game_a_day_old(app: &TestApp) -> Game {
    let game = app.game().await;
    let before = OffsetDateTime::now_utc() - Duration::days(2);
    for (table, column, value) in
        [("seats", "assigned_at", Expr::val(before)), ("licence_allocations", "valid_from", Expr::val(before.date()))]
    {
        let statement = Query::update().table(table.to_owned()).value(column.to_owned(), value).take();
        app.db.execute(&statement).await.unwrap();
    }
    game
}

fn batch(game: &Game, n: usize) -> Vec<Value> {
    let now = OffsetDateTime::now_utc();
    (0..BATCH).map(|i| game.attempt(&format!("crash-{n}-{i}"), u32::try_from(i % 101).unwrap(), now)).collect()
}

/// Waits for the processes' folders to take every queued attempt, then checks that each stored
/// attempt counts once in the results and in both rollups.
pub(crate) async fn every_attempt_folded_once(app: &TestApp) {
    for _ in 0..300 {
        if app.count("fold_queue").await == 0 {
            break;
        }
        tokio::time::sleep(StdDuration::from_millis(100)).await;
    }
    assert_eq!(app.count("fold_queue").await, 0, "nothing is left queued");
    let stored = app.count("attempts").await;
    let whole = "WHERE split = ''";
    for (table, rows) in [("level_results", ""), ("trainee_rollups", whole), ("company_level_rollups", whole)] {
        let sql = format!("SELECT CAST(COALESCE(SUM(attempts), 0) AS BIGINT) FROM {table} {rows}");
        let row = app.db.query_one_raw(Statement::from_string(app.db.get_database_backend(), sql)).await.unwrap();
        let counted: i64 = row.unwrap().try_get_by_index(0).unwrap();
        assert_eq!(counted, stored, "{table} counts every stored attempt once");
    }
}

/// The `attempts` cell of an overview of one row.
fn attempts_counted(report: &Value) -> f64 {
    let column = report["columns"].as_array().unwrap().iter().position(|c| c["key"] == "attempts").unwrap();
    report["rows"][0]["cells"][column].as_f64().unwrap()
}

/// Stores a copy of attempt `old` as a crash between storing and folding leaves it: queued.
async fn store_unfolded_copy(app: &TestApp, old: Uuid, n: usize) {
    let new = Uuid::now_v7();
    let copy = |table: &str, key: &str, columns: &[&str], head: [(&str, Expr); 2], from: &str, of: Uuid| {
        let mut select = Query::select();
        for (_, value) in &head {
            select.expr(value.clone());
        }
        select
            .columns(columns.iter().map(|c| Alias::new(*c)))
            .from(Alias::new(from))
            .and_where(Expr::col(Alias::new(key)).eq(of));
        let names = head.iter().map(|(name, _)| *name).chain(columns.iter().copied()).map(Alias::new);
        Query::insert().into_table(Alias::new(table)).columns(names).select_from(select).unwrap().take()
    };
    let attempt_columns = [
        "api_client_id",
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
    ];
    let statements = [
        copy(
            "attempts",
            "id",
            &attempt_columns,
            [("id", Expr::val(new)), ("external_id", Expr::val(format!("left-{n}")))],
            "attempts",
            old,
        ),
        copy(
            "attempt_skill_points",
            "attempt_id",
            &["points", "max_points"],
            [("attempt_id", Expr::val(new)), ("skill_id", Expr::col(Alias::new("skill_id")))],
            "attempt_skill_points",
            old,
        ),
        copy(
            "fold_queue",
            "id",
            &["company_id"],
            [("attempt_id", Expr::val(new)), ("queued_at", Expr::col(Alias::new("received_at")))],
            "attempts",
            new,
        ),
    ];
    for statement in statements {
        app.db.execute(&statement).await.unwrap();
    }
}

/// xorshift, seeded from the clock and printed, so a failing run can be replayed.
struct Noise(u64);

impl Noise {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// Posts `attempts` to whichever process is up until one answers 200, counting the resends.
async fn deliver(
    client: &reqwest::Client,
    address: &Mutex<String>,
    key: &str,
    attempts: &[Value],
    resends: &AtomicUsize,
) -> Value {
    loop {
        let url = format!("{}/api/v1/game/attempts", address.lock().unwrap());
        let answer = client.post(url).bearer_auth(key).json(&json!({ "attempts": attempts })).send().await;
        if let Ok(response) = answer
            && response.status() == 200
            && let Ok(body) = response.json::<Value>().await
        {
            return body;
        }
        resends.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(StdDuration::from_millis(20)).await;
    }
}

crate::on_both_databases! {
    async fn attempts_survive_a_server_killed_at_random_moments(db: TestDb) {
        let app = spawn_app(db).await;
        let game = game_a_day_old(&app).await;
        let seed = u64::try_from(OffsetDateTime::now_utc().unix_timestamp_nanos() & 0xffff_ffff).unwrap() | 1;
        println!("crash test seed {seed}");
        let mut noise = Noise(seed);
        let address = Arc::new(Mutex::new(String::new()));
        let mut process = ServerProcess::start(&app).await;
        *address.lock().unwrap() = process.address.clone();

        let done_killing = Arc::new(AtomicBool::new(false));
        let (sent, resends) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let loader = {
            let (address, done_killing, sent, resends) = (address.clone(), done_killing.clone(), sent.clone(), resends.clone());
            let client = app.client.clone();
            let batches: Vec<Vec<Value>> = (0..200).map(|n| batch(&game, n)).collect();
            let key = game.key.clone();
            tokio::spawn(async move {
                let mut answers = Vec::new();
                for attempts in &batches {
                    answers.push(deliver(&client, &address, &key, attempts, &resends).await);
                    sent.fetch_add(1, Ordering::SeqCst);
                    if done_killing.load(Ordering::SeqCst) && answers.len() >= 20 {
                        break;
                    }
                }
                answers
            })
        };
        for _ in 0..KILLS {
            tokio::time::sleep(StdDuration::from_millis(50 + noise.below(400))).await;
            drop(process); // SIGKILL, then reaped
            process = ServerProcess::start(&app).await;
            *address.lock().unwrap() = process.address.clone();
        }
        done_killing.store(true, Ordering::SeqCst);
        let answers = loader.await.unwrap();

        let (batches, resends) = (sent.load(Ordering::SeqCst), resends.load(Ordering::SeqCst));
        println!("{batches} batches of {BATCH} delivered through {KILLS} kills, {resends} sends unanswered and resent");
        assert!(batches >= 20, "only {batches} batches went through");
        assert!(resends >= KILLS, "every kill cost the loader at least one unanswered send");
        let duplicates: u64 = answers.iter().map(|a| a["duplicate"].as_u64().unwrap()).sum();
        println!("{duplicates} attempts came back as duplicates: written before the kill, answered after");
        for answer in &answers {
            assert_eq!(answer["conflict"], 0, "{answer}");
            assert_eq!(answer["invalid"], 0, "{answer}");
        }
        let expected = i64::try_from(batches * BATCH).unwrap();
        assert_eq!(app.count("attempts").await, expected, "every acknowledged attempt, each once");
        assert_eq!(app.count("attempt_skill_points").await, expected);
        every_attempt_folded_once(&app).await;
        drop(process);
    }

    async fn attempts_a_crash_left_queued_are_folded_by_a_running_process(db: TestDb) {
        let app = spawn_app(db).await;
        let game = game_a_day_old(&app).await;
        let url = app.url("/api/v1/game/attempts");
        let response =
            app.client.post(url).bearer_auth(&game.key).json(&json!({ "attempts": batch(&game, 0) })).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let overview = "/api/v1/reports/scores?group=all";
        assert_eq!(attempts_counted(&app.until_counted(overview, &game.root).await), BATCH as f64);
        let ids = app.db.query_all_raw(Statement::from_string(app.db.get_database_backend(), "SELECT id FROM attempts")).await.unwrap();
        let received = app.db.query_one_raw(Statement::from_string(app.db.get_database_backend(), "SELECT MIN(received_at) FROM attempts")).await.unwrap().unwrap();
        let received: OffsetDateTime = received.try_get_by_index(0).unwrap();
        for (n, row) in ids.iter().enumerate() {
            store_unfolded_copy(&app, row.try_get_by_index(0).unwrap(), n).await;
        }
        assert_eq!(app.count("fold_queue").await, BATCH as i64, "the copies wait in the queue");
        // Until the folder has them all, the report says as of when; once it does not, it
        // counts every copy.
        loop {
            let report = app.get_as(overview, &game.root).await.json::<Value>().await.unwrap();
            let counted = attempts_counted(&report);
            let Some(as_of) = report["as_of"].as_str() else {
                assert_eq!(counted, 2.0 * BATCH as f64, "a report not behind counts every attempt");
                break;
            };
            let as_of = OffsetDateTime::parse(as_of, &Rfc3339).unwrap();
            assert_eq!(as_of, received, "as of when the copied attempts came in");
            assert!(counted >= BATCH as f64);
            tokio::time::sleep(StdDuration::from_millis(100)).await;
        }
        every_attempt_folded_once(&app).await;
    }

    async fn a_trainee_handed_over_to_the_portal_finds_every_attempt_counted(db: TestDb) {
        let app = spawn_app(db).await;
        let game = game_a_day_old(&app).await;
        let response = app.post_attempts(&game.key, batch(&game, 0)).await;
        assert_eq!(response.status(), 200);
        let own = format!("/api/v1/reports/scores?group=all&user={}", game.trainee);
        app.until_counted(&own, &game.root).await;
        // Ten more, stored but left for the folder (which looks every few seconds).
        let ids = app.db.query_all_raw(Statement::from_string(app.db.get_database_backend(), "SELECT id FROM attempts LIMIT 10")).await.unwrap();
        for (n, row) in ids.iter().enumerate() {
            store_unfolded_copy(&app, row.try_get_by_index(0).unwrap(), n).await;
        }
        // One who has set their password: an invited trainee is not handed over.
        app.db.execute(&Query::update().table("users").value("status", "active").and_where(Expr::col("id").eq(game.trainee)).take()).await.unwrap();
        let handoff = app.client.post(app.url("/api/v1/game/handoff")).bearer_auth(&game.key).json(&json!({ "trainee": game.trainee })).send().await.unwrap();
        assert_eq!(handoff.status(), 201);
        let report = app.get_as(&own, &game.root).await.json::<Value>().await.unwrap();
        assert_eq!(report["as_of"], Value::Null, "counted now: {report}");
        assert_eq!(attempts_counted(&report), BATCH as f64 + 10.0, "the portal opens on every attempt played");
    }

    async fn two_processes_taking_one_batch_store_it_once(db: TestDb) {
        let app = spawn_app(db).await;
        let game = game_a_day_old(&app).await;
        let (first, second) = (ServerProcess::start(&app).await, ServerProcess::start(&app).await);
        for round in 0..5 {
            let attempts = batch(&game, round);
            let post = |address: String| {
                let (client, key, attempts) = (app.client.clone(), game.key.clone(), attempts.clone());
                async move {
                    let url = format!("{address}/api/v1/game/attempts");
                    let response = client.post(url).bearer_auth(key).json(&json!({ "attempts": attempts })).send().await.unwrap();
                    assert_eq!(response.status(), 200);
                    response.json::<Value>().await.unwrap()
                }
            };
            let (a, b) = tokio::join!(post(first.address.clone()), post(second.address.clone()));
            assert_eq!(a["stored"].as_u64().unwrap() + b["stored"].as_u64().unwrap(), BATCH as u64, "{a} {b}");
            assert_eq!(a["duplicate"].as_u64().unwrap() + b["duplicate"].as_u64().unwrap(), BATCH as u64, "{a} {b}");
            for i in 0..BATCH {
                assert_eq!(a["results"][i]["attempt_id"], b["results"][i]["attempt_id"], "both answers name the one attempt");
            }
        }
        assert_eq!(app.count("attempts").await, 5 * BATCH as i64);
    }
}
