//! Seeding the demo and telling the operator how to sign in. Each demo account gets its own
//! random password, kept in a file only the operator can read rather than printed into logs
//! or committed anywhere.

use std::path::PathBuf;

use identity::Argon2Hasher;
use store::{Store, demo::DemoLogin};
use time::OffsetDateTime;

use crate::config::Config;

pub const LOGINS_FILE: &str = "demo-logins.txt";
/// Weeks of play the demo starts with.
const DEMO_WEEKS: u32 = 12;

/// Mails the demo's invited trainee their invitation, as creating them in the admin screens
/// would.
///
/// # Errors
/// A database failure.
pub async fn send_invitation(identity: &crate::wiring::Identity) -> anyhow::Result<()> {
    use identity::UserRepository;
    let email = kernel::Email::parse(store::demo::INVITED.0)?;
    if let Some(credentials) = identity.store().find_credentials(&email).await? {
        identity.invite(&credentials.user, None, &identity::RequestContext::default()).await?;
    }
    Ok(())
}

/// Seeds an empty database as it would be `now`; answers the accounts when it did.
///
/// # Errors
/// A database failure or an unwritable data folder.
pub async fn seed(config: &Config, store: &Store, now: OffsetDateTime) -> anyhow::Result<Option<Vec<DemoLogin>>> {
    let Some(logins) = store::demo::seed(store, &Argon2Hasher::default(), crate::password::generate, now).await? else {
        return Ok(None);
    };
    write_logins(&logins_path(config), &logins)?;
    let played = crate::demo_game::play_in_process(
        store,
        kernel::AnyClock::Manual(kernel::ManualClock::starting_at(now)),
        DEMO_WEEKS,
    )
    .await?;
    tracing::info!(%played, "the demo game played {DEMO_WEEKS} weeks");
    Ok(Some(logins))
}

#[must_use]
pub fn logins_path(config: &Config) -> PathBuf {
    config.data_dir.join(LOGINS_FILE)
}

fn write_logins(path: &std::path::Path, logins: &[DemoLogin]) -> anyhow::Result<()> {
    let mut text = String::from("# Playtrack demo sign-ins (role, company, e-mail, password)\n");
    for login in logins {
        let company = login.company.as_deref().unwrap_or("-");
        text.push_str(&format!("{}\t{company}\t{}\t{}\n", login.role, login.email, login.password));
    }
    crate::private_file::write(path, &text)
}

/// The banner `serve --demo` prints: who can sign in and where the passwords are.
#[must_use]
pub fn banner(config: &Config, logins: &[DemoLogin]) -> String {
    let mut out = format!("Demo sign-ins (passwords in {}):\n", logins_path(config).display());
    let mut trainees = 0;
    for login in logins {
        if login.role == kernel::Role::User {
            trainees += 1;
            if trainees > 2 {
                continue;
            }
        }
        let otp = if login.otp { "  (+ e-mailed code)" } else { "" };
        out.push_str(&format!(
            "  {:<14} {:<42} {}{otp}\n",
            login.role.as_str(),
            login.email.as_str(),
            login.company.as_deref().unwrap_or("")
        ));
    }
    if trainees > 2 {
        out.push_str(&format!("  … and {} more trainees\n", trainees - 2));
    }
    out.push_str(&format!("  {:<14} {:<42} invited: accept through the mailed link\n", "USER", store::demo::INVITED.0));
    if config.smtp_url.is_none() {
        let outbox = config.data_dir.join("outbox");
        out.push_str(&format!("Mail (codes, links) lands in {} as .eml files.\n", outbox.display()));
    }
    out
}
