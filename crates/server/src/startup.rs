//! The composition root: connect the store, wire the adapters to the domain services, build
//! the HTTP app, listen.

use std::{net::TcpListener, sync::Arc, time::Duration};

use actix_web::{
    App, HttpServer,
    dev::Server,
    middleware::{Compress, from_fn},
    web,
};
use anyhow::Context;
use http_api::{AppState, auth::tokens::AccessTokens, client_address::TrustedProxies, request_log::RequestLog};
use identity::SettingsRepository;
use kernel::{AnyClock, SystemClock};
use mail::Transport;
use store::Store;
use tracing_actix_web::TracingLogger;

use crate::{
    config::Config,
    hashing::PooledHasher,
    shutdown::{self, Background, InFlight},
    ui,
    wiring::{Identity, Licensing, People, Transactions},
};

/// The key that signs access tokens, made once and kept in the database so every process
/// serving it accepts every other's tokens.
const TOKEN_KEY_SETTING: &str = "access_token_key";

/// A server bound to its port but not yet running, so callers (and tests asking for port 0)
/// learn the real address first.
pub struct Application {
    port: u16,
    server: Server,
    /// The socket `server` listens on, closed first when stopping.
    listener: TcpListener,
    in_flight: web::Data<InFlight>,
    background: Background,
    /// How long stopping waits for requests and background work to finish.
    grace: Duration,
    identity: Identity,
    store: Store,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application").field("port", &self.port).finish_non_exhaustive()
    }
}

impl Application {
    /// Connects and migrates the database, then binds `config.bind`, on the wall clock.
    ///
    /// # Errors
    /// An unreachable database, a failed migration, a bad SMTP URL or an address in use.
    pub async fn build(config: &Config) -> anyhow::Result<Self> {
        Self::build_with_clock(config, AnyClock::System(SystemClock)).await
    }

    /// As [`Self::build`], with the clock every time rule reads (tests move a manual one).
    ///
    /// # Errors
    /// See [`Self::build`].
    pub async fn build_with_clock(config: &Config, clock: AnyClock) -> anyhow::Result<Self> {
        let store = Store::connect_pooled(&config.database_url(), config.database_connections)
            .await
            .context("opening the database")?;
        store.migrate().await.context("migrating the database")?;
        Self::with_store(config, store, clock).await
    }

    /// Binds with an already connected, migrated store.
    ///
    /// # Errors
    /// A bad SMTP URL, an unreadable signing key or an address in use.
    pub async fn with_store(config: &Config, store: Store, clock: AnyClock) -> anyhow::Result<Self> {
        let mut background = Background::new();
        let (state, identity) = app_state(config, store.clone(), clock, &mut background).await?;
        let listener = TcpListener::bind(&config.bind).with_context(|| format!("binding {}", config.bind))?;
        let port = listener.local_addr()?.port();
        let shared = state.clone();
        let https = config.public_url().starts_with("https://");
        let in_flight = web::Data::new(InFlight::default());
        let counted = in_flight.clone();
        let grace = Duration::from_secs(config.shutdown_grace_seconds);
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(counted.clone())
                .wrap(from_fn(http_api::middleware::catch_panics))
                .wrap(http_api::middleware::security_headers(https))
                .wrap(from_fn(http_api::middleware::request_id))
                .wrap(from_fn(http_api::metrics::track))
                .wrap(TracingLogger::<RequestLog>::new())
                .wrap(from_fn(http_api::middleware::mark_small))
                .wrap(Compress::default())
                .wrap(from_fn(http_api::middleware::unmark_small))
                .configure(http_api::configure(shared.clone()))
                .default_service(web::to(ui::serve))
                // Outermost: a request counts until the last byte of its body is sent.
                .wrap(from_fn(shutdown::track))
        })
        // Signals are handled by `run_until_stopped`, which stops in the order it needs.
        .disable_signals()
        .shutdown_timeout(grace.as_secs())
        .listen(listener.try_clone()?)?;
        if let Some(workers) = config.workers {
            server = server.workers(workers);
        }
        Ok(Self { port, server: server.run(), listener, in_flight, background, grace, identity, store })
    }

    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }

    #[must_use]
    pub const fn identity(&self) -> &Identity {
        &self.identity
    }

    /// Serves until SIGTERM or SIGINT, then stops as [`shutdown`] says (requests in flight,
    /// then the mail worker and the folder, within the grace period) and closes the pool.
    ///
    /// # Errors
    /// The server's I/O error.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let Self { server, listener, in_flight, background, grace, store, .. } = self;
        let handle = server.handle();
        // Polled on its own: it carries out the pause and stop commands `drain` sends.
        let mut served = tokio::spawn(server);
        tokio::select! {
            result = &mut served => result??,
            signalled = shutdown::signalled() => {
                signalled?;
                shutdown::drain(&handle, &listener, &in_flight, background, grace).await;
                served.await??;
            }
        }
        tracing::info!("stopped; closing the database pool");
        store.close().await?;
        Ok(())
    }
}

/// How long a process's folder waits for its own requests to store attempts before it looks
/// for attempts another process stored and did not fold (a crash's leftovers).
const FOLD_POLL: std::time::Duration = std::time::Duration::from_secs(5);

