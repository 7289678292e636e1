//! Licensing: who bought how many seats for whom. Reference data (countries, industries),
//! companies, batches, licence allocations and the seats they hold.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod ledger;
pub mod model;
pub mod ports;

pub use ledger::{Holding, LedgerError, SeatLedger, SeatSummary};
pub use model::{Allocation, Batch, Company, Country, Industry};
pub use ports::{CompanyRepository, FindError};
