//! The admin operations of licensing: every one checks the actor's scope, validates, writes,
//! and records an audit line with the record before and after.

use kernel::FieldCode;
use kernel::{
    Actor, AllocationId, AuditAction, BatchId, Clock, CompanyId, CountryId, IndustryId, Page, PageRequest, Scope,
    SeatId, UserId,
};
use serde::Serialize;
use serde_json::{Value, json};

use crate::{
    Allocation, AllocationDraft, AllocationFilter, AllocationUse, Batch, BatchDraft, BatchFilter, Company,
    CompanyDraft, CompanyFilter, Country, CountryDraft, EnrolError, Enrolee, FieldProblem, FindError, ImportContext,
    ImportRow, Industry, IndustryDraft, Invalid, LicensingStore, Logo, Member, ReferenceFilter, RowPlan, SaveError,
    Seat, SeatFilter, SeatSummary, TakeError, Trainee, plan_import, seat_sources,
};

/// The largest logo accepted.
pub const LOGO_MAX_BYTES: usize = 256 * 1024;
/// Logo formats a browser shows without surprises (no SVG: it can carry script).
pub const LOGO_TYPES: [&str; 3] = ["image/png", "image/jpeg", "image/webp"];

#[derive(Debug, thiserror::Error)]
pub enum LicensingError {
    /// Absent or outside the actor's scope.
    #[error("not found")]
    NotFound,
    /// The actor's role may not do this at all.
    #[error("forbidden")]
    Forbidden,
    #[error(transparent)]
    Invalid(#[from] Invalid),
    #[error("no seat is left for the trainee")]
    NoSeatLeft,
    /// A new trainee's e-mail address is someone's already.
    #[error("the e-mail address is already used")]
    EmailTaken,
    #[error("the seat has been used and cannot be taken back")]
    SeatInUse,
    #[error("the allocation already holds {taken} seats")]
    BelowTaken { taken: u32 },
    #[error("the trainee is disabled")]
    UserDisabled,
    #[error("the trainee's licence has expired")]
    LicenceExpired,
    #[error("the trainee holds no licence")]
    NoLicence,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<FindError> for LicensingError {
    fn from(e: FindError) -> Self {
        match e {
            FindError::NotFound => Self::NotFound,
            FindError::Unknown(e) => Self::Unknown(e),
        }
    }
}

impl From<SaveError> for LicensingError {
    fn from(e: SaveError) -> Self {
        match e {
            SaveError::Taken { field } => Self::Invalid(Invalid(vec![FieldProblem::new(field, FieldCode::Taken)])),
            SaveError::BelowTaken { taken } => Self::BelowTaken { taken },
            SaveError::Unknown(e) => Self::Unknown(e),
        }
    }
}

type Result<T> = std::result::Result<T, LicensingError>;

fn unknown(field: &'static str) -> LicensingError {
    LicensingError::Invalid(Invalid(vec![FieldProblem::new(field, FieldCode::Unknown)]))
}

fn super_admin(actor: &Actor) -> Result<()> {
    if actor.scope == Scope::All { Ok(()) } else { Err(LicensingError::Forbidden) }
}

fn change(before: Option<&impl Serialize>, after: &impl Serialize) -> Value {
    json!({ "before": before, "after": after })
}

/// The trainee's live seat of an allocation in `open` (valid today), if they hold one.
fn valid_seat(trainee: &Trainee, open: &[AllocationUse]) -> Option<SeatId> {
    trainee.holds.iter().find(|(_, a)| open.iter().any(|u| u.allocation.id == *a)).map(|(seat, _)| *seat)
}

/// The summary of one company (or one batch of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummaryLine {
    pub company: CompanyId,
    /// `None`: the company's total (grouped by company), or its company-wide seats (by batch).
    pub batch: Option<BatchId>,
    pub seats: SeatSummary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummaryGroup {
    Company,
    Batch,
}

/// Someone vouched for (by the company's identity provider, or by a confirmed address and a
/// batch's sign-up link), to become a trainee of one of its batches.
#[derive(Clone, Debug)]
pub struct VouchedTrainee {
    pub company: CompanyId,
    pub batch: BatchId,
    pub email: kernel::Email,
    pub name: String,
    /// The language of the sign-in that brought them.
    pub locale: &'static str,
    /// Whether they get a seat of the batch's licence now.
    pub with_seat: bool,
    pub via: Via,
}

/// What vouched for a trainee who enrolled themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Sso,
    EnrolmentKey(kernel::EnrolmentKeyId),
}

/// One new trainee, as an admin typed them.
#[derive(Clone, Debug, Default)]
pub struct TraineeDraft {
    pub name: String,
    pub email: String,
    pub batch: Option<BatchId>,
    /// Their language; empty for the default the caller names.
    pub locale: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Some rows cannot be imported; nothing was. Each plan says why.
    #[error("rows rejected")]
    Rejected(Vec<RowPlan>),
    #[error(transparent)]
    Other(#[from] LicensingError),
}

#[derive(Clone, Debug)]
pub struct Licensing<S, C> {
    store: S,
    clock: C,
}

impl<S: LicensingStore, C: Clock> Licensing<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The service's clock: the time seat counts and states are judged at.
    #[must_use]
    pub fn now(&self) -> time::OffsetDateTime {
        self.clock.now()
    }

