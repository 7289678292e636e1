//! "Not now": the database could not answer in time (a lock or a pooled connection was not
//! had before its timeout) or is gone for the moment (a restart, a failover, a full disk),
//! and the same request a moment later may well succeed. Only the
//! storage adapter knows its driver's errors, so it registers how to recognise them; the
//! HTTP layer asks [`is_busy`] and answers 503 with `Retry-After` instead of 500.

use std::sync::OnceLock;

static RECOGNISER: OnceLock<fn(&anyhow::Error) -> bool> = OnceLock::new();

/// Registers how to tell a busy database's errors (the first registration stands).
pub fn recognise(busy: fn(&anyhow::Error) -> bool) {
    let _ = RECOGNISER.set(busy);
}

/// Whether `error` says the database could not serve the request now.
#[must_use]
pub fn is_busy(error: &anyhow::Error) -> bool {
    RECOGNISER.get().is_some_and(|busy| busy(error))
}
