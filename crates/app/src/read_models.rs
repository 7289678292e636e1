//! The read models screens show, as a query port the store implements: the dashboard's
//! counts, the audit log, the EULA in force, and the database's health.

use identity::EulaDocument;
use kernel::{AuditAction, Page, PageRequest, Scope};
use time::{Date, OffsetDateTime};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DashboardCounts {
    pub companies: u64,
    pub batches: u64,
    pub trainees: u64,
    pub attempts: u64,
    pub levels_played: u64,
    pub seats: SeatCounts,
    /// Attempts completed in the last 7 days.
    pub attempts_this_week: u64,
    /// Every company the caller sees with its attempts of the last 30 days, most active
    /// first (super admin only; empty otherwise).
    pub activity: Vec<CompanyActivity>,
    /// Trainees (invited or active) who played nothing in the last 14 days, longest idle first, at most 100
    /// (company admin only; empty otherwise).
    pub inactive: Vec<InactiveTrainee>,
    /// The last day of the trainee's live seat (trainee only).
    pub licence_valid_until: Option<Date>,
    /// Running licences that end within 30 days, soonest first (admins only; empty otherwise).
    pub expiring: Vec<ExpiringLicence>,
}

/// A licence allocation that ends soon, and the seats it takes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpiringLicence {
    pub allocation: uuid::Uuid,
    pub company: uuid::Uuid,
    pub company_name: String,
    pub valid_until: Date,
    /// Seats sold in it.
    pub seats: u64,
    /// Of them, those held by trainees now.
    pub assigned: u64,
}

/// Seats of the allocations still running today.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatCounts {
    pub sold: u64,
    pub assigned: u64,
    pub activated: u64,
    /// Assigned seats whose allocation ends within 30 days.
    pub expiring_soon: u64,
    /// The earliest last day among them.
    pub next_expiry: Option<Date>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompanyActivity {
    pub company: uuid::Uuid,
    pub name: String,
    pub attempts: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InactiveTrainee {
    pub id: uuid::Uuid,
    pub name: String,
    pub email: String,
    /// `None`: never played.
    pub last_played: Option<OffsetDateTime>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AuditEntry {
    pub id: uuid::Uuid,
    pub at: OffsetDateTime,
    pub actor_id: Option<uuid::Uuid>,
    /// The actor's name as it is now; `None` for the system or a removed person.
    pub actor_name: Option<String>,
    pub action: String,
    pub target_type: String,
    pub target_id: Option<String>,
    /// The name of the person or record acted on, as it is now, where it has one.
    pub target_name: Option<String>,
    pub company_id: Option<uuid::Uuid>,
    pub details: serde_json::Value,
    pub ip: Option<String>,
}

/// Which audit events a list shows.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub action: Option<AuditAction>,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub actor: Option<uuid::Uuid>,
    pub company: Option<uuid::Uuid>,
    pub from: Option<OffsetDateTime>,
    pub until: Option<OffsetDateTime>,
    /// Part of the actor's name or e-mail, any case.
    pub actor_search: Option<String>,
}

#[async_trait::async_trait]
pub trait ReadModels: Send + Sync + 'static {
    /// What the caller's dashboard counts, within their scope, as of `now`.
    async fn dashboard(&self, scope: Scope, now: OffsetDateTime) -> anyhow::Result<DashboardCounts>;

    /// Audit events newest first; `Scope::User` sees none (trainees have no audit log).
    async fn audit_events(
        &self,
        scope: Scope,
        page: &PageRequest,
        filter: &AuditFilter,
    ) -> anyhow::Result<Page<AuditEntry>>;

    /// The newest EULA in `locale`, or in English when it has no such text.
    async fn current_eula(&self, locale: &str) -> anyhow::Result<Option<EulaDocument>>;

    /// One round trip, for readiness probes.
    async fn ping(&self) -> anyhow::Result<()>;

    /// The database's name: `sqlite` or `postgres`.
    fn database(&self) -> &'static str;

    /// What waits for the background workers, as of `now`: for the operator's metrics.
    async fn backlog(&self, now: OffsetDateTime) -> anyhow::Result<Backlog>;

    /// The database pool's connections: open, and of those idle.
    fn pool(&self) -> PoolUse;
}

/// Work waiting in the database: mails not yet sent (nor given up) and stored attempts not yet
/// counted in the reports, each with how long the oldest has waited.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Backlog {
    pub mails: i64,
    pub oldest_mail_seconds: f64,
    pub attempts: i64,
    pub oldest_attempt_seconds: f64,
}

/// The pool's connections.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolUse {
    pub open: u32,
    pub idle: u32,
}
