//! Identity's use cases, generic over their ports.

use kernel::Email;

use crate::{CreateUserError, NewUser, PasswordHasher, User, UserRepository};

#[derive(Clone, Debug)]
pub struct IdentityService<U, H> {
    users: U,
    hasher: H,
}

impl<U: UserRepository, H: PasswordHasher> IdentityService<U, H> {
    pub const fn new(users: U, hasher: H) -> Self {
        Self { users, hasher }
    }

    /// Creates an active super admin who signs in with `password` (the operator's
    /// `playtrack admin create`), created `at`.
    ///
    /// # Errors
    /// [`CreateUserError::EmailTaken`] when the address is in use.
    pub async fn create_super_admin(
        &self,
        email: Email,
        name: String,
        password: &str,
        at: time::OffsetDateTime,
    ) -> Result<User, CreateUserError> {
        let hash = self.hasher.hash(password).await?;
        self.users.create(NewUser::super_admin(email, name, hash, at)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Argon2Hasher, UserStatus};
    use kernel::Role;
    use std::sync::{Arc, Mutex};

    /// 2026-11-25 09:00 UTC.
    const AT: time::OffsetDateTime =
        time::OffsetDateTime::UNIX_EPOCH.saturating_add(time::Duration::seconds(1_795_597_200));

    /// An in-memory user store that keeps the port's promise about duplicate e-mails.
    #[derive(Clone, Default)]
    struct FakeUsers(Arc<Mutex<Vec<User>>>);

    impl UserRepository for FakeUsers {
        async fn create(&self, new: NewUser) -> Result<User, CreateUserError> {
            let mut users = self.0.lock().unwrap();
            if users.iter().any(|u| u.email == new.email) {
                return Err(CreateUserError::EmailTaken(new.email));
            }
            let user = User {
                id: kernel::UserId::new(),
                email: new.email,
                name: new.name,
                role: new.role,
                company: new.company,
                status: new.status,
                mfa_required: new.mfa_required,
                locale: new.locale,
                created_at: new.created_at,
            };
            users.push(user.clone());
            Ok(user)
        }

        async fn find_credentials(&self, email: &Email) -> anyhow::Result<Option<crate::Credentials>> {
            let users = self.0.lock().unwrap();
            Ok(users.iter().find(|u| &u.email == email).map(|u| crate::Credentials {
                user: u.clone(),
                password: None,
                company_requires_otp: false,
            }))
        }

        async fn find(&self, id: kernel::UserId) -> anyhow::Result<Option<User>> {
            Ok(self.0.lock().unwrap().iter().find(|u| u.id == id).cloned())
        }

        async fn count_users(&self) -> anyhow::Result<u64> {
            Ok(self.0.lock().unwrap().len() as u64)
        }

        async fn set_password(&self, _: kernel::UserId, _: &crate::PasswordHash) -> anyhow::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn a_super_admin_is_created_active_and_outside_any_company() {
        let service = IdentityService::new(FakeUsers::default(), Argon2Hasher::default());
        let admin = service
            .create_super_admin(Email::parse("ops@playtrack.test").unwrap(), "Ops".into(), "Str0ng-enough!", AT)
            .await
            .unwrap();
        assert_eq!((admin.role, admin.status, admin.company), (Role::SuperAdmin, UserStatus::Active, None));
        assert_eq!(admin.created_at, AT, "created at the time it was asked to be");
    }

    #[tokio::test]
    async fn a_second_super_admin_with_the_same_email_is_refused() {
        let service = IdentityService::new(FakeUsers::default(), Argon2Hasher::default());
        let email = Email::parse("ops@playtrack.test").unwrap();
        service.create_super_admin(email.clone(), "Ops".into(), "pw-one-1A!", AT).await.unwrap();
        let again = service.create_super_admin(email, "Ops 2".into(), "pw-two-2B!", AT).await;
        assert!(matches!(again, Err(CreateUserError::EmailTaken(_))));
    }
}
