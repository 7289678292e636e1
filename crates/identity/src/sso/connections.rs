//! Managing SSO connections: the super admin sets up any company's; a company admin sees
//! their company's and may change how it reaches the provider, but not which domains it
//! vouches for, who it creates, or whether passwords still work — those decide who can get in.

use std::future::Future;

use kernel::{Actor, AuditAction, AuditEvent, Clock, CompanyId, FieldCode, FieldProblem, Scope};
use serde_json::json;

use time::OffsetDateTime;

use super::{
    Discovered, Discovery, PendingSignIn,
    connection::{SsoConnection, SsoConnectionDraft, check},
    sealing::SealingKey,
};

#[derive(Debug, thiserror::Error)]
pub enum SsoError {
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("invalid SSO connection")]
    Invalid(Vec<FieldProblem>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Why the store would not save a connection.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The domain is another company's.
    DomainTaken(String),
    /// The batch does not exist or is another company's.
    UnknownBatch,
    UnknownCompany,
}

pub trait SsoStore: Clone + Send + Sync + 'static {
    /// Every connection, or the one of `company`.
    fn sso_connections(
        &self,
        company: Option<CompanyId>,
    ) -> impl Future<Output = anyhow::Result<Vec<SsoConnection>>> + Send;

    /// Inserts or replaces the company's connection and its domains, with the audit line, in
    /// one transaction; the database refuses a domain of another company's.
    fn save_sso_connection(
        &self,
        connection: &SsoConnection,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<std::result::Result<(), Refused>>> + Send;

    /// Removes the company's connection (`false` when it had none), with the audit line.
    fn delete_sso_connection(
        &self,
        company: CompanyId,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// The connection that vouches for e-mail addresses of `domain` (lower case).
    fn sso_connection_by_domain(
        &self,
        domain: &str,
    ) -> impl Future<Output = anyhow::Result<Option<SsoConnection>>> + Send;

    fn open_pending_sign_in(&self, pending: &PendingSignIn) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Uses up the live sign-in with this state: of two callbacks racing, one gets it.
    fn take_pending_sign_in(
        &self,
        state_hash: &str,
        now: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<Option<PendingSignIn>>> + Send;
}

type Result<T> = std::result::Result<T, SsoError>;

#[derive(Clone, Debug)]
pub struct SsoConnections<S, C, D> {
    store: S,
    clock: C,
    key: SealingKey,
    discovery: D,
}

impl<S: SsoStore, C: Clock, D: Discovery> SsoConnections<S, C, D> {
    pub const fn new(store: S, clock: C, key: SealingKey, discovery: D) -> Self {
        Self { store, clock, key, discovery }
    }

    /// The connections the actor may see: all for the super admin, their company's for a
    /// company admin.
    ///
    /// # Errors
    /// `Forbidden` for trainees.
    pub async fn list(&self, actor: &Actor) -> Result<Vec<SsoConnection>> {
        match actor.scope {
            Scope::All => Ok(self.store.sso_connections(None).await?),
            Scope::Company(company) => Ok(self.store.sso_connections(Some(company)).await?),
            Scope::User { .. } => Err(SsoError::Forbidden),
        }
    }

    /// # Errors
    /// `Forbidden` outside the actor's scope; `NotFound`.
    pub async fn get(&self, actor: &Actor, company: CompanyId) -> Result<SsoConnection> {
        self.existing(actor, company).await?.ok_or(SsoError::NotFound)
    }

    /// Sets up (super admin) or changes the company's connection.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound` when a company admin's company has none yet; `Invalid`.
    pub async fn save(&self, actor: &Actor, company: CompanyId, draft: SsoConnectionDraft) -> Result<SsoConnection> {
        let before = self.existing(actor, company).await?;
        let super_admin = actor.scope == Scope::All;
        // What decides who gets in stays as the super admin left it.
        let draft = match (&before, super_admin) {
            (_, true) => draft,
            (Some(b), false) => SsoConnectionDraft {
                domains: b.domains.clone(),
                create_users: b.create_users,
                batch: b.batch,
                assign_seat: b.assign_seat,
                password_sign_in: b.password_sign_in,
                ..draft
            },
            (None, false) => return Err(SsoError::NotFound),
        };
        let checked = check(&draft, before.is_some()).map_err(SsoError::Invalid)?;
        let now = self.clock.now();
        let connection = SsoConnection {
            company,
            issuer: checked.issuer,
            client_id: checked.client_id,
            sealed_secret: match (checked.client_secret, &before) {
                (Some(secret), _) => self.key.seal(&secret),
                (None, Some(b)) => b.sealed_secret.clone(),
                // `check` demands a secret of a new connection.
                (None, None) => return Err(anyhow::anyhow!("a new connection without a secret").into()),
            },
            scopes: checked.scopes,
            email_claim: checked.email_claim,
            domains: checked.domains,
            create_users: draft.create_users,
            batch: draft.batch.filter(|_| draft.create_users),
            assign_seat: draft.assign_seat && draft.create_users,
            password_sign_in: draft.password_sign_in,
            created_at: before.as_ref().map_or(now, |b| b.created_at),
            updated_at: now,
        };
        let action =
            if before.is_some() { AuditAction::SsoConnectionUpdated } else { AuditAction::SsoConnectionCreated };
        // The sealed secret is skipped by serialisation: the audit shows only whether it changed.
        let details = json!({
            "before": before,
            "after": connection,
            "secret_changed": before.as_ref().is_none_or(|b| b.sealed_secret != connection.sealed_secret),
        });
        let audit = actor.event(now, action, "sso_connection", company, Some(company), details);
        match self.store.save_sso_connection(&connection, audit).await? {
            Ok(()) => Ok(connection),
            Err(Refused::DomainTaken(domain)) => {
                let index = connection.domains.iter().position(|d| *d == domain).unwrap_or_default();
                Err(SsoError::Invalid(vec![FieldProblem::new(format!("domains.{index}"), FieldCode::Taken)]))
            }
            Err(Refused::UnknownBatch) => {
                Err(SsoError::Invalid(vec![FieldProblem::new("batch_id", FieldCode::UnknownBatch)]))
            }
            Err(Refused::UnknownCompany) => Err(SsoError::NotFound),
        }
    }

    /// Removes the company's connection: its people sign in with passwords again.
    ///
    /// # Errors
    /// `Forbidden` for anyone but the super admin; `NotFound`.
    pub async fn delete(&self, actor: &Actor, company: CompanyId) -> Result<()> {
        if actor.scope != Scope::All {
            return Err(SsoError::Forbidden);
        }
        let audit = actor.event(
            self.clock.now(),
            AuditAction::SsoConnectionDeleted,
            "sso_connection",
            company,
            Some(company),
            json!({}),
        );
        if self.store.delete_sso_connection(company, audit).await? { Ok(()) } else { Err(SsoError::NotFound) }
    }

    /// Runs discovery against the company's provider: what it found, or why it failed.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`.
    pub async fn test(&self, actor: &Actor, company: CompanyId) -> Result<std::result::Result<Discovered, String>> {
        let connection = self.get(actor, company).await?;
        Ok(self.discovery.discover(&connection.issuer).await)
    }

    async fn existing(&self, actor: &Actor, company: CompanyId) -> Result<Option<SsoConnection>> {
        match actor.scope {
            Scope::All => {}
            Scope::Company(own) if own == company => {}
            _ => return Err(SsoError::Forbidden),
        }
        Ok(self.store.sso_connections(Some(company)).await?.into_iter().next())
    }
}