    async fn audit(&self, event: kernel::AuditEvent) -> Result<()> {
        Ok(self.store.record(event).await?)
    }

    // --- reference data ---------------------------------------------------------------

    /// # Errors
    /// Storage failures.
    pub async fn countries(&self, filter: &ReferenceFilter, page: &PageRequest) -> Result<Page<Country>> {
        Ok(self.store.list_countries(filter, page).await?)
    }

    /// # Errors
    /// `Forbidden` for anyone but the super admin; `Invalid`; `NotFound` for an unknown `id`.
    pub async fn save_country(&self, actor: &Actor, id: Option<CountryId>, draft: &CountryDraft) -> Result<Country> {
        super_admin(actor)?;
        let before = match id {
            Some(id) => Some(self.store.find_country(id).await?),
            None => None,
        };
        let country = draft.check(id.unwrap_or_default())?;
        self.store.save_country(&country).await?;
        let action = if before.is_some() { AuditAction::CountryUpdated } else { AuditAction::CountryCreated };
        let now = self.clock.now();
        self.audit(actor.event(now, action, "country", country.id, None, change(before.as_ref(), &country))).await?;
        Ok(country)
    }

    /// # Errors
    /// Storage failures.
    pub async fn industries(&self, filter: &ReferenceFilter, page: &PageRequest) -> Result<Page<Industry>> {
        Ok(self.store.list_industries(filter, page).await?)
    }

    /// # Errors
    /// `Forbidden` for anyone but the super admin; `Invalid`; `NotFound` for an unknown `id`.
    pub async fn save_industry(
        &self,
        actor: &Actor,
        id: Option<IndustryId>,
        draft: &IndustryDraft,
    ) -> Result<Industry> {
        super_admin(actor)?;
        let before = match id {
            Some(id) => Some(self.store.find_industry(id).await?),
            None => None,
        };
        let industry = draft.check(id.unwrap_or_default())?;
        self.store.save_industry(&industry).await?;
        let action = if before.is_some() { AuditAction::IndustryUpdated } else { AuditAction::IndustryCreated };
        let now = self.clock.now();
        self.audit(actor.event(now, action, "industry", industry.id, None, change(before.as_ref(), &industry))).await?;
        Ok(industry)
    }

    // --- companies ------------------------------------------------------------------------

    /// # Errors
    /// Storage failures.
    pub async fn companies(&self, scope: Scope, filter: &CompanyFilter, page: &PageRequest) -> Result<Page<Company>> {
        Ok(self.store.list_companies(scope, filter, page).await?)
    }

    /// # Errors
    /// `NotFound` outside the scope.
    pub async fn company(&self, scope: Scope, id: CompanyId) -> Result<Company> {
        Ok(self.store.find_company(scope, id).await?)
    }

