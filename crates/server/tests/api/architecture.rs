//! The hexagonal rule, enforced: domain crates reach no I/O crate, even transitively; and the
//! documentation a newcomer reads stays inside the repository.

use std::collections::{BTreeSet, HashMap};

const DOMAIN: [&str; 5] = ["kernel", "password-policy", "identity", "licensing", "scoring"];
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

#[test]
fn domain_crates_depend_on_no_io_crate() {
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
    // Normal (not dev, not build) edges only: tests may use a runtime, shipped code may not.
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

    for domain in DOMAIN {
        let root = name_of.iter().find(|(_, name)| **name == domain).map(|(id, _)| *id).expect(domain);
        let mut seen = BTreeSet::new();
        let mut queue = vec![root];
        while let Some(id) = queue.pop() {
            for dep in &normal_deps[id] {
                if seen.insert(*dep) {
                    queue.push(dep);
                }
            }
        }
        let reached: Vec<&str> = seen.iter().map(|id| name_of[id]).filter(|name| IO.contains(name)).collect();
        assert!(reached.is_empty(), "domain crate {domain} reaches I/O crates {reached:?}");
    }
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
