//! The `playtrack` binary's library half: configuration, the composition root that wires
//! adapters to domain services, the HTTP server, the embedded web UI and the demo data.
//! Integration tests start the real server through [`startup::Application`].
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod cli;
pub mod config;
pub mod demo;
pub mod password;
pub mod startup;
pub mod telemetry;
mod ui;
