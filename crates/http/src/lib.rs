//! The HTTP adapter: every route under `/api/v1`, its DTOs and OpenAPI description, the
//! problem+json error mapping, and the middleware every response passes through.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod auth;
pub mod client_address;
pub mod error;
mod logo_image;
pub mod middleware;
mod openapi;
pub mod request_log;
mod routes;
mod spec_guard;

pub use error::{ApiError, FieldError, Problem, ProblemCode};
pub use openapi::{API_DOCS_PATH, OPENAPI_PATH, openapi};
pub use routes::configure;

/// What every handler can reach; cloned into each actix worker.
#[derive(Clone, Debug)]
pub struct AppState {
    pub store: store::Store,
    pub identity: auth::Identity,
    pub licensing: auth::Licensing,
    pub people: auth::People,
    pub tokens: auth::tokens::AccessTokens,
    pub trusted_proxies: client_address::TrustedProxies,
    /// Whether cookies get `Secure`: the portal is reached over https.
    pub secure_cookies: bool,
}
