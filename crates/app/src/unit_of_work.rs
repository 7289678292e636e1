//! The unit-of-work port: the domain services bound to one transaction.

use std::future::Future;

use identity::{IdentityStore, Notifier, PasswordHasher, SignIn};
use kernel::Clock;
use licensing::{Licensing, LicensingStore};

/// Starts and commits transactions. What a [`Work`] writes, mail included, becomes visible
/// at [`UnitOfWork::commit`] and not before; a `Work` dropped uncommitted (an error, a
/// crashed process) leaves nothing behind.
pub trait UnitOfWork: Clone + Send + Sync + 'static {
    type Store: IdentityStore + LicensingStore;
    type Notifier: Notifier;
    type Hasher: PasswordHasher;
    type Clock: Clock;

    fn begin(&self) -> impl Future<Output = anyhow::Result<Work<Self>>> + Send;

    fn commit(&self, work: Work<Self>) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// The services of one transaction.
pub struct Work<U: UnitOfWork> {
    pub identity: SignIn<U::Store, U::Notifier, U::Hasher, U::Clock>,
    pub licensing: Licensing<U::Store, U::Clock>,
    /// The transaction itself, for the adapter's commit once the services are dropped.
    pub transaction: U::Store,
}

impl<U: UnitOfWork> std::fmt::Debug for Work<U> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work").finish_non_exhaustive()
    }
}
