//! Configuration: defaults, then an optional TOML file, then `PLAYTRACK_*` environment
//! variables (and the conventional `DATABASE_URL`), each overriding the one before.

use std::path::{Path, PathBuf};

use figment::{
    Figment,
    providers::{Env, Format, Serialized, Toml},
};
use serde::{Deserialize, Serialize};

const DEFAULT_FILE: &str = "playtrack.toml";

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address and port to listen on.
    pub bind: String,
    /// Where the embedded defaults keep their files: the SQLite database, the mail outbox,
    /// the demo sign-ins.
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; defaults to `<data_dir>/playtrack.db`.
    pub database_url: Option<String>,
    /// PostgreSQL connections this process opens at start and keeps, idle or not.
    pub database_connections: u32,
    /// The address people use to reach the portal (links in mails and the start banner);
    /// defaults to `http://<bind>`.
    pub public_url: Option<String>,
    /// A tracing filter, e.g. `info` or `playtrack=debug,info`.
    pub log: String,
    /// `pretty` for people, `json` for log collectors.
    pub log_format: LogFormat,
    /// HTTP worker threads; defaults to the number of cores.
    pub workers: Option<usize>,
    /// `smtp://host:port`, `smtps://user:pass@host`, or `smtp://…?tls=required`; without it,
    /// mail is written to `<data_dir>/outbox/` as `.eml` files.
    pub smtp_url: Option<String>,
    /// The sender of every mail.
    pub mail_from: String,
    /// Absolute lifetime of a session, however active.
    pub session_hours: u16,
    /// Idle timeout of super admins' sessions (company users follow their company's session
    /// time).
    pub admin_session_minutes: u16,
    /// Addresses or networks of reverse proxies whose `X-Forwarded-For` names the client
    /// (`["10.0.0.1", "10.1.0.0/16"]`, or one comma-separated string, which is what an
    /// environment variable can hold); without one, the client is the socket's peer.
    #[serde(deserialize_with = "list_or_commas")]
    pub trusted_proxies: Vec<String>,
    /// 32 random bytes, base64, that seal SSO client secrets in the database. Without it one
    /// is made once in `<data_dir>/sso.key`; processes that share a database must share it.
    pub sso_key: Option<String>,
    /// The bearer token Prometheus presents at `GET /metrics` (at least 32 characters); without
    /// one, `/metrics` is a 404.
    pub metrics_token: Option<String>,
    /// How long a process told to stop (SIGTERM) waits for requests in flight and the mail
    /// worker before it exits anyway.
    pub shutdown_grace_seconds: u64,
}

/// A list of strings, or one string of comma-separated entries; blanks are dropped.
fn list_or_commas<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Entries {
        Commas(String),
        List(Vec<String>),
    }
    let entries = match Entries::deserialize(deserializer)? {
        Entries::Commas(text) => vec![text],
        Entries::List(list) => list,
    };
    Ok(entries.iter().flat_map(|e| e.split(',')).map(str::trim).filter(|e| !e.is_empty()).map(str::to_owned).collect())
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Pretty,
    Json,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            bind: "127.0.0.1:8080".into(),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            database_connections: 10,
            public_url: None,
            log: "info".into(),
            log_format: LogFormat::Pretty,
            workers: None,
            smtp_url: None,
            mail_from: "Playtrack <no-reply@playtrack.localhost>".into(),
            session_hours: 12,
            admin_session_minutes: 30,
            trusted_proxies: Vec::new(),
            sso_key: None,
            metrics_token: None,
            shutdown_grace_seconds: 30,
        }
    }
}

