//! The hexagonal rule, enforced: domain and application crates reach no I/O crate, even
//! transitively, and the HTTP adapter reaches no other adapter; and the documentation a
//! newcomer reads stays inside the repository.

use std::collections::{BTreeSet, HashMap};

const DOMAIN: [&str; 6] = ["kernel", "password-policy", "identity", "licensing", "scoring", "app"];
const IO: [&str; 12] = [
    "sea-orm",
    "sqlx",
    "actix-web",
    "actix-rt",
    "tokio",
    "mio",
    "lettre",
    "reqwest",
    "hyper",
    "openidconnect",
    "oauth2",
    "utoipa",
];

/// Every crate that `package` reaches through normal (not dev, not build) dependencies, by
/// name, however indirectly: tests may use a runtime, shipped code may not.
fn reached_by(package: &str) -> BTreeSet<String> {
    let output = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml"),
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let name_of: HashMap<&str, &str> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let normal_deps: HashMap<&str, Vec<&str>> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| {
            let deps = node["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].is_null()))
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (node["id"].as_str().unwrap(), deps)
        })
        .collect();
    let root = name_of.iter().find(|(_, name)| **name == package).map(|(id, _)| *id).expect(package);
    let mut seen = BTreeSet::new();
    let mut queue = vec![root];
    while let Some(id) = queue.pop() {
        for dep in &normal_deps[id] {
            if seen.insert(*dep) {
                queue.push(dep);
            }
        }
    }
    seen.iter().map(|id| name_of[id].to_owned()).collect()
}

#[test]
fn domain_and_application_crates_depend_on_no_io_crate() {
    for inner in DOMAIN {
        let reached: Vec<String> = reached_by(inner).into_iter().filter(|name| IO.contains(&name.as_str())).collect();
        assert!(reached.is_empty(), "{inner} reaches I/O crates {reached:?}");
    }
}

/// The HTTP adapter drives the application through its ports: which storage and mail stand
/// behind them is the server's business alone.
#[test]
fn the_http_adapter_reaches_neither_the_store_nor_mail() {
    let reached = reached_by("http-api");
    let other_adapters: Vec<&str> =
        ["store", "mail", "sea-orm", "sqlx", "lettre"].into_iter().filter(|name| reached.contains(*name)).collect();
    assert!(other_adapters.is_empty(), "http reaches {other_adapters:?}");
    assert!(reached.contains("app"), "http drives the application crate");
}

/// A newcomer has only the repository: every link in the README and `docs/` leads to a file
/// in it, and nothing points outside it.
#[test]
fn the_documentation_links_only_to_files_in_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    let mut pages = vec![root.join("README.md")];
    pages.extend(std::fs::read_dir(root.join("docs")).unwrap().map(|e| e.unwrap().path()));
    for page in pages.iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let text = std::fs::read_to_string(page).unwrap();
        assert!(!text.contains("../shared"), "{} points outside the repository", page.display());
        for target in text.split("](").skip(1).filter_map(|rest| rest.split(')').next()) {
            let path = target.split('#').next().unwrap_or_default();
            if path.is_empty() || path.contains("://") {
                continue;
            }
            let file = page.parent().unwrap().join(path);
            let inside = file.canonicalize().is_ok_and(|f| f.starts_with(&root));
            assert!(inside, "{} links to {target}, which is not a file of the repository", page.display());
        }
    }
}
