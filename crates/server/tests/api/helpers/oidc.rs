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
            // The first line says where it listens; the rest is drained, since the provider
            // logs to stdout and a closed pipe would end it (EPIPE) mid-test.
            std::thread::spawn(move || {
                let mut lines = BufReader::new(stdout).lines();
                let _ = sender.send(lines.next().and_then(Result::ok).unwrap_or_default());
                lines.for_each(drop);
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

impl OidcProvider {
    /// Flips one of the provider's test switches (`rotate`, `stale-key`, `nonce`,
    /// `short-id-token`, `reset`).
    pub async fn switch(&self, name: &str) {
        let response = reqwest::Client::new().post(format!("{}/test/{name}", self.issuer)).send().await.unwrap();
        assert!(response.status().is_success(), "switch {name}: {}", response.status());
    }

    /// Signs in as `login` through the provider's own login page, as a browser would, from
    /// the portal's `authorization_url` to the redirect back to `redirect_uri`: answers the
    /// parameters of that redirect.
    pub async fn sign_in(&self, authorization_url: &str, login: &str, redirect_uri: &str) -> Vec<(String, String)> {
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let mut cookies = std::collections::BTreeMap::new();
        let mut request = client.get(authorization_url);
        for _ in 0..10 {
            let cookie: Vec<String> = cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let response = request.header("cookie", cookie.join("; ")).send().await.unwrap();
            for set in response.headers().get_all("set-cookie") {
                let pair = set.to_str().unwrap().split(';').next().unwrap();
                if let Some((name, value)) = pair.split_once('=') {
                    cookies.insert(name.to_owned(), value.to_owned());
                }
            }
            let url = response.url().clone();
            if response.status().is_redirection() {
                let location = response.headers()["location"].to_str().unwrap();
                let next = url.join(location).unwrap();
                if next.as_str().starts_with(redirect_uri) {
                    return next.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
                }
                request = client.get(next);
                continue;
            }
            let page = response.text().await.unwrap();
            assert!(page.contains("<form"), "the provider showed no form: {page}");
            let action = page.split("action=\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap();
            let form: Vec<(&str, &str)> = if page.contains("name=\"login\"") {
                vec![("prompt", "login"), ("login", login), ("password", "any")]
            } else {
                vec![("prompt", "consent")]
            };
            request = client.post(url.join(action).unwrap()).form(&form);
        }
        panic!("the provider never sent the browser back");
    }
}
