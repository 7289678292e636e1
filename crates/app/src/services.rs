//! The services the driving adapters call, as object-safe traits: the HTTP adapter holds
//! `Arc<dyn …>` of these and never names the storage, mail or hashing types behind them;
//! the server wires the concrete services in. Each method forwards to the service's own, so
//! a signature is written here once and the macro declares and implements it.

use identity::sso::{
    Discovered, Discovery, Provider, SsoConnection, SsoConnectionDraft, SsoConnections, SsoError, SsoStore,
};
use identity::{
    AdminActionError, Appearance, AuthenticateError, Challenge, ChallengeError, ChangePasswordError,
    ForgotPasswordError, IdentityStore, Invitation, LiveSession, LoginError, Notifier, OpenedSession, PasswordHasher,
    PasswordLinkError, Photo, Principal, RequestContext, ResetLinkState, SetupError, SignIn, Step, TableName,
    TableView, User, UserFilter,
    game_apps::{GameApp, GameAppDraft, GameAppError, GameAppStore, GameApps},
    grants::{AuthorizationRequest, CheckedRequest},
};
use kernel::{
    Actor, AllocationId, ApiClientId, ApproachId, BatchId, ChapterId, Clock, CompanyId, CountryId, Email,
    EnrolmentKeyId, GameAppId, IndustryId, LevelId, Page, PageRequest, Scope, SeatId, SessionId, SkillId, UserId,
};
use licensing::{
    Allocation, AllocationDraft, AllocationFilter, AllocationUse, Batch, BatchDraft, BatchFilter, Company,
    CompanyDraft, CompanyFilter, Country, CountryDraft, EnrolmentKey, EnrolmentKeyDraft, EnrolmentKeyStore,
    EnrolmentKeys, ImportRow, Industry, IndustryDraft, IssuedKey, Licensing, LicensingError, LicensingStore, Logo,
    Member, ReferenceFilter, RowPlan, Seat, SeatFilter, SummaryGroup, SummaryLine, TraineeDraft,
};
use password_policy::PasswordPolicy;
use scoring::{
    ApiClient, ApiClientDraft, ApiClients, Approach, AttemptStore, CallingClient, Catalogue, CatalogueError,
    CatalogueService, CatalogueStore, Change, Chapter, ChapterDraft, ClientAuthError, ClientError, ClientStore,
    ImportedCatalogue, IngestError, Ingestion, IssuedSecret, Item, Level, LevelDraft, Mode, Outcome, PlanEntry,
    ReportStore, Skill, StoredStatement, Translated,
    reports::{Dashboard, Export, Exporter, Insight, Reader, ReportQuery, Reports, Row, Table},
};
use time::OffsetDateTime;

use crate::{
    Applicant, Callback, Confirming, GameSignIn, GameSignInError, GameUnit, HandoffError, IssuedTokens, Joining,
    NewCompanyAdmin, People, PeopleError, PeopleUnit, Player, PlayerCard, PlayerError, SignUp, SignUpError, SignUpUnit,
    SsoSignIn, SsoSignInError, SsoUnit, Started, TokenError,
};

type LicensingResult<T> = Result<T, LicensingError>;

