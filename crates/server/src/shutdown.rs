//! Stopping cleanly on SIGTERM or SIGINT: stop taking connections (a proxy then sends new
//! requests to another process), let every request in flight finish, streamed bodies
//! included, ask kept-alive connections to close, then stop the mail worker and the folder
//! between two units of work, all within the configured grace period.
//!
//! Requests must finish before any HTTP worker stops: each worker has a runtime of its own,
//! and a database connection the pool opened on a stopped worker's runtime (after a database
//! restart, connections are opened wherever a request needed one) fails every request that
//! takes it afterwards.

use std::{
    net::TcpListener,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    task::{Context, Poll},
    time::Duration,
};

use actix_web::{
    Error,
    body::{BodySize, BoxBody, MessageBody},
    dev::{ServerHandle, ServiceRequest, ServiceResponse},
    http::ConnectionType,
    middleware::Next,
    web::{self, Bytes},
};
use tokio::{sync::Notify, sync::watch, task::JoinHandle};

/// The requests this process is answering, counted until their bodies are sent.
#[derive(Debug, Default)]
pub struct InFlight {
    count: AtomicUsize,
    stopping: AtomicBool,
    idle: Notify,
}

impl InFlight {
    /// Waits until no request is in flight.
    async fn until_idle(&self) {
        loop {
            let idle = self.idle.notified();
            if self.count.load(Ordering::Acquire) == 0 {
                return;
            }
            idle.await;
        }
    }
}

/// Counts a request as in flight until its response body is sent (or dropped), and once the
/// process is stopping, closes its connection after the response.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn track(
    in_flight: web::Data<InFlight>,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    in_flight.count.fetch_add(1, Ordering::AcqRel);
    let guard = Guard(in_flight.into_inner());
    let mut response = next.call(req).await?;
    if guard.0.stopping.load(Ordering::Acquire) {
        response.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    Ok(response.map_body(|_, body| Counted { body: body.boxed(), _guard: guard }))
}

/// One request in flight; dropped with its response body.
struct Guard(Arc<InFlight>);

impl Drop for Guard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// A response body that keeps its request counted in flight until it is sent.
struct Counted {
    body: BoxBody,
    _guard: Guard,
}

impl MessageBody for Counted {
    type Error = <BoxBody as MessageBody>::Error;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

/// The work a process does beside answering requests, told when to stop.
#[derive(Debug)]
pub struct Background {
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Background {
    pub fn new() -> Self {
        Self { stop: watch::Sender::new(false), tasks: Vec::new() }
    }

    /// What a task watches to learn it should stop (it turns `true`).
    pub fn stop_signal(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    pub fn spawn(&mut self, task: impl Future<Output = ()> + Send + 'static) {
        self.tasks.push(tokio::spawn(task));
    }

    /// Tells every task to stop and waits for them.
    async fn stop(self) {
        self.stop.send_replace(true);
        for task in self.tasks {
            if let Err(error) = task.await {
                tracing::error!(error = %error, "a background task ended abnormally");
            }
        }
    }
}

/// Waits for SIGTERM or SIGINT.
///
/// # Errors
/// When the signal handlers cannot be installed.
pub async fn signalled() -> std::io::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let (mut term, mut int) = (signal(SignalKind::terminate())?, signal(SignalKind::interrupt())?);
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM: stopping"),
        _ = int.recv() => tracing::info!("SIGINT: stopping"),
    }
    Ok(())
}

/// Stops the server `handle` runs on `listener` after its requests in flight and then the
/// background tasks finish, waiting `grace` at most.
pub async fn drain(
    handle: &ServerHandle,
    listener: &TcpListener,
    in_flight: &InFlight,
    background: Background,
    grace: Duration,
) {
    let deadline = tokio::time::Instant::now() + grace;
    handle.pause().await;
    // Refused at once rather than left waiting in the backlog: a proxy tries another process.
    if let Err(error) = socket2::SockRef::from(listener).shutdown(std::net::Shutdown::Read) {
        tracing::warn!(error = %error, "the listening socket could not be closed early");
    }
    in_flight.stopping.store(true, Ordering::Release);
    if tokio::time::timeout_at(deadline, in_flight.until_idle()).await.is_err() {
        tracing::warn!(
            in_flight = in_flight.count.load(Ordering::Acquire),
            "the grace period ended with requests in flight"
        );
    }
    if tokio::time::timeout_at(deadline, background.stop()).await.is_err() {
        tracing::warn!("the grace period ended before the mail worker and the folder stopped");
    }
    handle.stop(true).await;
}
