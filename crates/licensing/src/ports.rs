//! What licensing needs from storage. Every read of company data takes the caller's
//! [`Scope`], so a record outside it is indistinguishable from one that does not exist.

use std::{collections::HashSet, future::Future};

use kernel::{
    AllocationId, AuditLog, BatchId, CompanyId, CountryId, Email, IndustryId, Page, PageRequest, Scope, SeatId, UserId,
};
use time::{Date, OffsetDateTime};

use crate::{Allocation, AllocationUse, Batch, Company, Country, Industry, Member, Seat, SeatState};

type Result<T> = std::result::Result<T, anyhow::Error>;

#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// Absent, or outside the caller's scope: the two are deliberately the same answer.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// A value that must be unique (a name, an ISO code) is already used.
    #[error("`{field}` is already used")]
    Taken { field: &'static str },
    /// An allocation cut below the seats it already holds.
    #[error("the allocation holds more seats than that")]
    BelowTaken { taken: u32 },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// Filters of the reference-data lists.
#[derive(Clone, Debug, Default)]
pub struct ReferenceFilter {
    /// Part of the name (or ISO code), case-insensitive.
    pub search: Option<String>,
    pub active: Option<bool>,
}

#[derive(Clone, Debug, Default)]
pub struct CompanyFilter {
    pub search: Option<String>,
    pub active: Option<bool>,
    pub industry: Option<IndustryId>,
    pub country: Option<CountryId>,
}

#[derive(Clone, Debug, Default)]
pub struct BatchFilter {
    pub company: Option<CompanyId>,
    pub search: Option<String>,
    pub active: Option<bool>,
}

#[derive(Clone, Debug, Default)]
pub struct AllocationFilter {
    pub company: Option<CompanyId>,
    pub batch: Option<BatchId>,
    /// Part of the company's name.
    pub search: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct SeatFilter {
    pub company: Option<CompanyId>,
    pub batch: Option<BatchId>,
    pub allocation: Option<AllocationId>,
    pub user: Option<UserId>,
    pub state: Option<SeatState>,
    /// Part of the trainee's name or e-mail.
    pub search: Option<String>,
}

pub trait ReferenceData: Clone + Send + Sync + 'static {
    fn list_countries(
        &self,
        filter: &ReferenceFilter,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Country>>> + Send;
    fn find_country(&self, id: CountryId) -> impl Future<Output = std::result::Result<Country, FindError>> + Send;
    /// Inserts or updates.
    fn save_country(&self, country: &Country) -> impl Future<Output = std::result::Result<(), SaveError>> + Send;

    fn list_industries(
        &self,
        filter: &ReferenceFilter,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Industry>>> + Send;
    fn find_industry(&self, id: IndustryId) -> impl Future<Output = std::result::Result<Industry, FindError>> + Send;
    fn save_industry(&self, industry: &Industry) -> impl Future<Output = std::result::Result<(), SaveError>> + Send;
}

/// A company's logo image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logo {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

pub trait Companies: Clone + Send + Sync + 'static {
    fn list_companies(
        &self,
        scope: Scope,
        filter: &CompanyFilter,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Company>>> + Send;
    /// MUST answer [`FindError::NotFound`] for a company outside `scope`.
    fn find_company(
        &self,
        scope: Scope,
        id: CompanyId,
    ) -> impl Future<Output = std::result::Result<Company, FindError>> + Send;
    fn save_company(
        &self,
        company: &Company,
        at: OffsetDateTime,
    ) -> impl Future<Output = std::result::Result<(), SaveError>> + Send;
    fn company_logo(&self, id: CompanyId) -> impl Future<Output = Result<Option<Logo>>> + Send;
    fn set_company_logo(&self, id: CompanyId, logo: Option<&Logo>) -> impl Future<Output = Result<()>> + Send;
}

pub trait Batches: Clone + Send + Sync + 'static {
    fn list_batches(
        &self,
        scope: Scope,
        filter: &BatchFilter,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Batch>>> + Send;
    /// MUST answer [`FindError::NotFound`] for a batch outside `scope`.
    fn find_batch(
        &self,
        scope: Scope,
        id: BatchId,
    ) -> impl Future<Output = std::result::Result<Batch, FindError>> + Send;
    fn save_batch(
        &self,
        batch: &Batch,
        at: OffsetDateTime,
    ) -> impl Future<Output = std::result::Result<(), SaveError>> + Send;

    fn list_members(
        &self,
        batch: BatchId,
        search: Option<&str>,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Member>>> + Send;
    /// Adds a trainee (already checked to be of the batch's company); adding twice is a no-op.
    fn add_member(&self, batch: BatchId, user: UserId, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;
    /// `false` when the trainee was not a member.
    fn remove_member(&self, batch: BatchId, user: UserId) -> impl Future<Output = Result<bool>> + Send;
    /// Leaves `from` and joins `to` in one transaction; `false` when not a member of `from`.
    fn move_member(
        &self,
        from: BatchId,
        to: BatchId,
        user: UserId,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<bool>> + Send;
}

/// A trainee as seat assignment sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trainee {
    pub id: UserId,
    pub company: CompanyId,
    /// Disabled trainees get no seat.
    pub disabled: bool,
    pub batches: Vec<BatchId>,
    /// Their live seat (neither revoked nor replaced) and its allocation; the database
    /// keeps it to at most one.
    pub holds: Vec<(SeatId, AllocationId)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TakeError {
    /// Every seat of the allocation is held (the database's guard, under any race).
    #[error("the allocation is full")]
    Full,
    /// The trainee already holds a live seat of the company (the database's guard, under
    /// any race).
    #[error("already held")]
    Held,
}

pub trait Seats: Clone + Send + Sync + 'static {
    fn list_allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<AllocationUse>>> + Send;
    /// Every allocation in scope (for summaries), without paging.
    fn all_allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
    ) -> impl Future<Output = Result<Vec<AllocationUse>>> + Send;
    fn find_allocation(
        &self,
        scope: Scope,
        id: AllocationId,
    ) -> impl Future<Output = std::result::Result<AllocationUse, FindError>> + Send;
    /// Inserts or updates; an update that would cut the seats below those held answers
    /// [`SaveError::BelowTaken`] (checked by the database, so it holds under races).
    fn save_allocation(
        &self,
        allocation: &Allocation,
        by: UserId,
        at: OffsetDateTime,
    ) -> impl Future<Output = std::result::Result<(), SaveError>> + Send;

    fn list_seats(
        &self,
        scope: Scope,
        filter: &SeatFilter,
        today: Date,
        page: &PageRequest,
    ) -> impl Future<Output = Result<Page<Seat>>> + Send;
    fn find_seat(&self, scope: Scope, id: SeatId) -> impl Future<Output = std::result::Result<Seat, FindError>> + Send;
    /// MUST answer [`FindError::NotFound`] for someone outside `scope` or not a trainee.
    fn find_trainee(
        &self,
        scope: Scope,
        id: UserId,
    ) -> impl Future<Output = std::result::Result<Trainee, FindError>> + Send;
    /// The company's allocations valid on `day`, with their use.
    fn open_allocations(
        &self,
        company: CompanyId,
        day: Date,
    ) -> impl Future<Output = Result<Vec<AllocationUse>>> + Send;
    /// Takes one seat of `allocation` for `user` atomically: the count held can never pass
    /// the count bought, and the trainee never holds two live seats, whatever runs at the same
    /// time. A live seat of theirs whose allocation ended before `at` is replaced (it stays as
    /// history, expired); any other live seat makes it [`TakeError::Held`].
    fn take_seat(
        &self,
        allocation: AllocationId,
        user: UserId,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<std::result::Result<SeatId, TakeError>>> + Send;
    /// Revokes a live seat that was never activated, giving it back to the pool; `false` when
    /// it was activated, revoked or replaced.
    fn release_seat(&self, seat: SeatId, at: OffsetDateTime) -> impl Future<Output = Result<bool>> + Send;
    /// Revokes the unactivated live seat of `user`; answers how many (0 or 1).
    fn release_unused_seats(&self, user: UserId, at: OffsetDateTime) -> impl Future<Output = Result<u64>> + Send;
    /// Marks the seat used (the first game hand-off); a second activation keeps the first time.
    fn activate_seat(&self, seat: SeatId, at: OffsetDateTime) -> impl Future<Output = Result<()>> + Send;
}

/// One trainee of an import (or of a single creation), already checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enrolee {
    pub email: Email,
    pub name: String,
    pub batch: Option<BatchId>,
    pub locale: String,
}

#[derive(Debug, thiserror::Error)]
pub enum EnrolError {
    /// Row `index` (0-based) cannot be written; nothing was.
    #[error("row {index}: {code}")]
    Row { index: usize, field: &'static str, code: kernel::FieldCode },
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

pub trait Enrolment: Clone + Send + Sync + 'static {
    /// The e-mails of `emails` already used by anyone.
    fn existing_emails(&self, emails: &[Email]) -> impl Future<Output = Result<HashSet<Email>>> + Send;
    /// Creates every trainee as invited, adds them to their batch and gives each the seat of
    /// `seats[i]` — all in one transaction: one failure writes nothing.
    fn enrol(
        &self,
        company: CompanyId,
        enrolees: &[(Enrolee, Option<AllocationId>)],
        at: OffsetDateTime,
    ) -> impl Future<Output = std::result::Result<Vec<UserId>, EnrolError>> + Send;
}

kernel::trait_alias! {
    /// Everything licensing stores, implemented by one adapter.
    pub LicensingStore = ReferenceData + Companies + Batches + Seats + Enrolment + AuditLog
}
