//! A company's SSO connection and the rules its form follows.

use kernel::{BatchId, CompanyId, Email, FieldCode, FieldProblem};
use serde::Serialize;
use time::OffsetDateTime;
use url::Url;

const MAX_TEXT_CHARS: usize = 255;
const MAX_SECRET_CHARS: usize = 512;
const MAX_SCOPES: usize = 10;
const MAX_DOMAINS: usize = 20;

/// The claim of the ID token that carries the person's e-mail. Entra often sends
/// `preferred_username` or `upn` instead of a verified `email`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EmailClaim {
    Email,
    PreferredUsername,
    Upn,
}

impl EmailClaim {
    pub const ALL: [Self; 3] = [Self::Email, Self::PreferredUsername, Self::Upn];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::PreferredUsername => "preferred_username",
            Self::Upn => "upn",
        }
    }

    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

/// One company's identity provider. The client secret is kept sealed and never shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SsoConnection {
    pub company: CompanyId,
    /// Discovery reads `<issuer>/.well-known/openid-configuration`.
    pub issuer: Url,
    pub client_id: String,
    #[serde(skip)]
    pub sealed_secret: String,
    /// Asked for besides `openid email profile`.
    pub scopes: Vec<String>,
    pub email_claim: EmailClaim,
    /// Lower-case e-mail domains this provider may sign in; each belongs to one company.
    pub domains: Vec<String>,
    /// Whether a person the provider vouches for, unknown here, becomes a trainee…
    pub create_users: bool,
    /// …of this batch of the company.
    pub batch: Option<BatchId>,
    /// Whether such a trainee gets a seat from the batch's licence at first sign-in.
    pub assign_seat: bool,
    /// `false`: the company's people sign in through the provider only.
    pub password_sign_in: bool,
    pub created_at: OffsetDateTime,
    pub updated_at: OffsetDateTime,
}

impl SsoConnection {
    /// Whether the provider may vouch for `email`: a provider of one company must never sign
    /// in someone of another.
    #[must_use]
    pub fn allows(&self, email: &Email) -> bool {
        self.domains.iter().any(|domain| domain.eq_ignore_ascii_case(email.domain()))
    }
}

/// A connection as a form describes it.
#[derive(Clone, Debug, Default)]
pub struct SsoConnectionDraft {
    pub issuer: String,
    pub client_id: String,
    /// `None` keeps the secret already saved.
    pub client_secret: Option<String>,
    pub scopes: Vec<String>,
    pub email_claim: String,
    pub domains: Vec<String>,
    pub create_users: bool,
    pub batch: Option<BatchId>,
    pub assign_seat: bool,
    pub password_sign_in: bool,
}

/// A draft that passed [`check`], its texts trimmed and lower-cased where they compare so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub issuer: Url,
    pub client_id: String,
    pub client_secret: Option<String>,
    pub scopes: Vec<String>,
    pub email_claim: EmailClaim,
    pub domains: Vec<String>,
}

/// Checks every field of `draft`; `has_secret` tells whether a secret is saved already.
///
/// # Errors
/// Every field at fault, with its code.
pub fn check(draft: &SsoConnectionDraft, has_secret: bool) -> Result<Checked, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let issuer = match issuer(&draft.issuer) {
        Ok(url) => Some(url),
        Err(code) => {
            problems.push(FieldProblem::new("issuer", code));
            None
        }
    };
    let client_id = draft.client_id.trim().to_owned();
    problems.extend(kernel::text_problem(&client_id, MAX_TEXT_CHARS).map(|code| FieldProblem::new("client_id", code)));
    let client_secret = draft.client_secret.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    match &client_secret {
        Some(secret) => problems.extend(
            kernel::text_problem(secret, MAX_SECRET_CHARS).map(|code| FieldProblem::new("client_secret", code)),
        ),
        None if !has_secret => problems.push(FieldProblem::new("client_secret", FieldCode::Required)),
        None => {}
    }
    let mut scopes: Vec<String> = Vec::new();
    for (index, scope) in draft.scopes.iter().map(|s| s.trim()).enumerate() {
        if !is_scope_token(scope) {
            problems.push(FieldProblem::new(format!("scopes.{index}"), FieldCode::Malformed));
        } else if !["openid", "email", "profile"].contains(&scope) && !scopes.iter().any(|s| s == scope) {
            scopes.push(scope.to_owned());
        }
    }
    if scopes.len() > MAX_SCOPES {
        problems.push(FieldProblem::new("scopes", FieldCode::OutOfRange));
    }
    let email_claim = EmailClaim::parse(draft.email_claim.trim());
    if email_claim.is_none() {
        problems.push(FieldProblem::new("email_claim", FieldCode::Unknown));
    }
    let (domains, domain_problems) = kernel::domain_list("domains", &draft.domains);
    problems.extend(domain_problems);
    if draft.domains.is_empty() {
        problems.push(FieldProblem::new("domains", FieldCode::Required));
    } else if draft.domains.len() > MAX_DOMAINS {
        problems.push(FieldProblem::new("domains", FieldCode::OutOfRange));
    }
    if draft.create_users && draft.batch.is_none() {
        problems.push(FieldProblem::new("batch_id", FieldCode::Required));
    }
    match (issuer, email_claim) {
        (Some(issuer), Some(email_claim)) if problems.is_empty() => {
            Ok(Checked { issuer, client_id, client_secret, scopes, email_claim, domains })
        }
        _ => Err(problems),
    }
}

