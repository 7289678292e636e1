//! Request bodies larger than the app-wide 1 MiB, read up to a limit of the operation's own.

use actix_web::web;

use crate::{ApiError, ProblemCode};

/// The body, or `PAYLOAD_TOO_LARGE` once it passes `limit` bytes.
pub(super) async fn limited(body: web::Payload, limit: usize) -> Result<web::Bytes, ApiError> {
    body.to_bytes_limited(limit)
        .await
        .map_err(|_| ApiError::new(ProblemCode::PayloadTooLarge))?
        .map_err(|e| ApiError::new(ProblemCode::MalformedRequest).with_detail(e.to_string()))
}
