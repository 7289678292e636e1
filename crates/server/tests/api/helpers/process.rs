//! Another real `playtrack` process serving a database, as behind a load balancer: races
//! between processes and what a process writes to its log are tested against it, and the
//! load benchmark runs its cluster of them. Nothing here knows the tests' app.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
};

/// A `playtrack serve` child process, killed when dropped.
pub struct ServerProcess {
    child: Child,
    pub address: String,
}

impl ServerProcess {
    /// A process on a free port with this database and data folder, not waited for.
    pub fn spawn(database_url: &str, data_dir: &std::path::Path, env: &[(&str, &str)], log: Option<PathBuf>) -> Self {
        Self::spawn_at(free_port(), database_url, data_dir, env, log)
    }

    /// [`Self::spawn`] on `port` (a process restarted where a proxy expects it).
    pub fn spawn_at(
        port: u16,
        database_url: &str,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        log: Option<PathBuf>,
    ) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_playtrack"));
        command
            .arg("serve")
            .env("PLAYTRACK_BIND", format!("127.0.0.1:{port}"))
            .env("PLAYTRACK_DATABASE_URL", database_url)
            .env("PLAYTRACK_DATA_DIR", data_dir)
            .env("PLAYTRACK_LOG", if log.is_some() { "info" } else { "warn" })
            .env("PLAYTRACK_LOG_FORMAT", "json")
            .stdout(Stdio::null());
        command.envs(env.iter().copied());
        if let Some(path) = &log {
            let file = std::fs::File::create(path).expect("a log file");
            command.stdout(file.try_clone().expect("the log file twice")).stderr(file);
        }
        // Owned before waiting, so a failed start still kills and reaps the child (Drop).
        Self { child: command.spawn().expect("a server process"), address: format!("http://127.0.0.1:{port}") }
    }

    /// Waits (up to 20 s) until the process answers; `false` if it exited or never did.
    pub async fn until_up(&mut self, client: &reqwest::Client) -> bool {
        for _ in 0..400 {
            if client.get(format!("{}/api/v1/healthz", self.address)).send().await.is_ok() {
                return true;
            }
            if self.child.try_wait().is_ok_and(|status| status.is_some()) {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        false
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Sends SIGTERM, as a service manager or an orchestrator stops a process.
    pub fn terminate(&self) {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(sent.success(), "kill -TERM {}", self.child.id());
    }

    /// Waits up to `limit` for the process to exit; its status, or `None` if it still runs.
    pub async fn exited_within(&mut self, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        None
    }
}

/// A port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
