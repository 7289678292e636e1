//! What scoring needs from storage.

use std::{
    collections::{HashMap, HashSet},
    future::Future,
};

use kernel::{
    ApiClientId, ApproachId, AttemptId, AuditEvent, AuditLog, Email, LevelId, Page, PageRequest, SeatId, SkillId,
    SortDirection, UserId,
};
use time::{Date, OffsetDateTime};
use uuid::Uuid;

use crate::{
    ApiClient, Attempt, CallingClient, Catalogue, CatalogueError, Changes, ClientScope, Difficulty, Facts,
    StoredStatement,
    reports::{Cell, Filter, Group, Member, Reader, WeekScore},
};

/// What a batch's write did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The attempts written now.
    pub inserted: HashSet<AttemptId>,
    /// For every other attempt of the batch, what was recorded before under its external
    /// id: the attempt and its digest.
    pub existing: HashMap<String, (AttemptId, String)>,
}

pub trait AttemptStore: Clone + Send + Sync + 'static {
    /// The facts about these trainees (only those inside `scope`), levels, approaches and skills.
    fn facts(
        &self,
        scope: &ClientScope,
        trainees: &[UserId],
        levels: &[LevelId],
        approaches: &[ApproachId],
        skills: &[SkillId],
    ) -> impl Future<Output = anyhow::Result<Facts>> + Send;

    /// The trainees (only those inside `scope`) with these e-mail addresses.
    fn trainees_by_email(
        &self,
        scope: &ClientScope,
        emails: &[Email],
    ) -> impl Future<Output = anyhow::Result<HashMap<Email, UserId>>> + Send;

    /// In one transaction: inserts every attempt whose `(client, external id)` is new, with
    /// its skill points and the xAPI statement it came as, marks the seat given beside an
    /// inserted attempt as activated (when it is not yet) at its completion, and reads what
    /// was recorded before for the others. Then it asks `keep` about what it did: committed
    /// before it answers when `keep` says so, rolled back (nothing written) otherwise. The
    /// attempts' external ids are distinct.
    fn record(
        &self,
        client: ApiClientId,
        attempts: &[(Attempt, Option<SeatId>)],
        keep: &(dyn Fn(&Recorded) -> bool + Sync),
    ) -> impl Future<Output = anyhow::Result<Recorded>> + Send;

    /// The xAPI statement this client's attempt with this external id came as, if it came as one.
    fn statement(
        &self,
        client: ApiClientId,
        external_id: &str,
    ) -> impl Future<Output = anyhow::Result<Option<StoredStatement>>> + Send;

    /// Counts every attempt `trainee` has stored in the reports now, rather than when the
    /// folder gets to them ([`ReportStore::as_of`]).
    fn count_now(&self, trainee: UserId) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// An API client's use of its secret, counted in the current window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientUse {
    pub client: CallingClient,
    /// Requests in the current minute, this one included.
    pub in_window: u32,
    pub limit: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum SaveClientError {
    /// A company of the scope does not exist.
    #[error("unknown company")]
    UnknownCompany,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

pub trait ClientStore: Clone + Send + Sync + 'static {
    fn list_clients(&self, page: &PageRequest) -> impl Future<Output = anyhow::Result<Page<ApiClient>>> + Send;

    fn find_client(&self, id: ApiClientId) -> impl Future<Output = anyhow::Result<Option<ApiClient>>> + Send;

    /// Writes the client, its scope and the audit line in one transaction.
    fn create_client(
        &self,
        client: &ApiClient,
        secret_hash: &str,
        audit: AuditEvent,
    ) -> impl Future<Output = Result<(), SaveClientError>> + Send;

    /// Replaces a live client's secret (and writes the audit line); `false` when the client
    /// is absent or revoked.
    fn rotate_secret(
        &self,
        id: ApiClientId,
        secret_hash: &str,
        hint: &str,
        at: OffsetDateTime,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Revokes a live client (and writes the audit line); `false` when absent or revoked.
    fn revoke_client(
        &self,
        id: ApiClientId,
        at: OffsetDateTime,
        audit: AuditEvent,
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Counts one use of the live client with this secret hash in `minute` (minutes since the
    /// epoch) and records it as used `at`, in one statement; `None` for no live client.
    fn use_client(
        &self,
        secret_hash: &str,
        minute: i64,
        at: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<Option<ClientUse>>> + Send;
}

pub trait CatalogueStore: Clone + Send + Sync + 'static {
    /// The whole catalogue: chapters and levels by number, skills and approaches by English
    /// name, a level's skills by id.
    fn catalogue(&self) -> impl Future<Output = anyhow::Result<Catalogue>> + Send;

    /// In one transaction that holds every other catalogue change off until it ends: reads
    /// the catalogue, asks `plan` what to write, writes it with its audit lines and commits.
    /// Nothing is written when `plan` refuses. A delete that something still refers to is
    /// refused with [`CatalogueError::InUse`], a number or name another writer took with
    /// [`CatalogueError::Invalid`].
    fn change_catalogue<T: Send>(
        &self,
        plan: impl FnOnce(&Catalogue) -> Result<(Changes, T), CatalogueError> + Send,
    ) -> impl Future<Output = Result<T, CatalogueError>> + Send;
}

/// Reads of the counted results ([`crate::reports`]), always within what the reader may see,
/// named by the catalogue; exports are audited.
pub trait ReportStore: CatalogueStore + AuditLog {
    /// Attempts are counted in the results shortly after they are stored: `None` when the
    /// results count every attempt the reader may see within the filter's company and trainee,
    /// else the time the oldest of those not yet counted came in.
    fn as_of(
        &self,
        reader: &Reader,
        filter: &Filter,
    ) -> impl Future<Output = anyhow::Result<Option<OffsetDateTime>>> + Send;

    /// The aggregates of the counted results that the reader may see and the query selects,
    /// per row (and per column of `split`).
    fn cells(&self, reader: &Reader, query: &CellQuery<'_>) -> impl Future<Output = anyhow::Result<Vec<Cell>>> + Send;

    /// The names of rows of `group` among `ids` that the reader may see.
    fn row_names(
        &self,
        reader: &Reader,
        group: Group,
        ids: &[Uuid],
    ) -> impl Future<Output = anyhow::Result<HashMap<Uuid, String>>> + Send;

    /// Every company, batch or trainee (not disabled) of `group` that the reader may see within the
    /// filter's company, batch and trainee, by id with its name: the rows of people who have
    /// not started too.
    fn people(
        &self,
        reader: &Reader,
        group: Group,
        filter: &Filter,
    ) -> impl Future<Output = anyhow::Result<HashMap<Uuid, String>>> + Send;

    /// Per row of `group` (company or batch; one nil row for [`Group::All`]) and week, the points
    /// and maxima of the attempts the reader may see completed in that week: `weeks` are the
    /// weeks' first days (UTC), consecutive and oldest first, each seven days long.
    fn weekly_scores(
        &self,
        reader: &Reader,
        group: Group,
        weeks: &[Date],
    ) -> impl Future<Output = anyhow::Result<Vec<WeekScore>>> + Send;

    /// Every trainee (not disabled) the reader may see with each company or batch of `group`
    /// they belong to: one line per membership.
    fn members(&self, reader: &Reader, group: Group) -> impl Future<Output = anyhow::Result<Vec<Member>>> + Send;

    /// One page of the attempts the reader may see and the filter selects, newest first
    /// unless sorted by `completed_at`, `score`, `percent` or `duration`.
    fn attempts(
        &self,
        reader: &Reader,
        filter: &Filter,
        levels: Option<&[LevelId]>,
        page: &PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<AttemptLine>>> + Send;

    /// Up to `limit` of those attempts in the order `sort` asks, after `after` (from the
    /// first when `None`): an export walks them all without counting or skipping any.
    fn attempts_after(
        &self,
        reader: &Reader,
        filter: &Filter,
        levels: Option<&[LevelId]>,
        sort: Option<&(String, SortDirection)>,
        after: Option<&AttemptLine>,
        limit: u64,
    ) -> impl Future<Output = anyhow::Result<Vec<AttemptLine>>> + Send;
}

/// What [`ReportStore::cells`] aggregates by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellQuery<'a> {
    pub group: Group,
    pub split: Split,
    pub filter: &'a Filter,
    /// Only these levels (a chapter or level filter); `None`: all.
    pub levels: Option<&'a [LevelId]>,
    /// Only these rows (one page of them); `None`: all.
    pub rows: Option<&'a [Uuid]>,
    /// A cell per row only, over the split's cells: which rows the split view has.
    pub rows_only: bool,
}

impl CellQuery<'_> {
    /// Whether cells are split into columns.
    #[must_use]
    pub fn split_into_columns(&self) -> bool {
        self.split != Split::None && !self.rows_only
    }
}

/// The columns a view splits its cells into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    None,
    Level,
    Skill,
    Difficulty,
    Approach,
}

/// One attempt as the attempts view lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptLine {
    pub id: AttemptId,
    pub trainee: UserId,
    pub trainee_name: String,
    pub level: LevelId,
    pub difficulty: Difficulty,
    pub approach: ApproachId,
    pub score: u32,
    pub max_score: u32,
    pub duration_seconds: u32,
    pub completed_at: OffsetDateTime,
}
