//! The records of identity, in the product's words.

use kernel::{CompanyId, Email, Role, UserId};
use time::OffsetDateTime;

use crate::PasswordHash;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserStatus {
    /// Created by an admin; has not yet set a password through the invitation.
    Invited,
    Active,
    /// Cannot sign in; existing sessions end.
    Disabled,
}

impl UserStatus {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Invited => "invited",
            Self::Active => "active",
            Self::Disabled => "disabled",
        }
    }

    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Invited, Self::Active, Self::Disabled].into_iter().find(|s| s.as_str() == raw)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub name: String,
    pub role: Role,
    /// `None` only for super admins.
    pub company: Option<CompanyId>,
    pub status: UserStatus,
    pub mfa_required: bool,
    pub locale: String,
    pub created_at: OffsetDateTime,
}

/// What is needed to create a user; the id and timestamps are the repository's to assign.
#[derive(Clone, Debug)]
pub struct NewUser {
    pub email: Email,
    pub name: String,
    pub role: Role,
    pub company: Option<CompanyId>,
    pub status: UserStatus,
    pub password: Option<PasswordHash>,
    pub mfa_required: bool,
    pub locale: String,
}

/// How a session was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionKind {
    Password,
    Sso,
    Game,
}

/// What a one-time token is for; a token of one purpose never serves another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenPurpose {
    Reset,
    Invite,
    GameHandoff,
    OtpChallenge,
}

/// A mail to one person, already rendered in their language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: Email,
    pub subject: String,
    pub text: String,
    pub html: String,
}
