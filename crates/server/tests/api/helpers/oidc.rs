//! A real OpenID Connect provider (npm `oidc-provider`, `tools/oidc/provider.mjs`) on a free
//! loopback port, with the clients and accounts a test names.

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Child, Command, Stdio},
    time::Duration,
};

use serde_json::Value;

pub struct OidcProvider {
    child: Child,
    pub issuer: String,
    _config: tempfile::NamedTempFile,
}

impl OidcProvider {
    /// Starts the provider with `config` (`{"clients": […], "accounts": {login: claims}}`).
    pub fn start(config: &Value) -> Self {
        let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/oidc");
        assert!(
            tools.join("node_modules/oidc-provider").exists(),
            "tools/oidc has no node_modules: run `./just deps` (or `npm ci` in tools/oidc)"
        );
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(config.to_string().as_bytes()).unwrap();
        // Node has been seen to stall before listening (idle in its event loop, nothing
        // printed) about once in twenty starts here; a new process is the same provider.
        for _ in 0..3 {
            let mut child = Command::new("node")
                .arg(tools.join("provider.mjs"))
                .arg(file.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("node, to run the test identity provider");
            let stdout = child.stdout.take().unwrap();
            let (sender, receiver) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let mut line = String::new();
                let _ = BufReader::new(stdout).read_line(&mut line);
                let _ = sender.send(line);
            });
            match receiver.recv_timeout(Duration::from_secs(15)) {
                Ok(line) => {
                    let started: Value =
                        serde_json::from_str(&line).unwrap_or_else(|_| panic!("the provider did not start: {line:?}"));
                    return Self { child, issuer: started["issuer"].as_str().unwrap().to_owned(), _config: file };
                }
                Err(_) => {
                    eprintln!("the test identity provider did not start within 15 s: starting it again");
                    let _ = child.kill();
                    let _ = child.wait();
                }
            }
        }
        panic!("the test identity provider did not start three times");
    }
}

impl Drop for OidcProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
