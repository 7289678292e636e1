//! Corporate single sign-on: a company's OpenID Connect connection, its sealed client secret,
//! and who may manage it. Talking to the provider is an adapter's ([`Discovery`]).

mod connection;
mod connections;
mod sealing;

use std::future::Future;

pub use connection::{EmailClaim, SsoConnection, SsoConnectionDraft};
pub use connections::{Refused, SsoConnections, SsoError, SsoStore};
pub use sealing::{SealingError, SealingKey};
use serde::Serialize;
use url::Url;

/// What "Test connection" shows of a provider that answered discovery.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Discovered {
    pub issuer: String,
    pub authorization_endpoint: String,
    pub token_endpoint: Option<String>,
    pub userinfo_endpoint: Option<String>,
    pub jwks_uri: String,
    /// Signing keys the JWKS holds now.
    pub signing_keys: usize,
    pub scopes_supported: Vec<String>,
    pub claims_supported: Vec<String>,
}

/// OpenID Connect discovery of a provider (metadata and keys).
pub trait Discovery: Clone + Send + Sync + 'static {
    /// What the provider at `issuer` publishes, or why discovery failed, in words an admin can
    /// act on.
    fn discover(&self, issuer: &Url) -> impl Future<Output = Result<Discovered, String>> + Send;
}
