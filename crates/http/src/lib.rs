//! The HTTP adapter: every route under `/api/v1`, its DTOs and OpenAPI description, the
//! problem+json error mapping, and the middleware every response passes through.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod auth;
pub mod client_address;
pub mod error;
pub mod metrics;
pub mod middleware;
mod openapi;
mod picture;
pub mod request_log;
mod routes;
mod spec_guard;
pub mod xapi;

use std::sync::Arc;

pub use error::{ApiError, FieldError, Problem, ProblemCode};
pub use openapi::{API_DOCS_PATH, OPENAPI_PATH, openapi};
pub use routes::configure;

/// What every handler can reach; cloned into each actix worker. The services come as
/// trait objects: the server wires in which storage, mail and hashing stand behind them.
#[derive(Clone)]
pub struct AppState {
    pub read_models: Arc<dyn app::ReadModels>,
    pub identity: Arc<dyn app::SignInApi>,
    pub licensing: Arc<dyn app::LicensingApi>,
    pub people: Arc<dyn app::PeopleApi>,
    pub api_clients: Arc<dyn app::ApiClientsApi>,
    pub catalogue: Arc<dyn app::CatalogueApi>,
    pub reports: Arc<dyn app::ReportsApi>,
    pub game_apps: Arc<dyn app::GameAppsApi>,
    pub sso_connections: Arc<dyn app::SsoConnectionsApi>,
    pub game_sign_in: Arc<dyn app::GameSignInApi>,
    pub sso_sign_in: Arc<dyn app::SsoSignInApi>,
    pub enrolment_keys: Arc<dyn app::EnrolmentKeysApi>,
    pub sign_up: Arc<dyn app::SignUpApi>,
    pub ingestion: Arc<dyn app::IngestionApi>,
    pub tokens: auth::tokens::AccessTokens,
    pub trusted_proxies: client_address::TrustedProxies,
    /// Whether cookies get `Secure`: the portal is reached over https.
    pub secure_cookies: bool,
    /// The address people and clients reach the portal at, without a trailing `/`: the
    /// `homePage` of xAPI accounts.
    pub public_url: String,
    /// The bearer token Prometheus presents at `/metrics`; without one, no metrics are served.
    pub metrics_token: Option<String>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("trusted_proxies", &self.trusted_proxies)
            .field("secure_cookies", &self.secure_cookies)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}
