//! Corporate single sign-on: a company's OpenID Connect connection, and which people it may
//! vouch for. The authorization-code flow (with PKCE) against the provider is built on this.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use kernel::{CompanyId, Email};
use serde::{Deserialize, Serialize};
use url::Url;

/// One company's identity provider.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SsoConnection {
    pub company: CompanyId,
    /// The provider's issuer; discovery reads `<issuer>/.well-known/openid-configuration`.
    pub issuer: Url,
    pub client_id: String,
    pub client_secret: String,
    /// Lower-case e-mail domains this provider may sign in; empty allows none.
    pub allowed_domains: Vec<String>,
    /// Whether an unknown person the provider vouches for becomes a trainee of the company.
    pub create_users: bool,
}

impl SsoConnection {
    /// Whether the provider may vouch for `email`: a provider of one company must never sign
    /// in someone of another.
    #[must_use]
    pub fn allows(&self, email: &Email) -> bool {
        self.allowed_domains.iter().any(|domain| domain.eq_ignore_ascii_case(email.domain()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn connection(domains: &[&str]) -> SsoConnection {
        SsoConnection {
            company: CompanyId::new(),
            issuer: Url::parse("https://login.customer.example").unwrap(),
            client_id: "playtrack".into(),
            client_secret: "secret".into(),
            allowed_domains: domains.iter().map(ToString::to_string).collect(),
            create_users: false,
        }
    }

    #[test]
    fn only_the_allowed_domains_are_vouched_for() {
        let sso = connection(&["customer.example"]);
        assert!(sso.allows(&Email::parse("asha@customer.example").unwrap()));
        assert!(!sso.allows(&Email::parse("asha@customer.example.evil").unwrap()));
        assert!(!sso.allows(&Email::parse("asha@sub.customer.example").unwrap()));
        assert!(!connection(&[]).allows(&Email::parse("asha@customer.example").unwrap()));
    }
}
