//! API clients: the keys the game and partners call the API with. A secret is shown once,
//! kept as its SHA-256, and every use is counted against the client's per-minute limit.

use kernel::{Actor, ApiClientId, AuditAction, Clock, CompanyId, FieldCode, Page, PageRequest, Scope, UserId, secret};
use serde::Serialize;
use serde_json::json;
use time::{Duration, OffsetDateTime};

use crate::{ClientStore, ItemProblem, SaveClientError};

/// Every client secret starts with this, so a leaked one is recognisable (secret scanners)
/// and the API tells it from a session token without a lookup.
pub const SECRET_PREFIX: &str = "ptk_";
pub const DEFAULT_RATE_LIMIT: u32 = 1_200;
pub const MAX_RATE_LIMIT: u32 = 100_000;
const MAX_NAME_CHARS: usize = 120;
const MAX_COMPANIES: usize = 1_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClientKind {
    /// The game: posts attempts.
    Game,
    /// A partner: reads reports.
    Partner,
}

impl ClientKind {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Game => "game",
            Self::Partner => "partner",
        }
    }

    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Game, Self::Partner].into_iter().find(|k| k.as_str() == name)
    }
}

/// The companies whose trainees a client may report on or read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClientScope {
    All,
    Companies(Vec<CompanyId>),
}

