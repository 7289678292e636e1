//! What identity needs from the outside world. Adapters (the `store` crate, the mail crate,
//! the server's hashing pool) implement these; tests use in-memory fakes.

use std::future::Future;

use kernel::{CompanyId, Email, EulaVersionId, SessionId, TokenId, UserId};
use password_policy::PasswordPolicy;
use time::OffsetDateTime;

use crate::{
    AppearanceRepository, AuditLog, CreateUserError, Credentials, EulaAcceptance, EulaDocument, NewSession, NewUser,
    OneTimeToken, OutgoingMail, PasswordHash, ProfileRepository, QueuedMail, SessionView, TableViewRepository,
    TokenPurpose, User,
};

type Result<T> = std::result::Result<T, anyhow::Error>;

pub trait UserRepository: Clone + Send + Sync + 'static {
    /// Stores a new user.
    ///
    /// # Errors
    /// MUST return [`CreateUserError::EmailTaken`] when the e-mail (case-insensitively) is
    /// already used, whatever the other user's status.
    fn create(&self, user: NewUser) -> impl Future<Output = std::result::Result<User, CreateUserError>> + Send;

    /// The user with this (normalised) e-mail, with what sign-in needs.
    fn find_credentials(&self, email: &Email) -> impl Future<Output = Result<Option<Credentials>>> + Send;

    fn find(&self, id: UserId) -> impl Future<Output = Result<Option<User>>> + Send;

    /// How many users exist at all (the first start offers a setup link when none do).
    fn count_users(&self) -> impl Future<Output = Result<u64>> + Send;

    /// Stores a new password hash; an invited user becomes active with it.
    fn set_password(&self, id: UserId, hash: &PasswordHash) -> impl Future<Output = Result<()>> + Send;
}

pub trait SessionRepository: Clone + Send + Sync + 'static {
    fn open(&self, session: NewSession) -> impl Future<Output = Result<()>> + Send;

    /// The session with its user and their company's session time, in one read.
    fn find_session(&self, id: SessionId) -> impl Future<Output = Result<Option<SessionView>>> + Send;

    fn touch(&self, id: SessionId, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;

    /// Ends one session; `false` when it was already ended.
    fn revoke(&self, id: SessionId, at: OffsetDateTime) -> impl Future<Output = Result<bool>> + Send;

    /// Ends every session of `user` but `keep`.
    fn revoke_all(
        &self,
        user: UserId,
        keep: Option<SessionId>,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<u64>> + Send;
}

/// Random one-time tokens, stored hashed (see [`crate::secret`]).
pub trait TokenRepository: Clone + Send + Sync + 'static {
    fn issue(&self, token: OneTimeToken) -> impl Future<Output = Result<()>> + Send;

    /// The token of `purpose` with this hash, consumed or not, expired or not: the caller judges.
    fn find_token(
        &self,
        purpose: TokenPurpose,
        token_hash: &str,
    ) -> impl Future<Output = Result<Option<OneTimeToken>>> + Send;

    /// Counts one more try and answers the new count. Atomic, so concurrent guesses all count.
    fn count_attempt(&self, id: TokenId) -> impl Future<Output = Result<u16>> + Send;

    /// A resent code: new secret, new expiry, tries start again.
    fn replace_secret(
        &self,
        id: TokenId,
        secret_hash: &str,
        expires_at: OffsetDateTime,
    ) -> impl Future<Output = Result<()>> + Send;

    /// Marks the token used. Answers `true` only to the one caller that consumed it, so a
    /// token raced by two requests serves one.
    fn consume(&self, id: TokenId, at: OffsetDateTime) -> impl Future<Output = Result<bool>> + Send;

    /// Uses up every live token of `purpose` of `user`: a new link makes the old ones dead.
    fn consume_all(
        &self,
        user: UserId,
        purpose: TokenPurpose,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<()>> + Send;
}

/// Failure counters for throttling, kept in the database so they hold across processes.
pub trait ThrottleRepository: Clone + Send + Sync + 'static {
    fn record_hit(&self, key: &str, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;

    fn clear_hits(&self, key: &str) -> impl Future<Output = Result<()>> + Send;

    /// Records one hit at `at` on every key of `keys`, or on none: `admit` is shown each key's
    /// window (its hits strictly after its own `since`, in the order of `keys`) and the hits
    /// are written only when it answers `Ok`; its `Err` is answered as it is. The database
    /// serves callers that share a key one at a time, across processes, so each sees every
    /// hit admitted before it: of callers racing for the last room, exactly one gets it, and a
    /// refused caller leaves nothing behind to crowd out the others.
    fn reserve_hits<E: Send>(
        &self,
        keys: &[(&str, OffsetDateTime)],
        at: OffsetDateTime,
        admit: impl FnOnce(&[Window]) -> std::result::Result<(), E> + Send,
    ) -> impl Future<Output = Result<std::result::Result<Vec<uuid::Uuid>, E>>> + Send;

    /// Takes a reserved hit back (the attempt succeeded).
    fn release_hit(&self, id: uuid::Uuid) -> impl Future<Output = Result<()>> + Send;
}

/// The hits of one throttle key in a window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    pub count: u32,
    pub oldest: Option<OffsetDateTime>,
    pub newest: Option<OffsetDateTime>,
}

