//! The storage adapter: sea-orm over SQLite (embedded default) or PostgreSQL (production),
//! implementing the repository ports of the domain crates.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod backup;
mod busy;
mod connection;
mod db;
pub mod demo;
pub mod demo_game;
mod entities;
mod identity;
mod licensing;
mod listing;
mod read_models;
mod scoring;
mod sso;

pub use connection::{Backend, ConnectError, Store};
