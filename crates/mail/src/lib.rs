//! Mail: identity's [`Notifier`](identity::Notifier) rendered from templates in the user's
//! language, delivered by SMTP in production or written as `.eml` files into an outbox folder
//! by default (open them in any mail program).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod notifier;
mod templates;
mod transport;

pub use notifier::MailNotifier;
pub use transport::Transport;
