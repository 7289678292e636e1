//! Signing up through a batch's link: the address is confirmed by a mailed single-use link
//! before anyone exists, and the account is made only when the person chooses a password.
//! Which batch, and whether its link still admits them, is licensing's.

use std::future::Future;

use kernel::{Clock, CompanyId, Email, EnrolmentKeyId};
use password_policy::Person;
use time::{Duration, OffsetDateTime};

use crate::{IdentityStore, Notifier, PasswordHash, PasswordHasher, PasswordLinkError, SignIn, User};

/// How long a confirmation link works: a day, to cover reading mail the next morning.
pub const SIGN_UP_LINK_LIFETIME: Duration = Duration::hours(24);

/// A sign-up whose address is not confirmed yet. Only the link's hash is kept.
#[derive(Clone, Debug)]
pub struct PendingSignUp {
    pub id: uuid::Uuid,
    pub token_hash: String,
    pub enrolment_key: EnrolmentKeyId,
    pub email: Email,
    pub name: String,
    pub locale: String,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
}

/// What storage keeps of pending sign-ups.
pub trait SignUpStore: Clone + Send + Sync + 'static {
    fn open_sign_up(&self, sign_up: &PendingSignUp) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The live sign-up whose link's token hashes to `token_hash`.
    fn live_sign_up(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<Option<PendingSignUp>>> + Send;

    /// Uses up the live sign-up, in one guarded update: of two racing, one gets it.
    fn take_sign_up(
        &self,
        token_hash: &str,
        now: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<Option<PendingSignUp>>> + Send;
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// Mails the link that confirms the sign-up's address.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn mail_sign_up(&self, sign_up: &PendingSignUp, token: &str) -> anyhow::Result<()> {
        self.notifier().send_sign_up(&sign_up.email, &sign_up.name, &sign_up.locale, token).await
    }

    /// Tells the owner of an address that signed up again to sign in instead; the requester
    /// is answered as if the address were new.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn mail_known_account(&self, user: &User) -> anyhow::Result<()> {
        self.notifier().send_known_account(user).await
    }

    /// The password a person signing up chose, checked against their company's invitation
    /// policy, and hashed.
    ///
    /// # Errors
    /// [`PasswordLinkError::WeakPassword`].
    pub async fn sign_up_password(
        &self,
        company: CompanyId,
        sign_up: &PendingSignUp,
        password: &str,
    ) -> Result<PasswordHash, PasswordLinkError> {
        let policy = self.invitation_policy_for(Some(company)).await?;
        let unmet = policy.unmet(password, Person { email: sign_up.email.as_str(), name: &sign_up.name });
        if !unmet.is_empty() {
            return Err(PasswordLinkError::WeakPassword(unmet));
        }
        Ok(self.hasher().hash(password).await?)
    }

    /// Gives the trainee just made for a sign-up their password, and lets them in.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn activate_signed_up(&self, user: User, password: &PasswordHash) -> anyhow::Result<User> {
        self.store().set_password(user.id, password).await?;
        self.activate_vouched(user).await
    }
}
