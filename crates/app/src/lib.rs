//! The application layer: use cases that span domains (identity, licensing, and soon scoring),
//! each run as one transaction through the [`UnitOfWork`] port, its mail queued in it. The
//! HTTP adapter calls these; the server wires the adapters behind the ports.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod game_sign_in;
mod people;
mod read_models;
mod services;
mod sign_up;
mod sso_sign_in;
mod unit_of_work;

pub use game_sign_in::{
    GameSignIn, GameSignInError, HandoffError, IssuedTokens, Player, PlayerCard, PlayerError, TokenError,
};
pub use people::{NewCompanyAdmin, People, PeopleError};
pub use read_models::{
    AuditEntry, AuditFilter, Backlog, CompanyActivity, DashboardCounts, ExpiringLicence, InactiveTrainee, PoolUse,
    ReadModels, SeatCounts,
};
pub use services::{
    ApiClientsApi, CatalogueApi, EnrolmentKeysApi, GameAppsApi, GameSignInApi, IngestionApi, LicensingApi, PeopleApi,
    ReportsApi, SignInApi, SignUpApi, SsoConnectionsApi, SsoSignInApi,
};
pub use sign_up::{Applicant, Confirming, Joining, SignUp, SignUpError};
pub use sso_sign_in::{Callback, SsoSignIn, SsoSignInError, Started};
pub use unit_of_work::{
    GameUnit, GameWork, PeopleUnit, PeopleWork, SignUpUnit, SignUpWork, SsoUnit, SsoWork, UnitOfWork, Work,
};
