//! The shared vectors: what the browser's evaluator must also answer.

use password_policy::{PasswordPolicy, Person, Rule};
use serde::Deserialize;

#[derive(Deserialize)]
struct Vectors {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    policy: PolicyRef,
    password: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    name: String,
    unmet: Vec<Rule>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum PolicyRef {
    Named(String),
    /// The record's rules; the vectors leave out `company` (global) and `active` (yes).
    Record(serde_json::Map<String, serde_json::Value>),
}

impl PolicyRef {
    fn policy(&self) -> PasswordPolicy {
        match self {
            Self::Named(name) if name == "new_password" => PasswordPolicy::new_password(),
            Self::Named(name) if name == "invitation_default" => PasswordPolicy::invitation_default(),
            Self::Named(name) => panic!("unknown policy {name}"),
            Self::Record(rules) => {
                let mut record = rules.clone();
                record.insert("active".into(), true.into());
                serde_json::from_value(record.into()).unwrap()
            }
        }
    }
}

#[test]
fn every_shared_vector_gets_its_expected_verdict() {
    let vectors: Vectors = serde_json::from_str(include_str!("../vectors.json")).unwrap();
    assert!(vectors.cases.len() >= 20);
    for case in vectors.cases {
        let person = Person { email: &case.email, name: &case.name };
        assert_eq!(case.policy.policy().unmet(&case.password, person), case.unmet, "password {:?}", case.password);
    }
}
