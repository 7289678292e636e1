//! SIGTERM stops a process cleanly: it refuses new connections at once, every request in
//! flight finishes (a streamed export to its last row, a batch of attempts stored and
//! answered), the mail worker finishes the mail it is sending and claims no other, and the
//! process exits within its grace period. On PostgreSQL the database first ends every
//! connection, so the pool's new ones are opened on the HTTP workers' own runtimes, where
//! requests in flight used to fail as soon as an idle worker stopped.

use std::time::{Duration as StdDuration, Instant};

use identity::{MailQueue, OutgoingMail};
use kernel::{Email, Role};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use time::OffsetDateTime;

use crate::{
    helpers::{ServerProcess, spawn_app},
    ingest_crash::game_a_day_old,
};

/// Attempts the export streams, stored in batches of [`BATCH`] before the stop.
const EXPORTED: usize = 3_000;
const BATCH: usize = 1_000;
const MAILS: usize = 40;

crate::on_both_databases! {
    async fn sigterm_lets_requests_and_mail_in_flight_finish_and_refuses_new_connections(db: TestDb) {
        let app = spawn_app(db).await;
        let game = game_a_day_old(&app).await;
        // The test's own server stays on its clock (stopped a moment before the mails below are
        // due), so only the processes send them.
        app.clock.advance(OffsetDateTime::now_utc() - app.clock_now());
        let now = OffsetDateTime::now_utc();
        let batch = |tag: &str| -> Vec<Value> {
            (0..BATCH).map(|i| game.attempt(&format!("{tag}-{i}"), u32::try_from(i % 101).unwrap(), now)).collect()
        };
        // Idle workers beside the busy ones: each has a runtime of its own.
        let mut process = ServerProcess::start_with(&app, &[("PLAYTRACK_WORKERS", "4")], None).await;
        let post = |attempts: Vec<Value>| {
            app.client.post(process.url("/api/v1/game/attempts")).bearer_auth(&game.key).json(&json!({ "attempts": attempts })).send()
        };
        for n in 0..EXPORTED / BATCH {
            assert_eq!(post(batch(&format!("stored-{n}"))).await.unwrap().status(), 200);
        }
        let admin = app.user(Role::CompanyAdmin, Some(game.company)).await;
        let token = app.token_of(&admin).await;
        let me = || app.client.get(process.url("/api/v1/me")).bearer_auth(&token).send();

        if app.db.get_database_backend() == sea_orm::DbBackend::Postgres {
            app.db
                .execute_unprepared(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = current_database() AND pid <> pg_backend_pid()",
                )
                .await
                .unwrap();
            // Requests on every worker, until the pool has connected again.
            for _ in 0..50 {
                let answers = futures_util::future::join_all((0..16).map(|_| me())).await;
                if answers.iter().all(|a| a.as_ref().is_ok_and(|a| a.status() == 200)) {
                    break;
                }
                tokio::time::sleep(StdDuration::from_millis(100)).await;
            }
        }

        let store = store::Store::connect(&app.config.database_url()).await.unwrap();
        for i in 0..MAILS {
            let to = Email::parse(&format!("stop-{i}@example.test")).unwrap();
            let mail = OutgoingMail { to, subject: format!("Stop {i}"), text: "Text.".into(), html: "<p>Text.</p>".into() };
            store.enqueue(mail, OffsetDateTime::now_utc()).await.unwrap();
        }
        let stop_mails = || app.mail.all().into_iter().filter(|m| m.subject.starts_with("Stop ")).map(|m| m.subject).collect::<Vec<_>>();
        // The process is sending the batch: stop it in the middle.
        for _ in 0..250 {
            if !stop_mails().is_empty() {
                break;
            }
            tokio::time::sleep(StdDuration::from_millis(20)).await;
        }
        assert!(!stop_mails().is_empty(), "the process began sending");

        let export = app
            .client
            .get(process.url("/api/v1/reports/scores/export.csv?view=attempts"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(export.status(), 200);
        let ingesting = tokio::spawn(post(batch("in-flight")));
        tokio::time::sleep(StdDuration::from_millis(100)).await;
        process.terminate();
        let stopping = Instant::now();

        tokio::time::sleep(StdDuration::from_millis(300)).await;
        let refused = reqwest::Client::new().get(process.url("/api/v1/healthz")).send().await;
        assert!(refused.as_ref().is_err_and(|e| e.is_connect()), "a stopping process takes no new connection: {refused:?}");
        let csv = export.text().await.expect("the whole export");
        assert_eq!(csv.lines().count(), EXPORTED + 1, "every attempt's row, after the header");
        let stored = ingesting.await.unwrap().expect("an answer");
        assert_eq!(stored.status(), 200);
        let stored: Value = stored.json().await.unwrap();
        assert_eq!(stored["stored"], BATCH, "{stored}");
        let status = process.exited_within(StdDuration::from_secs(30)).await.expect("exited within the grace period");
        assert!(status.success(), "{status}");
        println!("stopped {:?} after SIGTERM", stopping.elapsed());

        // Another process sends the rest: every mail once, and soon (one the stopped process
        // left claimed would wait out its two-minute lease).
        let _next = ServerProcess::start(&app).await;
        let mut sent = Vec::new();
        for _ in 0..300 {
            sent = stop_mails();
            if sent.len() >= MAILS {
                break;
            }
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
        sent.sort();
        let before = sent.len();
        sent.dedup();
        assert_eq!((before, sent.len()), (MAILS, MAILS), "each mail sent once");
    }
}
