//! What scoring needs from storage.

use std::future::Future;

use crate::Attempt;

#[derive(Debug, thiserror::Error)]
pub enum RecordAttemptError {
    /// The same `(client, external_id)` was recorded before: the game retried.
    #[error("attempt {0} was already recorded")]
    Duplicate(String),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

pub trait AttemptRepository: Clone + Send + Sync + 'static {
    /// Stores one attempt and its per-skill points atomically.
    ///
    /// # Errors
    /// MUST return [`RecordAttemptError::Duplicate`] when `(client, external_id)` exists.
    fn record(&self, attempt: Attempt) -> impl Future<Output = Result<(), RecordAttemptError>> + Send;
}
