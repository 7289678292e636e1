//! The composition root: connect the store, build the HTTP app, listen.

use std::net::TcpListener;

use actix_web::{App, HttpServer, dev::Server, middleware::from_fn, web};
use anyhow::Context;
use http_api::AppState;
use store::Store;
use tracing_actix_web::TracingLogger;

use crate::{config::Config, ui};

/// A server bound to its port but not yet running, so callers (and tests asking for port 0)
/// learn the real address first.
pub struct Application {
    port: u16,
    server: Server,
    store: Store,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application").field("port", &self.port).finish_non_exhaustive()
    }
}

impl Application {
    /// Connects and migrates the database, then binds `config.bind`.
    ///
    /// # Errors
    /// An unreachable database, a failed migration or an address in use.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        let store = Store::connect(&config.database_url()).await.context("opening the database")?;
        store.migrate().await.context("migrating the database")?;
        Self::with_store(config, store)
    }

    /// Binds with an already connected, migrated store.
    ///
    /// # Errors
    /// An address in use.
    pub fn with_store(config: &Config, store: Store) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(&config.bind).with_context(|| format!("binding {}", config.bind))?;
        let port = listener.local_addr()?.port();
        let state = AppState { store: store.clone() };
        let mut server = HttpServer::new(move || {
            App::new()
                .wrap(http_api::middleware::security_headers())
                .wrap(from_fn(http_api::middleware::request_id))
                .wrap(TracingLogger::default())
                .configure(http_api::configure(state.clone()))
                .default_service(web::to(ui::serve))
        })
        .listen(listener)?;
        if let Some(workers) = config.workers {
            server = server.workers(workers);
        }
        Ok(Self { port, server: server.run(), store })
    }

    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// Serves until SIGINT/SIGTERM, letting requests in flight finish, then closes the pool.
    ///
    /// # Errors
    /// The server's I/O error.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.server.await?;
        tracing::info!("stopped; closing the database pool");
        self.store.close().await?;
        Ok(())
    }
}
