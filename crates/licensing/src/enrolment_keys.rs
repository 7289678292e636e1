//! Enrolment keys (issue 16, work in progress): an admin hands a batch's sign-up link to people
//! who then join it themselves. A key admits a limited number of people until it expires or
//! is revoked, optionally only from some e-mail domains. Only the key's hash is stored.

use kernel::{BatchId, CompanyId, Email, EnrolmentKeyId, FieldCode, FieldProblem};
use time::{Duration, OffsetDateTime};

/// The most people one key admits: a key is for a cohort, not for the public.
pub const MAX_USES: u32 = 10_000;
/// The longest a key lives: a link that circulates for longer should be a new one.
pub const MAX_LIFETIME: Duration = Duration::days(366);
const MAX_DOMAINS: usize = 20;

/// A batch's sign-up key as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnrolmentKey {
    pub id: EnrolmentKeyId,
    pub company: CompanyId,
    pub batch: BatchId,
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
        if self.revoked_at.is_some() || now >= self.expires_at || self.uses >= self.max_uses {
            return Err(KeyRefusal::Closed);
        }
        if !self.domains.is_empty() && !self.domains.iter().any(|d| d.eq_ignore_ascii_case(email.domain())) {
            return Err(KeyRefusal::Domain);
        }
        Ok(())
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
