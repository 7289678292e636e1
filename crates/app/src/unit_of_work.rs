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

/// The steps of the people use cases, each a domain service's, inside one unit of work.
#[async_trait::async_trait]
pub trait PeopleWork: Send + Sync {
    async fn user(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError>;
    async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> Result<CompanyId, LicensingError>;
    async fn create_company_admin(
        &self,
        actor: &Actor,
        company: CompanyId,
        email: Email,
        name: &str,
        locale: &str,
    ) -> Result<User, CreateUserError>;
    async fn create_trainee(
        &self,
        actor: &Actor,
        company: CompanyId,
        draft: &TraineeDraft,
        default_locale: &'static str,
    ) -> Result<UserId, LicensingError>;
    /// Queues the invitation of someone just created.
    async fn invite_new(&self, actor: &Actor, id: UserId) -> anyhow::Result<()>;
    async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, AdminActionError>;
    /// Returns a trainee's unused seats to the pool.
    async fn release_unused(
        &self,
        actor: &Actor,
        id: UserId,
        company: Option<CompanyId>,
    ) -> Result<u64, LicensingError>;
    async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>, LicensingError>;
    async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<UserId>, ImportError>;
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

#[async_trait::async_trait]
impl<S, N, H, C> PeopleWork for Work<S, N, H, C>
where
    S: IdentityStore + LicensingStore,
    N: Notifier,
    H: PasswordHasher,
    C: Clock,
{
    async fn user(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError> {
        self.identity.user_in_scope_by_id(scope, id).await
    }

    async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> Result<CompanyId, LicensingError> {
        self.licensing.acting_company(actor, named).await
    }

    async fn create_company_admin(
        &self,
        actor: &Actor,
        company: CompanyId,
        email: Email,
        name: &str,
        locale: &str,
    ) -> Result<User, CreateUserError> {
        self.identity.create_company_admin(actor, company, email, name, locale).await
    }

    async fn create_trainee(
        &self,
        actor: &Actor,
        company: CompanyId,
        draft: &TraineeDraft,
        default_locale: &'static str,
    ) -> Result<UserId, LicensingError> {
        self.licensing.create_trainee(actor, Some(company), draft, default_locale).await
    }

    async fn invite_new(&self, actor: &Actor, id: UserId) -> anyhow::Result<()> {
        self.identity.invite_new(actor, id).await
    }

    async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, AdminActionError> {
        self.identity.set_enabled(actor, id, false).await
    }

    async fn release_unused(
        &self,
        actor: &Actor,
        id: UserId,
        company: Option<CompanyId>,
    ) -> Result<u64, LicensingError> {
        self.licensing.release_unused(actor, id, company).await
    }

    async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>, LicensingError> {
        Ok(self.licensing.preview_import(actor, company, default_batch, default_locale, rows).await?.1)
    }

    async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<UserId>, ImportError> {
        self.licensing.import(actor, company, default_batch, default_locale, rows).await
    }
}
