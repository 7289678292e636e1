//! The first super admin of an empty installation: a one-time setup link printed at start,
//! which lets whoever holds it choose the admin's e-mail and password.

use kernel::{Clock, Email};
use password_policy::{PasswordPolicy, Person};
use time::OffsetDateTime;

use crate::{
    IdentityStore, NewUser, Notifier, PasswordHasher, RequestContext, SessionKind, SetupError, SignIn, rules, secret,
    sign_in::OpenedSession,
};

const SETUP_SETTING: &str = "setup_token";

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// A fresh setup token when no user exists yet (replacing any earlier one), else `None`.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn offer_setup(&self) -> anyhow::Result<Option<String>> {
        if self.store().count_users().await? > 0 {
            return Ok(None);
        }
        let token = secret::new_token();
        let expires = (self.clock().now() + rules::SETUP_LINK_LIFETIME).unix_timestamp();
        self.store().put_setting(SETUP_SETTING, &format!("{} {expires}", secret::hash_token(&token))).await?;
        Ok(Some(token))
    }

    /// Creates the first super admin and signs them in.
    ///
    /// # Errors
    /// [`SetupError::InvalidToken`] for a wrong, used or expired link, or once any user
    /// exists; [`SetupError::WeakPassword`] with the unmet rules.
    pub async fn complete_setup(
        &self,
        token: &str,
        email: Email,
        name: String,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, SetupError> {
        let now = self.clock().now();
        let stored = self.store().get_setting(SETUP_SETTING).await?.ok_or(SetupError::InvalidToken)?;
        let (hash, expires) = stored.split_once(' ').ok_or(SetupError::InvalidToken)?;
        let expires = expires.parse().ok().and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok());
        if !secret::same_hash(hash, &secret::hash_token(token)) || expires.is_none_or(|e| now >= e) {
            return Err(SetupError::InvalidToken);
        }
        let unmet = PasswordPolicy::new_password().unmet(password, Person { email: email.as_str(), name: &name });
        if !unmet.is_empty() {
            return Err(SetupError::WeakPassword(unmet));
        }
        if self.store().count_users().await? > 0 || !self.store().take_setting(SETUP_SETTING).await? {
            return Err(SetupError::InvalidToken);
        }
        let hash = self.hasher().hash(password).await?;
        let user = self.store().create(NewUser::super_admin(email, name, hash, self.clock().now())).await?;
        Ok(self.open_session(user, SessionKind::Password, ctx).await?)
    }
}
