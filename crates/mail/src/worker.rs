//! Sends what the notifier queued, one mail at a time, with exponential back-off on failure.

use std::sync::Arc;

use identity::MailQueue;
use kernel::{AnyClock, Clock};
use lettre::message::Mailbox;
use time::Duration;
use tokio::sync::{Notify, watch};

use crate::Transport;

/// How long a claimed mail is reserved for the worker that claimed it.
const LEASE: Duration = Duration::minutes(2);
/// Mail queued by another process is picked up within this.
const POLL: std::time::Duration = std::time::Duration::from_secs(2);
/// After this many failed tries (about a day of back-off) a mail is given up.
const MAX_ATTEMPTS: u16 = 12;

#[derive(Debug)]
pub struct OutboxWorker<Q> {
    queue: Q,
    transport: Transport,
    from: Mailbox,
    wake: Arc<Notify>,
    clock: AnyClock,
}

impl<Q: MailQueue> OutboxWorker<Q> {
    pub(crate) const fn new(queue: Q, transport: Transport, from: Mailbox, wake: Arc<Notify>, clock: AnyClock) -> Self {
        Self { queue, transport, from, wake, clock }
    }

    /// Sends queued mail until `stop` turns `true`: a mail being sent is sent and marked
    /// first, and no other is claimed, so none is sent twice or left waiting out its lease.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        while !*stop.borrow() {
            match self.drain_until(&stop).await {
                Ok(_) => {}
                Err(error) => tracing::error!(error = ?error, "the mail outbox could not be read"),
            }
            // Whichever comes first: mail queued here, time to look for others' mail, or stop.
            tokio::select! {
                _ = tokio::time::timeout(POLL, self.wake.notified()) => {}
                // Closed: whoever could tell it to stop is gone (an application never run).
                changed = stop.changed() => if changed.is_err() { return },
            }
        }
    }

    /// Sends every mail that is due now; answers how many were tried.
    ///
    /// # Errors
    /// When the outbox itself cannot be read or written.
    pub async fn drain(&self) -> anyhow::Result<usize> {
        self.drain_until(&watch::Sender::new(false).subscribe()).await
    }

    /// As [`Self::drain`], claiming no more mail once `stop` is `true`.
    async fn drain_until(&self, stop: &watch::Receiver<bool>) -> anyhow::Result<usize> {
        let mut tried = 0;
        while !*stop.borrow()
            && let Some(queued) = self.queue.claim_due(self.clock.now(), LEASE).await?
        {
            tried += 1;
            match self.transport.deliver(&self.from, &queued.mail).await {
                Ok(()) => self.queue.mark_sent(queued.id, self.clock.now()).await?,
                Err(error) => {
                    let (attempts, now) = (queued.attempts + 1, self.clock.now());
                    let retry_at = (attempts < MAX_ATTEMPTS).then(|| now + back_off(attempts));
                    tracing::warn!(to = %queued.mail.to, attempts, error = %format!("{error:#}"), given_up = retry_at.is_none(), "mail not sent");
                    self.queue.mark_failed(queued.id, &format!("{error:#}"), retry_at, now).await?;
                }
            }
        }
        Ok(tried)
    }
}

/// 30 s, 1 min, 2 min, … capped at 4 h.
fn back_off(attempts: u16) -> Duration {
    let seconds = 30_i64.saturating_mul(1_i64 << attempts.saturating_sub(1).min(20));
    Duration::seconds(seconds.min(4 * 3600))
}

#[cfg(test)]
mod tests {
    use super::*;
    use identity::{OutgoingMail, QueuedMail};
    use kernel::ManualClock;
    use std::sync::Mutex;
    use time::OffsetDateTime;

    /// A queued mail, when it is next due (`None`: claimed or given up) and when it was sent.
    type Row = (QueuedMail, Option<OffsetDateTime>, Option<OffsetDateTime>);

    /// The outbox in memory, keeping the port's promises (claims, retries, giving up).
    #[derive(Clone, Default)]
    struct Queue(Arc<Mutex<Vec<Row>>>);

