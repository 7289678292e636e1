//! `spawn_app()` and the database each test gets.

mod fixtures;
mod nginx;
mod oidc;
mod old_schema;
mod process;
mod smtp;

use std::path::PathBuf;

use kernel::{AnyClock, ManualClock};
use server::{config::Config, startup::Application};
use uuid::Uuid;

pub use fixtures::TestUser;
pub use nginx::{Nginx, nginx_binary};
pub use oidc::OidcProvider;
pub use old_schema::OldSchema;
pub use process::{ServerProcess, free_port};
pub use smtp::SmtpSink;

/// Runs each listed test body once on SQLite and once on PostgreSQL, as `sqlite::name` and
/// `postgres::name`.
#[macro_export]
macro_rules! on_both_databases {
    ($($(#[$meta:meta])* async fn $name:ident($db:ident: TestDb) $body:block)+) => {
        $(
            $(#[$meta])*
            async fn $name($db: $crate::helpers::TestDb) $body
        )+
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() {
                    super::$name($crate::helpers::TestDb::sqlite()).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $name() {
                    let Some(db) = $crate::helpers::TestDb::postgres().await else { return };
                    super::$name(db).await;
                }
            )+
        }
    };
}

/// A database of its own for one test: a SQLite file in a temporary folder, or a PostgreSQL
/// database created for the test and dropped when it ends (even when it fails).
#[derive(Debug)]
pub struct TestDb {
    pub url: String,
    pub data_dir: PathBuf,
    postgres: Option<(String, String)>,
    _folder: tempfile::TempDir,
}

/// Where the PostgreSQL server for tests is; the database name is ignored.
pub fn postgres_admin_url() -> String {
    std::env::var("PLAYTRACK_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestDb {
    pub fn sqlite() -> Self {
        let folder = tempfile::tempdir().expect("temporary folder");
        let url = format!("sqlite://{}?mode=rwc", folder.path().join("playtrack.db").display());
        Self { url, data_dir: folder.path().to_owned(), postgres: None, _folder: folder }
    }

    /// `None` (with a loud warning) when no PostgreSQL answers outside CI; in CI
    /// (`CI=true`) an unreachable PostgreSQL fails the test.
    pub async fn postgres() -> Option<Self> {
        use sea_orm::{ConnectionTrait, Database};
        let admin_url = postgres_admin_url();
        let admin = match Database::connect(&admin_url).await {
            Ok(connection) => connection,
            Err(e) if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false") => {
                panic!("PostgreSQL at {admin_url} is unreachable and CI requires it: {e}")
            }
            Err(e) => {
                eprintln!(
                    "\n*** WARNING: PostgreSQL at {admin_url} is unreachable ({e}); SKIPPING this PostgreSQL test. CI will not skip it. ***\n"
                );
                return None;
            }
        };
        let name = format!("playtrack_test_{}", Uuid::new_v4().simple());
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create the test database");
        admin.close().await.expect("close the admin connection");
        let base = admin_url.rsplit_once('/').map_or(admin_url.as_str(), |(base, _)| base);
        let folder = tempfile::tempdir().expect("temporary folder");
        Some(Self {
            url: format!("{base}/{name}"),
            data_dir: folder.path().to_owned(),
            postgres: Some((admin_url, name)),
            _folder: folder,
        })
    }

    pub fn config(&self) -> Config {
        Config {
            bind: "127.0.0.1:0".into(),
            data_dir: self.data_dir.clone(),
            database_url: Some(self.url.clone()),
            // Tests run side by side on one PostgreSQL server with 100 connections.
            database_connections: 4,
            ..Config::default()
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((admin_url, name)) = self.postgres.take() else { return };
        // Drop runs outside any async context we could borrow, so the clean-up gets a small
        // runtime of its own on a plain thread.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
            runtime.block_on(async {
                use sea_orm::{ConnectionTrait, Database};
                let admin = Database::connect(&admin_url).await?;
                admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
                admin.close().await
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("warning: could not drop a test database: {dropped:?}");
        }
    }
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// The clock every time rule of the server reads; tests move it instead of sleeping.
    pub clock: ManualClock,
    /// Every mail the server sent, received over SMTP.
    pub mail: SmtpSink,
    /// For arranging data and checking what was stored.
    pub db: sea_orm::DatabaseConnection,
    pub config: Config,
    /// Held so the database outlives the test's requests, then is dropped.
    pub _db: TestDb,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn get_as(&self, path: &str, token: &str) -> reqwest::Response {
        self.client.get(self.url(path)).bearer_auth(token).send().await.expect("request")
    }

    /// Waits, as a reader refreshing the page would, until the score report `path` no longer
    /// says it is as of a past moment (scores are counted a moment after they are stored), and
    /// answers it.
    pub async fn until_counted(&self, path: &str, token: &str) -> serde_json::Value {
        for _ in 0..200 {
            let response = self.get_as(path, token).await;
            assert_eq!(response.status(), 200, "{path}");
            let report: serde_json::Value = response.json().await.unwrap();
            if report["as_of"].is_null() {
                return report;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{path} still counts not every attempt after 10 s");
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request")
    }

    /// A step after the password, carrying its challenge in the `session-token` header.
    pub async fn post_challenge(&self, path: &str, challenge: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).header("session-token", challenge).json(body).send().await.expect("request")
    }

    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json("/api/v1/auth/login", &serde_json::json!({ "email": email, "password": password })).await
    }

    /// Signs in someone who needs no OTP, accepting the EULA if asked, and answers the bearer token.
    pub async fn token_of(&self, user: &TestUser) -> String {
        self.token_at(&self.address, user).await
    }

    /// [`Self::token_of`] through the server at `base` (another process, a proxy).
    pub async fn token_at(&self, base: &str, user: &TestUser) -> String {
        let post = |path: &str, body: serde_json::Value| self.client.post(format!("{base}{path}")).json(&body);
        let body: serde_json::Value =
            post("/api/v1/auth/login", serde_json::json!({ "email": user.email, "password": user.password }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
        if body["status"] == "eula_required" {
            let challenge = body["challenge"].as_str().unwrap();
            let session: serde_json::Value = post("/api/v1/auth/eula/accept", serde_json::json!({}))
                .header("session-token", challenge)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            return session["token"].as_str().unwrap().to_owned();
        }
        assert_eq!(body["status"], "session", "{body}");
        body["token"].as_str().unwrap().to_owned()
    }
}

/// Starts the real application (migrations included) on a random port, with a manual clock
/// set to now and mail going to an SMTP sink.
pub async fn spawn_app(db: TestDb) -> TestApp {
    spawn_app_with(db, |_| {}).await
}

/// [`spawn_app`] with some configuration of the test's own.
pub async fn spawn_app_with(db: TestDb, configure: impl FnOnce(&mut Config)) -> TestApp {
    let mail = SmtpSink::start().await;
    let mut config = db.config();
    configure(&mut config);
    config.smtp_url = Some(mail.url());
    // A whole second, so timestamps survive the databases' microsecond precision exactly.
    let clock = ManualClock::starting_at(time::OffsetDateTime::now_utc().replace_nanosecond(0).unwrap());
    let app =
        Application::build_with_clock(&config, AnyClock::Manual(clock.clone())).await.expect("the application starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let connection = sea_orm::Database::connect(&db.url).await.expect("a connection for the test");
    TestApp { address, client, clock, mail, db: connection, config, _db: db }
}

/// A JSON body that must be problem+json with `code`.
pub async fn assert_problem(response: reqwest::Response, status: u16, code: &str) -> serde_json::Value {
    assert_eq!(response.status().as_u16(), status);
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!(content_type, "application/problem+json");
    let request_id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let body: serde_json::Value = response.json().await.expect("a JSON body");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["status"], status);
    assert_eq!(body["request_id"].as_str(), request_id.as_deref(), "the body quotes the request id of the header");
    body
}

impl ServerProcess {
    /// A process on a free port with the test app's database, data folder and mail server.
    pub async fn start(app: &TestApp) -> Self {
        Self::start_with(app, &[], None).await
    }

    /// Like [`Self::start`], with extra `PLAYTRACK_*` variables and, if given, everything it
    /// prints kept in the file `log` (at `info`, JSON lines).
    pub async fn start_with(app: &TestApp, env: &[(&str, &str)], log: Option<PathBuf>) -> Self {
        let mut env: Vec<(&str, &str)> = env.to_vec();
        if let Some(smtp) = &app.config.smtp_url {
            env.insert(0, ("PLAYTRACK_SMTP_URL", smtp));
        }
        let mut process = Self::spawn(&app.config.database_url(), &app.config.data_dir, &env, log);
        assert!(process.until_up(&app.client).await, "the server process did not start");
        process
    }
}
