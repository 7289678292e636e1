//! The records of licensing, in the product's words.

use kernel::{AllocationId, BatchId, CompanyId, CountryId, Email, IndustryId, SessionMinutes};
use time::Date;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Country {
    pub id: CountryId,
    pub name: String,
    /// ISO 3166-1 alpha-2.
    pub iso_code: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Industry {
    pub id: IndustryId,
    pub name: String,
    pub active: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub id: BatchId,
    pub company: CompanyId,
    pub name: String,
    pub starts_on: Option<Date>,
    pub ends_on: Option<Date>,
    pub active: bool,
}

/// Seats a company bought, optionally reserved for one batch, valid for a period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    pub id: AllocationId,
    pub company: CompanyId,
    pub batch: Option<BatchId>,
    pub seats: u32,
    pub valid_from: Date,
    pub valid_until: Date,
}
