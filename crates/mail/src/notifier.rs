//! The [`Notifier`] port: which template, in which language, to whom.

use identity::{Notifier, User};
use lettre::message::Mailbox;

use crate::{Transport, templates};

#[derive(Clone, Debug)]
pub struct MailNotifier {
    from: Mailbox,
    transport: Transport,
}

impl MailNotifier {
    #[must_use]
    pub const fn new(from: Mailbox, transport: Transport) -> Self {
        Self { from, transport }
    }
}

impl Notifier for MailNotifier {
    async fn send_otp(&self, user: &User, code: &str) -> anyhow::Result<()> {
        self.transport.deliver(&self.from, &templates::otp(user, code)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::{Email, Role, UserId};

    fn trainee(locale: &str) -> User {
        User {
            id: UserId::new(),
            email: Email::parse("asha@customer.example").unwrap(),
            name: "Asha Rao".into(),
            role: Role::User,
            company: None,
            status: identity::UserStatus::Active,
            mfa_required: true,
            locale: locale.into(),
            created_at: time::OffsetDateTime::UNIX_EPOCH,
        }
    }

    #[tokio::test]
    async fn the_outbox_holds_a_mail_with_both_alternatives() {
        let folder = std::env::temp_dir().join(format!("playtrack-outbox-{}", uuid::Uuid::new_v4()));
        let notifier = MailNotifier::new(
            "Playtrack <no-reply@playtrack.example>".parse().unwrap(),
            Transport::Outbox(folder.clone()),
        );

        notifier.send_otp(&trainee("it"), "042137").await.unwrap();

        let files: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(files.len(), 1);
        let eml = std::fs::read_to_string(&files[0]).unwrap();
        assert!(eml.contains("To: asha@customer.example"), "{eml}");
        assert!(eml.contains("Content-Type: text/plain") && eml.contains("Content-Type: text/html"));
        assert!(eml.contains("042137"));
        std::fs::remove_dir_all(folder).unwrap();
    }
}
