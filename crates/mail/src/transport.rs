//! How a rendered mail leaves: an SMTP relay, or a file in the outbox folder.

use std::path::PathBuf;

use anyhow::Context;
use identity::OutgoingMail;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart},
};
use tokio::io::AsyncWriteExt;

#[derive(Clone, Debug)]
pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

impl Transport {
    /// `smtp://host:port` (plain, for a local relay), `smtp://…?tls=required` or
    /// `smtps://host` (TLS), with optional `user:password@`.
    ///
    /// # Errors
    /// A URL lettre does not understand.
    pub fn smtp(url: &str) -> anyhow::Result<Self> {
        Ok(Self::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url).context("SMTP URL")?.build()))
    }

    pub(crate) async fn deliver(&self, from: &Mailbox, mail: &OutgoingMail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(from.clone())
            .to(mail.to.as_str().parse().context("recipient address")?)
            .subject(&mail.subject)
            .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
            .context("building the message")?;
        match self {
            Self::Smtp(smtp) => {
                smtp.send(message).await.context("sending through SMTP")?;
                tracing::info!(to = %mail.to, subject = %mail.subject, "mail sent");
            }
            Self::Outbox(folder) => {
                tokio::fs::create_dir_all(folder).await.with_context(|| format!("creating {}", folder.display()))?;
                // Time-ordered names, so `ls` lists the outbox in the order mail was sent.
                let path = folder.join(format!("{}.eml", uuid::Uuid::now_v7()));
                // The mail may carry a live link: readable by the operator only, and never
                // copied into the log.
                let mut options = tokio::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                options.mode(0o600);
                let mut file = options.open(&path).await.with_context(|| format!("creating {}", path.display()))?;
                // tokio writes in the background: only a flush says the mail is on disk.
                let written = async {
                    file.write_all(&message.formatted()).await?;
                    file.flush().await
                };
                written.await.with_context(|| format!("writing {}", path.display()))?;
                tracing::info!(to = %mail.to, subject = %mail.subject, file = %path.display(), "mail written to the outbox");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// Collects what the log would print.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn a_mail_written_to_the_outbox_keeps_its_link_out_of_the_log() {
        let folder = tempfile::tempdir().unwrap();
        let link = "http://portal.example/new-password?token=Zm9vYmFyLXNlY3JldA";
        let mail = OutgoingMail {
            to: kernel::Email::parse("reader@example.test").unwrap(),
            subject: "Reset your password".into(),
            text: format!("Open {link} within an hour."),
            html: format!("<a href=\"{link}\">Open</a>"),
        };
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
        // Tracing caches per call site whether anyone listens: a test logging the same line on
        // another thread at this moment could leave this subscriber deaf to it.
        let _alone = crate::tests::LOGGING.lock().await;
        let _log = tracing::subscriber::set_default(subscriber);

        Transport::Outbox(folder.path().to_owned())
            .deliver(&"Playtrack <no-reply@example.test>".parse().unwrap(), &mail)
            .await
            .unwrap();

        let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert!(log.contains("mail written to the outbox"), "{log}");
        assert!(!log.contains("Zm9vYmFyLXNlY3JldA"), "the token is in the log: {log}");
        let file = std::fs::read_dir(folder.path()).unwrap().next().unwrap().unwrap().path();
        assert!(std::fs::read_to_string(&file).unwrap().contains("Zm9vYmFyLXNlY3JldA"), "the mail itself has it");
        #[cfg(unix)]
        assert_eq!(
            std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&file).unwrap().permissions()) & 0o777,
            0o600
        );
    }
}