/// Declares `$trait` with these methods and implements it for the service by calling the
/// service's own (inherent) method of the same name.
macro_rules! service_trait {
    (
        $(#[$doc:meta])*
        pub trait $trait:ident for impl<$($generic:ident: $bound:path),+> $service:ty {
            $(fn $sync:ident(&self) -> $sync_ret:ty;)*
            $(async fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;)+
        }
    ) => {
        $(#[$doc])*
        #[async_trait::async_trait]
        pub trait $trait: Send + Sync + 'static {
            $(fn $sync(&self) -> $sync_ret;)*
            $(async fn $name(&self $(, $arg: $ty)*) -> $ret;)+
        }

        #[async_trait::async_trait]
        impl<$($generic: $bound),+> $trait for $service {
            $(fn $sync(&self) -> $sync_ret {
                <$service>::$sync(self)
            })*
            $(async fn $name(&self $(, $arg: $ty)*) -> $ret {
                <$service>::$name(self $(, $arg)*).await
            })+
        }
    };
}

service_trait! {
    /// Sign-in, sessions, passwords, invitations and the people directory: [`SignIn`].
    pub trait SignInApi for impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
        fn now(&self) -> OffsetDateTime;
        async fn accept_eula(&self, challenge: &str, locale: &str, ctx: &RequestContext) -> Result<OpenedSession, ChallengeError>;
        async fn accept_invitation(&self, token: &str, password: &str, locale: &str, ctx: &RequestContext) -> Result<Step, PasswordLinkError>;
        async fn appearance(&self, who: &Principal) -> anyhow::Result<Option<Appearance>>;
        async fn authenticate(&self, id: SessionId) -> Result<Principal, AuthenticateError>;
        async fn change_password(&self, principal: &Principal, current: &str, password: &str, ctx: &RequestContext) -> Result<(), ChangePasswordError>;
        async fn check_reset_link(&self, token: &str) -> anyhow::Result<ResetLinkState>;
        async fn complete_setup(&self, token: &str, email: Email, name: String, password: &str, ctx: &RequestContext) -> Result<OpenedSession, SetupError>;
        async fn decline_eula(&self, challenge: &str, ctx: &RequestContext) -> Result<(), ChallengeError>;
        async fn forgot_password(&self, email: &Email, ctx: &RequestContext) -> Result<(), ForgotPasswordError>;
        async fn has_own_photo(&self, who: &Principal) -> anyhow::Result<bool>;
        async fn invitation(&self, token: &str) -> anyhow::Result<Option<Invitation>>;
        async fn invitation_policy_for(&self, company: Option<kernel::CompanyId>) -> anyhow::Result<PasswordPolicy>;
        async fn list_users(&self, scope: Scope, filter: &UserFilter, page: &PageRequest) -> anyhow::Result<Page<User>>;
        async fn login(&self, email: &Email, password: &str, locale: &str, ctx: &RequestContext) -> Result<Step, LoginError>;
        async fn logout(&self, principal: &Principal, ctx: &RequestContext) -> anyhow::Result<()>;
        async fn own_photo(&self, who: &Principal) -> anyhow::Result<Option<Photo>>;
        async fn own_sessions(&self, who: &Principal) -> anyhow::Result<Vec<LiveSession>>;
        async fn resend_invitation(&self, admin: &Principal, user: &Email, ctx: &RequestContext) -> Result<(), AdminActionError>;
        async fn resend_otp(&self, challenge: &str, ctx: &RequestContext) -> Result<Challenge, ChallengeError>;
        async fn reset_password(&self, token: &str, password: &str, ctx: &RequestContext) -> Result<(), PasswordLinkError>;
        async fn save_appearance(&self, who: &Principal, appearance: Appearance) -> anyhow::Result<()>;
        async fn save_table_view(&self, who: &Principal, table: TableName, view: &TableView) -> anyhow::Result<()>;
        async fn send_reset_for(&self, admin: &Principal, user: &Email, ctx: &RequestContext) -> Result<(), AdminActionError>;
        async fn spend(&self, key: &str, limit: u32, window: time::Duration) -> anyhow::Result<Result<(), time::Duration>>;
        async fn set_own_photo(&self, who: &Principal, photo: Option<Photo>, ctx: &RequestContext) -> anyhow::Result<()>;
        async fn set_enabled(&self, actor: &Actor, id: UserId, enabled: bool) -> Result<User, AdminActionError>;
        async fn sign_out_everywhere(&self, who: &Principal, ctx: &RequestContext) -> anyhow::Result<u64>;
        async fn table_views(&self, who: &Principal) -> anyhow::Result<Vec<(TableName, TableView)>>;
        async fn update_own_profile(&self, who: &Principal, name: &str, locale: &str, ctx: &RequestContext) -> Result<User, AdminActionError>;
        async fn update_user(&self, actor: &Actor, id: UserId, name: &str, locale: &str) -> Result<User, AdminActionError>;
        async fn user_in_scope_by_id(&self, scope: Scope, id: UserId) -> Result<User, AdminActionError>;
        async fn verify_otp(&self, challenge: &str, code: &str, locale: &str, ctx: &RequestContext) -> Result<Step, ChallengeError>;
    }
}

