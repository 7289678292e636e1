//! The services the driving adapters call, as object-safe traits: the HTTP adapter holds
//! `Arc<dyn …>` of these and never names the storage, mail or hashing types behind them;
//! the server wires the concrete services in. Each method forwards to the service's own.

use identity::{
    AdminActionError, AuthenticateError, Challenge, ChallengeError, ChangePasswordError, ForgotPasswordError,
    IdentityStore, Invitation, LoginError, Notifier, OpenedSession, PasswordHasher, PasswordLinkError, Principal,
    RequestContext, ResetLinkState, SetupError, SignIn, Step, User, UserFilter,
};
use kernel::{
    Actor, AllocationId, BatchId, Clock, CompanyId, CountryId, Email, IndustryId, Page, PageRequest, Scope, SeatId,
    SessionId, UserId,
};
use licensing::{
    Allocation, AllocationDraft, AllocationFilter, AllocationUse, Batch, BatchDraft, BatchFilter, Company,
    CompanyDraft, CompanyFilter, Country, CountryDraft, ImportRow, Industry, IndustryDraft, Licensing, LicensingError,
    LicensingStore, Logo, Member, ReferenceFilter, RowPlan, Seat, SeatFilter, SummaryGroup, SummaryLine, TraineeDraft,
};
use password_policy::PasswordPolicy;
use time::OffsetDateTime;

use crate::{NewCompanyAdmin, People, PeopleError, UnitOfWork};

type LicensingResult<T> = Result<T, LicensingError>;

