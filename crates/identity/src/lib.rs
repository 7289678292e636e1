//! Identity: the people who sign in, their sessions and the one-time tokens that carry them
//! through OTP, EULA, resets, invitations and the game hand-off. Pure domain: adapters
//! implement the ports.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

#[macro_use]
mod choices;
pub mod appearance;
pub mod directory;
pub mod error;
pub mod game_apps;
pub mod grants;
pub mod model;
pub mod oauth;
pub mod password;
mod passwords;
pub mod ports;
pub mod profile;
pub mod rules;
pub use kernel::secret;
pub mod service;
mod setup;
pub mod sign_in;
pub mod sign_up;
pub mod sso;
pub mod table_views;

pub use appearance::{Appearance, AppearanceRepository, ColourTheme, LayoutType, NavStyle, ThemeType};
pub use error::{
    AdminActionError, AuthenticateError, ChallengeError, ChangePasswordError, CreateUserError, ForgotPasswordError,
    LoginError, PasswordLinkError, SetupError,
};
pub use kernel::{AuditEvent, AuditLog};
pub use model::*;
pub use password::{Argon2Hasher, PasswordHash};
pub use ports::*;
pub use profile::{LiveSession, Photo, ProfileRepository};
pub use rules::SessionPolicy;
pub use service::IdentityService;
pub use sign_in::{Challenge, OpenedSession, SignIn, Step};
pub use table_views::{Density, TableName, TableView, TableViewRepository};
