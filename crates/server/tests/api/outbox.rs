//! The mail outbox drained by several server processes at once: every mail leaves once.

use std::collections::HashMap;

use identity::{MailQueue, OutgoingMail};
use kernel::Email;
use time::{Duration, OffsetDateTime};

use crate::helpers::{ServerProcess, spawn_app};

const MAILS: usize = 300;

async fn queue_mails(store: &store::Store, count: usize) {
    let now = OffsetDateTime::now_utc();
    for i in 0..count {
        let mail = OutgoingMail {
            to: Email::parse(&format!("person-{i}@example.test")).unwrap(),
            subject: format!("Mail {i}"),
            text: format!("Mail number {i}."),
            html: format!("<p>Mail number {i}.</p>"),
        };
        store.enqueue(mail, now).await.unwrap();
    }
}

crate::on_both_databases! {
    async fn three_processes_draining_one_outbox_send_every_mail_exactly_once(db: TestDb) {
        let app = spawn_app(db).await;
        let store = store::Store::connect(&app.config.database_url()).await.expect("the store");
        // Two more processes on the same database and mail server; with the test's own
        // application that makes three workers claiming from one outbox.
        let _others = [ServerProcess::start(&app).await, ServerProcess::start(&app).await];
        queue_mails(&store, MAILS).await;

        for _ in 0..1500 {
            if app.mail.all().len() >= MAILS {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        // Long enough for a worker that polls every 2 s to send a duplicate, if it could.
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;

        let mut times_sent: HashMap<String, usize> = HashMap::new();
        for mail in app.mail.all() {
            *times_sent.entry(mail.subject).or_default() += 1;
        }
        let twice: Vec<_> = times_sent.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "sent more than once: {twice:?}");
        assert_eq!(times_sent.len(), MAILS, "every queued mail was sent");
    }

    /// The claim itself, without a mail server's latency: eight workers, each with its own
    /// connection pool as a process would have, claim and mark as fast as the database lets
    /// them, which is where a claim of an already sent mail showed.
    async fn concurrent_claims_never_hand_out_a_mail_twice(db: TestDb) {
        let app = spawn_app(db).await;
        let store = store::Store::connect(&app.config.database_url()).await.expect("the store");
        queue_mails(&store, 400).await;
        let mut workers = Vec::new();
        for _ in 0..8 {
            let store = store::Store::connect(&app.config.database_url()).await.expect("the store");
            workers.push(tokio::spawn(async move {
                let mut claimed = Vec::new();
                while let Some(mail) = store.claim_due(OffsetDateTime::now_utc(), Duration::minutes(2)).await.unwrap() {
                    store.mark_sent(mail.id, OffsetDateTime::now_utc()).await.unwrap();
                    claimed.push(mail.mail.subject);
                }
                claimed
            }));
        }
        let mut times_claimed: HashMap<String, usize> = HashMap::new();
        for worker in workers {
            for subject in worker.await.unwrap() {
                *times_claimed.entry(subject).or_default() += 1;
            }
        }
        // The test application's own worker may have taken a few and mailed them.
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        for mail in app.mail.all() {
            *times_claimed.entry(mail.subject).or_default() += 1;
        }
        let twice: Vec<_> = times_claimed.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "claimed more than once: {twice:?}");
        assert_eq!(times_claimed.len(), 400, "every mail was claimed");
    }
}