service_trait! {
    /// Reference data, companies, batches, allocations and seats: [`Licensing`].
    pub trait LicensingApi for impl<S: LicensingStore, C: Clock> Licensing<S, C> {
        fn now(&self) -> OffsetDateTime;
        async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> LicensingResult<CompanyId>;
        async fn countries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Country>>;
        async fn save_country(&self, actor: &Actor, id: Option<CountryId>, draft: &CountryDraft) -> LicensingResult<Country>;
        async fn industries(&self, filter: &ReferenceFilter, page: &PageRequest) -> LicensingResult<Page<Industry>>;
        async fn save_industry(&self, actor: &Actor, id: Option<IndustryId>, draft: &IndustryDraft) -> LicensingResult<Industry>;
        async fn companies(&self, scope: Scope, filter: &CompanyFilter, page: &PageRequest) -> LicensingResult<Page<Company>>;
        async fn company(&self, scope: Scope, id: CompanyId) -> LicensingResult<Company>;
        async fn save_company(&self, actor: &Actor, id: Option<CompanyId>, draft: &CompanyDraft) -> LicensingResult<Company>;
        async fn logo(&self, scope: Scope, id: CompanyId) -> LicensingResult<Option<Logo>>;
        async fn set_logo(&self, actor: &Actor, id: CompanyId, logo: Option<Logo>) -> LicensingResult<()>;
        async fn batches(&self, scope: Scope, filter: &BatchFilter, page: &PageRequest) -> LicensingResult<Page<Batch>>;
        async fn batch(&self, scope: Scope, id: BatchId) -> LicensingResult<Batch>;
        async fn save_batch(&self, actor: &Actor, id: Option<BatchId>, draft: &BatchDraft) -> LicensingResult<Batch>;
        async fn members(&self, scope: Scope, batch: BatchId, search: Option<&str>, page: &PageRequest) -> LicensingResult<Page<Member>>;
        async fn add_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()>;
        async fn remove_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> LicensingResult<()>;
        async fn move_member(&self, actor: &Actor, from: BatchId, to: BatchId, user: UserId) -> LicensingResult<()>;
        async fn allocations(&self, scope: Scope, filter: &AllocationFilter, page: &PageRequest) -> LicensingResult<Page<AllocationUse>>;
        async fn allocation(&self, scope: Scope, id: AllocationId) -> LicensingResult<AllocationUse>;
        async fn save_allocation(&self, actor: &Actor, id: Option<AllocationId>, draft: &AllocationDraft) -> LicensingResult<Allocation>;
        async fn summary(&self, scope: Scope, group: SummaryGroup, filter: &AllocationFilter) -> LicensingResult<Vec<SummaryLine>>;
        async fn seats(&self, scope: Scope, filter: &SeatFilter, page: &PageRequest) -> LicensingResult<Page<Seat>>;
        async fn assign_seat(&self, actor: &Actor, user: UserId) -> LicensingResult<(SeatId, bool)>;
        async fn revoke_seat(&self, actor: &Actor, id: SeatId) -> LicensingResult<()>;
    }
}

service_trait! {
    /// The people use cases: [`People`].
    pub trait PeopleApi for impl<U: PeopleUnit> People<U> {
        async fn create_company_admin(&self, actor: &Actor, admin: NewCompanyAdmin) -> Result<User, PeopleError>;
        async fn create_trainee(&self, actor: &Actor, company: Option<CompanyId>, draft: &TraineeDraft) -> Result<User, PeopleError>;
        async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, PeopleError>;
        async fn preview_import(&self, actor: &Actor, company: Option<CompanyId>, default_batch: Option<BatchId>, rows: Vec<ImportRow>) -> Result<Vec<RowPlan>, PeopleError>;
        async fn import(&self, actor: &Actor, company: Option<CompanyId>, default_batch: Option<BatchId>, rows: Vec<ImportRow>) -> Result<Vec<UserId>, PeopleError>;
    }
}

