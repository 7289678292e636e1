//! `playtrack backup` taken while attempts come in, and `playtrack restore` into a fresh
//! database: the copy is one consistent moment (every attempt with its skill points, every
//! other table as it was), a portal started on it counts exactly the attempts it holds, and a
//! database that holds tables is not overwritten unless asked.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::{
    helpers::{TestDb, spawn_app},
    ingest_crash::every_attempt_folded_once,
};

/// Runs `playtrack` with `args` on the database at `url`: whether it succeeded, and what it said.
async fn playtrack(url: &str, data_dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_playtrack"));
    command
        .args(args)
        .env("PLAYTRACK_DATABASE_URL", url)
        .env("PLAYTRACK_DATA_DIR", data_dir)
        .env("PLAYTRACK_LOG", "warn");
    // Waited for off the runtime, which serves the test's own portal meanwhile.
    let output = tokio::task::spawn_blocking(move || command.output()).await.unwrap().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), said)
}

async fn fresh_like(db: &TestDb) -> TestDb {
    if db.url.starts_with("postgres") { TestDb::postgres().await.unwrap() } else { TestDb::sqlite() }
}

crate::on_both_databases! {
    async fn a_backup_taken_while_attempts_come_in_restores_to_a_consistent_portal(db: TestDb) {
        let fresh = fresh_like(&db).await;
        let app = spawn_app(db).await;
        let game = app.game().await;
        let file = app.config.data_dir.join("playtrack.backup");
        let file_arg = file.to_str().unwrap();
        let sending = AtomicBool::new(true);
        let sender = async {
            let mut batches = 0;
            while sending.load(Ordering::Relaxed) {
                let attempts = (0..50).map(|i| game.attempt(&format!("b-{batches}-{i}"), i, app.clock_now())).collect();
                assert_eq!(app.post_attempts(&game.key, attempts).await.status(), 200);
                batches += 1;
            }
            batches
        };
        let backup = async {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            let done = playtrack(&app.config.database_url(), &app.config.data_dir, &["backup", "--to", file_arg]).await;
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            sending.store(false, Ordering::Relaxed);
            done
        };
        let (batches, (backed_up, said)) = tokio::join!(sender, backup);
        assert!(backed_up, "{said}");
        assert!(said.contains("this build's newest"), "{said}");
        let (again, said) = playtrack(&app.config.database_url(), &app.config.data_dir, &["backup", "--to", file_arg]).await;
        assert!(!again && said.contains("a backup goes to a new file"), "{said}");

        let (restored, said) = playtrack(&fresh.url, &fresh.data_dir, &["restore", "--from", file_arg]).await;
        assert!(restored, "{said}");
        let (twice, said) = playtrack(&fresh.url, &fresh.data_dir, &["restore", "--from", file_arg]).await;
        assert!(!twice && said.contains("--replace"), "a database that holds tables is kept: {said}");
        let (replaced, said) = playtrack(&fresh.url, &fresh.data_dir, &["restore", "--from", file_arg, "--replace"]).await;
        assert!(replaced, "{said}");

        let copy = spawn_app(fresh).await;
        let (kept, sent) = (copy.count("attempts").await, app.count("attempts").await);
        assert!(kept > 0 && kept < sent, "a moment while {batches} batches came: {kept} of {sent} attempts");
        assert_eq!(copy.count("attempt_skill_points").await, kept, "every attempt with its skill points");
        for table in ["users", "companies", "seats", "licence_allocations", "api_clients", "levels", "level_skills"] {
            assert_eq!(copy.count(table).await, app.count(table).await, "{table}");
        }
        every_attempt_folded_once(&copy).await;
    }
}

#[tokio::test]
async fn a_file_that_is_no_backup_is_refused_and_the_database_is_left_alone() {
    let db = TestDb::sqlite();
    let junk = db.data_dir.join("junk.backup");
    std::fs::write(&junk, b"not a database at all, just some bytes").unwrap();

    let (restored, said) = playtrack(&db.url, &db.data_dir, &["restore", "--from", junk.to_str().unwrap()]).await;

    assert!(!restored && said.contains("is not a SQLite backup"), "{said}");
}