/// Sign-in, sessions, passwords, invitations and the people directory: [`SignIn`].
#[async_trait::async_trait]
pub trait SignInApi: Send + Sync + 'static {
    /// The time by the service's clock.
    fn now(&self) -> OffsetDateTime;
    async fn accept_eula(
        &self,
        challenge: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, ChallengeError>;
    async fn accept_invitation(
        &self,
        token: &str,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, PasswordLinkError>;
    async fn authenticate(&self, id: SessionId) -> Result<Principal, AuthenticateError>;
    async fn change_password(
        &self,
        principal: &Principal,
        current: &str,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<(), ChangePasswordError>;
    async fn check_reset_link(&self, token: &str) -> anyhow::Result<ResetLinkState>;
    async fn complete_setup(
        &self,
        token: &str,
        email: Email,
        name: String,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, SetupError>;
    async fn decline_eula(&self, challenge: &str, ctx: &RequestContext) -> Result<(), ChallengeError>;
    async fn forgot_password(&self, email: &Email, ctx: &RequestContext) -> Result<(), ForgotPasswordError>;
    async fn invitation(&self, token: &str) -> anyhow::Result<Option<Invitation>>;
    async fn invitation_policy_for(&self, company: Option<kernel::CompanyId>) -> anyhow::Result<PasswordPolicy>;
    async fn list_users(&self, scope: Scope, filter: &UserFilter, page: &PageRequest) -> anyhow::Result<Page<User>>;
    async fn login(
        &self,
        email: &Email,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, LoginError>;
    async fn logout(&self, principal: &Principal, ctx: &RequestContext) -> anyhow::Result<()>;
    async fn resend_invitation(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError>;
    async fn resend_otp(&self, challenge: &str, ctx: &RequestContext) -> Result<Challenge, ChallengeError>;
    async fn reset_password(&self, token: &str, password: &str, ctx: &RequestContext) -> Result<(), PasswordLinkError>;
    async fn send_reset_for(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError>;
    async fn set_enabled(&self, actor: &Actor, id: UserId, enabled: bool) -> Result<User, AdminActionError>;
    async fn update_user(&self, actor: &Actor, id: UserId, name: &str, locale: &str) -> Result<User, AdminActionError>;
    async fn user_in_scope_by_id(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError>;
    async fn verify_otp(
        &self,
        challenge: &str,
        code: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, ChallengeError>;
}

#[async_trait::async_trait]
impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignInApi for SignIn<S, N, H, C> {
    fn now(&self) -> OffsetDateTime {
        self.clock().now()
    }

    async fn accept_eula(
        &self,
        challenge: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, ChallengeError> {
        SignIn::accept_eula(self, challenge, locale, ctx).await
    }

    async fn accept_invitation(
        &self,
        token: &str,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, PasswordLinkError> {
        SignIn::accept_invitation(self, token, password, locale, ctx).await
    }

    async fn authenticate(&self, id: SessionId) -> Result<Principal, AuthenticateError> {
        SignIn::authenticate(self, id).await
    }

    async fn change_password(
        &self,
        principal: &Principal,
        current: &str,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<(), ChangePasswordError> {
        SignIn::change_password(self, principal, current, password, ctx).await
    }

    async fn check_reset_link(&self, token: &str) -> anyhow::Result<ResetLinkState> {
        SignIn::check_reset_link(self, token).await
    }

    async fn complete_setup(
        &self,
        token: &str,
        email: Email,
        name: String,
        password: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, SetupError> {
        SignIn::complete_setup(self, token, email, name, password, ctx).await
    }

    async fn decline_eula(&self, challenge: &str, ctx: &RequestContext) -> Result<(), ChallengeError> {
        SignIn::decline_eula(self, challenge, ctx).await
    }

    async fn forgot_password(&self, email: &Email, ctx: &RequestContext) -> Result<(), ForgotPasswordError> {
        SignIn::forgot_password(self, email, ctx).await
    }

    async fn invitation(&self, token: &str) -> anyhow::Result<Option<Invitation>> {
        SignIn::invitation(self, token).await
    }

    async fn invitation_policy_for(&self, company: Option<kernel::CompanyId>) -> anyhow::Result<PasswordPolicy> {
        SignIn::invitation_policy_for(self, company).await
    }

    async fn list_users(&self, scope: Scope, filter: &UserFilter, page: &PageRequest) -> anyhow::Result<Page<User>> {
        SignIn::list_users(self, scope, filter, page).await
    }

    async fn login(
        &self,
        email: &Email,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, LoginError> {
        SignIn::login(self, email, password, locale, ctx).await
    }

    async fn logout(&self, principal: &Principal, ctx: &RequestContext) -> anyhow::Result<()> {
        SignIn::logout(self, principal, ctx).await
    }

    async fn resend_invitation(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError> {
        SignIn::resend_invitation(self, admin, user, ctx).await
    }

    async fn resend_otp(&self, challenge: &str, ctx: &RequestContext) -> Result<Challenge, ChallengeError> {
        SignIn::resend_otp(self, challenge, ctx).await
    }

    async fn reset_password(&self, token: &str, password: &str, ctx: &RequestContext) -> Result<(), PasswordLinkError> {
        SignIn::reset_password(self, token, password, ctx).await
    }

    async fn send_reset_for(
        &self,
        admin: &Principal,
        user: &Email,
        ctx: &RequestContext,
    ) -> Result<(), AdminActionError> {
        SignIn::send_reset_for(self, admin, user, ctx).await
    }

    async fn set_enabled(&self, actor: &Actor, id: UserId, enabled: bool) -> Result<User, AdminActionError> {
        SignIn::set_enabled(self, actor, id, enabled).await
    }

    async fn update_user(&self, actor: &Actor, id: UserId, name: &str, locale: &str) -> Result<User, AdminActionError> {
        SignIn::update_user(self, actor, id, name, locale).await
    }

    async fn user_in_scope_by_id(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError> {
        SignIn::user_in_scope_by_id(self, scope, id).await
    }

    async fn verify_otp(
        &self,
        challenge: &str,
        code: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, ChallengeError> {
        SignIn::verify_otp(self, challenge, code, locale, ctx).await
    }
}

/// Reference data, companies, batches, allocations and seats: [`Licensing`].
#[async_trait::async_trait]
pub trait LicensingApi: Send + Sync + 'static {
    fn now(&self) -> time::OffsetDateTime;
    async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> LicensingResult<CompanyId>;
    async fn countries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Country>>;
    async fn save_country(
        &self,
        actor: &Actor,
        id: Option<CountryId>,
        draft: &CountryDraft,
    ) -> LicensingResult<Country>;
    async fn industries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Industry>>;
    async fn save_industry(
        &self,
        actor: &Actor,
        id: Option<IndustryId>,
        draft: &IndustryDraft,
    ) -> LicensingResult<Industry>;
    async fn companies(
        &self,
        scope: Scope,
        filter: &CompanyFilter,
        page: &PageRequest,
    ) -> LicensingResult<Page<Company>>;
    async fn company(&self, scope: Scope, id: CompanyId) -> LicensingResult<Company>;
    async fn save_company(
        &self,
        actor: &Actor,
        id: Option<CompanyId>,
        draft: &CompanyDraft,
    ) -> LicensingResult<Company>;
    async fn logo(&self, scope: Scope, id: CompanyId) -> LicensingResult<Option<Logo>>;
    async fn set_logo(&self, actor: &Actor, id: CompanyId, logo: Option<Logo>) -> LicensingResult<()>;
    async fn batches(&self, scope: Scope, filter: &BatchFilter, page: &PageRequest) -> LicensingResult<Page<Batch>>;
    async fn batch(&self, scope: Scope, id: BatchId) -> LicensingResult<Batch>;
    async fn save_batch(&self, actor: &Actor, id: Option<BatchId>, draft: &BatchDraft) -> LicensingResult<Batch>;
    async fn members(
        &self,
        scope: Scope,
        batch: BatchId,
        search: Option<&str>,
        page: &PageRequest,
    ) -> LicensingResult<Page<Member>>;
    async fn add_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()>;
    async fn remove_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()>;
    async fn move_member(&self, actor: &Actor, from: BatchId, to: BatchId, user: UserId) -> LicensingResult<()>;
    async fn allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
        page: &PageRequest,
    ) -> LicensingResult<Page<AllocationUse>>;
    async fn allocation(&self, scope: Scope, id: AllocationId) -> LicensingResult<AllocationUse>;
    async fn save_allocation(
        &self,
        actor: &Actor,
        id: Option<AllocationId>,
        draft: &AllocationDraft,
    ) -> LicensingResult<Allocation>;
    async fn summary(
        &self,
        scope: Scope,
        group: SummaryGroup,
        filter: &AllocationFilter,
    ) -> LicensingResult<Vec<SummaryLine>>;
    async fn seats(&self, scope: Scope, filter: &SeatFilter, page: &PageRequest) -> LicensingResult<Page<Seat>>;
    async fn assign_seat(&self, actor: &Actor, user: UserId) -> LicensingResult<(SeatId, bool)>;
    async fn revoke_seat(&self, actor: &Actor, id: SeatId) -> LicensingResult<()>;
}

#[async_trait::async_trait]
impl<S: LicensingStore, C: Clock> LicensingApi for Licensing<S, C> {
    fn now(&self) -> time::OffsetDateTime {
        Licensing::now(self)
    }

    async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> LicensingResult<CompanyId> {
        Licensing::acting_company(self, actor, named).await
    }

    async fn countries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Country>> {
        Licensing::countries(self, filter, page).await
    }

    async fn save_country(
        &self,
        actor: &Actor,
        id: Option<CountryId>,
        draft: &CountryDraft,
    ) -> LicensingResult<Country> {
        Licensing::save_country(self, actor, id, draft).await
    }

    async fn industries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Industry>> {
        Licensing::industries(self, filter, page).await
    }

    async fn save_industry(
        &self,
        actor: &Actor,
        id: Option<IndustryId>,
        draft: &IndustryDraft,
    ) -> LicensingResult<Industry> {
        Licensing::save_industry(self, actor, id, draft).await
    }

    async fn companies(
        &self,
        scope: Scope,
        filter: &CompanyFilter,
        page: &PageRequest,
    ) -> LicensingResult<Page<Company>> {
        Licensing::companies(self, scope, filter, page).await
    }

    async fn company(&self, scope: Scope, id: CompanyId) -> LicensingResult<Company> {
        Licensing::company(self, scope, id).await
    }

    async fn save_company(
        &self,
        actor: &Actor,
        id: Option<CompanyId>,
        draft: &CompanyDraft,
    ) -> LicensingResult<Company> {
        Licensing::save_company(self, actor, id, draft).await
    }

    async fn logo(&self, scope: Scope, id: CompanyId) -> LicensingResult<Option<Logo>> {
        Licensing::logo(self, scope, id).await
    }

    async fn set_logo(&self, actor: &Actor, id: CompanyId, logo: Option<Logo>) -> LicensingResult<()> {
        Licensing::set_logo(self, actor, id, logo).await
    }

    async fn batches(&self, scope: Scope, filter: &BatchFilter, page: &PageRequest) -> LicensingResult<Page<Batch>> {
        Licensing::batches(self, scope, filter, page).await
    }

    async fn batch(&self, scope: Scope, id: BatchId) -> LicensingResult<Batch> {
        Licensing::batch(self, scope, id).await
    }

    async fn save_batch(&self, actor: &Actor, id: Option<BatchId>, draft: &BatchDraft) -> LicensingResult<Batch> {
        Licensing::save_batch(self, actor, id, draft).await
    }

    async fn members(
        &self,
        scope: Scope,
        batch: BatchId,
        search: Option<&str>,
        page: &PageRequest,
    ) -> LicensingResult<Page<Member>> {
        Licensing::members(self, scope, batch, search, page).await
    }

    async fn add_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()> {
        Licensing::add_member(self, actor, batch, user).await
    }

    async fn remove_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()> {
        Licensing::remove_member(self, actor, batch, user).await
    }

    async fn move_member(&self, actor: &Actor, from: BatchId, to: BatchId, user: UserId) -> LicensingResult<()> {
        Licensing::move_member(self, actor, from, to, user).await
    }

    async fn allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
        page: &PageRequest,
    ) -> LicensingResult<Page<AllocationUse>> {
        Licensing::allocations(self, scope, filter, page).await
    }

    async fn allocation(&self, scope: Scope, id: AllocationId) -> LicensingResult<AllocationUse> {
        Licensing::allocation(self, scope, id).await
    }

    async fn save_allocation(
        &self,
        actor: &Actor,
        id: Option<AllocationId>,
        draft: &AllocationDraft,
    ) -> LicensingResult<Allocation> {
        Licensing::save_allocation(self, actor, id, draft).await
    }

    async fn summary(
        &self,
        scope: Scope,
        group: SummaryGroup,
        filter: &AllocationFilter,
    ) -> LicensingResult<Vec<SummaryLine>> {
        Licensing::summary(self, scope, group, filter).await
    }

    async fn seats(&self, scope: Scope, filter: &SeatFilter, page: &PageRequest) -> LicensingResult<Page<Seat>> {
        Licensing::seats(self, scope, filter, page).await
    }

    async fn assign_seat(&self, actor: &Actor, user: UserId) -> LicensingResult<(SeatId, bool)> {
        Licensing::assign_seat(self, actor, user).await
    }

    async fn revoke_seat(&self, actor: &Actor, id: SeatId) -> LicensingResult<()> {
        Licensing::revoke_seat(self, actor, id).await
    }
}

/// The people use cases: [`People`].
#[async_trait::async_trait]
pub trait PeopleApi: Send + Sync + 'static {
    async fn create_company_admin(&self, actor: &Actor, admin: NewCompanyAdmin) -> Result<User, PeopleError>;
    async fn create_trainee(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        draft: &TraineeDraft,
    ) -> Result<User, PeopleError>;
    async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, PeopleError>;
    async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>, PeopleError>;
    async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<UserId>, PeopleError>;
}

#[async_trait::async_trait]
impl<U: UnitOfWork> PeopleApi for People<U> {
    async fn create_company_admin(&self, actor: &Actor, admin: NewCompanyAdmin) -> Result<User, PeopleError> {
        People::create_company_admin(self, actor, admin).await
    }

    async fn create_trainee(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        draft: &TraineeDraft,
    ) -> Result<User, PeopleError> {
        People::create_trainee(self, actor, company, draft).await
    }

    async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, PeopleError> {
        People::disable(self, actor, id).await
    }

    async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>, PeopleError> {
        People::preview_import(self, actor, company, default_batch, rows).await
    }

    async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<UserId>, PeopleError> {
        People::import(self, actor, company, default_batch, rows).await
    }
}
