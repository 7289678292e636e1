//! A sign-in e-mail address: trimmed, lower-cased and syntactically valid, so that two
//! spellings of one address can never become two accounts.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("an e-mail address is required")]
    Empty,
    #[error("`{0}` is not a valid e-mail address")]
    Invalid(String),
}

impl Email {
    /// Normalises (trim, lower-case) and validates.
    ///
    /// # Errors
    /// [`EmailError::Empty`] for blank input, [`EmailError::Invalid`] when it is not an address.
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let normalised = raw.trim().to_lowercase();
        if normalised.is_empty() {
            return Err(EmailError::Empty);
        }
        // The library accepts RFC 5322 forms such as `"a b"@c` or `a@[1.2.3.4]` that no mail
        // system of a customer uses; a portal login wants the ordinary `local@domain.tld`.
        let plain = normalised.matches('@').count() == 1
            && !normalised.contains(['"', '[', ' ', '(', ')'])
            && normalised.rsplit('@').next().is_some_and(|d| d.contains('.') && !d.ends_with('.'));
        if plain && email_address::EmailAddress::is_valid(&normalised) {
            Ok(Self(normalised))
        } else {
            Err(EmailError::Invalid(raw.trim().to_owned()))
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part before the `@`.
    #[must_use]
    pub fn local_part(&self) -> &str {
        self.0.split_once('@').map_or(self.0.as_str(), |(local, _)| local)
    }

    /// The part after `@`, used to match SSO connections by allowed domain.
    #[must_use]
    pub fn domain(&self) -> &str {
        self.0.rsplit('@').next().unwrap_or_default()
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        Self::parse(&raw).map_err(serde::de::Error::custom)
    }
}

/// E-mail domains as a form lists them (an SSO connection's, an enrolment key's): each
/// trimmed, without a leading `@`, lower-cased, a host name, listed once. Answers the clean
/// list and the problem of each entry at fault (`<field>.<index>`).
#[must_use]
pub fn domain_list(field: &str, raw: &[String]) -> (Vec<String>, Vec<crate::FieldProblem>) {
    let mut domains: Vec<String> = Vec::new();
    let mut problems = Vec::new();
    for (index, raw) in raw.iter().enumerate() {
        let domain = raw.trim().trim_start_matches('@').to_ascii_lowercase();
        if !is_domain(&domain) {
            problems.push(crate::FieldProblem::new(format!("{field}.{index}"), crate::FieldCode::Malformed));
        } else if domains.contains(&domain) {
            problems.push(crate::FieldProblem::new(format!("{field}.{index}"), crate::FieldCode::Duplicate));
        } else {
            domains.push(domain);
        }
    }
    (domains, problems)
}

fn is_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    domain.len() <= 253
        && labels.len() >= 2
        && labels.iter().all(|l| {
            (1..=63).contains(&l.len())
                && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_address_is_trimmed_and_lower_cased() {
        let email = Email::parse("  Asha.Rao@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "asha.rao@example.com");
        assert_eq!(email.domain(), "example.com");
    }

    #[test]
    fn blank_input_is_empty_not_invalid() {
        assert_eq!(Email::parse("   "), Err(EmailError::Empty));
    }

    #[test]
    fn things_that_are_not_addresses_are_refused() {
        for raw in
            ["asha", "asha@", "@example.com", "asha@example", "a b@example.com", "a@b@c.com", "\"x\"@example.com"]
        {
            assert!(matches!(Email::parse(raw), Err(EmailError::Invalid(_))), "{raw} accepted");
        }
    }

    proptest! {
        #[test]
        fn a_plain_address_is_accepted_and_parsing_it_again_changes_nothing(
            local in "[a-zA-Z0-9]([a-zA-Z0-9._-]{0,18}[a-zA-Z0-9])?",
            domain in "[a-zA-Z0-9]{1,20}\\.[a-zA-Z]{2,6}",
        ) {
            let raw = format!("{local}@{domain}");
            prop_assume!(!raw.contains(".."));
            let email = Email::parse(&raw);
            prop_assert!(email.is_ok(), "{raw} refused: {email:?}");
            let email = email.unwrap();
            prop_assert_eq!(email.as_str(), raw.to_lowercase());
            prop_assert_eq!(Email::parse(email.as_str()), Ok(email));
        }
    }
}