    /// Creates (super admin) or edits a company. A company admin edits their own company but
    /// cannot switch it on or off: that stays the provider's decision.
    ///
    /// # Errors
    /// `Forbidden` for a company admin creating; `NotFound` outside the scope; `Invalid`.
    pub async fn save_company(&self, actor: &Actor, id: Option<CompanyId>, draft: &CompanyDraft) -> Result<Company> {
        let before = match id {
            Some(id) => Some(self.store.find_company(actor.scope, id).await?),
            None => {
                super_admin(actor)?;
                None
            }
        };
        let mut company = draft.check(id.unwrap_or_default())?;
        if let Some(before) = &before
            && actor.scope != Scope::All
        {
            company.active = before.active;
        }
        if self.store.find_industry(company.industry).await.is_err() {
            return Err(unknown("industry_id"));
        }
        if self.store.find_country(company.country).await.is_err() {
            return Err(unknown("country_id"));
        }
        let now = self.clock.now();
        self.store.save_company(&company, now).await?;
        let action = if before.is_some() { AuditAction::CompanyUpdated } else { AuditAction::CompanyCreated };
        self.audit(actor.event(
            now,
            action,
            "company",
            company.id,
            Some(company.id),
            change(before.as_ref(), &company),
        ))
        .await?;
        Ok(company)
    }

    /// # Errors
    /// `NotFound` outside the scope. A company without a logo answers `None`.
    pub async fn logo(&self, scope: Scope, id: CompanyId) -> Result<Option<Logo>> {
        self.store.find_company(scope, id).await?;
        Ok(self.store.company_logo(id).await?)
    }

    /// Sets (or with `None` removes) a company's logo.
    ///
    /// # Errors
    /// `NotFound` outside the scope; `Invalid` (`logo`: `LOGO_TYPE`, `LOGO_SIZE`).
    pub async fn set_logo(&self, actor: &Actor, id: CompanyId, logo: Option<Logo>) -> Result<()> {
        self.store.find_company(actor.scope, id).await?;
        if let Some(logo) = &logo {
            if !LOGO_TYPES.contains(&logo.content_type.as_str()) {
                return Err(Invalid(vec![FieldProblem::new("logo", FieldCode::LogoType)]).into());
            }
            if logo.bytes.is_empty() || logo.bytes.len() > LOGO_MAX_BYTES {
                return Err(Invalid(vec![FieldProblem::new("logo", FieldCode::LogoSize)]).into());
            }
        }
        self.store.set_company_logo(id, logo.as_ref()).await?;
        let details = json!({ "bytes": logo.as_ref().map(|l| l.bytes.len()) });
        self.audit(actor.event(self.clock.now(), AuditAction::CompanyLogoChanged, "company", id, Some(id), details))
            .await
    }

    /// The company an admin acts for: a company admin's own, or the one a super admin names.
    ///
    /// # Errors
    /// `Invalid` when a super admin names none or an unknown one; `NotFound` when a company
    /// admin names another; `Forbidden` for trainees.
    pub async fn acting_company(&self, actor: &Actor, named: Option<CompanyId>) -> Result<CompanyId> {
        match (actor.scope, named) {
            (Scope::Company(own), None) => Ok(own),
            (Scope::Company(own), Some(named)) if named == own => Ok(own),
            (Scope::Company(_), Some(_)) => Err(unknown("company_id")),
            (Scope::All, None) => Err(Invalid(vec![FieldProblem::new("company_id", FieldCode::Required)]).into()),
            (Scope::All, Some(named)) => match self.store.find_company(Scope::All, named).await {
                Ok(company) => Ok(company.id),
                Err(FindError::NotFound) => Err(unknown("company_id")),
                Err(e) => Err(e.into()),
            },
            (Scope::User { .. }, _) => Err(LicensingError::Forbidden),
        }
    }

    // --- batches ---------------------------------------------------------------------------

    /// # Errors
    /// Storage failures.
    pub async fn batches(&self, scope: Scope, filter: &BatchFilter, page: &PageRequest) -> Result<Page<Batch>> {
        Ok(self.store.list_batches(scope, filter, page).await?)
    }

