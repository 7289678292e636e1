//! What identity needs from the outside world. Adapters (the `store` crate, the hasher)
//! implement these; tests use in-memory fakes.

use std::future::Future;

use crate::{CreateUserError, NewUser, OutgoingMail, PasswordHash, User};

pub trait UserRepository: Clone + Send + Sync + 'static {
    /// Stores a new user.
    ///
    /// # Errors
    /// MUST return [`CreateUserError::EmailTaken`] when the e-mail (case-insensitively) is
    /// already used, whatever the other user's status.
    fn create(&self, user: NewUser) -> impl Future<Output = Result<User, CreateUserError>> + Send;
}

/// Password hashing is CPU-bound on purpose; callers on an async runtime run it on a
/// blocking thread.
pub trait PasswordHasher: Clone + Send + Sync + 'static {
    /// # Errors
    /// Only when the hashing library fails (out of memory); never for a user's input.
    fn hash(&self, password: &str) -> anyhow::Result<PasswordHash>;

    /// Whether `password` matches `hash`. A malformed stored hash counts as no match.
    fn verify(&self, password: &str, hash: &PasswordHash) -> bool;
}

/// Delivers mail (OTP codes, reset links, invitations).
pub trait Mailer: Clone + Send + Sync + 'static {
    /// # Errors
    /// Any delivery failure; the caller keeps the mail and retries, so none is lost.
    fn send(&self, mail: &OutgoingMail) -> impl Future<Output = anyhow::Result<()>> + Send;
}
