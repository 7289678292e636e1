//! Signing in through a company's provider: the sign-in kept between leaving for the provider
//! and coming back, the provider port, and what the portal accepts of the provider's word.

use std::future::Future;

use kernel::{CompanyId, Email};
use serde_json::{Map, Value};
use time::{Duration, OffsetDateTime};
use url::Url;

use super::SsoConnection;

/// How long a person has at the provider before the sign-in must start again.
pub const PENDING_LIFETIME: Duration = Duration::minutes(10);

/// A sign-in begun at the provider, kept until its callback and used once. Only hashes of
/// the state and of the browser's binding cookie are kept.
#[derive(Clone, Debug)]
pub struct PendingSignIn {
    pub id: uuid::Uuid,
    pub state_hash: String,
    /// The hash of the cookie the starting browser got: only that browser may finish it, so
    /// nobody can sign a victim in as themselves with their own callback link.
    pub binding_hash: String,
    pub company: CompanyId,
    pub nonce: String,
    /// Sealed, like the client secret.
    pub sealed_pkce_verifier: String,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
}

/// What the provider needs to know of the portal as its client.
#[derive(Clone, Debug)]
pub struct ClientCredentials {
    pub issuer: Url,
    pub client_id: String,
    pub client_secret: String,
    pub scopes: Vec<String>,
    pub redirect_uri: Url,
}

/// A sign-in sent off to the provider: where to, and what the callback must match.
#[derive(Clone, Debug)]
pub struct Begun {
    pub authorization_url: Url,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Why the provider's word was not had or not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProviderFailure {
    /// Discovery failed: the provider is down or misconfigured.
    #[error("the provider could not be reached: {0}")]
    Unreachable(String),
    /// The token endpoint answered no tokens (the seed's "Failed to get access token.").
    #[error("no access token: {0}")]
    NoAccessToken(String),
    /// The ID token failed a check; `reason` is a stable word for the audit trail
    /// (`signature`, `nonce`, `expired`, `issuer`, `audience`, `missing`, `malformed`).
    #[error("ID token refused ({reason}): {detail}")]
    Rejected { reason: &'static str, detail: String },
}

/// The verified claims of an ID token.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Vouched(pub Map<String, Value>);

/// The authorization-code flow with PKCE, state and nonce against one provider.
pub trait Provider: Clone + Send + Sync + 'static {
    /// Discovers the provider and builds the authorization URL.
    fn begin(&self, client: &ClientCredentials) -> impl Future<Output = Result<Begun, ProviderFailure>> + Send;

    /// Exchanges the code and verifies the ID token (issuer, audience, signature by the
    /// provider's current keys, expiry by `now`, nonce).
    fn finish(
        &self,
        client: &ClientCredentials,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
        now: OffsetDateTime,
    ) -> impl Future<Output = Result<Vouched, ProviderFailure>> + Send;
}

/// Why a person the provider vouched for is not signed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The configured claim is missing or not an e-mail address.
    #[error("no e-mail in the configured claim")]
    NoEmail,
    /// The provider says the address is not verified.
    #[error("the e-mail is not verified")]
    Unverified,
    /// The address is outside the connection's verified domains.
    #[error("the e-mail is outside the verified domains")]
    Domain,
    /// The address belongs to someone of another company (or to the provider's staff).
    #[error("the person belongs to another company")]
    OtherCompany,
    /// Nobody has this address and the connection creates nobody.
    #[error("no account")]
    NoAccount,
}

impl Refusal {
    /// The word the audit trail keeps.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::NoEmail => "no_email",
            Self::Unverified => "unverified",
            Self::Domain => "domain",
            Self::OtherCompany => "other_company",
            Self::NoAccount => "no_account",
        }
    }
}

impl SsoConnection {
    /// The e-mail and name the provider vouches for, when this connection may take its word
    /// for them.
    ///
    /// # Errors
    /// `NoEmail`, `Unverified` or `Domain`.
    pub fn vouched_person(&self, vouched: &Vouched) -> Result<(Email, String), Refusal> {
        let text = |name: &str| vouched.0.get(name).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty());
        let email = text(self.email_claim.as_str()).and_then(|e| Email::parse(e).ok()).ok_or(Refusal::NoEmail)?;
        // Only the `email` claim comes with `email_verified`; an explicit `false` is a no.
        if self.email_claim == super::EmailClaim::Email && vouched.0.get("email_verified") == Some(&Value::Bool(false))
        {
            return Err(Refusal::Unverified);
        }
        if !self.allows(&email) {
            return Err(Refusal::Domain);
        }
        let name = text("name").unwrap_or_else(|| email.local_part()).to_owned();
        Ok((email, name))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::sso::EmailClaim;

    fn connection(claim: EmailClaim) -> SsoConnection {
        SsoConnection {
            company: CompanyId::new(),
            issuer: Url::parse("https://login.example.com").unwrap(),
            client_id: "portal".into(),
            sealed_secret: String::new(),
            scopes: vec![],
            email_claim: claim,
            domains: vec!["acme.example".into()],
            create_users: false,
            batch: None,
            assign_seat: false,
            password_sign_in: true,
            created_at: OffsetDateTime::UNIX_EPOCH,
            updated_at: OffsetDateTime::UNIX_EPOCH,
        }
    }

    fn vouched(claims: Value) -> Vouched {
        Vouched(claims.as_object().unwrap().clone())
    }

    #[test]
    fn the_configured_claim_carries_the_email_within_the_verified_domains() {
        let entra = connection(EmailClaim::PreferredUsername);
        let claims =
            vouched(json!({ "preferred_username": "Ada@ACME.example", "name": "Ada L", "email": "x@other.example" }));
        let (email, name) = entra.vouched_person(&claims).unwrap();
        assert_eq!((email.as_str(), name.as_str()), ("ada@acme.example", "Ada L"));

        let by_email = connection(EmailClaim::Email);
        assert_eq!(by_email.vouched_person(&claims), Err(Refusal::Domain));
        assert_eq!(
            by_email.vouched_person(&vouched(json!({ "preferred_username": "a@acme.example" }))),
            Err(Refusal::NoEmail)
        );
        assert_eq!(by_email.vouched_person(&vouched(json!({ "email": "not an address" }))), Err(Refusal::NoEmail));
        let unverified = vouched(json!({ "email": "a@acme.example", "email_verified": false }));
        assert_eq!(by_email.vouched_person(&unverified), Err(Refusal::Unverified));
        let (_, name) = by_email.vouched_person(&vouched(json!({ "email": "bo@acme.example" }))).unwrap();
        assert_eq!(name, "bo", "without a name claim the address's local part");
    }
}