    /// # Errors
    /// `NotFound` outside the scope.
    pub async fn batch(&self, scope: Scope, id: BatchId) -> Result<Batch> {
        Ok(self.store.find_batch(scope, id).await?)
    }

    /// Creates or edits a batch; a batch stays in the company it was created in.
    ///
    /// # Errors
    /// `NotFound` outside the scope; `Invalid` (an unknown or foreign company included).
    pub async fn save_batch(&self, actor: &Actor, id: Option<BatchId>, draft: &BatchDraft) -> Result<Batch> {
        let before = match id {
            Some(id) => Some(self.store.find_batch(actor.scope, id).await?),
            None => None,
        };
        let company = match &before {
            Some(before) => before.company,
            None => self.acting_company(actor, draft.company).await?,
        };
        let batch = BatchDraft { company: Some(company), ..draft.clone() }.check(id.unwrap_or_default())?;
        let now = self.clock.now();
        self.store.save_batch(&batch, now).await?;
        let action = if before.is_some() { AuditAction::BatchUpdated } else { AuditAction::BatchCreated };
        self.audit(actor.event(now, action, "batch", batch.id, Some(company), change(before.as_ref(), &batch))).await?;
        Ok(batch)
    }

    /// # Errors
    /// `NotFound` outside the scope.
    pub async fn members(
        &self,
        scope: Scope,
        batch: BatchId,
        search: Option<&str>,
        page: &PageRequest,
    ) -> Result<Page<Member>> {
        self.store.find_batch(scope, batch).await?;
        Ok(self.store.list_members(batch, search, page).await?)
    }

    async fn member_of(&self, actor: &Actor, batch: BatchId, user: UserId) -> Result<Batch> {
        let batch = self.store.find_batch(actor.scope, batch).await?;
        let trainee = self.store.find_trainee(actor.scope, user).await?;
        if trainee.company != batch.company {
            return Err(LicensingError::NotFound);
        }
        Ok(batch)
    }

    /// Puts a trainee of the batch's company into it; adding twice changes nothing.
    ///
    /// # Errors
    /// `NotFound` for a batch or trainee outside the scope, or of different companies.
    pub async fn add_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> Result<()> {
        let batch = self.member_of(actor, batch, user).await?;
        let now = self.clock.now();
        self.store.add_member(batch.id, user, now).await?;
        let details = json!({ "user_id": user });
        self.audit(actor.event(now, AuditAction::BatchMemberAdded, "batch", batch.id, Some(batch.company), details))
            .await
    }

    /// # Errors
    /// `NotFound` outside the scope or when the trainee is not a member.
    pub async fn remove_member(&self, actor: &Actor, batch: BatchId, user: UserId) -> Result<()> {
        let batch = self.member_of(actor, batch, user).await?;
        if !self.store.remove_member(batch.id, user).await? {
            return Err(LicensingError::NotFound);
        }
        let details = json!({ "user_id": user });
        self.audit(actor.event(
            self.clock.now(),
            AuditAction::BatchMemberRemoved,
            "batch",
            batch.id,
            Some(batch.company),
            details,
        ))
        .await
    }

    /// Moves a trainee from one batch of their company to another.
    ///
    /// # Errors
    /// `NotFound` outside the scope, across companies, or when not a member of `from`.
    pub async fn move_member(&self, actor: &Actor, from: BatchId, to: BatchId, user: UserId) -> Result<()> {
        let from = self.member_of(actor, from, user).await?;
        let to = self.member_of(actor, to, user).await?;
        let now = self.clock.now();
        if !self.store.move_member(from.id, to.id, user, now).await? {
            return Err(LicensingError::NotFound);
        }
        let details = json!({ "user_id": user, "before": from.id, "after": to.id });
        self.audit(actor.event(now, AuditAction::BatchMemberMoved, "user", user, Some(from.company), details)).await
    }

    // --- allocations -----------------------------------------------------------------------

    /// # Errors
    /// Storage failures.
    pub async fn allocations(
        &self,
        scope: Scope,
        filter: &AllocationFilter,
        page: &PageRequest,
    ) -> Result<Page<AllocationUse>> {
        Ok(self.store.list_allocations(scope, filter, page).await?)
    }

