//! Mail adapters for identity's [`Mailer`] port. The embedded default writes each mail as an
//! `.eml` file into an outbox folder (open it in any mail program) and logs it; production
//! sends through SMTP.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod file_outbox;
mod message;

pub use file_outbox::FileOutbox;
