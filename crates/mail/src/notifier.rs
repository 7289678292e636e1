//! The [`Notifier`] port: which template, in which language, to whom; queued, not sent here.

use std::sync::Arc;

use identity::{MailQueue, Notifier, OutgoingMail, User};
use kernel::{AnyClock, Clock, Email};
use tokio::sync::Notify;

use crate::templates;

#[derive(Clone, Debug)]
pub struct MailNotifier<Q> {
    queue: Q,
    /// The portal's address, for the links in mails.
    public_url: String,
    wake: Arc<Notify>,
    clock: AnyClock,
}

impl<Q: MailQueue> MailNotifier<Q> {
    pub(crate) const fn new(queue: Q, public_url: String, wake: Arc<Notify>, clock: AnyClock) -> Self {
        Self { queue, public_url, wake, clock }
    }

    /// The same notifier queuing into `queue`: a unit of work's transaction. The worker sees
    /// that mail only once it is committed, so call [`MailNotifier::wake`] after the commit.
    #[must_use]
    pub fn with_queue<Q2: MailQueue>(&self, queue: Q2) -> MailNotifier<Q2> {
        MailNotifier { queue, public_url: self.public_url.clone(), wake: self.wake.clone(), clock: self.clock.clone() }
    }

    /// Tells this process's worker that mail is waiting.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    async fn queue(&self, mail: OutgoingMail) -> anyhow::Result<()> {
        self.queue.enqueue(mail, self.clock.now()).await?;
        self.wake();
        Ok(())
    }
}

impl<Q: MailQueue> Notifier for MailNotifier<Q> {
    async fn send_otp(&self, user: &User, code: &str) -> anyhow::Result<()> {
        self.queue(templates::otp(user, code)).await
    }

    async fn send_password_reset(&self, user: &User, token: &str) -> anyhow::Result<()> {
        let link = format!("{}/new-password?token={token}", self.public_url);
        self.queue(templates::password_reset(user, &link)).await
    }

    async fn send_invitation(&self, user: &User, token: &str) -> anyhow::Result<()> {
        let name: String = url::form_urlencoded::byte_serialize(user.name.as_bytes()).collect();
        let link = format!("{}/invitation/confirm-email?value={token}&name={name}", self.public_url);
        self.queue(templates::invitation(user, &link)).await
    }

    async fn send_sign_up(&self, to: &Email, name: &str, locale: &str, token: &str) -> anyhow::Result<()> {
        let link = format!("{}/signup/confirm?token={token}", self.public_url);
        self.queue(templates::sign_up(&templates::Recipient { email: to, name, locale }, &link)).await
    }

    async fn send_known_account(&self, user: &User) -> anyhow::Result<()> {
        self.queue(templates::known_account(user, &format!("{}/login", self.public_url))).await
    }
}
