//! The OpenID Connect adapter (the `openidconnect` crate): discovery of a company's provider
//! and the authorization-code flow with PKCE against it ([`flow`]).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod flow;

use std::time::Duration;

use identity::sso::{Discovered, Discovery};
use openidconnect::{IssuerUrl, core::CoreProviderMetadata};
use url::Url;

/// Talks to identity providers over HTTP.
#[derive(Clone, Debug)]
pub struct Oidc {
    http: reqwest::Client,
}

impl Oidc {
    /// A client that follows no redirect (a provider's answers are read where its metadata
    /// points, RFC 9700 §4.11), gives up after 10 s, and keeps no idle connection: sign-ins
    /// are seconds apart, and a kept one the provider closed meanwhile fails the next request
    /// ("connection reset", seen against the test provider).
    ///
    /// # Errors
    /// When the TLS roots cannot be loaded.
    pub fn new() -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .pool_max_idle_per_host(0)
            .build()?;
        Ok(Self { http })
    }
}

impl Discovery for Oidc {
    async fn discover(&self, issuer: &Url) -> Result<Discovered, String> {
        let issuer_url = IssuerUrl::new(issuer.as_str().trim_end_matches('/').to_owned()).map_err(|e| e.to_string())?;
        let metadata =
            CoreProviderMetadata::discover_async(issuer_url, &self.http).await.map_err(|e| error_chain(&e))?;
        let names = |values: Option<Vec<String>>| values.unwrap_or_default();
        Ok(Discovered {
            issuer: metadata.issuer().to_string(),
            authorization_endpoint: metadata.authorization_endpoint().to_string(),
            token_endpoint: metadata.token_endpoint().map(ToString::to_string),
            userinfo_endpoint: metadata.userinfo_endpoint().map(ToString::to_string),
            jwks_uri: metadata.jwks_uri().to_string(),
            signing_keys: metadata.jwks().keys().len(),
            scopes_supported: names(metadata.scopes_supported().map(|s| s.iter().map(|s| s.to_string()).collect())),
            claims_supported: names(metadata.claims_supported().map(|c| c.iter().map(|c| c.to_string()).collect())),
        })
    }
}

/// An error and its causes on one line: "Failed to parse server response: …".
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
