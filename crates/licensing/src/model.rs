//! The records of licensing, in the product's words.

use kernel::{AllocationId, BatchId, CompanyId, CountryId, Email, IndustryId, SeatId, SessionMinutes, UserId};
use serde::Serialize;
use time::{Date, OffsetDateTime};

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Country {
    pub id: CountryId,
    pub name: String,
    /// ISO 3166-1 alpha-2, upper case.
    pub iso_code: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Industry {
    pub id: IndustryId,
    pub name: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Company {
    pub id: CompanyId,
    pub name: String,
    pub email: Email,
    pub contact_person: String,
    pub industry: IndustryId,
    pub country: CountryId,
    pub remark: String,
    /// Idle timeout of this company's users' sessions.
    pub session_minutes: SessionMinutes,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Batch {
    pub id: BatchId,
    pub company: CompanyId,
    pub name: String,
    pub starts_on: Option<Date>,
    pub ends_on: Option<Date>,
    pub active: bool,
}

/// Seats a company bought, optionally reserved for one batch, valid for a period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Allocation {
    pub id: AllocationId,
    pub company: CompanyId,
    pub batch: Option<BatchId>,
    pub seats: u32,
    pub valid_from: Date,
    pub valid_until: Date,
}

impl Allocation {
    #[must_use]
    pub fn valid_on(&self, day: Date) -> bool {
        (self.valid_from..=self.valid_until).contains(&day)
    }
}

/// An allocation with the seats it holds right now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocationUse {
    pub allocation: Allocation,
    /// Assigned or activated.
    pub taken: u32,
    pub activated: u32,
}

/// What a seat is doing, as the "licence details" screens show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatState {
    Assigned,
    Activated,
    /// Its allocation's validity ended: the game no longer starts with it.
    Expired,
    /// Taken back before it was used; the seat went back to the pool.
    Revoked,
}

/// One seat given to one trainee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub id: SeatId,
    pub allocation: AllocationId,
    pub company: CompanyId,
    /// The batch the seat's allocation is reserved for; `None` for a company-wide one.
    pub allocation_batch: Option<BatchId>,
    pub user: UserId,
    pub user_name: String,
    pub user_email: Email,
    /// The batches the trainee is a member of now.
    pub user_batches: Vec<BatchId>,
    pub assigned_at: OffsetDateTime,
    pub activated_at: Option<OffsetDateTime>,
    pub revoked_at: Option<OffsetDateTime>,
    /// When the trainee took a seat of a valid allocation in place of this expired one.
    pub replaced_at: Option<OffsetDateTime>,
    pub valid_until: Date,
}

impl Seat {
    #[must_use]
    pub fn state(&self, today: Date) -> SeatState {
        if self.revoked_at.is_some() {
            SeatState::Revoked
        } else if self.replaced_at.is_some() || today > self.valid_until {
            SeatState::Expired
        } else if self.activated_at.is_some() {
            SeatState::Activated
        } else {
            SeatState::Assigned
        }
    }

    /// Live: the trainee holds it (neither revoked nor replaced). A trainee holds at most one
    /// live seat.
    #[must_use]
    pub const fn is_held(&self) -> bool {
        self.revoked_at.is_none() && self.replaced_at.is_none()
    }
}

/// A trainee of a batch's member list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub user: UserId,
    pub name: String,
    pub email: Email,
    pub added_at: OffsetDateTime,
}
