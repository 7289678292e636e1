//! Licensing: who bought how many seats for whom. Reference data (countries, industries),
//! companies, batches, licence allocations and the seats they hold.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod drafts;
pub mod enrolment_keys;
pub mod ledger;
pub mod model;
pub mod plan;
pub mod ports;
pub mod service;

pub use drafts::{AllocationDraft, BatchDraft, CompanyDraft, CountryDraft, FieldProblem, IndustryDraft, Invalid};
pub use enrolment_keys::{EnrolmentKey, EnrolmentKeyDraft, EnrolmentKeyStore, EnrolmentKeys, IssuedKey, KeyRefusal};
pub use ledger::{CompanyLedger, Holding, LedgerError, SeatLedger, SeatSummary};
pub use model::{Allocation, AllocationUse, Batch, Company, Country, Industry, Member, Seat, SeatState};
pub use plan::{ImportContext, ImportRow, RowPlan, plan_import, seat_sources};
pub use ports::*;
pub use service::{
    ImportError, Licensing, LicensingError, SummaryGroup, SummaryLine, TraineeDraft, Via, VouchedTrainee,
};
