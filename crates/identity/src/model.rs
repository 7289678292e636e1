//! The records of identity, in the product's words.

use kernel::{CompanyId, Email, EulaVersionId, Role, Scope, SessionId, TokenId, UserId};
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
    pub created_at: OffsetDateTime,
}

impl NewUser {
    /// An active super admin who signs in with the password behind `hash`.
    #[must_use]
    pub fn super_admin(email: Email, name: String, hash: PasswordHash, at: OffsetDateTime) -> Self {
        Self {
            email,
            name,
            role: Role::SuperAdmin,
            company: None,
            status: UserStatus::Active,
            password: Some(hash),
            mfa_required: false,
            locale: "en".into(),
            created_at: at,
        }
    }
}

/// A user as sign-in sees them: with the password hash and their company's requirements.
#[derive(Clone, Debug)]
pub struct Credentials {
    pub user: User,
    pub password: Option<PasswordHash>,
    /// The user's company requires an e-mailed code at every sign-in.
    pub company_requires_otp: bool,
}

impl Credentials {
    #[must_use]
    pub const fn requires_otp(&self) -> bool {
        self.user.mfa_required || self.company_requires_otp
    }
}

choices! {
    /// How a session was opened.
    SessionKind {
        Password = "password",
        Sso = "sso",
        /// Opened from the game's hand-off link.
        Game = "game",
        /// Held by a game app for its trainee (OAuth); never a portal session.
        GameApp = "game_app",
    }
}

#[derive(Clone, Debug)]
pub struct NewSession {
    pub id: SessionId,
    pub user: UserId,
    /// The role at sign-in: a later change of role ends the session.
    pub role: Role,
    pub kind: SessionKind,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub context: RequestContext,
    /// Only for [`SessionKind::GameApp`].
    pub game: Option<crate::grants::GameGrant>,
}

/// A session with what every request needs to judge it, read in one query.
#[derive(Clone, Debug)]
pub struct SessionView {
    pub id: SessionId,
    pub user: User,
    pub role_at_sign_in: Role,
    pub last_seen_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub revoked_at: Option<OffsetDateTime>,
    /// The company's session time; `None` for super admins.
    pub company_session_minutes: Option<u8>,
    /// What a game app holds: a session that never serves the portal.
    pub game: Option<crate::grants::GameGrant>,
}

/// The person behind an accepted session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Principal {
    pub session: SessionId,
    pub user: UserId,
    pub email: Email,
    pub name: String,
    pub role: Role,
    pub company: Option<CompanyId>,
    pub scope: Scope,
}

/// Where a request came from, for sessions and the audit log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RequestContext {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    /// A browser that has signed in to the account it now signs in to before: the id of its
    /// device cookie, verified by the adapter (signature and account).
    pub known_device: Option<String>,
}

/// What a one-time token is for; a token of one purpose never serves another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenPurpose {
    Reset,
    Invite,
    GameHandoff,
    OtpChallenge,
    EulaChallenge,
    /// The EULA step of a sign-in by the game's hand-off link.
    GameEulaChallenge,
    /// The EULA step of a sign-in through the company's identity provider.
    SsoEulaChallenge,
}

impl TokenPurpose {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Reset => "reset",
            Self::Invite => "invite",
            Self::GameHandoff => "game_handoff",
            Self::OtpChallenge => "otp_challenge",
            Self::EulaChallenge => "eula_challenge",
            Self::GameEulaChallenge => "game_eula",
            Self::SsoEulaChallenge => "sso_eula",
        }
    }
}

/// A stored one-time token: only hashes are kept.
#[derive(Clone, Debug)]
pub struct OneTimeToken {
    pub id: TokenId,
    pub purpose: TokenPurpose,
    pub user: UserId,
    pub token_hash: String,
    /// For an OTP challenge: the hash of the e-mailed code.
    pub secret_hash: Option<String>,
    pub attempts: u16,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub consumed_at: Option<OffsetDateTime>,
}

/// The end-user licence agreement in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EulaDocument {
    pub id: EulaVersionId,
    pub version: u32,
    pub locale: String,
    pub body: String,
    pub published_at: OffsetDateTime,
}

#[derive(Clone, Debug)]
pub struct EulaAcceptance {
    pub user: UserId,
    pub version: EulaVersionId,
    pub at: OffsetDateTime,
    pub context: RequestContext,
}

/// A mail to one person, already rendered in their language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: Email,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// A mail in the outbox, claimed by a worker for sending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: uuid::Uuid,
    pub mail: OutgoingMail,
    /// Tries so far, this one not counted.
    pub attempts: u16,
}

/// What a reset link is worth now (the seed's `response_code`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResetLinkState {
    /// Used, expired or unknown: go and sign in.
    Login,
    /// Valid: show the new-password form.
    NewPassword,
}

/// What the invitation page shows before the password is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub name: String,
    pub email: Email,
    pub policy: password_policy::PasswordPolicy,
}
