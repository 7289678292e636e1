//! Enrolment keys: an admin hands a batch's sign-up link to people who then join it
//! themselves. A key admits a limited number of people until it expires or is revoked,
//! optionally only from some e-mail domains. Only the key's hash is stored.

use std::future::Future;

use kernel::{
    Actor, AuditAction, AuditEvent, BatchId, Clock, CompanyId, Email, EnrolmentKeyId, FieldCode, FieldProblem, Scope,
    secret,
};
use serde::Serialize;
use serde_json::json;
use time::{Duration, OffsetDateTime};

use crate::{Invalid, LicensingError, LicensingStore};

/// The most people one key admits: a key is for a cohort, not for the public.
pub const MAX_USES: u32 = 10_000;
/// The longest a key lives: a link that circulates for longer should be a new one.
pub const MAX_LIFETIME: Duration = Duration::days(366);
const MAX_DOMAINS: usize = 20;

/// A batch's sign-up key as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EnrolmentKey {
    pub id: EnrolmentKeyId,
    pub company: CompanyId,
    pub batch: BatchId,
    #[serde(skip)]
    pub key_hash: String,
    pub max_uses: u32,
    pub uses: u32,
    /// Lower-case domains the address must be of; empty for any.
    pub domains: Vec<String>,
    pub expires_at: OffsetDateTime,
    pub revoked_at: Option<OffsetDateTime>,
    pub created_at: OffsetDateTime,
}

/// Why a key admits nobody, or not this person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyRefusal {
    /// Revoked, expired or used up: the link is no longer valid.
    #[error("the sign-up link is no longer valid")]
    Closed,
    #[error("the e-mail address is not of an allowed domain")]
    Domain,
}

impl EnrolmentKey {
    /// Whether the key admits `email` at `now`. The use itself is counted by the store, in
    /// one guarded update, so two sign-ups racing for the last use get one.
    ///
    /// # Errors
    /// `Closed` or `Domain`.
    pub fn admits(&self, email: &Email, now: OffsetDateTime) -> Result<(), KeyRefusal> {
        if !self.is_open(now) {
            return Err(KeyRefusal::Closed);
        }
        if !self.domains.is_empty() && !self.domains.iter().any(|d| d.eq_ignore_ascii_case(email.domain())) {
            return Err(KeyRefusal::Domain);
        }
        Ok(())
    }
}

impl EnrolmentKey {
    /// Whether the key admits anyone at `now`: not revoked, expired or used up.
    #[must_use]
    pub fn is_open(&self, now: OffsetDateTime) -> bool {
        self.revoked_at.is_none() && now < self.expires_at && self.uses < self.max_uses
    }
}

/// A key as the admin's form describes it.
#[derive(Clone, Debug, Default)]
pub struct EnrolmentKeyDraft {
    pub max_uses: u32,
    pub expires_at: Option<OffsetDateTime>,
    pub domains: Vec<String>,
}

/// The draft's values, checked: uses, expiry and domains (trimmed, lower-cased, without `@`).
///
/// # Errors
/// Every field at fault.
pub fn check(
    draft: &EnrolmentKeyDraft,
    now: OffsetDateTime,
) -> Result<(u32, OffsetDateTime, Vec<String>), Vec<FieldProblem>> {
    let mut problems = Vec::new();
    if !(1..=MAX_USES).contains(&draft.max_uses) {
        problems.push(FieldProblem::new("max_uses", FieldCode::OutOfRange));
    }
    let expires_at = draft.expires_at.filter(|at| *at > now && *at <= now + MAX_LIFETIME);
    if expires_at.is_none() {
        let code = if draft.expires_at.is_none() { FieldCode::Required } else { FieldCode::OutOfRange };
        problems.push(FieldProblem::new("expires_at", code));
    }
    if draft.domains.len() > MAX_DOMAINS {
        problems.push(FieldProblem::new("domains", FieldCode::OutOfRange));
    }
    let (domains, domain_problems) = kernel::domain_list("domains", &draft.domains);
    problems.extend(domain_problems);
    match expires_at {
        Some(expires_at) if problems.is_empty() => Ok((draft.max_uses, expires_at, domains)),
        _ => Err(problems),
    }
}