impl Config {
    /// Loads the layered configuration. A missing `file` is an error only when it was named
    /// explicitly; the default `playtrack.toml` is optional.
    ///
    /// # Errors
    /// A malformed file, an unknown key or a value of the wrong type.
    pub fn load(file: Option<&Path>) -> Result<Self, Box<figment::Error>> {
        let mut figment = Figment::from(Serialized::defaults(Self::default()));
        match file {
            Some(path) if !path.exists() => {
                return Err(Box::new(figment::Error::from(format!(
                    "configuration file {} does not exist",
                    path.display()
                ))));
            }
            Some(path) => figment = figment.merge(Toml::file_exact(path)),
            None if Path::new(DEFAULT_FILE).exists() => figment = figment.merge(Toml::file_exact(DEFAULT_FILE)),
            None => {}
        }
        // Unknown keys are typos in a file, but the environment also holds variables of other
        // tools (`PLAYTRACK_TEST_POSTGRES_URL`, `PLAYTRACK_E2E_*`): read only ours from it.
        let known: Vec<String> = serde_json::to_value(Self::default())
            .ok()
            .and_then(|v| v.as_object().map(|o| o.keys().cloned().collect()))
            .unwrap_or_default();
        figment
            .merge(Env::prefixed("PLAYTRACK_").filter(move |key| known.iter().any(|k| key == k.as_str())))
            .merge(Env::raw().only(&["database_url"]))
            .extract()
            .map_err(Box::new)
    }

    #[must_use]
    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}?mode=rwc", self.data_dir.join("playtrack.db").display()))
    }

    #[must_use]
    pub fn session_policy(&self) -> identity::SessionPolicy {
        identity::SessionPolicy {
            lifetime: time::Duration::hours(i64::from(self.session_hours.max(1))),
            admin_idle: time::Duration::minutes(i64::from(self.admin_session_minutes.max(1))),
        }
    }

    #[must_use]
    pub fn public_url(&self) -> String {
        self.public_url.clone().unwrap_or_else(|| format!("http://{}", self.bind)).trim_end_matches('/').to_owned()
    }
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment::Jail's closures return figment's own error type
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_the_file_which_overrides_defaults() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("playtrack.toml", "bind = \"0.0.0.0:9000\"\nlog = \"debug\"\n")?;
            jail.set_env("PLAYTRACK_LOG", "warn");
            jail.set_env("DATABASE_URL", "postgres://db/playtrack");
            let config = Config::load(None).map_err(|e| e.to_string())?;
            assert_eq!(config.bind, "0.0.0.0:9000");
            assert_eq!(config.log, "warn");
            assert_eq!(config.database_url(), "postgres://db/playtrack");
            assert_eq!(config.public_url(), "http://0.0.0.0:9000");
            Ok(())
        });
    }

    #[test]
    fn the_embedded_default_is_a_sqlite_file_in_the_data_folder() {
        figment::Jail::expect_with(|_| {
            let config = Config::load(None).map_err(|e| e.to_string())?;
            assert_eq!(config.database_url(), "sqlite://./data/playtrack.db?mode=rwc");
            Ok(())
        });
    }

    #[test]
    fn other_tools_variables_are_left_alone() {
        figment::Jail::expect_with(|jail| {
            jail.set_env("PLAYTRACK_TEST_POSTGRES_URL", "postgres://elsewhere");
            jail.set_env("PLAYTRACK_WORKERS", "3");
            let config = Config::load(None).map_err(|e| e.to_string())?;
            assert_eq!(config.workers, Some(3));
            Ok(())
        });
    }

    #[test]
    fn trusted_proxies_are_a_list_in_the_file_and_commas_in_the_environment() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("playtrack.toml", "trusted_proxies = [\"10.0.0.1\", \"10.1.0.0/16\"]\n")?;
            let from_file = Config::load(None).map_err(|e| e.to_string())?;
            assert_eq!(from_file.trusted_proxies, ["10.0.0.1", "10.1.0.0/16"]);
            jail.set_env("PLAYTRACK_TRUSTED_PROXIES", "10.0.0.1, ::1");
            let from_env = Config::load(None).map_err(|e| e.to_string())?;
            assert_eq!(from_env.trusted_proxies, ["10.0.0.1", "::1"]);
            Ok(())
        });
    }

    #[test]
    fn an_unknown_key_in_the_file_is_refused_rather_than_ignored() {
        figment::Jail::expect_with(|jail| {
            jail.create_file("playtrack.toml", "bnid = \"0.0.0.0:9000\"\n")?;
            assert!(Config::load(None).is_err());
            Ok(())
        });
    }
}
