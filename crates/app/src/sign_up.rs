//! Joining a batch through its sign-up link: the person gives their name and work e-mail, the
//! address is confirmed by a mailed single-use link, and the chosen password, the key's use,
//! the seat and the session are one transaction — a person either joined with all of them or
//! with none, and two people racing for a key's last use (or the last seat) get one of them.

use anyhow::Context;
use identity::{
    PasswordLinkError, RequestContext, Step,
    sign_up::{PendingSignUp, SIGN_UP_LINK_LIFETIME},
};
use kernel::{AuditAction, AuditEvent, Email, FieldProblem, LOCALES, secret};
use licensing::{EnrolmentKey, KeyRefusal, LicensingError, Via, VouchedTrainee, drafts};
use password_policy::{PasswordPolicy, Rule};
use serde_json::json;
use time::Duration;

use crate::{SignUpUnit, SignUpWork};

/// Sign-ups from one address, and for one e-mail address, within this window: enough for a
/// classroom behind one NAT, too few to flood anyone's mailbox.
const SIGN_UPS_PER_CLIENT: u32 = 20;
const SIGN_UPS_PER_EMAIL: u32 = 3;
const SIGN_UP_WINDOW: Duration = Duration::minutes(15);

#[derive(Debug, thiserror::Error)]
pub enum SignUpError {
    #[error("too many tries")]
    Throttled { retry_after: Duration },
    /// The link is unknown, revoked, expired or used up.
    #[error("the sign-up link is no longer valid")]
    KeyClosed,
    #[error("the e-mail address is not of a domain this link admits")]
    Domain,
    #[error("invalid fields")]
    Invalid(Vec<FieldProblem>),
    /// The confirmation link is unknown, used or expired.
    #[error("the confirmation link is no longer valid")]
    Expired,
    #[error("the password does not meet the policy")]
    WeakPassword(Vec<Rule>),
    /// `NoSeatLeft`, or `EmailTaken` when an admin added the address meanwhile.
    #[error(transparent)]
    Licensing(LicensingError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<PasswordLinkError> for SignUpError {
    fn from(e: PasswordLinkError) -> Self {
        match e {
            PasswordLinkError::Expired => Self::Expired,
            PasswordLinkError::WeakPassword(rules) => Self::WeakPassword(rules),
            PasswordLinkError::Unknown(e) => Self::Unknown(e),
        }
    }
}

impl From<LicensingError> for SignUpError {
    fn from(e: LicensingError) -> Self {
        match e {
            LicensingError::Unknown(e) => Self::Unknown(e),
            e => Self::Licensing(e),
        }
    }
}

/// What the sign-up page shows of its link.
#[derive(Clone, Debug)]
pub struct Joining {
    pub company: String,
    pub batch: String,
    /// The domains the link admits; empty for any.
    pub domains: Vec<String>,
}

/// What the confirmation page shows: who is joining what, and the policy of their password.
#[derive(Clone, Debug)]
pub struct Confirming {
    pub name: String,
    pub email: Email,
    pub joining: Joining,
    pub policy: PasswordPolicy,
}

/// Who signs up through a link.
#[derive(Clone, Debug)]
pub struct Applicant {
    pub name: String,
    pub email: Email,
}

#[derive(Clone, Debug)]
pub struct SignUp<U> {
    work: U,
}

impl<U: SignUpUnit> SignUp<U> {
    pub const fn new(work: U) -> Self {
        Self { work }
    }

    /// The batch a sign-up link joins.
    ///
    /// # Errors
    /// `KeyClosed`.
    pub async fn joining(&self, key: &str) -> Result<Joining, SignUpError> {
        let work = self.work.begin().await?;
        let key = self.open_key(&work, key).await?;
        joining(&work, &key).await
    }

    /// Mails the link that confirms the address; its owner is told to sign in instead when
    /// the address has an account, and the answer is the same either way.
    ///
    /// # Errors
    /// `Invalid` (name); `Throttled`; `KeyClosed`; `Domain`.
    pub async fn request(
        &self,
        key: &str,
        applicant: Applicant,
        locale: &'static str,
        ctx: &RequestContext,
    ) -> Result<(), SignUpError> {
        let name =
            drafts::text("name", &applicant.name, drafts::NAME_MAX).map_err(|p| SignUpError::Invalid(vec![p]))?;
        let email = applicant.email;
        let work = self.work.begin().await?;
        let client = format!("sign_up:client:{}", ctx.ip.as_deref().unwrap_or("-"));
        let by_client = work.spend(&client, SIGN_UPS_PER_CLIENT, SIGN_UP_WINDOW).await?;
        let by_email = work.spend(&format!("sign_up:email:{email}"), SIGN_UPS_PER_EMAIL, SIGN_UP_WINDOW).await?;
        let admitted = match (by_client.and(by_email), self.open_key(&work, key).await) {
            (Err(retry_after), _) => Err(SignUpError::Throttled { retry_after }),
            (Ok(()), Err(e)) => Err(e),
            (Ok(()), Ok(key)) => match key.admits(&email, self.work.now()) {
                Ok(()) => Ok(key),
                Err(KeyRefusal::Closed) => Err(SignUpError::KeyClosed),
                Err(KeyRefusal::Domain) => Err(SignUpError::Domain),
            },
        };
        if let Ok(key) = &admitted {
            if let Some(user) = work.user_by_email(&email).await? {
                work.mail_known_account(&user).await?;
            } else {
                let token = secret::new_token();
                let now = self.work.now();
                let sign_up = PendingSignUp {
                    id: uuid::Uuid::now_v7(),
                    token_hash: secret::hash_token(&token),
                    enrolment_key: key.id,
                    email,
                    name,
                    locale: locale.to_owned(),
                    created_at: now,
                    expires_at: now + SIGN_UP_LINK_LIFETIME,
                };
                work.open_sign_up(&sign_up).await?;
                work.mail_sign_up(&sign_up, &token).await?;
            }
        }
        // The tries are spent whatever the answer.
        self.work.commit(work).await?;
        admitted.map(drop)
    }

    /// The confirmation page's data.
    ///
    /// # Errors
    /// `Expired`.
    pub async fn confirming(&self, token: &str) -> Result<Confirming, SignUpError> {
        let work = self.work.begin().await?;
        let (sign_up, key) = self.live(&work, token).await?;
        Ok(Confirming {
            name: sign_up.name,
            email: sign_up.email,
            joining: joining(&work, &key).await?,
            policy: work.policy(key.company).await?,
        })
    }

    /// The confirmed person's password: the key's use, the trainee with a seat of the batch's
    /// licence, the password and the session, in one transaction.
    ///
    /// # Errors
    /// `Expired`; `WeakPassword`; `KeyClosed`; `Licensing` (`NoSeatLeft`, `EmailTaken`).
    pub async fn complete(
        &self,
        token: &str,
        password: &str,
        locale: &'static str,
        ctx: &RequestContext,
    ) -> Result<Step, SignUpError> {
        let work = self.work.begin().await?;
        let (sign_up, key) = self.live(&work, token).await?;
        let hash = work.sign_up_password(key.company, &sign_up, password).await?;
        drop(work);

        let work = self.work.begin().await?;
        let now = self.work.now();
        work.take_sign_up(&sign_up.token_hash, now).await?.ok_or(SignUpError::Expired)?;
        let refused = if work.use_key(key.id, now).await? {
            let trainee = VouchedTrainee {
                company: key.company,
                batch: key.batch,
                email: sign_up.email.clone(),
                name: sign_up.name.clone(),
                locale: LOCALES.into_iter().find(|l| *l == sign_up.locale).unwrap_or(LOCALES[0]),
                with_seat: true,
                via: Via::EnrolmentKey(key.id),
            };
            match work.enrol_vouched(&trainee, ctx.ip.clone()).await {
                Ok(_) => None,
                Err(LicensingError::NoSeatLeft) => {
                    Some(("no_seat", SignUpError::Licensing(LicensingError::NoSeatLeft)))
                }
                Err(e) => return Err(e.into()),
            }
        } else {
            Some(("closed", SignUpError::KeyClosed))
        };
        if let Some((reason, error)) = refused {
            // Nothing of this try stays but the audit line: the link still works once a seat
            // is free, and the key's use is not spent.
            drop(work);
            self.audit_refusal(&key, &sign_up, reason, ctx).await?;
            return Err(error);
        }
        let user = work.user_by_email(&sign_up.email).await?.context("a trainee just enrolled")?;
        let user = work.activate_signed_up(user, &hash).await?;
        let step = work.after_sign_up(user, locale, ctx).await?;
        self.work.commit(work).await?;
        Ok(step)
    }

    /// The key with this secret while it admits anyone.
    async fn open_key(&self, work: &U::Work, key: &str) -> Result<EnrolmentKey, SignUpError> {
        let key = work.key_by_hash(&secret::hash_token(key)).await?.ok_or(SignUpError::KeyClosed)?;
        if key.is_open(self.work.now()) { Ok(key) } else { Err(SignUpError::KeyClosed) }
    }

    /// The live sign-up of a confirmation link, and its key.
    async fn live(&self, work: &U::Work, token: &str) -> Result<(PendingSignUp, EnrolmentKey), SignUpError> {
        let sign_up =
            work.live_sign_up(&secret::hash_token(token), self.work.now()).await?.ok_or(SignUpError::Expired)?;
        let key = work.key(sign_up.enrolment_key).await?.context("a sign-up's key")?;
        Ok((sign_up, key))
    }

    /// Writes why a confirmed person could not join, for the company's admins.
    async fn audit_refusal(
        &self,
        key: &EnrolmentKey,
        sign_up: &PendingSignUp,
        reason: &str,
        ctx: &RequestContext,
    ) -> anyhow::Result<()> {
        let work = self.work.begin().await?;
        work.audit(AuditEvent {
            at: self.work.now(),
            actor: None,
            action: AuditAction::SignUpRefused,
            target_type: "enrolment_key",
            target_id: Some(key.id.to_string()),
            company: Some(key.company),
            details: json!({ "reason": reason, "email": sign_up.email, "batch_id": key.batch }),
            ip: ctx.ip.clone(),
        })
        .await?;
        self.work.commit(work).await
    }
}

async fn joining<W: SignUpWork>(work: &W, key: &EnrolmentKey) -> Result<Joining, SignUpError> {
    Ok(Joining {
        company: work.company(key.company).await?.name,
        batch: work.batch(key.batch).await?.name,
        domains: key.domains.clone(),
    })
}