service_trait! {
    /// The game's sign-in through the portal (OAuth) and its hand-off back: [`GameSignIn`].
    pub trait GameSignInApi for impl<U: GameUnit> GameSignIn<U> {
        async fn check(&self, request: &AuthorizationRequest) -> Result<CheckedRequest, GameSignInError>;
        async fn authorize(&self, trainee: &Principal, request: &AuthorizationRequest, approve: bool, ctx: &RequestContext) -> Result<String, GameSignInError>;
        async fn exchange(&self, client_id: &str, code: &str, redirect_uri: &str, verifier: &str, ctx: &RequestContext) -> Result<IssuedTokens, TokenError>;
        async fn refresh(&self, client_id: &str, refresh_token: &str, ctx: &RequestContext) -> Result<IssuedTokens, TokenError>;
        async fn revoke(&self, client_id: &str, refresh_token: Option<&str>, session: Option<SessionId>, ctx: &RequestContext) -> anyhow::Result<()>;
        async fn player(&self, session: SessionId) -> Result<Player, PlayerError>;
        async fn card(&self, player: &Player) -> Result<PlayerCard, GameSignInError>;
        async fn handoff(&self, trainee: UserId, within: Option<&scoring::ClientScope>) -> Result<Challenge, GameSignInError>;
        async fn game_login(&self, token: &str, locale: &str, ctx: &RequestContext) -> Result<Step, HandoffError>;
    }
}

