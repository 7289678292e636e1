//! Debian's nginx in front of `playtrack` processes, configured by `deploy/nginx.conf` as
//! `docs/operations.md` describes: the cluster test and the load benchmark run it.

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

/// Debian's nginx (in `/usr/sbin`, outside a user's `PATH`); `None` where it is not installed,
/// which CI does not accept.
pub fn nginx_binary() -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join("nginx"))
        .find(|candidate| candidate.is_file());
    if found.is_none() {
        assert!(
            !std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false"),
            "nginx is not installed and CI requires it: run `./just nginx`"
        );
        eprintln!("\n*** WARNING: nginx is not installed (`./just nginx`); SKIPPING what runs behind it. ***\n");
    }
    found
}

/// nginx running `deploy/nginx.conf` on `port` in front of `upstreams`; stopped when dropped.
pub struct Nginx {
    child: Child,
    pub address: String,
    _prefix: tempfile::TempDir,
}

impl Nginx {
    pub async fn start(binary: &Path, upstreams: &[u16]) -> Self {
        let prefix = tempfile::tempdir().unwrap();
        let port = super::free_port();
        let servers: Vec<String> = upstreams.iter().map(|p| format!("server 127.0.0.1:{p} max_fails=0;")).collect();
        let conf = include_str!("../../../../../deploy/nginx.conf")
            .replace("@prefix@", &prefix.path().display().to_string())
            .replace("@listen@", &format!("127.0.0.1:{port}"))
            .replace("@upstreams@", &servers.join("\n        "));
        let conf_path = prefix.path().join("nginx.conf");
        std::fs::write(&conf_path, conf).unwrap();
        let child = Command::new(binary)
            .arg("-p")
            .arg(prefix.path())
            .arg("-c")
            .arg(&conf_path)
            .arg("-e")
            .arg(prefix.path().join("error.log"))
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let nginx = Self { child, address: format!("http://127.0.0.1:{port}"), _prefix: prefix };
        for _ in 0..100 {
            if reqwest::get(format!("{}/api/v1/healthz", nginx.address)).await.is_ok_and(|r| r.status() == 200) {
                return nginx;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("nginx did not answer on {}", nginx.address);
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