impl Window {
    /// How long until there is room again, when the window of `length` already holds `limit`
    /// hits: until its oldest one leaves it (at least a second, so a client never retries at once).
    #[must_use]
    pub fn wait(&self, limit: u32, length: time::Duration, now: OffsetDateTime) -> Option<time::Duration> {
        (self.count >= limit)
            .then(|| self.oldest.map_or(length, |oldest| oldest + length - now).max(time::Duration::seconds(1)))
    }
}

pub trait EulaRepository: Clone + Send + Sync + 'static {
    /// The newest published version in `locale`, or in English when it has no such text.
    fn current_eula(&self, locale: &str) -> impl Future<Output = Result<Option<EulaDocument>>> + Send;

    fn has_accepted(&self, user: UserId, version: EulaVersionId) -> impl Future<Output = Result<bool>> + Send;

    /// Records an acceptance; accepting the same version twice keeps the first record.
    fn accept_eula(&self, acceptance: EulaAcceptance) -> impl Future<Output = Result<()>> + Send;
}

/// Small server-wide values (the setup token's hash), shared by every process.
pub trait SettingsRepository: Clone + Send + Sync + 'static {
    fn get_setting(&self, key: &str) -> impl Future<Output = Result<Option<String>>> + Send;
    fn put_setting(&self, key: &str, value: &str) -> impl Future<Output = Result<()>> + Send;
    /// Stores `value` unless `key` already holds one, and answers what is stored: of several
    /// processes starting at once, the first one's value wins for all.
    fn init_setting(&self, key: &str, value: &str) -> impl Future<Output = Result<String>> + Send;
    /// Removes the setting; `true` only for the caller that removed it.
    fn take_setting(&self, key: &str) -> impl Future<Output = Result<bool>> + Send;
}

/// Everything identity stores, implemented by one adapter.
pub trait PolicyRepository: Clone + Send + Sync + 'static {
    /// The active invitation policy of `company`, else the active global one; `None` when
    /// neither is stored (the built-in default applies).
    fn invitation_policy(
        &self,
        company: Option<CompanyId>,
    ) -> impl Future<Output = Result<Option<PasswordPolicy>>> + Send;

    /// Whether the company's people may sign in with a password: `false` only when its SSO
    /// connection says so.
    fn password_sign_in(&self, company: CompanyId) -> impl Future<Output = Result<bool>> + Send;
}