/// What storage keeps of enrolment keys, besides the batches they join.
pub trait EnrolmentKeyStore: LicensingStore {
    /// The batch's keys, newest first.
    fn enrolment_keys(&self, batch: BatchId) -> impl Future<Output = anyhow::Result<Vec<EnrolmentKey>>> + Send;

    fn enrolment_key(&self, id: EnrolmentKeyId) -> impl Future<Output = anyhow::Result<Option<EnrolmentKey>>> + Send;

    /// The key whose secret hashes to `key_hash`, whatever its state.
    fn enrolment_key_by_hash(
        &self,
        key_hash: &str,
    ) -> impl Future<Output = anyhow::Result<Option<EnrolmentKey>>> + Send;

    /// Inserts the key and its audit line in one transaction.
    fn create_enrolment_key(
        &self,
        key: &EnrolmentKey,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Revokes a live key with its audit line; `false` when it was revoked already.
    fn revoke_enrolment_key(
        &self,
        id: EnrolmentKeyId,
        at: OffsetDateTime,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Counts one use of a key still open at `now`, in one guarded update: of two sign-ups
    /// racing for the last use, one gets it (`true`).
    fn use_enrolment_key(
        &self,
        id: EnrolmentKeyId,
        now: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;
}

/// A new key with its secret, which only this answer ever shows.
#[derive(Clone, Debug)]
pub struct IssuedKey {
    pub key: EnrolmentKey,
    pub secret: String,
}

/// The admins' side of enrolment keys: a batch's keys, made and revoked within the actor's
/// scope, each change audited.
#[derive(Clone, Debug)]
pub struct EnrolmentKeys<S, C> {
    store: S,
    clock: C,
}

impl<S: EnrolmentKeyStore, C: Clock> EnrolmentKeys<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The batch's keys.
    ///
    /// # Errors
    /// `Forbidden` for trainees; `NotFound` outside the scope.
    pub async fn list(&self, actor: &Actor, batch: BatchId) -> Result<Vec<EnrolmentKey>, LicensingError> {
        let batch = self.store.find_batch(admin_scope(actor)?, batch).await?;
        Ok(self.store.enrolment_keys(batch.id).await?)
    }

    /// A new key for the batch.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` (uses, expiry, domains).
    pub async fn create(
        &self,
        actor: &Actor,
        batch: BatchId,
        draft: &EnrolmentKeyDraft,
    ) -> Result<IssuedKey, LicensingError> {
        let batch = self.store.find_batch(admin_scope(actor)?, batch).await?;
        let now = self.clock.now();
        let (max_uses, expires_at, domains) = check(draft, now).map_err(Invalid)?;
        let secret = secret::new_token();
        let key = EnrolmentKey {
            id: EnrolmentKeyId::new(),
            company: batch.company,
            batch: batch.id,
            key_hash: secret::hash_token(&secret),
            max_uses,
            uses: 0,
            domains,
            expires_at,
            revoked_at: None,
            created_at: now,
        };
        let audit =
            actor.event(now, AuditAction::EnrolmentKeyCreated, "enrolment_key", key.id, Some(key.company), json!(key));
        self.store.create_enrolment_key(&key, audit).await?;
        Ok(IssuedKey { key, secret })
    }

    /// Stops a key from admitting anyone more; people who joined stay.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound` outside the scope.
    pub async fn revoke(&self, actor: &Actor, id: EnrolmentKeyId) -> Result<EnrolmentKey, LicensingError> {
        let key = self.store.enrolment_key(id).await?.ok_or(LicensingError::NotFound)?;
        if !admin_scope(actor)?.sees_company(key.company) {
            return Err(LicensingError::NotFound);
        }
        if key.revoked_at.is_some() {
            return Ok(key);
        }
        let now = self.clock.now();
        let audit =
            actor.event(now, AuditAction::EnrolmentKeyRevoked, "enrolment_key", id, Some(key.company), json!({}));
        if !self.store.revoke_enrolment_key(id, now, audit).await? {
            // Another admin revoked it at this moment: the answer is the same.
            return self.store.enrolment_key(id).await?.ok_or(LicensingError::NotFound);
        }
        Ok(EnrolmentKey { revoked_at: Some(now), ..key })
    }
}

/// The actor's scope, when it is an admin's.
fn admin_scope(actor: &Actor) -> Result<Scope, LicensingError> {
    match actor.scope {
        Scope::User { .. } => Err(LicensingError::Forbidden),
        scope => Ok(scope),
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    const NOW: OffsetDateTime = datetime!(2026-11-27 10:00 UTC);

    fn key(domains: &[&str]) -> EnrolmentKey {
        EnrolmentKey {
            id: EnrolmentKeyId::new(),
            company: CompanyId::new(),
            batch: BatchId::new(),
            key_hash: String::new(),
            max_uses: 2,
            uses: 0,
            domains: domains.iter().map(|d| (*d).to_owned()).collect(),
            expires_at: NOW + Duration::days(7),
            revoked_at: None,
            created_at: NOW,
        }
    }

    fn email(text: &str) -> Email {
        Email::parse(text).unwrap()
    }

    #[test]
    fn a_key_admits_until_it_is_used_up_expired_or_revoked_and_only_its_domains() {
        let open = key(&[]);
        assert_eq!(open.admits(&email("a@any.example"), NOW), Ok(()));
        assert_eq!(
            EnrolmentKey { uses: 2, ..open.clone() }.admits(&email("a@any.example"), NOW),
            Err(KeyRefusal::Closed)
        );
        assert_eq!(open.admits(&email("a@any.example"), open.expires_at), Err(KeyRefusal::Closed));
        let revoked = EnrolmentKey { revoked_at: Some(NOW), ..open };
        assert_eq!(revoked.admits(&email("a@any.example"), NOW), Err(KeyRefusal::Closed));

        let northwind = key(&["northwind.example"]);
        assert_eq!(northwind.admits(&email("Ben@NorthWind.example"), NOW), Ok(()));
        assert_eq!(northwind.admits(&email("ben@elsewhere.example"), NOW), Err(KeyRefusal::Domain));
    }

    #[test]
    fn a_draft_names_every_field_at_fault() {
        let good = EnrolmentKeyDraft {
            max_uses: 30,
            expires_at: Some(NOW + Duration::days(30)),
            domains: vec![" @Northwind.Example ".into()],
        };
        assert_eq!(check(&good, NOW), Ok((30, NOW + Duration::days(30), vec!["northwind.example".into()])));

        let bad = EnrolmentKeyDraft {
            max_uses: 0,
            expires_at: Some(NOW - Duration::minutes(1)),
            domains: vec!["not a domain".into(), "a.example".into(), "A.example".into()],
        };
        let fields: Vec<_> = check(&bad, NOW).unwrap_err().into_iter().map(|p| (p.field, p.code)).collect();
        assert_eq!(
            fields,
            [
                ("max_uses".to_owned(), FieldCode::OutOfRange),
                ("expires_at".to_owned(), FieldCode::OutOfRange),
                ("domains.0".to_owned(), FieldCode::Malformed),
                ("domains.2".to_owned(), FieldCode::Duplicate),
            ]
        );
        let forever = EnrolmentKeyDraft { max_uses: 1, expires_at: Some(NOW + Duration::days(400)), domains: vec![] };
        assert!(check(&forever, NOW).is_err(), "a key lives a year at most");
        let missing = EnrolmentKeyDraft { max_uses: 1, ..EnrolmentKeyDraft::default() };
        assert_eq!(check(&missing, NOW).unwrap_err()[0].code, FieldCode::Required);
    }
}
