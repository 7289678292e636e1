//! Turning an [`OutgoingMail`] into a MIME message: plain text and HTML alternatives.

use anyhow::Context;
use identity::OutgoingMail;
use lettre::{
    Message,
    message::{Mailbox, MultiPart},
};

/// # Errors
/// When the recipient is not a mailbox lettre accepts (a stored address is always one).
pub fn build(from: &Mailbox, mail: &OutgoingMail) -> anyhow::Result<Message> {
    let to: Mailbox = mail.to.as_str().parse().context("recipient address")?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(&mail.subject)
        .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
        .context("building the message")
}
