//! Who is calling: access tokens, the browser's session cookies, the extractors that turn a
//! request into a principal, and the pool that keeps password hashing off the async workers.

pub mod cookies;
pub mod extract;
pub mod hashing;
pub mod tokens;

/// The sign-in service as this server wires it.
pub type Identity =
    identity::SignIn<store::Store, mail::MailNotifier<store::Store>, hashing::PooledHasher, kernel::AnyClock>;

/// Licensing as this server wires it.
pub type Licensing = licensing::Licensing<store::Store, kernel::AnyClock>;