    /// # Errors
    /// `NotFound` outside the scope.
    pub async fn allocation(&self, scope: Scope, id: AllocationId) -> Result<AllocationUse> {
        Ok(self.store.find_allocation(scope, id).await?)
    }

    /// Sells seats (super admin): a new allocation, or a changed count or validity. An
    /// allocation stays with its company; its count never drops below the seats it holds.
    ///
    /// # Errors
    /// `Forbidden`; `NotFound`; `Invalid` (a batch of another company included);
    /// `BelowTaken`.
    pub async fn save_allocation(
        &self,
        actor: &Actor,
        id: Option<AllocationId>,
        draft: &AllocationDraft,
    ) -> Result<Allocation> {
        super_admin(actor)?;
        let before = match id {
            Some(id) => Some(self.store.find_allocation(actor.scope, id).await?.allocation),
            None => None,
        };
        let company = match &before {
            Some(before) => before.company,
            None => self.acting_company(actor, draft.company).await?,
        };
        let allocation = AllocationDraft { company: Some(company), ..draft.clone() }.check(id.unwrap_or_default())?;
        if let Some(batch) = allocation.batch {
            match self.store.find_batch(actor.scope, batch).await {
                Ok(batch) if batch.company == company => {}
                Ok(_) | Err(FindError::NotFound) => return Err(unknown("batch_id")),
                Err(e) => return Err(e.into()),
            }
        }
        let now = self.clock.now();
        self.store.save_allocation(&allocation, actor.user, now).await?;
        let action = if before.is_some() { AuditAction::AllocationUpdated } else { AuditAction::AllocationCreated };
        let details = change(before.as_ref(), &allocation);
        self.audit(actor.event(now, action, "allocation", allocation.id, Some(company), details)).await?;
        Ok(allocation)
    }

    /// The "licence summary": seat counts per company, or per batch of each company (the
    /// company-wide seats on a line of their own).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn summary(
        &self,
        scope: Scope,
        group: SummaryGroup,
        filter: &AllocationFilter,
    ) -> Result<Vec<SummaryLine>> {
        let now = self.clock.now();
        let mut lines: Vec<SummaryLine> = Vec::new();
        for used in self.store.all_allocations(scope, filter).await? {
            let seats = used.summary(now);
            let batch = match group {
                SummaryGroup::Company => None,
                SummaryGroup::Batch => used.allocation.batch,
            };
            let company = used.allocation.company;
            match lines.iter_mut().find(|l| l.company == company && l.batch == batch) {
                Some(line) => line.seats = line.seats.plus(seats),
                None => lines.push(SummaryLine { company, batch, seats }),
            }
        }
        Ok(lines)
    }

    // --- seats -----------------------------------------------------------------------------

    /// # Errors
    /// Storage failures.
    pub async fn seats(&self, scope: Scope, filter: &SeatFilter, page: &PageRequest) -> Result<Page<Seat>> {
        Ok(self.store.list_seats(scope, filter, self.clock.now().date(), page).await?)
    }

    /// Gives a trainee a seat of an allocation of their batch (or company). Someone already
    /// holding a valid seat keeps it: assigning twice takes no second seat. A seat of an
    /// allocation that has ended is replaced by the new one.
    ///
    /// # Errors
    /// `NotFound` for someone outside the scope; `UserDisabled`; `NoSeatLeft`.
    pub async fn assign_seat(&self, actor: &Actor, user: UserId) -> Result<(SeatId, bool)> {
        let trainee = self.store.find_trainee(actor.scope, user).await?;
        if trainee.disabled {
            return Err(LicensingError::UserDisabled);
        }
        let now = self.clock.now();
        let open = self.store.open_allocations(trainee.company, now.date()).await?;
        if let Some(seat) = valid_seat(&trainee, &open) {
            return Ok((seat, false));
        }
        for source in seat_sources(&open, &trainee.batches, now.date()) {
            match self.store.take_seat(source.allocation.id, user, now).await? {
                Ok(seat) => {
                    let details = json!({ "user_id": user, "allocation_id": source.allocation.id });
                    self.audit(actor.event(
                        now,
                        AuditAction::SeatAssigned,
                        "seat",
                        seat,
                        Some(trainee.company),
                        details,
                    ))
                    .await?;
                    return Ok((seat, true));
                }
                // Another request took the last seat meanwhile: try the next allocation. The
                // database still refuses a second live seat for the trainee whichever it is.
                Err(TakeError::Full) => {}
                // Another request gave the trainee a seat meanwhile: that one is theirs.
                Err(TakeError::Held) => {
                    let trainee = self.store.find_trainee(actor.scope, user).await?;
                    return valid_seat(&trainee, &open).map(|seat| (seat, false)).ok_or(LicensingError::NoSeatLeft);
                }
            }
        }
        Err(LicensingError::NoSeatLeft)
    }

