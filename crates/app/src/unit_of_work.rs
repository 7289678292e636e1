//! The unit-of-work port, and the work the people use cases do inside one.

use std::future::Future;

use identity::{
    AdminActionError, AuthenticateError, Challenge, ChallengeError, CreateUserError, IdentityStore, Notifier,
    OpenedSession, PasswordHash, PasswordHasher, PasswordLinkError, RequestContext, SessionKind, SignIn, Step, User,
    game_apps::{GameApp, GameAppStore},
    grants::{CodeUse, GameGrant, GrantStore, NewCode, RefreshUse},
    sign_up::{PendingSignUp, SignUpStore},
    sso::{PendingSignIn, SsoConnection, SsoStore},
};
use kernel::{
    Actor, AuditEvent, BatchId, Clock, CompanyId, Email, EnrolmentKeyId, GameAppId, Scope, SeatId, SessionId, UserId,
};
use licensing::{
    Batch, Company, EnrolmentKey, EnrolmentKeyStore, ImportError, ImportRow, Licensing, LicensingError, LicensingStore,
    RowPlan, Seat, TraineeDraft, VouchedTrainee,
};
use password_policy::PasswordPolicy;
use time::{Duration, OffsetDateTime};

/// Starts and commits transactions. What a unit of work writes, mail included, becomes visible
/// at [`UnitOfWork::commit`] and not before; one dropped uncommitted (an error, a crashed
/// process) leaves nothing behind.
pub trait UnitOfWork: Clone + Send + Sync + 'static {
    /// The services of one transaction: a use case asks for the steps it takes
    /// ([`PeopleWork`], [`GameWork`]).
    type Work: Send + Sync;

    fn begin(&self) -> impl Future<Output = anyhow::Result<Self::Work>> + Send;

    fn commit(&self, work: Self::Work) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// The time by the services' clock.
    fn now(&self) -> OffsetDateTime;
}

/// A unit of work whose transactions take the people use cases' steps.
pub trait PeopleUnit: UnitOfWork<Work: PeopleWork> {}
impl<U: UnitOfWork<Work: PeopleWork>> PeopleUnit for U {}

/// A unit of work whose transactions take the SSO sign-in's steps.
pub trait SsoUnit: UnitOfWork<Work: SsoWork> {}
impl<U: UnitOfWork<Work: SsoWork>> SsoUnit for U {}

/// A unit of work whose transactions take the sign-up's steps.
pub trait SignUpUnit: UnitOfWork<Work: SignUpWork> {}
impl<U: UnitOfWork<Work: SignUpWork>> SignUpUnit for U {}

/// A unit of work whose transactions take the game sign-in's steps.
pub trait GameUnit: UnitOfWork<Work: GameWork> {}
impl<U: UnitOfWork<Work: GameWork>> GameUnit for U {}

