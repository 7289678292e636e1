//! The unit-of-work port, and the work the people use cases do inside one.

use std::future::Future;

use identity::{AdminActionError, CreateUserError, IdentityStore, Notifier, PasswordHasher, SignIn, User};
use kernel::{Actor, BatchId, Clock, CompanyId, Email, Scope, UserId};
use licensing::{ImportError, ImportRow, Licensing, LicensingError, LicensingStore, RowPlan, TraineeDraft};

/// Starts and commits transactions. What a unit of work writes, mail included, becomes visible
/// at [`UnitOfWork::commit`] and not before; one dropped uncommitted (an error, a crashed
/// process) leaves nothing behind.
pub trait UnitOfWork: Clone + Send + Sync + 'static {
    /// The services of one transaction.
    type Work: PeopleWork;

    fn begin(&self) -> impl Future<Output = anyhow::Result<Self::Work>> + Send;

    fn commit(&self, work: Self::Work) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Declares [`PeopleWork`] and implements it for [`Work`], each step forwarding to the
/// domain service named after `=>`: a signature is written once.
macro_rules! people_work {
    ($($(#[$doc:meta])* async fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty
        => $service:ident.$method:ident($($call:expr),*);)+) => {
        /// The steps of the people use cases, each a domain service's, inside one unit of work.
        #[async_trait::async_trait]
        pub trait PeopleWork: Send + Sync {
            $($(#[$doc])* async fn $name(&self $(, $arg: $ty)*) -> $ret;)+
        }

        #[async_trait::async_trait]
        impl<S, N, H, C> PeopleWork for Work<S, N, H, C>
        where
            S: IdentityStore + LicensingStore,
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

people_work! {
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
