//! One error type per operation, so callers match exactly the failures that can happen.

use kernel::Email;

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("a user with e-mail {0} already exists")]
    EmailTaken(Email),
    #[error("a {role} must belong to a company")]
    CompanyRequired { role: kernel::Role },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}
