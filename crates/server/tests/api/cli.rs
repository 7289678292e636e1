//! The operator's commands, run as the real binary.

use std::{
    io::Write,
    process::{Command, Output, Stdio},
};

use crate::helpers::TestDb;

fn playtrack(db: &TestDb, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_playtrack"))
        .args(args)
        .env("PLAYTRACK_DATABASE_URL", &db.url)
        .env("PLAYTRACK_DATA_DIR", &db.data_dir)
        .env("PLAYTRACK_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the playtrack binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The binary on the database at `url` (its data folder a fresh one), with `env`, no input.
fn playtrack_url(url: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let data_dir = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_playtrack"))
        .args(args)
        .envs(env.iter().copied())
        .env("PLAYTRACK_DATABASE_URL", url)
        .env("PLAYTRACK_DATA_DIR", data_dir.path())
        .env("PLAYTRACK_LOG", "warn")
        .stdin(Stdio::null())
        .output()
        .expect("the playtrack binary runs")
}

async fn stored_hash(db: &TestDb, email: &str) -> Option<(String, String)> {
    use sea_orm::{ConnectionTrait, Database, Statement};
    let connection = Database::connect(&db.url).await.unwrap();
    let backend = connection.get_database_backend();
    let sql = if backend == sea_orm::DbBackend::Postgres {
        "SELECT role, password_hash FROM users WHERE email = $1"
    } else {
        "SELECT role, password_hash FROM users WHERE email = ?"
    };
    let row = connection.query_one_raw(Statement::from_sql_and_values(backend, sql, [email.into()])).await.unwrap()?;
    Some((row.try_get("", "role").unwrap(), row.try_get("", "password_hash").unwrap()))
}

crate::on_both_databases! {
    async fn the_demo_game_reports_weeks_of_play_to_a_running_portal(db: TestDb) {
        let app = crate::helpers::spawn_app(db).await;
        let store = store::Store::connect(&app.config.database_url()).await.unwrap();
        server::demo::seed(&app.config, &store, app.clock_now()).await.unwrap().expect("seeded");
        let before = app.count("attempts").await;
        let root = app.super_admin().await;
        let (_, key) = app.game_client(&root, serde_json::json!({ "name": "Studio", "kind": "game", "all_companies": true })).await;

        let (url, database, secret) = (app.address.clone(), app._db.url.clone(), key.clone());
        // Off the test's runtime, which serves the portal's database pool meanwhile.
        let played = tokio::task::spawn_blocking(move || {
            let args = ["demo", "game", "--url", url.as_str(), "--weeks", "2", "--pace-ms", "0"];
            playtrack_url(&database, &args, &[("PLAYTRACK_GAME_KEY", secret.as_str())])
        })
        .await
        .unwrap();
        let out = String::from_utf8_lossy(&played.stdout);
        assert!(played.status.success(), "{out}{}", String::from_utf8_lossy(&played.stderr));
        assert!(out.contains("week 1 of 2: ") && out.contains("week 2 of 2: "), "{out}");
        assert!(!out.contains(&key), "the key is never printed");
        let stored: i64 = out.lines().last().unwrap().split(": ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(stored > 0, "{out}");
        assert_eq!(app.count("attempts").await - before, stored, "{out}");
        assert!(out.lines().last().unwrap().contains(" 0 conflict, 0 invalid"), "{out}");
    }

    async fn admin_create_stores_an_argon2id_super_admin_and_refuses_a_duplicate(db: TestDb) {
        let first = playtrack(&db, &["admin", "create", "--email", " Ops@Provider.Example ", "--name", "Ops", "--password-stdin"], "Sup3r-secret!\n");
        assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
        assert!(String::from_utf8_lossy(&first.stdout).contains("ops@provider.example"));

        let (role, hash) = stored_hash(&db, "ops@provider.example").await.expect("the admin is stored under the normalised e-mail");
        assert_eq!(role, "SUPER_ADMIN");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("Sup3r-secret!"));

        let again = playtrack(&db, &["admin", "create", "--email", "ops@provider.example", "--password-stdin"], "Another-1!\n");
        assert!(!again.status.success());
        assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"), "{}", String::from_utf8_lossy(&again.stderr));
    }

    async fn admin_create_without_a_password_prints_a_generated_one_once(db: TestDb) {
        let output = playtrack(&db, &["admin", "create", "--email", "root@provider.example"], "");
        let stdout = String::from_utf8_lossy(&output.stdout);

        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let password = stdout.lines().find_map(|l| l.strip_prefix("Password (shown once): ")).expect("the password is shown");
        assert_eq!(password.len(), 16);
    }
}

#[test]
fn a_bad_email_is_refused_with_a_reason() {
    let db = TestDb::sqlite();
    let output = playtrack(&db, &["admin", "create", "--email", "not-an-address"], "");

    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a valid e-mail address"));
}

#[test]
fn the_openapi_command_prints_the_published_spec() {
    let output = Command::new(env!("CARGO_BIN_EXE_playtrack")).arg("openapi").output().unwrap();
    let printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let published: serde_json::Value = serde_json::from_str(include_str!("../../../../openapi/openapi.json")).unwrap();

    assert!(printed == published, "run `just openapi`");
}
