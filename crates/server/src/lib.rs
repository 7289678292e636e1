//! The `playtrack` binary's library half: configuration, the composition root that wires
//! adapters to domain services, the HTTP server, the embedded web UI and the demo data.
//! Integration tests start the real server through [`startup::Application`].
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod cli;
pub mod config;
pub mod demo;
pub mod demo_game;
pub mod demo_player;
mod hashing;
pub mod password;
pub mod private_file;
mod shutdown;
pub mod startup;
pub mod telemetry;
mod ui;
pub mod wiring;

/// In the data folder: the one-time link that creates the first super admin.
pub const SETUP_LINK_FILE: &str = "setup-link.txt";
