//! People on the admin screens: listing them, creating company admins, editing names and
//! languages, disabling and enabling. Every operation is confined to the admin's scope.

use kernel::{Actor, AuditAction, Clock, CompanyId, Email, Page, PageRequest, Role, Scope, UserId};
use serde_json::json;

use crate::{
    AdminActionError, CreateUserError, IdentityStore, NewUser, Notifier, PasswordHasher, RequestContext, SignIn, User,
    UserFilter, UserStatus, passwords::visible,
};

fn profile(user: &User) -> serde_json::Value {
    json!({ "name": user.name, "locale": user.locale, "status": user.status.as_str() })
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// # Errors
    /// Storage failures.
    pub async fn list_users(
        &self,
        scope: Scope,
        filter: &UserFilter,
        page: &PageRequest,
    ) -> anyhow::Result<Page<User>> {
        self.store().list_users(scope, filter, page).await
    }

    /// # Errors
    /// [`AdminActionError::NotFound`] outside the scope.
    pub async fn user_in_scope_by_id(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError> {
        visible(scope, self.store().find(id).await?)
    }

    /// Creates an invited company admin of `company` (already checked to be in the actor's
    /// scope) and mails the invitation.
    ///
    /// # Errors
    /// [`CreateUserError::EmailTaken`].
    pub async fn create_company_admin(
        &self,
        actor: &Actor,
        company: CompanyId,
        email: Email,
        name: &str,
        locale: &str,
    ) -> Result<User, CreateUserError> {
        let now = self.clock().now();
        let user = self
            .store()
            .create(NewUser {
                email,
                name: name.trim().to_owned(),
                role: Role::CompanyAdmin,
                company: Some(company),
                status: UserStatus::Invited,
                password: None,
                mfa_required: false,
                locale: locale.to_owned(),
                created_at: now,
            })
            .await?;
        let details = json!({ "before": null, "after": profile(&user) });
        self.audit(actor.event(now, AuditAction::UserCreated, "user", user.id, Some(company), details)).await?;
        self.invite(&user, Some(actor.user), &context(actor)).await?;
        Ok(user)
    }

    /// Sends the invitation of a trainee an import (or an admin) just created.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn invite_new(&self, actor: &Actor, id: UserId) -> anyhow::Result<()> {
        let user = self.store().find(id).await?.ok_or_else(|| anyhow::anyhow!("new user {id} not found"))?;
        self.invite(&user, Some(actor.user), &context(actor)).await
    }

    /// Changes a person's name and language.
    ///
    /// # Errors
    /// `NotFound` outside the scope.
    pub async fn update_user(
        &self,
        actor: &Actor,
        id: UserId,
        name: &str,
        locale: &str,
    ) -> Result<User, AdminActionError> {
        let before = self.user_in_scope_by_id(actor.scope, id).await?;
        self.store().update_profile(id, name.trim(), locale).await?;
        let after = User { name: name.trim().to_owned(), locale: locale.to_owned(), ..before.clone() };
        let details = json!({ "before": profile(&before), "after": profile(&after) });
        self.audit(actor.event(self.clock().now(), AuditAction::UserUpdated, "user", id, before.company, details))
            .await?;
        Ok(after)
    }

    /// Disables (ending every session at once) or re-enables a person. Nobody disables
    /// themselves: a portal must never lose its last admin by a slip.
    ///
    /// # Errors
    /// `NotFound` outside the scope (or for oneself); `WrongState` when already so.
    pub async fn set_enabled(&self, actor: &Actor, id: UserId, enabled: bool) -> Result<User, AdminActionError> {
        if id == actor.user {
            return Err(AdminActionError::NotFound);
        }
        let before = self.user_in_scope_by_id(actor.scope, id).await?;
        if enabled != (before.status == UserStatus::Disabled) {
            return Err(AdminActionError::WrongState(before.status.as_str()));
        }
        let now = self.clock().now();
        self.store().set_enabled(id, enabled).await?;
        if !enabled {
            self.store().revoke_all(id, None, now).await?;
        }
        let after = self.store().find(id).await?.ok_or(AdminActionError::NotFound)?;
        let action = if enabled { AuditAction::UserEnabled } else { AuditAction::UserDisabled };
        let details = json!({ "before": profile(&before), "after": profile(&after) });
        self.audit(actor.event(now, action, "user", id, before.company, details)).await?;
        Ok(after)
    }
}

fn context(actor: &Actor) -> RequestContext {
    RequestContext { ip: actor.ip.clone(), user_agent: None, known_device: None }
}
