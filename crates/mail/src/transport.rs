//! How a rendered mail leaves: an SMTP relay, or a file in the outbox folder.

use std::path::PathBuf;

use anyhow::Context;
use identity::OutgoingMail;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart},
};

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
                tokio::fs::write(&path, message.formatted())
                    .await
                    .with_context(|| format!("writing {}", path.display()))?;
                // With no mail server, the log is where an operator finds the link to open.
                let link = mail.text.split_whitespace().find(|word| word.starts_with("http"));
                tracing::info!(to = %mail.to, subject = %mail.subject, file = %path.display(), link, "mail written to the outbox");
            }
        }
        Ok(())
    }
}
