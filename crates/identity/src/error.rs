//! One error type per operation, so callers match exactly the failures that can happen.

use kernel::Email;
use password_policy::Rule;
use time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("a user with e-mail {0} already exists")]
    EmailTaken(Email),
    #[error("a {role} must belong to a company")]
    CompanyRequired { role: kernel::Role },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    /// Unknown e-mail and wrong password are deliberately one answer.
    #[error("wrong e-mail or password")]
    InvalidCredentials,
    /// Only said to someone who gave the right password.
    #[error("the account is disabled")]
    AccountDisabled,
    #[error("too many attempts")]
    Throttled { retry_after: Duration },
    /// The company signs in through its identity provider only; said only to someone who
    /// gave the right password.
    #[error("the company signs in with SSO only")]
    SsoOnly,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Failures of the steps after the password: the e-mailed code and the EULA.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    /// Unknown, used, expired or out of tries: start again from the password.
    #[error("the sign-in attempt expired")]
    Expired,
    #[error("wrong code")]
    WrongCode { remaining: u16 },
    #[error("too many attempts")]
    Throttled { retry_after: Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum AuthenticateError {
    /// Unknown or revoked session, or its user was disabled or changed role.
    #[error("no valid session")]
    Invalid,
    /// Idle longer than the session time, or past its lifetime.
    #[error("the session expired")]
    Expired,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("the setup link is invalid, used or expired")]
    InvalidToken,
    #[error("the password does not meet the policy")]
    WeakPassword(Vec<Rule>),
    #[error(transparent)]
    Create(#[from] CreateUserError),
}

impl From<anyhow::Error> for SetupError {
    fn from(e: anyhow::Error) -> Self {
        Self::Create(CreateUserError::Unknown(e))
    }
}

/// Setting a password through a link (reset or invitation).
#[derive(Debug, thiserror::Error)]
pub enum PasswordLinkError {
    /// Unknown, used, expired, or for a user who can no longer use it.
    #[error("the link is no longer valid")]
    Expired,
    #[error("the password does not meet the policy")]
    WeakPassword(Vec<Rule>),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum ChangePasswordError {
    #[error("the current password is wrong")]
    WrongPassword,
    #[error("the password does not meet the policy")]
    WeakPassword(Vec<Rule>),
    #[error("too many attempts")]
    Throttled { retry_after: Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// An admin acting on one user.
#[derive(Debug, thiserror::Error)]
pub enum AdminActionError {
    /// Absent, or outside the admin's scope: the same answer.
    #[error("no such user")]
    NotFound,
    /// The action does not fit the user's state (inviting someone already active).
    #[error("the user is {0}")]
    WrongState(&'static str),
    #[error("too many attempts")]
    Throttled { retry_after: Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Asking for a reset link: the only failure anyone is told of is throttling.
#[derive(Debug, thiserror::Error)]
pub enum ForgotPasswordError {
    #[error("too many attempts")]
    Throttled { retry_after: Duration },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}
