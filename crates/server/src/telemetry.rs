//! Structured logs through `tracing`: readable lines for people, JSON for collectors.

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::{Config, LogFormat};

/// Installs the global subscriber; a second call (as in tests) is a no-op.
pub fn init(config: &Config) {
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match config.log_format {
        LogFormat::Pretty => registry.with(fmt::layer().with_target(false)).try_init(),
        LogFormat::Json => registry.with(fmt::layer().json().flatten_event(true)).try_init(),
    };
}