impl ClientScope {
    #[must_use]
    pub fn sees(&self, company: CompanyId) -> bool {
        match self {
            Self::All => true,
            Self::Companies(companies) => companies.contains(&company),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiClient {
    pub id: ApiClientId,
    pub name: String,
    pub kind: ClientKind,
    pub scope: ClientScope,
    /// The secret's last four characters.
    pub secret_hint: String,
    pub rate_limit_per_minute: u32,
    pub use_count: u64,
    pub last_used_at: Option<OffsetDateTime>,
    pub created_at: OffsetDateTime,
    pub rotated_at: Option<OffsetDateTime>,
    pub revoked_at: Option<OffsetDateTime>,
}

/// A client as the super admin describes it.
#[derive(Clone, Debug)]
pub struct ApiClientDraft {
    pub name: String,
    pub kind: ClientKind,
    pub scope: ClientScope,
    pub rate_limit_per_minute: Option<u32>,
}

/// The client a request authenticated as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallingClient {
    pub id: ApiClientId,
    pub kind: ClientKind,
    pub scope: ClientScope,
    /// A game app posting for the trainee signed in to it, as its API client: that trainee's
    /// attempts alone.
    pub acting_for: Option<UserId>,
}

/// A client and its secret, which is never shown again.
#[derive(Clone, Debug)]
pub struct IssuedSecret {
    pub client: ApiClient,
    pub secret: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("invalid client")]
    Invalid(Vec<ItemProblem>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum ClientAuthError {
    /// No live client has this secret.
    #[error("unknown or revoked client")]
    Unauthenticated,
    #[error("rate limited")]
    RateLimited { retry_after: Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

type Result<T> = std::result::Result<T, ClientError>;

#[derive(Clone, Debug)]
pub struct ApiClients<S, C> {
    store: S,
    clock: C,
}

impl<S: ClientStore, C: Clock> ApiClients<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// # Errors
    /// `Forbidden` for anyone but the super admin.
    pub async fn list(&self, actor: &Actor, page: &PageRequest) -> Result<Page<ApiClient>> {
        super_admin(actor)?;
        Ok(self.store.list_clients(page).await?)
    }

    /// The name of the client that is calling (`caller` comes from [`ApiClients::authenticate`]),
    /// which what it exports names.
    ///
    /// # Errors
    /// `NotFound` for a client deleted since it authenticated.
    pub async fn name_of(&self, caller: ApiClientId) -> Result<String> {
        Ok(self.store.find_client(caller).await?.ok_or(ClientError::NotFound)?.name)
    }

    /// Creates a client and its first secret.
    ///
    /// # Errors
    /// `Forbidden`; `Invalid` naming the fields at fault.
    pub async fn create(&self, actor: &Actor, draft: ApiClientDraft) -> Result<IssuedSecret> {
        super_admin(actor)?;
        let (name, scope, limit) = check(draft.clone())?;
        let secret = new_secret();
        let client = ApiClient {
            id: ApiClientId::new(),
            name,
            kind: draft.kind,
            scope,
            secret_hint: hint(&secret),
            rate_limit_per_minute: limit,
            use_count: 0,
            last_used_at: None,
            created_at: self.clock.now(),
            rotated_at: None,
            revoked_at: None,
        };
        let audit = actor.event(
            client.created_at,
            AuditAction::ApiClientCreated,
            "api_client",
            client.id,
            None,
            json!({ "after": client }),
        );
        self.store.create_client(&client, &secret::hash_token(&secret), audit).await.map_err(|e| match e {
            SaveClientError::UnknownCompany => {
                ClientError::Invalid(vec![ItemProblem::new("companies", FieldCode::Unknown)])
            }
            SaveClientError::Unknown(e) => ClientError::Unknown(e),
        })?;
        Ok(IssuedSecret { client, secret })
    }

    /// Gives a live client a new secret; the old one stops working at once.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound` for an absent or revoked client.
    pub async fn rotate(&self, actor: &Actor, id: ApiClientId) -> Result<IssuedSecret> {
        super_admin(actor)?;
        let secret = new_secret();
        let now = self.clock.now();
        let audit = actor.event(now, AuditAction::ApiClientRotated, "api_client", id, None, json!({}));
        if !self.store.rotate_secret(id, &secret::hash_token(&secret), &hint(&secret), now, audit).await? {
            return Err(ClientError::NotFound);
        }
        let client = self.store.find_client(id).await?.ok_or(ClientError::NotFound)?;
        Ok(IssuedSecret { client, secret })
    }

    /// # Errors
    /// `Forbidden`; `NotFound` for an absent or already revoked client.
    pub async fn revoke(&self, actor: &Actor, id: ApiClientId) -> Result<ApiClient> {
        super_admin(actor)?;
        let now = self.clock.now();
        let audit = actor.event(now, AuditAction::ApiClientRevoked, "api_client", id, None, json!({}));
        if !self.store.revoke_client(id, now, audit).await? {
            return Err(ClientError::NotFound);
        }
        self.store.find_client(id).await?.ok_or(ClientError::NotFound)
    }

    /// The live client whose secret this is, with this use counted.
    ///
    /// # Errors
    /// `Unauthenticated` for no live client; `RateLimited` past its limit this minute.
    pub async fn authenticate(&self, presented: &str) -> std::result::Result<CallingClient, ClientAuthError> {
        if !presented.starts_with(SECRET_PREFIX) {
            return Err(ClientAuthError::Unauthenticated);
        }
        let now = self.clock.now();
        let minute = now.unix_timestamp().div_euclid(60);
        let used = self
            .store
            .use_client(&secret::hash_token(presented), minute, now)
            .await?
            .ok_or(ClientAuthError::Unauthenticated)?;
        if used.in_window > used.limit {
            let next = OffsetDateTime::from_unix_timestamp((minute + 1) * 60).map_err(anyhow::Error::new)?;
            return Err(ClientAuthError::RateLimited { retry_after: next - now });
        }
        Ok(used.client)
    }
}

fn super_admin(actor: &Actor) -> Result<()> {
    if actor.scope == Scope::All { Ok(()) } else { Err(ClientError::Forbidden) }
}

fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", secret::new_token())
}

fn hint(secret: &str) -> String {
    secret.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect()
}

fn check(draft: ApiClientDraft) -> Result<(String, ClientScope, u32)> {
    let mut problems = Vec::new();
    let name = draft.name.trim().to_owned();
    problems.extend(kernel::text_problem(&name, MAX_NAME_CHARS).map(|code| ItemProblem::new("name", code)));
    let scope = match draft.scope {
        ClientScope::Companies(mut companies) => {
            companies.sort_unstable();
            companies.dedup();
            if companies.is_empty() {
                problems.push(ItemProblem::new("companies", FieldCode::Required));
            } else if companies.len() > MAX_COMPANIES {
                problems.push(ItemProblem::new("companies", FieldCode::OutOfRange));
            }
            ClientScope::Companies(companies)
        }
        ClientScope::All => ClientScope::All,
    };
    let limit = draft.rate_limit_per_minute.unwrap_or(DEFAULT_RATE_LIMIT);
    if !(1..=MAX_RATE_LIMIT).contains(&limit) {
        problems.push(ItemProblem::new("rate_limit_per_minute", FieldCode::OutOfRange));
    }
    if problems.is_empty() { Ok((name, scope, limit)) } else { Err(ClientError::Invalid(problems)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ApiClientDraft {
        ApiClientDraft {
            name: "  Studio build server ".into(),
            kind: ClientKind::Game,
            scope: ClientScope::All,
            rate_limit_per_minute: None,
        }
    }

    #[test]
    fn a_draft_is_trimmed_and_gets_the_default_limit() {
        let (name, scope, limit) = check(draft()).unwrap();
        assert_eq!((name.as_str(), scope, limit), ("Studio build server", ClientScope::All, DEFAULT_RATE_LIMIT));
    }

    #[test]
    fn a_company_scope_needs_companies_and_the_limit_a_range() {
        let bad = ApiClientDraft {
            name: String::new(),
            scope: ClientScope::Companies(vec![]),
            rate_limit_per_minute: Some(0),
            ..draft()
        };
        let Err(ClientError::Invalid(problems)) = check(bad) else { panic!("refused") };
        let fields: Vec<_> = problems.iter().map(|p| (p.field.as_str(), p.code)).collect();
        assert_eq!(
            fields,
            vec![
                ("name", FieldCode::Required),
                ("companies", FieldCode::Required),
                ("rate_limit_per_minute", FieldCode::OutOfRange)
            ]
        );
    }

    #[test]
    fn secrets_are_prefixed_and_hinted_by_their_end() {
        let secret = new_secret();
        assert!(secret.starts_with(SECRET_PREFIX));
        assert_eq!(secret.len(), SECRET_PREFIX.len() + 43);
        assert!(secret.ends_with(&hint(&secret)));
        assert_eq!(hint(&secret).chars().count(), 4);
    }
}
