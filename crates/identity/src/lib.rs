//! Identity: the people who sign in, their sessions and the one-time tokens that carry them
//! through OTP, EULA, resets, invitations and the game hand-off. Pure domain: adapters
//! implement the ports.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod error;
pub mod model;
pub mod password;
pub mod ports;
pub mod service;

pub use error::CreateUserError;
pub use model::{NewUser, OutgoingMail, SessionKind, TokenPurpose, User, UserStatus};
pub use password::{Argon2Hasher, PasswordHash};
pub use ports::{Mailer, PasswordHasher, UserRepository};
pub use service::IdentityService;