/// An issuer URL: `https`, or `http` on a loopback address (a provider on the same machine,
/// as in development); no query or fragment, which discovery could not append to.
fn issuer(text: &str) -> Result<Url, FieldCode> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldCode::Required);
    }
    if text.chars().count() > 2048 {
        return Err(FieldCode::TooLong);
    }
    let url = Url::parse(text).map_err(|_| FieldCode::Malformed)?;
    let loopback = matches!(url.host(), Some(url::Host::Ipv4(ip)) if ip.is_loopback())
        || matches!(url.host(), Some(url::Host::Ipv6(ip)) if ip.is_loopback())
        || url.host_str() == Some("localhost");
    let scheme_ok = url.scheme() == "https" || (url.scheme() == "http" && loopback);
    if !scheme_ok || url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
        return Err(FieldCode::Malformed);
    }
    Ok(url)
}

/// A scope token (RFC 6749 §3.3): printable ASCII but space, `"` and `\`, at most 128.
fn is_scope_token(scope: &str) -> bool {
    !scope.is_empty()
        && scope.len() <= 128
        && scope.bytes().all(|b| b == 0x21 || (0x23..=0x5B).contains(&b) || (0x5D..=0x7E).contains(&b))
}

/// A DNS name of at least two labels: letters, digits and inner hyphens, 63 a label.
#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> SsoConnectionDraft {
        SsoConnectionDraft {
            issuer: "https://login.microsoftonline.com/tenant/v2.0".into(),
            client_id: "playtrack".into(),
            client_secret: Some("s3cret".into()),
            email_claim: "preferred_username".into(),
            domains: vec!["Northwind.Example".into()],
            password_sign_in: true,
            ..SsoConnectionDraft::default()
        }
    }

    fn codes(draft: &SsoConnectionDraft) -> Vec<(String, FieldCode)> {
        check(draft, false).err().unwrap_or_default().into_iter().map(|p| (p.field, p.code)).collect()
    }

    #[test]
    fn a_good_draft_is_trimmed_and_lower_cased() {
        let checked = check(&draft(), false).unwrap();
        assert_eq!(checked.domains, ["northwind.example"]);
        assert_eq!(checked.email_claim, EmailClaim::PreferredUsername);
    }

    #[test]
    fn an_issuer_is_https_or_on_this_machine() {
        for (issuer, ok) in [
            ("http://127.0.0.1:4000", true),
            ("http://localhost:4000/realms/x", true),
            ("http://idp.example", false),
            ("https://idp.example?x=1", false),
            ("https://user@idp.example", false),
            ("ftp://idp.example", false),
            ("", false),
        ] {
            let d = SsoConnectionDraft { issuer: issuer.into(), ..draft() };
            assert_eq!(check(&d, false).is_ok(), ok, "{issuer}");
        }
    }

    #[test]
    fn every_field_at_fault_is_named() {
        let d = SsoConnectionDraft {
            client_id: " ".into(),
            client_secret: None,
            scopes: vec!["a b".into()],
            email_claim: "nickname".into(),
            domains: vec!["example".into(), "x.example".into(), "X.example".into()],
            create_users: true,
            ..draft()
        };
        assert_eq!(
            codes(&d),
            [
                ("client_id".into(), FieldCode::Required),
                ("client_secret".into(), FieldCode::Required),
                ("scopes.0".into(), FieldCode::Malformed),
                ("email_claim".into(), FieldCode::Unknown),
                ("domains.0".into(), FieldCode::Malformed),
                ("domains.2".into(), FieldCode::Duplicate),
                ("batch_id".into(), FieldCode::Required),
            ]
        );
        assert!(check(&SsoConnectionDraft { client_secret: None, ..draft() }, true).is_ok(), "keeps the saved one");
    }

    #[test]
    fn only_the_allowed_domains_are_vouched_for() {
        let checked = check(&draft(), false).unwrap();
        let sso = SsoConnection {
            company: CompanyId::new(),
            issuer: checked.issuer,
            client_id: checked.client_id,
            sealed_secret: String::new(),
            scopes: checked.scopes,
            email_claim: checked.email_claim,
            domains: checked.domains,
            create_users: false,
            batch: None,
            assign_seat: false,
            password_sign_in: true,
            created_at: OffsetDateTime::UNIX_EPOCH,
            updated_at: OffsetDateTime::UNIX_EPOCH,
        };
        assert!(sso.allows(&Email::parse("asha@northwind.example").unwrap()));
        assert!(!sso.allows(&Email::parse("asha@northwind.example.evil").unwrap()));
        assert!(!sso.allows(&Email::parse("asha@sub.northwind.example").unwrap()));
    }
}