/// Declares the steps trait `$steps` and implements it for [`Work`] over a store with
/// `$bounds`, each step forwarding to the domain service (or the transaction's port) named
/// after `=>`: a signature is written once.
macro_rules! work_steps {
    ($(#[$trait_doc:meta])* $steps:ident where S: $($bounds:path)|+;
     $($(#[$doc:meta])* async fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty
        => $service:ident.$method:ident($($call:expr),*);)+) => {
        $(#[$trait_doc])*
        #[async_trait::async_trait]
        pub trait $steps: Send + Sync {
            $($(#[$doc])* async fn $name(&self $(, $arg: $ty)*) -> $ret;)+
        }

        #[async_trait::async_trait]
        impl<S, N, H, C> $steps for Work<S, N, H, C>
        where
            S: $($bounds +)+,
            N: Notifier,
            H: PasswordHasher,
            C: Clock,
        {
            $(async fn $name(&self $(, $arg: $ty)*) -> $ret {
                self.$service.$method($($call),*).await
            })+
        }
    };
}

work_steps! {
    /// The steps of the people use cases, each a domain service's, inside one unit of work.
    PeopleWork where S: IdentityStore | LicensingStore;
    async fn user(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError> => identity.user_in_scope_by_id(scope, id);
    async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> Result<CompanyId, LicensingError> => licensing.acting_company(actor, named);
    async fn create_company_admin(&self, actor: &Actor, company: CompanyId, email: Email, name: &str, locale: &str) -> Result<User, CreateUserError> => identity.create_company_admin(actor, company, email, name, locale);
    async fn create_trainee(&self, actor: &Actor, company: CompanyId, draft: &TraineeDraft, default_locale: &'static str) -> Result<UserId, LicensingError> => licensing.create_trainee(actor, Some(company), draft, default_locale);
    /// Queues the invitation of someone just created.
    async fn invite_new(&self, actor: &Actor, id: UserId) -> anyhow::Result<()> => identity.invite_new(actor, id);
    async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, AdminActionError> => identity.set_enabled(actor, id, false);
    /// Returns a trainee's unused seats to the pool.
    async fn release_unused(&self, actor: &Actor, id: UserId, company: Option<CompanyId>) -> Result<u64, LicensingError> => licensing.release_unused(actor, id, company);
    /// The company the rows go to, and each row's verdict.
    async fn preview_import(&self, actor: &Actor, company: Option<CompanyId>, default_batch: Option<BatchId>, default_locale: &'static str, rows: Vec<ImportRow>) -> Result<(CompanyId, Vec<RowPlan>), LicensingError> => licensing.preview_import(actor, company, default_batch, default_locale, rows);
    async fn import(&self, actor: &Actor, company: Option<CompanyId>, default_batch: Option<BatchId>, default_locale: &'static str, rows: Vec<ImportRow>) -> Result<Vec<UserId>, ImportError> => licensing.import(actor, company, default_batch, default_locale, rows);
}

work_steps! {
    /// The steps of the game's sign-in, inside one unit of work.
    GameWork where S: IdentityStore | LicensingStore | GrantStore | GameAppStore;
    /// The game app with this client id, enabled or not.
    async fn game_app(&self, client_id: &str) -> anyhow::Result<Option<GameApp>> => transaction.game_app_by_client(client_id);
    async fn game_app_by_id(&self, id: GameAppId) -> anyhow::Result<Option<GameApp>> => transaction.game_app(id);
    /// An active trainee.
    async fn trainee(&self, id: UserId) -> Result<User, AdminActionError> => identity.active_trainee(id);
    async fn valid_seat(&self, user: UserId) -> Result<Seat, LicensingError> => licensing.valid_seat(user);
    async fn start_game(&self, user: UserId) -> Result<SeatId, LicensingError> => licensing.start_game(user);
    async fn company(&self, id: CompanyId) -> Result<Company, LicensingError> => licensing.company(Scope::All, id);
    async fn batch(&self, id: BatchId) -> Result<Batch, LicensingError> => licensing.batch(Scope::All, id);
    async fn issue_code(&self, code: NewCode) -> anyhow::Result<()> => transaction.issue_code(code);
    async fn use_code(&self, code_hash: &str, at: OffsetDateTime) -> anyhow::Result<CodeUse> => transaction.use_code(code_hash, at);
    async fn bind_code(&self, code: uuid::Uuid, session: SessionId) -> anyhow::Result<()> => transaction.bind_code(code, session);
    async fn issue_refresh(&self, session: SessionId, token_hash: &str, at: OffsetDateTime, expires_at: OffsetDateTime) -> anyhow::Result<()> => transaction.issue_refresh(session, token_hash, at, expires_at);
    async fn use_refresh(&self, token_hash: &str, at: OffsetDateTime) -> anyhow::Result<RefreshUse> => transaction.use_refresh(token_hash, at);
    async fn refreshed_session(&self, token_hash: &str) -> anyhow::Result<Option<SessionId>> => transaction.refreshed_session(token_hash);
    async fn open_game_session(&self, user: User, grant: GameGrant, ctx: &RequestContext) -> anyhow::Result<OpenedSession> => identity.open_game_session(user, grant, ctx);
    async fn game_session(&self, id: SessionId) -> Result<(User, GameGrant), AuthenticateError> => identity.authenticate_game(id);
    /// Ends a game app's session: its access and refresh tokens die with it.
    async fn end_session(&self, id: SessionId) -> anyhow::Result<bool> => identity.end_session(id);
    async fn issue_handoff(&self, user: &User) -> anyhow::Result<Challenge> => identity.issue_handoff(user);
    async fn take_handoff(&self, token: &str) -> Result<User, ChallengeError> => identity.take_handoff(token);
    /// The EULA step, or a session of kind `game`.
    async fn after_handoff(&self, user: User, locale: &str, ctx: &RequestContext) -> anyhow::Result<Step> => identity.after_second_factor(user, SessionKind::Game, locale, ctx);
    async fn audit(&self, event: AuditEvent) -> anyhow::Result<()> => identity.audit(event);
}

work_steps! {
    /// The steps of a sign-in through a company's identity provider, inside one unit of work.
    SsoWork where S: IdentityStore | LicensingStore | SsoStore;
    /// Spends one try of `key`'s budget, or answers how long to wait.
    async fn spend(&self, key: &str, limit: u32, window: Duration) -> anyhow::Result<Result<(), Duration>> => identity.spend(key, limit, window);
    async fn connection_by_domain(&self, domain: &str) -> anyhow::Result<Option<SsoConnection>> => transaction.sso_connection_by_domain(domain);
    async fn connections(&self, company: Option<CompanyId>) -> anyhow::Result<Vec<SsoConnection>> => transaction.sso_connections(company);
    async fn open_pending(&self, pending: &PendingSignIn) -> anyhow::Result<()> => transaction.open_pending_sign_in(pending);
    async fn take_pending(&self, state_hash: &str, now: OffsetDateTime) -> anyhow::Result<Option<PendingSignIn>> => transaction.take_pending_sign_in(state_hash, now);
    async fn user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> => identity.user_by_email(email);
    async fn enrol_vouched(&self, trainee: &VouchedTrainee, ip: Option<String>) -> Result<UserId, LicensingError> => licensing.enrol_vouched(trainee, ip);
    async fn activate_vouched(&self, user: User) -> anyhow::Result<User> => identity.activate_vouched(user);
    /// The EULA step, or a session of kind `sso`.
    async fn after_sso(&self, user: User, locale: &str, ctx: &RequestContext) -> anyhow::Result<Step> => identity.after_second_factor(user, SessionKind::Sso, locale, ctx);
    async fn audit(&self, event: AuditEvent) -> anyhow::Result<()> => identity.audit(event);
}

work_steps! {
    /// The steps of a sign-up through a batch's link, inside one unit of work.
    SignUpWork where S: IdentityStore | SignUpStore | EnrolmentKeyStore;
    /// Spends one try of `key`'s budget, or answers how long to wait.
    async fn spend(&self, key: &str, limit: u32, window: Duration) -> anyhow::Result<Result<(), Duration>> => identity.spend(key, limit, window);
    async fn key_by_hash(&self, key_hash: &str) -> anyhow::Result<Option<EnrolmentKey>> => transaction.enrolment_key_by_hash(key_hash);
    async fn key(&self, id: EnrolmentKeyId) -> anyhow::Result<Option<EnrolmentKey>> => transaction.enrolment_key(id);
    async fn use_key(&self, id: EnrolmentKeyId, now: OffsetDateTime) -> anyhow::Result<bool> => transaction.use_enrolment_key(id, now);
    async fn company(&self, id: CompanyId) -> Result<Company, LicensingError> => licensing.company(Scope::All, id);
    async fn batch(&self, id: BatchId) -> Result<Batch, LicensingError> => licensing.batch(Scope::All, id);
    async fn policy(&self, company: CompanyId) -> anyhow::Result<PasswordPolicy> => identity.invitation_policy_for(Some(company));
    async fn open_sign_up(&self, sign_up: &PendingSignUp) -> anyhow::Result<()> => transaction.open_sign_up(sign_up);
    async fn live_sign_up(&self, token_hash: &str, now: OffsetDateTime) -> anyhow::Result<Option<PendingSignUp>> => transaction.live_sign_up(token_hash, now);
    async fn take_sign_up(&self, token_hash: &str, now: OffsetDateTime) -> anyhow::Result<Option<PendingSignUp>> => transaction.take_sign_up(token_hash, now);
    async fn mail_sign_up(&self, sign_up: &PendingSignUp, token: &str) -> anyhow::Result<()> => identity.mail_sign_up(sign_up, token);
    async fn mail_known_account(&self, user: &User) -> anyhow::Result<()> => identity.mail_known_account(user);
    async fn user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> => identity.user_by_email(email);
    async fn sign_up_password(&self, company: CompanyId, sign_up: &PendingSignUp, password: &str) -> Result<PasswordHash, PasswordLinkError> => identity.sign_up_password(company, sign_up, password);
    async fn enrol_vouched(&self, trainee: &VouchedTrainee, ip: Option<String>) -> Result<UserId, LicensingError> => licensing.enrol_vouched(trainee, ip);
    async fn activate_signed_up(&self, user: User, password: &PasswordHash) -> anyhow::Result<User> => identity.activate_signed_up(user, password);
    /// The EULA step, or a session of kind `password`.
    async fn after_sign_up(&self, user: User, locale: &str, ctx: &RequestContext) -> anyhow::Result<Step> => identity.after_second_factor(user, SessionKind::Password, locale, ctx);
    async fn audit(&self, event: AuditEvent) -> anyhow::Result<()> => identity.audit(event);
}

/// The domain services bound to one transaction: what an adapter's [`UnitOfWork`] begins.
pub struct Work<S, N, H, C> {
    pub identity: SignIn<S, N, H, C>,
    pub licensing: Licensing<S, C>,
    /// The transaction itself, for the adapter's commit once the services are dropped.
    pub transaction: S,
}

impl<S, N, H, C> std::fmt::Debug for Work<S, N, H, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work").finish_non_exhaustive()
    }
}
