//! The embedded default: mail lands as `.eml` files in a folder instead of leaving the machine.

use std::path::PathBuf;

use anyhow::Context;
use identity::{Mailer, OutgoingMail};
use lettre::message::Mailbox;

#[derive(Clone, Debug)]
pub struct FileOutbox {
    folder: PathBuf,
    from: Mailbox,
}

impl FileOutbox {
    #[must_use]
    pub const fn new(folder: PathBuf, from: Mailbox) -> Self {
        Self { folder, from }
    }
}

impl Mailer for FileOutbox {
    async fn send(&self, mail: &OutgoingMail) -> anyhow::Result<()> {
        let message = crate::message::build(&self.from, mail)?;
        tokio::fs::create_dir_all(&self.folder).await.with_context(|| format!("creating {}", self.folder.display()))?;
        // Time-ordered names, so `ls` lists the outbox in the order mail was sent.
        let path = self.folder.join(format!("{}.eml", uuid::Uuid::now_v7()));
        tokio::fs::write(&path, message.formatted()).await.with_context(|| format!("writing {}", path.display()))?;
        tracing::info!(to = %mail.to, subject = %mail.subject, file = %path.display(), "mail written to the outbox");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::Email;

    #[tokio::test]
    async fn a_mail_becomes_an_eml_file_with_both_alternatives() {
        let folder = std::env::temp_dir().join(format!("playtrack-outbox-{}", uuid::Uuid::new_v4()));
        let outbox = FileOutbox::new(folder.clone(), "Playtrack <no-reply@playtrack.example>".parse().unwrap());

        outbox
            .send(&OutgoingMail {
                to: Email::parse("asha@customer.example").unwrap(),
                subject: "Your sign-in code".into(),
                text: "Your code is 123456".into(),
                html: "<p>Your code is <b>123456</b></p>".into(),
            })
            .await
            .unwrap();

        let files: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(files.len(), 1);
        let eml = std::fs::read_to_string(&files[0]).unwrap();
        assert!(eml.contains("To: asha@customer.example"));
        assert!(eml.contains("Subject: Your sign-in code"));
        assert!(eml.contains("Content-Type: text/plain") && eml.contains("Content-Type: text/html"));
        std::fs::remove_dir_all(folder).unwrap();
    }
}
