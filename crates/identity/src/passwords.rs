//! Passwords after the first: forgotten (a mailed single-use link), changed (knowing the
//! current one), reset on an admin's behalf, and chosen through an invitation.

use kernel::{AuditAction, Clock, Email, Scope, UserId};
use password_policy::{PasswordPolicy, Person, Rule};
use serde_json::json;
use time::{Duration, OffsetDateTime};

use crate::{
    AdminActionError, AuditEvent, ChangePasswordError, ForgotPasswordError, IdentityStore, Invitation, Notifier,
    PasswordHasher, PasswordLinkError, Principal, RequestContext, ResetLinkState, SessionKind, SignIn, Step,
    TokenPurpose, User, UserStatus, rules,
};

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// Mails a reset link when `email` belongs to an active account. The caller's answer is
    /// the same either way; only throttling (per address and per requester) is told.
    ///
    /// # Errors
    /// [`ForgotPasswordError::Throttled`].
    pub async fn forgot_password(&self, email: &Email, ctx: &RequestContext) -> Result<(), ForgotPasswordError> {
        if let Some(retry_after) = self.reserve_link_mail("reset", email, ctx).await? {
            return Err(ForgotPasswordError::Throttled { retry_after });
        }
        let user = self.store().find_credentials(email).await?.map(|c| c.user);
        if let Some(user) = user.filter(|u| u.status == UserStatus::Active) {
            self.mail_reset_link(&user, None, ctx).await?;
        }
        Ok(())
    }

    /// Whether a reset link still works.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn check_reset_link(&self, token: &str) -> anyhow::Result<ResetLinkState> {
        let live = self.live_link(TokenPurpose::Reset, token, self.clock().now()).await?;
        Ok(if live.is_some() { ResetLinkState::NewPassword } else { ResetLinkState::Login })
    }

    /// Sets a new password through a reset link and ends every session of the user.
    ///
    /// # Errors
    /// [`PasswordLinkError::Expired`] or [`PasswordLinkError::WeakPassword`].
    pub async fn reset_password(
        &self,
        token: &str,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<(), PasswordLinkError> {
        let now = self.clock().now();
        let (id, user) = self.live_link(TokenPurpose::Reset, token, now).await?.ok_or(PasswordLinkError::Expired)?;
        if user.status != UserStatus::Active {
            return Err(PasswordLinkError::Expired);
        }
        check(&PasswordPolicy::new_password(), password, &user).map_err(PasswordLinkError::WeakPassword)?;
        let hash = self.hasher().hash(password).await?;
        if !self.store().consume(id, now).await? {
            return Err(PasswordLinkError::Expired);
        }
        self.store().set_password(user.id, &hash).await?;
        self.store().revoke_all(user.id, None, now).await?;
        self.store().clear_hits(&change_key(&user.email)).await?;
        self.audit(self.event(Some(&user), AuditAction::PasswordReset, "user", user.id.to_string(), ctx)).await?;
        Ok(())
    }

    /// A signed-in user's new password, given the current one. Their other sessions end.
    ///
    /// # Errors
    /// [`ChangePasswordError::WrongPassword`] (counted like a failed sign-in),
    /// [`ChangePasswordError::WeakPassword`], [`ChangePasswordError::Throttled`].
    pub async fn change_password(
        &self,
        principal: &Principal,
        current: &str,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<(), ChangePasswordError> {
        let now = self.clock().now();
        let account_key = change_key(&principal.email);
        // A try is reserved before the password is checked, so concurrent tries count each other.
        let reserved = self
            .store()
            .reserve_hits(&[(&account_key, now - rules::FAILURE_WINDOW)], now, |windows| {
                windows[0].wait(rules::PAIR_FAILURES, rules::FAILURE_WINDOW, now).map_or(Ok(()), Err)
            })
            .await?
            .map_err(|retry_after| ChangePasswordError::Throttled { retry_after })?;
        let credentials =
            self.store().find_credentials(&principal.email).await?.ok_or(ChangePasswordError::WrongPassword)?;
        let stored = credentials.password.as_ref().ok_or(ChangePasswordError::WrongPassword)?;
        if !self.hasher().verify(current, stored).await {
            return Err(ChangePasswordError::WrongPassword);
        }
        for hit in reserved {
            self.store().release_hit(hit).await?;
        }
        check(&PasswordPolicy::new_password(), password, &credentials.user)
            .map_err(ChangePasswordError::WeakPassword)?;
        let hash = self.hasher().hash(password).await?;
        self.store().set_password(principal.user, &hash).await?;
        self.store().revoke_all(principal.user, Some(principal.session), now).await?;
        self.audit(self.event(
            Some(&credentials.user),
            AuditAction::PasswordChanged,
            "user",
            principal.user.to_string(),
            ctx,
        ))
        .await?;
        Ok(())
    }

    /// An admin sends a reset link to someone in their scope.
    ///
    /// # Errors
    /// [`AdminActionError::NotFound`] outside the scope; `WrongState` for someone not active.
    pub async fn send_reset_for(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError> {
        let user = self.user_in_scope(admin.scope, user).await?;
        if user.status != UserStatus::Active {
            return Err(AdminActionError::WrongState(user.status.as_str()));
        }
        self.throttle_link_mail("reset", &user.email, ctx).await?;
        self.mail_reset_link(&user, Some(admin), ctx).await?;
        Ok(())
    }

    /// The invitation page's data: who is invited and the policy their password must meet.
    /// `None` for a dead link.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn invitation(&self, token: &str) -> anyhow::Result<Option<Invitation>> {
        let Some((_, user)) = self.live_link(TokenPurpose::Invite, token, self.clock().now()).await? else {
            return Ok(None);
        };
        if user.status != UserStatus::Invited {
            return Ok(None);
        }
        let policy = self.invitation_policy(&user).await?;
        Ok(Some(Invitation { name: user.name, email: user.email, policy }))
    }

    /// The invited person chooses a password; the account becomes active and they go on to
    /// the EULA (trainees) or straight into a session.
    ///
    /// # Errors
    /// [`PasswordLinkError::Expired`] or [`PasswordLinkError::WeakPassword`] (against the
    /// invitation policy).
    pub async fn accept_invitation(
        &self,
        token: &str,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, PasswordLinkError> {
        let now = self.clock().now();
        let (id, user) = self.live_link(TokenPurpose::Invite, token, now).await?.ok_or(PasswordLinkError::Expired)?;
        if user.status != UserStatus::Invited {
            return Err(PasswordLinkError::Expired);
        }
        check(&self.invitation_policy(&user).await?, password, &user).map_err(PasswordLinkError::WeakPassword)?;
        let hash = self.hasher().hash(password).await?;
        if !self.store().consume(id, now).await? {
            return Err(PasswordLinkError::Expired);
        }
        self.store().set_password(user.id, &hash).await?;
        let user = User { status: UserStatus::Active, ..user };
        self.audit(self.event(Some(&user), AuditAction::InvitationAccepted, "user", user.id.to_string(), ctx)).await?;
        Ok(self.after_second_factor(user, SessionKind::Password, locale, ctx).await?)
    }

    /// A fresh invitation link for someone who has not accepted yet; earlier links die.
    ///
    /// # Errors
    /// `NotFound` outside the scope; `WrongState` once the account is active or disabled.
    pub async fn resend_invitation(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError> {
        let user = self.user_in_scope(admin.scope, user).await?;
        if user.status != UserStatus::Invited {
            return Err(AdminActionError::WrongState(user.status.as_str()));
        }
        self.throttle_link_mail("invite", &user.email, ctx).await?;
        Ok(self.invite(&user, Some(admin.user), ctx).await?)
    }

    /// Mails `user` a fresh invitation link; earlier links die. For admins through
    /// [`Self::resend_invitation`], and for the system (`by: None`) when it creates people.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn invite(&self, user: &User, by: Option<UserId>, ctx: &RequestContext) -> anyhow::Result<()> {
        let now = self.clock().now();
        self.store().consume_all(user.id, TokenPurpose::Invite, now).await?;
        let (_, link) = self.issue(TokenPurpose::Invite, user, rules::INVITATION_LIFETIME, None).await?;
        self.notifier().send_invitation(user, &link.token).await?;
        self.audit(AuditEvent {
            actor: by,
            company: user.company,
            ..self.event(None, AuditAction::InvitationSent, "user", user.id.to_string(), ctx)
        })
        .await
    }

    /// The invitation policy of the user's company (or the global one, or the default).
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn invitation_policy_for(&self, company: Option<kernel::CompanyId>) -> anyhow::Result<PasswordPolicy> {
        Ok(self.store().invitation_policy(company).await?.unwrap_or_else(PasswordPolicy::invitation_default))
    }

    async fn invitation_policy(&self, user: &User) -> anyhow::Result<PasswordPolicy> {
        self.invitation_policy_for(user.company).await
    }

    async fn mail_reset_link(&self, user: &User, by: Option<&Principal>, ctx: &RequestContext) -> anyhow::Result<()> {
        let now = self.clock().now();
        self.store().consume_all(user.id, TokenPurpose::Reset, now).await?;
        let (_, link) = self.issue(TokenPurpose::Reset, user, rules::RESET_LINK_LIFETIME, None).await?;
        self.notifier().send_password_reset(user, &link.token).await?;
        self.audit(AuditEvent {
            actor: by.map(|admin| admin.user),
            company: user.company,
            details: json!({ "by_admin": by.is_some() }),
            ..self.event(None, AuditAction::PasswordResetRequested, "user", user.id.to_string(), ctx)
        })
        .await
    }

    async fn user_in_scope(&self, scope: Scope, email: &Email) -> Result<User, AdminActionError> {
        visible(scope, self.store().find_credentials(email).await?.map(|c| c.user))
    }

    /// The live token of a link and its user; `None` when used, expired or unknown.
    async fn live_link(
        &self,
        purpose: TokenPurpose,
        token: &str,
        now: OffsetDateTime,
    ) -> anyhow::Result<Option<(kernel::TokenId, User)>> {
        let Some(token) = self.find_live(purpose, token, now).await? else { return Ok(None) };
        Ok(self.store().find(token.user).await?.map(|user| (token.id, user)))
    }

    /// Reserves one link mail of `kind` against the address's budget and the requester's, both
    /// or neither; how long to wait when either is spent. Concurrent requests count each other.
    async fn reserve_link_mail(
        &self,
        kind: &str,
        email: &Email,
        ctx: &RequestContext,
    ) -> anyhow::Result<Option<Duration>> {
        let now = self.clock().now();
        let since = now - rules::FAILURE_WINDOW;
        let account = format!("{kind}:account:{email}");
        let requester = ctx.ip.as_ref().map(|ip| format!("{kind}:ip:{ip}"));
        let mut keys = vec![(account.as_str(), since)];
        keys.extend(requester.as_deref().map(|key| (key, since)));
        let limits = [rules::LINK_MAILS_PER_ACCOUNT, rules::LINK_MAILS_PER_IP];
        let reserved = self
            .store()
            .reserve_hits(&keys, now, |windows| {
                let waits =
                    windows.iter().zip(limits).filter_map(|(w, limit)| w.wait(limit, rules::FAILURE_WINDOW, now));
                waits.max().map_or(Ok(()), Err)
            })
            .await?;
        Ok(reserved.err())
    }

    async fn throttle_link_mail(
        &self,
        kind: &str,
        email: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError> {
        match self.reserve_link_mail(kind, email, ctx).await? {
            Some(retry_after) => Err(AdminActionError::Throttled { retry_after }),
            None => Ok(()),
        }
    }
}

/// The policy's unmet rules for this person's password, as an error.
fn check(policy: &PasswordPolicy, password: &str, user: &User) -> Result<(), Vec<Rule>> {
    let unmet = policy.unmet(password, Person { email: user.email.as_str(), name: &user.name });
    if unmet.is_empty() { Ok(()) } else { Err(unmet) }
}

/// The user, when `scope` may act on them; someone outside it is answered like nobody.
pub(crate) fn visible(scope: Scope, user: Option<User>) -> Result<User, AdminActionError> {
    user.filter(|u| scope.sees_user(u.id, u.company)).ok_or(AdminActionError::NotFound)
}

/// Wrong current passwords of a signed-in user (someone else at their desk guessing): counted
/// per account, since only a holder of the session can try.
fn change_key(email: &kernel::Email) -> String {
    format!("password:change:{email}")
}
