//! Signing in through the company's identity provider: the work e-mail names the connection
//! (by its verified domain), the browser goes to the provider and comes back with a code, the
//! provider's ID token vouches for the person, and the sign-in state machine goes on (EULA,
//! session of kind `sso`). Nothing is held open while the provider is asked: each step that
//! writes is its own short unit of work, and the one that uses up the sign-in commits first,
//! so a callback is never taken twice.

use anyhow::Context;
use identity::{
    RequestContext, Step, User, UserStatus,
    sso::{
        ClientCredentials, PENDING_LIFETIME, PendingSignIn, Provider, ProviderFailure, Refusal, SealingKey,
        SsoConnection,
    },
};
use kernel::{AuditAction, AuditEvent, Email, secret};
use licensing::{LicensingError, Via, VouchedTrainee};
use serde_json::json;
use time::Duration;
use url::Url;

use crate::{SsoUnit, SsoWork};

/// Starts from one address within this window; enough for people behind one office's NAT,
/// too few to map which domains have a connection.
const STARTS_PER_ADDRESS: u32 = 20;
const START_WINDOW: Duration = Duration::minutes(15);

#[derive(Debug, thiserror::Error)]
pub enum SsoSignInError {
    /// No connection vouches for the address's domain.
    #[error("single sign-on is not available for this address")]
    NotAvailable,
    #[error("too many tries")]
    Throttled { retry_after: Duration },
    /// The sign-in is unknown, used, expired, or was started in another browser.
    #[error("the sign-in expired")]
    Expired,
    /// The provider answered with an error of its own (its description, else its code).
    #[error("the provider refused: {0}")]
    Provider(String),
    #[error("the provider could not be reached")]
    Unreachable,
    /// The seed's "Failed to get access token.".
    #[error("no access token")]
    NoAccessToken,
    /// The ID token failed a check.
    #[error("the ID token was refused")]
    Rejected,
    #[error(transparent)]
    Refused(Refusal),
    #[error("the account is disabled")]
    AccountDisabled,
    /// A just-in-time trainee found no seat left.
    #[error(transparent)]
    Licensing(#[from] LicensingError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// A sign-in sent to the provider. `binding` goes into a cookie of the browser, the only one
/// that may finish it.
#[derive(Clone, Debug)]
pub struct Started {
    pub authorization_url: Url,
    pub binding: String,
}

/// What the provider sent back to the callback.
#[derive(Clone, Debug)]
pub struct Callback {
    pub state: String,
    /// The code, or the provider's error and its description.
    pub answer: Result<String, (String, Option<String>)>,
    /// The issuer the provider says it is (RFC 9207); it must be the connection's, so an
    /// answer of another provider is never taken for this one's.
    pub issuer: Option<String>,
}

#[derive(Clone, Debug)]
pub struct SsoSignIn<U, P> {
    work: U,
    provider: P,
    key: SealingKey,
    /// The portal's callback page, registered at every provider.
    redirect_uri: Url,
}

impl<U: SsoUnit, P: Provider> SsoSignIn<U, P> {
    pub const fn new(work: U, provider: P, key: SealingKey, redirect_uri: Url) -> Self {
        Self { work, provider, key, redirect_uri }
    }

    /// Finds the connection of the address's domain and sends the browser to its provider.
    ///
    /// # Errors
    /// `Throttled`; `NotAvailable`; `Unreachable`.
    pub async fn start(&self, email: &Email, ctx: &RequestContext) -> Result<Started, SsoSignInError> {
        let work = self.work.begin().await?;
        let key = format!("sso:start:{}", ctx.ip.as_deref().unwrap_or("-"));
        let spent = work.spend(&key, STARTS_PER_ADDRESS, START_WINDOW).await?;
        let connection = work.connection_by_domain(email.domain()).await?;
        self.work.commit(work).await?;
        if let Err(retry_after) = spent {
            return Err(SsoSignInError::Throttled { retry_after });
        }
        let connection = connection.ok_or(SsoSignInError::NotAvailable)?;
        let begun = self.provider.begin(&self.credentials(&connection)?).await.map_err(|e| {
            tracing::warn!(company = %connection.company, error = %e, "an SSO provider could not be reached");
            SsoSignInError::Unreachable
        })?;
        let binding = secret::new_token();
        let now = self.work.now();
        let work = self.work.begin().await?;
        work.open_pending(&PendingSignIn {
            id: uuid::Uuid::now_v7(),
            state_hash: secret::hash_token(&begun.state),
            binding_hash: secret::hash_token(&binding),
            company: connection.company,
            nonce: begun.nonce,
            sealed_pkce_verifier: self.key.seal(&begun.pkce_verifier),
            created_at: now,
            expires_at: now + PENDING_LIFETIME,
        })
        .await?;
        self.work.commit(work).await?;
        Ok(Started { authorization_url: begun.authorization_url, binding })
    }

    /// Takes the provider's answer: the person it vouches for, matched inside the company
    /// (or created as its trainee when the connection says so), goes on to the EULA step or
    /// a session of kind `sso`.
    ///
    /// # Errors
    /// `Expired`; `Provider`, `Unreachable`, `NoAccessToken`, `Rejected`; `Refused`;
    /// `AccountDisabled`; `Licensing` (`NoSeatLeft`).
    pub async fn finish(
        &self,
        callback: Callback,
        binding: Option<&str>,
        locale: &'static str,
        ctx: &RequestContext,
    ) -> Result<Step, SsoSignInError> {
        let work = self.work.begin().await?;
        let pending = work.take_pending(&secret::hash_token(&callback.state), self.work.now()).await?;
        self.work.commit(work).await?;
        let pending = pending
            .filter(|p| binding.is_some_and(|b| secret::same_hash(&secret::hash_token(b), &p.binding_hash)))
            .ok_or(SsoSignInError::Expired)?;
        let code = match callback.answer {
            Ok(code) => code,
            Err((error, description)) => {
                self.audit_failure(&pending, "provider", Some(error.clone()), ctx).await?;
                return Err(SsoSignInError::Provider(description.unwrap_or(error)));
            }
        };
        let work = self.work.begin().await?;
        let connection = work.connections(Some(pending.company)).await?.into_iter().next();
        drop(work);
        let connection = connection.ok_or(SsoSignInError::Expired)?;
        let issuer = connection.issuer.as_str().trim_end_matches('/');
        if let Some(claimed) = callback.issuer.as_deref().filter(|claimed| claimed.trim_end_matches('/') != issuer) {
            self.audit_failure(&pending, "issuer", Some(format!("the callback names {claimed}")), ctx).await?;
            return Err(SsoSignInError::Rejected);
        }
        let verifier = self.key.open(&pending.sealed_pkce_verifier).map_err(anyhow::Error::from)?;
        let credentials = self.credentials(&connection)?;
        let vouched = match self.provider.finish(&credentials, &code, &verifier, &pending.nonce, self.work.now()).await
        {
            Ok(vouched) => vouched,
            Err(failure) => {
                let (reason, error) = match &failure {
                    ProviderFailure::Unreachable(_) => ("unreachable", SsoSignInError::Unreachable),
                    ProviderFailure::NoAccessToken(_) => ("no_access_token", SsoSignInError::NoAccessToken),
                    ProviderFailure::Rejected { reason, .. } => (*reason, SsoSignInError::Rejected),
                };
                self.audit_failure(&pending, reason, Some(failure.to_string()), ctx).await?;
                return Err(error);
            }
        };
        let signed_in = self.sign_in(&connection, &connection.vouched_person(&vouched), locale, ctx).await?;
        if let Err(error) = &signed_in {
            let reason = match error {
                SsoSignInError::Refused(refusal) => refusal.as_str(),
                SsoSignInError::AccountDisabled => "disabled",
                SsoSignInError::Licensing(LicensingError::NoSeatLeft) => "no_seat",
                _ => "licensing",
            };
            self.audit_failure(&pending, reason, None, ctx).await?;
        }
        signed_in
    }

    /// The person's sign-in in one unit of work: found or created, let in, EULA or session.
    /// The outer error is a failure to answer; the inner one a refusal, written nowhere.
    async fn sign_in(
        &self,
        connection: &SsoConnection,
        person: &Result<(Email, String), Refusal>,
        locale: &'static str,
        ctx: &RequestContext,
    ) -> anyhow::Result<Result<Step, SsoSignInError>> {
        let (email, name) = match person {
            Ok(person) => person,
            Err(refusal) => return Ok(Err(SsoSignInError::Refused(*refusal))),
        };
        let work = self.work.begin().await?;
        let user = match (work.user_by_email(email).await?, connection.create_users, connection.batch) {
            (Some(user), _, _) => user,
            (None, true, Some(batch)) => {
                let trainee = VouchedTrainee {
                    company: connection.company,
                    batch,
                    email: email.clone(),
                    name: name.clone(),
                    locale,
                    with_seat: connection.assign_seat,
                    via: Via::Sso,
                };
                match work.enrol_vouched(&trainee, ctx.ip.clone()).await {
                    Ok(_) => work.user_by_email(email).await?.context("a trainee just enrolled")?,
                    Err(LicensingError::Unknown(e)) => return Err(e),
                    Err(e) => return Ok(Err(e.into())),
                }
            }
            (None, _, _) => return Ok(Err(SsoSignInError::Refused(Refusal::NoAccount))),
        };
        // A provider of one company never signs in anyone of another, nor the provider's staff.
        if user.company != Some(connection.company) {
            return Ok(Err(SsoSignInError::Refused(Refusal::OtherCompany)));
        }
        if user.status == UserStatus::Disabled {
            return Ok(Err(SsoSignInError::AccountDisabled));
        }
        let user: User = work.activate_vouched(user).await?;
        let step = work.after_sso(user, locale, ctx).await?;
        self.work.commit(work).await?;
        Ok(Ok(step))
    }

    fn credentials(&self, connection: &SsoConnection) -> anyhow::Result<ClientCredentials> {
        Ok(ClientCredentials {
            issuer: connection.issuer.clone(),
            client_id: connection.client_id.clone(),
            client_secret: self.key.open(&connection.sealed_secret)?,
            scopes: connection.scopes.clone(),
            redirect_uri: self.redirect_uri.clone(),
        })
    }

    /// Writes why a sign-in that came back opened no session, for the company's admins.
    async fn audit_failure(
        &self,
        pending: &PendingSignIn,
        reason: &str,
        detail: Option<String>,
        ctx: &RequestContext,
    ) -> anyhow::Result<()> {
        let work = self.work.begin().await?;
        work.audit(AuditEvent {
            at: self.work.now(),
            actor: None,
            action: AuditAction::SsoSignInFailed,
            target_type: "company",
            target_id: Some(pending.company.to_string()),
            company: Some(pending.company),
            details: json!({ "reason": reason, "detail": detail }),
            ip: ctx.ip.clone(),
        })
        .await?;
        self.work.commit(work).await
    }
}