    /// Takes back a seat that was never used; it returns to the pool. Revoking a seat nobody
    /// holds any more (revoked, or replaced after it expired) changes nothing and succeeds, so
    /// two admins revoking one seat at once both succeed — whichever was first.
    ///
    /// # Errors
    /// `NotFound` outside the scope; `SeatInUse` once the game was started with it.
    pub async fn revoke_seat(&self, actor: &Actor, id: SeatId) -> Result<()> {
        let mut seat = self.store.find_seat(actor.scope, id).await?;
        let now = self.clock.now();
        if seat.activated_at.is_none() && seat.is_held() {
            if self.store.release_seat(id, now).await? {
                let details = json!({ "user_id": seat.user, "allocation_id": seat.allocation });
                return self
                    .audit(actor.event(now, AuditAction::SeatRevoked, "seat", id, Some(seat.company), details))
                    .await;
            }
            // Released by a concurrent revocation, or started meanwhile: answer as a request
            // made a moment later would be answered.
            seat = self.store.find_seat(actor.scope, id).await?;
        }
        if seat.activated_at.is_some() { Err(LicensingError::SeatInUse) } else { Ok(()) }
    }

    /// A disabled trainee's unused seats go back to the pool.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn release_unused(&self, actor: &Actor, user: UserId, company: Option<CompanyId>) -> Result<u64> {
        let now = self.clock.now();
        let released = self.store.release_unused_seats(user, now).await?;
        if released > 0 {
            let details = json!({ "released": released });
            self.audit(actor.event(now, AuditAction::SeatReleased, "user", user, company, details)).await?;
        }
        Ok(released)
    }

    /// The trainee starts the game: their seat of a valid allocation becomes used for good.
    ///
    /// # Errors
    /// `LicenceExpired` when every seat they hold has lapsed; `NoLicence` without one.
    pub async fn start_game(&self, user: UserId) -> Result<SeatId> {
        let seat = self.valid_seat(user).await?;
        self.store.activate_seat(seat.id, self.clock.now()).await?;
        Ok(seat.id)
    }

    /// The seat the trainee plays on today (one already in use before an unused one), without
    /// using it.
    ///
    /// # Errors
    /// `LicenceExpired` when every seat they hold has lapsed; `NoLicence` without one.
    pub async fn valid_seat(&self, user: UserId) -> Result<Seat> {
        let today = self.clock.now().date();
        let page = PageRequest::largest(1).map_err(|e| LicensingError::Unknown(e.into()))?;
        let filter = SeatFilter { user: Some(user), ..SeatFilter::default() };
        let seats = self.store.list_seats(Scope::All, &filter, today, &page).await?.items;
        let live: Vec<Seat> = seats.into_iter().filter(Seat::is_held).collect();
        if live.is_empty() {
            return Err(LicensingError::NoLicence);
        }
        live.into_iter()
            .filter(|s| today <= s.valid_until)
            .min_by_key(|s| s.activated_at.is_none())
            .ok_or(LicensingError::LicenceExpired)
    }

    // --- trainees --------------------------------------------------------------------------

    /// Checks an import without writing anything. Rows naming no batch go to
    /// `default_batch`, rows naming no language get `default_locale`.
    ///
    /// # Errors
    /// `Invalid`/`NotFound` for the company or default batch; storage failures.
    pub async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<(CompanyId, Vec<RowPlan>)> {
        let company = self.acting_company(actor, company).await?;
        Ok((company, self.plan(actor.scope, company, default_batch, default_locale, rows).await?))
    }

    /// Each row's verdict for `company`, whose batches `scope` sees.
    async fn plan(
        &self,
        scope: Scope,
        company: CompanyId,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>> {
        if let Some(batch) = default_batch {
            match self.store.find_batch(scope, batch).await {
                Ok(batch) if batch.company == company => {}
                Ok(_) | Err(FindError::NotFound) => return Err(unknown("batch_id")),
                Err(e) => return Err(e.into()),
            }
        }
        let filter = BatchFilter { company: Some(company), ..BatchFilter::default() };
        let batches = self.all_batches(scope, &filter).await?;
        let emails: Vec<_> = rows.iter().filter_map(|r| kernel::Email::parse(&r.email).ok()).collect();
        let taken_emails = self.store.existing_emails(&emails).await?;
        let today = self.clock.now().date();
        let open = self.store.open_allocations(company, today).await?;
        let context = ImportContext {
            batches: &batches,
            default_batch,
            default_locale,
            taken_emails: &taken_emails,
            open,
            today,
        };
        Ok(plan_import(rows, context))
    }

    async fn all_batches(&self, scope: Scope, filter: &BatchFilter) -> Result<Vec<Batch>> {
        let mut batches = Vec::new();
        for number in 1.. {
            let request = PageRequest::largest(number).map_err(|e| LicensingError::Unknown(e.into()))?;
            let page = self.store.list_batches(scope, filter, &request).await?;
            let done = page.items.len() < usize::try_from(page.per_page).unwrap_or(usize::MAX);
            batches.extend(page.items);
            if done {
                break;
            }
        }
        Ok(batches)
    }

    /// Imports trainees all or nothing: each becomes an invited trainee of their batch with a
    /// seat. The caller sends the invitations.
    ///
    /// # Errors
    /// [`ImportError::Rejected`] with every row's verdict when any row fails (nothing is
    /// written); [`ImportError::Other`] for the company or default batch.
    pub async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        default_locale: &'static str,
        rows: Vec<ImportRow>,
    ) -> std::result::Result<Vec<UserId>, ImportError> {
        let (company, plans) = self.preview_import(actor, company, default_batch, default_locale, rows).await?;
        let users = self.enrol(company, plans).await?;
        let details = json!({ "users": users, "batch_id": default_batch });
        self.audit(actor.event(
            self.clock.now(),
            AuditAction::TraineesImported,
            "company",
            company,
            Some(company),
            details,
        ))
        .await?;
        Ok(users)
    }

    /// Writes the trainees of valid plans, each with a seat of their plan's allocation when it
    /// names one.
    async fn enrol(
        &self,
        company: CompanyId,
        mut plans: Vec<RowPlan>,
    ) -> std::result::Result<Vec<UserId>, ImportError> {
        if plans.is_empty() {
            return Err(LicensingError::Invalid(Invalid(vec![FieldProblem::new("rows", FieldCode::Required)])).into());
        }
        if plans.iter().any(|p| !p.is_valid()) {
            return Err(ImportError::Rejected(plans));
        }
        let enrolees: Vec<(Enrolee, Option<AllocationId>)> = plans
            .iter()
            .filter_map(|p| {
                Some((
                    Enrolee {
                        email: p.email.clone()?,
                        name: p.row.name.trim().to_owned(),
                        batch: p.batch,
                        locale: p.locale?.to_owned(),
                    },
                    p.allocation,
                ))
            })
            .collect();
        match self.store.enrol(company, &enrolees, self.clock.now()).await {
            Ok(users) => Ok(users),
            // A race (a seat taken, an e-mail used meanwhile): report it on its row.
            Err(EnrolError::Row { index, field, code }) => {
                if let Some(plan) = plans.get_mut(index) {
                    plan.problems.push(FieldProblem::new(field, code));
                }
                Err(ImportError::Rejected(plans))
            }
            Err(EnrolError::Unknown(e)) => Err(LicensingError::Unknown(e).into()),
        }
    }

    /// Creates one trainee with a seat, through the same checks as an import; a draft naming
    /// no language gets `default_locale`.
    ///
    /// # Errors
    /// `Invalid` (the row's problems on their fields, `locale`: `UNKNOWN_LANGUAGE`
    /// included); `EmailTaken`; `NoSeatLeft`.
    pub async fn create_trainee(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        draft: &TraineeDraft,
        default_locale: &'static str,
    ) -> Result<UserId> {
        let row = ImportRow {
            line: 1,
            name: draft.name.clone(),
            email: draft.email.clone(),
            batch: String::new(),
            locale: draft.locale.clone(),
        };
        let (company, plans) = self.preview_import(actor, company, draft.batch, default_locale, vec![row]).await?;
        let (batch, locale) = plans.first().map_or((None, None), |plan| (plan.batch, plan.locale));
        let id = only_one(self.enrol(company, plans).await)?;
        // One person created by hand: a line of its own about them, as for any admin's creation.
        let details = json!({ "before": null, "after": {
            "name": draft.name.trim(), "email": draft.email.trim(), "role": "USER", "batch_id": batch, "locale": locale,
        } });
        self.audit(actor.event(self.clock.now(), AuditAction::UserCreated, "user", id, Some(company), details)).await?;
        Ok(id)
    }

    /// Makes someone the company's identity provider vouched for a trainee of `batch` — with a
    /// seat of its licence when `with_seat` — through the same checks as an import row; the new
    /// trainee is the actor of the audit line. They are invited until identity lets them in.
    ///
    /// # Errors
    /// `NoSeatLeft`; `EmailTaken` (a race); `Invalid` for a batch no longer the company's.
    pub async fn enrol_vouched(&self, trainee: &VouchedTrainee, ip: Option<String>) -> Result<UserId> {
        let VouchedTrainee { company, batch, ref email, ref name, locale, with_seat, via } = *trainee;
        let row = ImportRow {
            line: 1,
            name: name.clone(),
            email: email.to_string(),
            batch: String::new(),
            locale: String::new(),
        };
        let mut plans = self.plan(Scope::Company(company), company, Some(batch), locale, vec![row]).await?;
        if !with_seat {
            for plan in &mut plans {
                plan.allocation = None;
                plan.problems.retain(|p| p.code != FieldCode::NoSeatLeft);
            }
        }
        let user = only_one(self.enrol(company, plans).await)?;
        let now = self.clock.now();
        let (action, details) = match via {
            Via::Sso => {
                (AuditAction::TraineeSelfEnrolled, json!({ "batch_id": batch, "seat": with_seat, "via": "sso" }))
            }
            Via::EnrolmentKey(key) => {
                (AuditAction::TraineeSignedUp, json!({ "batch_id": batch, "seat": with_seat, "enrolment_key_id": key }))
            }
        };
        self.audit(kernel::AuditEvent {
            at: now,
            actor: Some(user),
            action,
            target_type: "user",
            target_id: Some(user.to_string()),
            company: Some(company),
            details,
            ip,
        })
        .await?;
        Ok(user)
    }
}

/// The trainee of a one-row import, or why that row was refused.
fn only_one(imported: std::result::Result<Vec<UserId>, ImportError>) -> Result<UserId> {
    match imported {
        Ok(users) => users.first().copied().ok_or_else(|| anyhow::anyhow!("no trainee created").into()),
        Err(ImportError::Rejected(plans)) => {
            let problems: Vec<FieldProblem> = plans.into_iter().flat_map(|p| p.problems).collect();
            if problems.iter().any(|p| p.code == FieldCode::NoSeatLeft) {
                return Err(LicensingError::NoSeatLeft);
            }
            if problems.iter().any(|p| p.field == "email" && p.code == FieldCode::Taken) {
                return Err(LicensingError::EmailTaken);
            }
            Err(Invalid(problems).into())
        }
        Err(ImportError::Other(e)) => Err(e),
    }
}