/// Folds stored attempts into the reports as they come, until told to stop (between two
/// folds: a fold is one transaction, and what it did not take stays queued).
async fn fold_queued_attempts(store: Store, mut stop: tokio::sync::watch::Receiver<bool>) {
    while !*stop.borrow() {
        let wait = match store.fold_queued().await {
            Ok(0) => FOLD_POLL,
            Ok(_) => continue,
            Err(error) => {
                tracing::error!(error = ?error, "queued attempts could not be folded");
                FOLD_POLL
            }
        };
        tokio::select! {
            () = store.until_queued(wait) => {}
            // Closed: whoever could tell it to stop is gone (an application never run).
            changed = stop.changed() => if changed.is_err() { return },
        }
    }
}

/// The services every handler reaches, and the sign-in service itself for the operator's
/// start-up steps (the setup link, the demo invitation).
async fn app_state(
    config: &Config,
    store: Store,
    clock: AnyClock,
    background: &mut Background,
) -> anyhow::Result<(AppState, Identity)> {
    anyhow::ensure!(
        config.metrics_token.as_ref().is_none_or(|token| token.len() >= 32),
        "metrics_token: use at least 32 random characters"
    );
    let transport = match &config.smtp_url {
        Some(url) => Transport::smtp(url)?,
        None => Transport::Outbox(config.data_dir.join("outbox")),
    };
    let from = config.mail_from.parse().context("mail_from is not a mailbox")?;
    let (notifier, worker) = mail::outbox(store.clone(), transport, from, config.public_url(), clock.clone());
    background.spawn(worker.run(background.stop_signal()));
    background.spawn(fold_queued_attempts(store.clone(), background.stop_signal()));
    // 256 random bits, as URL-safe text.
    let key = store.init_setting(TOKEN_KEY_SETTING, &identity::secret::new_token()).await?;
    let licensing = Licensing::new(store.clone(), clock.clone());
    let identity = Identity::new(
        store.clone(),
        notifier,
        PooledHasher::for_this_machine(),
        clock.clone(),
        config.session_policy(),
    )
    .await?;
    let transactions = Transactions { store: store.clone(), identity: identity.clone(), clock: clock.clone() };
    let people = People::new(transactions.clone());
    let (sealing_key, oidc) = (sealing_key(config)?, sso::Oidc::new()?);
    // The portal's page every company's provider sends people back to.
    let sso_callback = format!("{}/auth/sso/callback", config.public_url()).parse().context("public_url")?;
    let trusted_proxies = TrustedProxies::parse(config.trusted_proxies.iter().map(String::as_str))
        .map_err(|e| anyhow::anyhow!("trusted_proxies: {e}"))?;
    let state = AppState {
        read_models: Arc::new(store.clone()),
        identity: Arc::new(identity.clone()),
        licensing: Arc::new(licensing),
        people: Arc::new(people),
        api_clients: Arc::new(scoring::ApiClients::new(store.clone(), clock.clone())),
        catalogue: Arc::new(scoring::CatalogueService::new(store.clone(), clock.clone())),
        reports: Arc::new(scoring::reports::Reports::new(store.clone(), clock.clone())),
        game_apps: Arc::new(identity::game_apps::GameApps::new(store.clone(), clock.clone())),
        sso_connections: Arc::new(identity::sso::SsoConnections::new(
            store.clone(),
            clock.clone(),
            sealing_key.clone(),
            oidc.clone(),
        )),
        sso_sign_in: Arc::new(app::SsoSignIn::new(transactions.clone(), oidc, sealing_key, sso_callback)),
        enrolment_keys: Arc::new(licensing::EnrolmentKeys::new(store.clone(), clock.clone())),
        sign_up: Arc::new(app::SignUp::new(transactions.clone())),
        game_sign_in: Arc::new(app::GameSignIn::new(transactions)),
        ingestion: Arc::new(scoring::Ingestion::new(store, clock)),
        tokens: AccessTokens::new(key.as_bytes()),
        trusted_proxies,
        secure_cookies: config.public_url().starts_with("https://"),
        public_url: config.public_url(),
        metrics_token: config.metrics_token.clone(),
    };
    Ok((state, identity))
}

/// The key that seals SSO client secrets: configured, or made once in the data folder. Two
/// processes starting at once may both make one; the first to link its file into place wins
/// and both read that one.
fn sealing_key(config: &Config) -> anyhow::Result<identity::sso::SealingKey> {
    let text = match &config.sso_key {
        Some(text) => text.clone(),
        None => {
            let path = config.data_dir.join("sso.key");
            if !path.exists() {
                let draft = config.data_dir.join(format!("sso.key.{}", std::process::id()));
                crate::private_file::write(&draft, &identity::sso::SealingKey::generate())?;
                let linked = std::fs::hard_link(&draft, &path);
                std::fs::remove_file(&draft).with_context(|| format!("removing {}", draft.display()))?;
                match linked {
                    Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                        return Err(e).with_context(|| format!("writing {}", path.display()));
                    }
                    _ => {}
                }
            }
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?
        }
    };
    identity::sso::SealingKey::from_base64(&text).context("sso_key")
}