/// Which users an admin's list shows.
#[derive(Clone, Debug, Default)]
pub struct UserFilter {
    pub role: Option<kernel::Role>,
    pub status: Option<crate::UserStatus>,
    pub company: Option<CompanyId>,
    pub batch: Option<kernel::BatchId>,
    /// Part of the name or e-mail.
    pub search: Option<String>,
}

/// The admin screens' view of users.
pub trait UserDirectory: Clone + Send + Sync + 'static {
    /// The users `scope` sees (a company admin: their company's; never super admins unless
    /// the scope is everything).
    fn list_users(
        &self,
        scope: kernel::Scope,
        filter: &UserFilter,
        page: &kernel::PageRequest,
    ) -> impl Future<Output = Result<kernel::Page<User>>> + Send;

    fn update_profile(&self, id: UserId, name: &str, locale: &str) -> impl Future<Output = Result<()>> + Send;

    /// Disables, or re-enables (back to active, or to invited when no password was ever set).
    fn set_enabled(&self, id: UserId, enabled: bool) -> impl Future<Output = Result<()>> + Send;

    /// An invited person becomes active without a password: their company's identity
    /// provider vouched for them.
    fn activate_invited(&self, id: UserId) -> impl Future<Output = Result<()>> + Send;
}

kernel::trait_alias! {
    /// Every repository identity needs, as one bound.
    pub IdentityStore = UserRepository + UserDirectory + SessionRepository + TokenRepository + ThrottleRepository
        + EulaRepository + AuditLog + SettingsRepository + PolicyRepository + AppearanceRepository + ProfileRepository + TableViewRepository
}

/// Tells people things by mail, in their language. A mail is queued durably before this
/// answers, so a failing mail server delays it but never loses it.
pub trait Notifier: Clone + Send + Sync + 'static {
    fn send_otp(&self, user: &User, code: &str) -> impl Future<Output = Result<()>> + Send;
    /// `token` goes into the link of the new-password page.
    fn send_password_reset(&self, user: &User, token: &str) -> impl Future<Output = Result<()>> + Send;
    /// `token` goes into the link of the invitation page.
    fn send_invitation(&self, user: &User, token: &str) -> impl Future<Output = Result<()>> + Send;
    /// `token` goes into the link that confirms a sign-up's address; nobody has an account yet.
    fn send_sign_up(
        &self,
        to: &Email,
        name: &str,
        locale: &str,
        token: &str,
    ) -> impl Future<Output = Result<()>> + Send;
    /// Someone signed up with the address of an existing account: its owner is told to sign in.
    fn send_known_account(&self, user: &User) -> impl Future<Output = Result<()>> + Send;
}

/// The durable outbox that notifications go through.
pub trait MailQueue: Clone + Send + Sync + 'static {
    fn enqueue(&self, mail: OutgoingMail, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;

    /// Claims one mail that is due, for `lease`; another process skips it meanwhile.
    fn claim_due(
        &self,
        now: OffsetDateTime,
        lease: time::Duration,
    ) -> impl Future<Output = Result<Option<QueuedMail>>> + Send;

    fn mark_sent(&self, id: uuid::Uuid, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;

    /// Counts a failed try `at`; `retry_at: None` gives up on the mail.
    fn mark_failed(
        &self,
        id: uuid::Uuid,
        error: &str,
        retry_at: Option<OffsetDateTime>,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<()>> + Send;
}

/// Password hashing is CPU-bound on purpose: adapters on an async runtime run it on a
/// bounded pool of blocking threads, so sign-ins cannot starve other requests.
pub trait PasswordHasher: Clone + Send + Sync + 'static {
    /// # Errors
    /// Only when the hashing library fails (out of memory); never for a user's input.
    fn hash(&self, password: &str) -> impl Future<Output = Result<PasswordHash>> + Send;

    /// Whether `password` matches `hash`. A malformed stored hash counts as no match.
    fn verify(&self, password: &str, hash: &PasswordHash) -> impl Future<Output = bool> + Send;
}