service_trait! {
    /// Signing in through a company's identity provider: [`SsoSignIn`].
    pub trait SsoSignInApi for impl<U: SsoUnit, P: Provider> SsoSignIn<U, P> {
        async fn start(&self, email: &Email, ctx: &RequestContext) -> Result<Started, SsoSignInError>;
        async fn finish(&self, callback: Callback, binding: Option<&str>, locale: &'static str, ctx: &RequestContext) -> Result<Step, SsoSignInError>;
    }
}

service_trait! {
    /// Joining a batch through its sign-up link: [`SignUp`].
    pub trait SignUpApi for impl<U: SignUpUnit> SignUp<U> {
        async fn joining(&self, key: &str) -> Result<Joining, SignUpError>;
        async fn request(&self, key: &str, applicant: Applicant, locale: &'static str, ctx: &RequestContext) -> Result<(), SignUpError>;
        async fn confirming(&self, token: &str) -> Result<Confirming, SignUpError>;
        async fn complete(&self, token: &str, password: &str, locale: &'static str, ctx: &RequestContext) -> Result<Step, SignUpError>;
    }
}

service_trait! {
    /// A batch's sign-up links: [`EnrolmentKeys`].
    pub trait EnrolmentKeysApi for impl<S: EnrolmentKeyStore, C: Clock> EnrolmentKeys<S, C> {
        async fn list(&self, actor: &Actor, batch: BatchId) -> LicensingResult<Vec<EnrolmentKey>>;
        async fn create(&self, actor: &Actor, batch: BatchId, draft: &EnrolmentKeyDraft) -> LicensingResult<IssuedKey>;
        async fn revoke(&self, actor: &Actor, id: EnrolmentKeyId) -> LicensingResult<EnrolmentKey>;
    }
}

service_trait! {
    /// The API clients of the game and partners: [`ApiClients`].
    pub trait ApiClientsApi for impl<S: ClientStore, C: Clock> ApiClients<S, C> {
        async fn list(&self, actor: &Actor, page: &PageRequest) -> Result<Page<ApiClient>, ClientError>;
        async fn name_of(&self, caller: ApiClientId) -> Result<String, ClientError>;
        async fn create(&self, actor: &Actor, draft: ApiClientDraft) -> Result<IssuedSecret, ClientError>;
        async fn rotate(&self, actor: &Actor, id: ApiClientId) -> Result<IssuedSecret, ClientError>;
        async fn revoke(&self, actor: &Actor, id: ApiClientId) -> Result<ApiClient, ClientError>;
        async fn authenticate(&self, presented: &str) -> Result<CallingClient, ClientAuthError>;
    }
}

service_trait! {
    /// Attempts reported by the game: [`Ingestion`].
    pub trait IngestionApi for impl<S: AttemptStore, C: Clock> Ingestion<S, C> {
        async fn ingest(&self, client: &CallingClient, items: Vec<Item>, mode: Mode) -> Result<Vec<Outcome>, IngestError>;
        async fn trainees_by_email(&self, client: &CallingClient, emails: Vec<Email>) -> Result<std::collections::HashMap<Email, UserId>, IngestError>;
        async fn statement(&self, client: &CallingClient, external_id: String) -> Result<Option<StoredStatement>, IngestError>;
        async fn count_now(&self, trainee: UserId) -> anyhow::Result<()>;
    }
}

service_trait! {
    /// Score reports: [`Reports`].
    pub trait ReportsApi for impl<S: ReportStore, C: Clock> Reports<S, C> {
        async fn export(&self, reader: &Reader, exporter: &Exporter, query: &ReportQuery, sort: &PageRequest, search: Option<&str>, locale: &str) -> anyhow::Result<Export>;
        async fn next_rows(&self, export: &mut Export) -> anyhow::Result<Option<Vec<Row>>>;
        async fn report(&self, reader: &Reader, query: &ReportQuery, page: &PageRequest, search: Option<&str>, locale: &str) -> anyhow::Result<Table>;
        async fn insight(&self, reader: &Reader, query: &ReportQuery, locale: &str) -> anyhow::Result<Insight>;
        async fn dashboard(&self, reader: &Reader, locale: &str) -> anyhow::Result<Dashboard>;
    }
}

service_trait! {
    /// The level catalogue: [`CatalogueService`].
    pub trait CatalogueApi for impl<S: CatalogueStore, C: Clock> CatalogueService<S, C> {
        async fn catalogue(&self) -> Result<Catalogue, CatalogueError>;
        async fn save_chapter(&self, actor: &Actor, id: Option<ChapterId>, draft: ChapterDraft) -> Result<Chapter, CatalogueError>;
        async fn save_level(&self, actor: &Actor, id: Option<LevelId>, draft: LevelDraft) -> Result<Level, CatalogueError>;
        async fn save_skill(&self, actor: &Actor, id: Option<SkillId>, name: Translated) -> Result<Skill, CatalogueError>;
        async fn save_approach(&self, actor: &Actor, id: Option<ApproachId>, name: Translated) -> Result<Approach, CatalogueError>;
        async fn delete(&self, actor: &Actor, entry: Change) -> Result<(), CatalogueError>;
        async fn import(&self, actor: &Actor, file: ImportedCatalogue, apply: bool) -> Result<Vec<PlanEntry>, CatalogueError>;
    }
}

service_trait! {
    /// The games that sign trainees in through the portal: [`GameApps`].
    pub trait GameAppsApi for impl<S: GameAppStore, C: Clock> GameApps<S, C> {
        async fn list(&self, actor: &Actor) -> Result<Vec<GameApp>, GameAppError>;
        async fn save(&self, actor: &Actor, id: Option<GameAppId>, draft: GameAppDraft) -> Result<GameApp, GameAppError>;
    }
}

service_trait! {
    /// Companies' single sign-on connections: [`SsoConnections`].
    pub trait SsoConnectionsApi for impl<S: SsoStore, C: Clock, D: Discovery> SsoConnections<S, C, D> {
        async fn list(&self, actor: &Actor) -> Result<Vec<SsoConnection>, SsoError>;
        async fn get(&self, actor: &Actor, company: CompanyId) -> Result<SsoConnection, SsoError>;
        async fn save(&self, actor: &Actor, company: CompanyId, draft: SsoConnectionDraft) -> Result<SsoConnection, SsoError>;
        async fn delete(&self, actor: &Actor, company: CompanyId) -> Result<(), SsoError>;
        async fn test(&self, actor: &Actor, company: CompanyId) -> Result<Result<Discovered, String>, SsoError>;
    }
}
