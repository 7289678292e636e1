//! The authorization-code flow with PKCE, state and nonce (OpenID Connect Core §3.1).
//! Every sign-in discovers the provider afresh, so its signing keys are those it publishes
//! now: a key rotated in is known at once, one rotated out is refused at once.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use identity::sso::{Begun, ClientCredentials, Provider, ProviderFailure, Vouched};
use openidconnect::{
    AuthenticationFlow, AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken, IssuerUrl,
    Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope,
    core::{CoreClient, CoreProviderMetadata, CoreResponseType},
};
use time::OffsetDateTime;

use crate::{Oidc, error_chain};

/// Besides what a connection adds: who the person is and their e-mail.
const SCOPES: [&str; 2] = ["email", "profile"];

impl Oidc {
    async fn metadata(&self, issuer: &url::Url) -> Result<CoreProviderMetadata, ProviderFailure> {
        let issuer = IssuerUrl::new(issuer.as_str().trim_end_matches('/').to_owned())
            .map_err(|e| ProviderFailure::Unreachable(e.to_string()))?;
        CoreProviderMetadata::discover_async(issuer, &self.http)
            .await
            .map_err(|e| ProviderFailure::Unreachable(error_chain(&e)))
    }
}

impl Provider for Oidc {
    async fn begin(&self, client: &ClientCredentials) -> Result<Begun, ProviderFailure> {
        let metadata = self.metadata(&client.issuer).await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let oidc = CoreClient::from_provider_metadata(metadata, ClientId::new(client.client_id.clone()), None)
            .set_redirect_uri(redirect(client)?);
        let mut request = oidc
            .authorize_url(
                AuthenticationFlow::<CoreResponseType>::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .set_pkce_challenge(challenge);
        for scope in SCOPES.iter().map(|s| (*s).to_owned()).chain(client.scopes.iter().cloned()) {
            request = request.add_scope(Scope::new(scope));
        }
        let (url, state, nonce) = request.url();
        Ok(Begun {
            authorization_url: url,
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    async fn finish(
        &self,
        client: &ClientCredentials,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
        now: OffsetDateTime,
    ) -> Result<Vouched, ProviderFailure> {
        let metadata = self.metadata(&client.issuer).await?;
        let oidc = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(client.client_id.clone()),
            Some(ClientSecret::new(client.client_secret.clone())),
        )
        .set_redirect_uri(redirect(client)?);
        let tokens = oidc
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| ProviderFailure::NoAccessToken(e.to_string()))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request_async(&self.http)
            .await
            .map_err(|e| ProviderFailure::NoAccessToken(error_chain(&e)))?;
        let id_token = openidconnect::TokenResponse::id_token(&tokens)
            .ok_or_else(|| rejected("missing", "the token response holds no ID token".to_owned()))?;
        // Expiry by the portal's clock, the one every other rule of the portal reads.
        let at = chrono::DateTime::from_timestamp(now.unix_timestamp(), now.nanosecond()).unwrap_or_default();
        let verifier = oidc.id_token_verifier().set_time_fn(move || at);
        id_token.claims(&verifier, &Nonce::new(nonce.to_owned())).map_err(|e| verification(&e))?;
        // Verified: its payload holds every claim, `upn` and others the standard set lacks.
        let payload = id_token.to_string();
        let claims = payload
            .split('.')
            .nth(1)
            .and_then(|part| URL_SAFE_NO_PAD.decode(part).ok())
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .ok_or_else(|| rejected("malformed", "the ID token's claims are no JSON object".to_owned()))?;
        Ok(Vouched(claims))
    }
}

fn redirect(client: &ClientCredentials) -> Result<RedirectUrl, ProviderFailure> {
    RedirectUrl::new(client.redirect_uri.to_string()).map_err(|e| ProviderFailure::Unreachable(e.to_string()))
}

fn rejected(reason: &'static str, detail: String) -> ProviderFailure {
    ProviderFailure::Rejected { reason, detail }
}

fn verification(error: &ClaimsVerificationError) -> ProviderFailure {
    let reason = match error {
        ClaimsVerificationError::Expired(_) => "expired",
        ClaimsVerificationError::InvalidAudience(_) => "audience",
        ClaimsVerificationError::InvalidIssuer(_) => "issuer",
        ClaimsVerificationError::InvalidNonce(_) => "nonce",
        ClaimsVerificationError::SignatureVerification(_) => "signature",
        _ => "claims",
    };
    rejected(reason, error_chain(error))
}
