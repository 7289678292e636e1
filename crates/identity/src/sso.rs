//! Corporate single sign-on: a company's OpenID Connect connection, its sealed client secret,
//! who may manage it, and what a sign-in through it accepts. Talking to the provider is an
//! adapter's ([`Discovery`], [`Provider`]).

mod connection;
mod connections;
mod sealing;
mod sign_in;

use std::future::Future;

pub use connection::{EmailClaim, SsoConnection, SsoConnectionDraft};
pub use connections::{Refused, SsoConnections, SsoError, SsoStore};
pub use sealing::{SealingError, SealingKey};
use serde::Serialize;
pub use sign_in::{
    Begun, ClientCredentials, PENDING_LIFETIME, PendingSignIn, Provider, ProviderFailure, Refusal, Vouched,
};
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
