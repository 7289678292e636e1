//! Structured logs through `tracing`: readable lines for people, JSON for collectors.

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::{Config, LogFormat};

/// Installs the global subscriber (a second call, as in tests, is a no-op) and logs a panic as
/// one error line, without the default hook's backtrace on stderr: the request that panicked
/// still gets its 500 answer (`http_api::middleware::catch_panics`).
pub fn init(config: &Config) {
    std::panic::set_hook(Box::new(|info| {
        let location = info.location().map(ToString::to_string).unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        tracing::error!(%location, %message, "panic");
    }));
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match config.log_format {
        LogFormat::Pretty => registry.with(fmt::layer().with_target(false)).try_init(),
        LogFormat::Json => registry.with(fmt::layer().json().flatten_event(true)).try_init(),
    };
}