    impl MailQueue for Queue {
        async fn enqueue(&self, mail: OutgoingMail, at: OffsetDateTime) -> anyhow::Result<()> {
            self.0.lock().unwrap().push((QueuedMail { id: uuid::Uuid::now_v7(), mail, attempts: 0 }, Some(at), None));
            Ok(())
        }

        async fn claim_due(&self, now: OffsetDateTime, _: Duration) -> anyhow::Result<Option<QueuedMail>> {
            let mut rows = self.0.lock().unwrap();
            let due = rows.iter_mut().find(|(_, next, sent)| sent.is_none() && next.is_some_and(|n| n <= now));
            Ok(due.map(|(queued, next, _)| {
                *next = None; // claimed
                queued.clone()
            }))
        }

        async fn mark_sent(&self, id: uuid::Uuid, at: OffsetDateTime) -> anyhow::Result<()> {
            let mut rows = self.0.lock().unwrap();
            let row = rows.iter_mut().find(|(q, ..)| q.id == id).unwrap();
            row.2 = Some(at);
            Ok(())
        }

        async fn mark_failed(
            &self,
            id: uuid::Uuid,
            _: &str,
            retry_at: Option<OffsetDateTime>,
            _: OffsetDateTime,
        ) -> anyhow::Result<()> {
            let mut rows = self.0.lock().unwrap();
            let row = rows.iter_mut().find(|(q, ..)| q.id == id).unwrap();
            row.0.attempts += 1;
            row.1 = retry_at;
            Ok(())
        }
    }

    fn mail() -> OutgoingMail {
        OutgoingMail {
            to: kernel::Email::parse("asha@customer.example").unwrap(),
            subject: "Hello".into(),
            text: "Hi".into(),
            html: "<p>Hi</p>".into(),
        }
    }

    #[tokio::test]
    async fn a_failed_mail_is_kept_for_later_and_sent_once_the_server_answers() {
        let queue = Queue::default();
        let from: Mailbox = "Playtrack <no-reply@playtrack.example>".parse().unwrap();
        let _alone = crate::tests::LOGGING.lock().await;
        let wake = Arc::new(Notify::new());
        let start = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        let clock = ManualClock::starting_at(start);
        queue.enqueue(mail(), start).await.unwrap();

        // Nothing listens on this port: the SMTP connection fails.
        let down = OutboxWorker::new(
            queue.clone(),
            Transport::smtp("smtp://127.0.0.1:9").unwrap(),
            from.clone(),
            wake.clone(),
            AnyClock::Manual(clock.clone()),
        );
        assert_eq!(down.drain().await.unwrap(), 1);
        let (queued, retry_at, sent) = queue.0.lock().unwrap()[0].clone();
        assert_eq!((queued.attempts, sent), (1, None));
        assert_eq!(retry_at, Some(start + Duration::seconds(30)), "retried later, not lost");
        assert_eq!(down.drain().await.unwrap(), 0, "not before it is due");

        clock.advance(Duration::seconds(30));
        let folder = std::env::temp_dir().join(format!("playtrack-outbox-{}", uuid::Uuid::new_v4()));
        let up =
            OutboxWorker::new(queue.clone(), Transport::Outbox(folder.clone()), from, wake, AnyClock::Manual(clock));
        assert_eq!(up.drain().await.unwrap(), 1);
        assert!(queue.0.lock().unwrap()[0].2.is_some(), "sent");
        let eml = std::fs::read_dir(&folder).unwrap().next().unwrap().unwrap().path();
        let text = std::fs::read_to_string(eml).unwrap();
        assert!(text.contains("To: asha@customer.example") && text.contains("Content-Type: text/html"));
        std::fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn back_off_doubles_and_is_capped() {
        assert_eq!(back_off(1), Duration::seconds(30));
        assert_eq!(back_off(2), Duration::minutes(1));
        assert_eq!(back_off(3), Duration::minutes(2));
        assert_eq!(back_off(MAX_ATTEMPTS), Duration::hours(4));
    }
}
