//! Mail: identity's [`Notifier`](identity::Notifier) renders templates in the user's language
//! and queues the mail durably; the [`OutboxWorker`] sends queued mail through SMTP in
//! production, or writes `.eml` files into an outbox folder by default, retrying failures
//! with back-off so no mail is lost while the mail server is down.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod notifier;
mod templates;
mod transport;
mod worker;

use std::sync::Arc;

use identity::MailQueue;
use lettre::message::Mailbox;
pub use notifier::MailNotifier;
pub use transport::Transport;
pub use worker::OutboxWorker;

/// A notifier and the worker that sends what it queues, sharing a wake-up signal so mail
/// queued by this process leaves at once (other processes' mail within a poll interval).
pub fn outbox<Q: MailQueue>(
    queue: Q,
    transport: Transport,
    from: Mailbox,
    public_url: String,
    clock: kernel::AnyClock,
) -> (MailNotifier<Q>, OutboxWorker<Q>) {
    let wake = Arc::new(tokio::sync::Notify::new());
    (
        MailNotifier::new(queue.clone(), public_url, wake.clone(), clock.clone()),
        OutboxWorker::new(queue, transport, from, wake, clock),
    )
}

#[cfg(test)]
mod tests {
    /// Held by the tests that log: see the outbox transport's log test.
    pub(crate) static LOGGING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
}
