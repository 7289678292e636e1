//! Identity's use cases, generic over their ports.

use kernel::{Email, Role};

use crate::{CreateUserError, NewUser, PasswordHasher, User, UserRepository, UserStatus};

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
    /// `playtrack admin create`).
    ///
    /// # Errors
    /// [`CreateUserError::EmailTaken`] when the address is in use.
    pub async fn create_super_admin(
        &self,
        email: Email,
        name: String,
        password: &str,
    ) -> Result<User, CreateUserError> {
        let hash = self.hasher.hash(password)?;
        self.users
            .create(NewUser {
                email,
                name,
                role: Role::SuperAdmin,
                company: None,
                status: UserStatus::Active,
                password: Some(hash),
                mfa_required: false,
                locale: "en".into(),
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Argon2Hasher;
    use std::sync::{Arc, Mutex};

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
                created_at: time::OffsetDateTime::UNIX_EPOCH,
            };
            users.push(user.clone());
            Ok(user)
        }
    }

    #[tokio::test]
    async fn a_super_admin_is_created_active_and_outside_any_company() {
        let service = IdentityService::new(FakeUsers::default(), Argon2Hasher::default());
        let admin = service
            .create_super_admin(Email::parse("ops@playtrack.test").unwrap(), "Ops".into(), "Str0ng-enough!")
            .await
            .unwrap();
        assert_eq!((admin.role, admin.status, admin.company), (Role::SuperAdmin, UserStatus::Active, None));
    }

    #[tokio::test]
    async fn a_second_super_admin_with_the_same_email_is_refused() {
        let service = IdentityService::new(FakeUsers::default(), Argon2Hasher::default());
        let email = Email::parse("ops@playtrack.test").unwrap();
        service.create_super_admin(email.clone(), "Ops".into(), "pw-one-1A!").await.unwrap();
        let again = service.create_super_admin(email, "Ops 2".into(), "pw-two-2B!").await;
        assert!(matches!(again, Err(CreateUserError::EmailTaken(_))));
    }
}
