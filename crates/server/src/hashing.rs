//! Password hashing on a bounded pool of blocking threads: argon2 takes ~20 ms of a core on
//! purpose, so running it on the async workers would stall every other request, and running
//! unboundedly many at once would starve them of CPU. One core is always left for the rest.

use std::sync::Arc;

use identity::{Argon2Hasher, PasswordHash, PasswordHasher};
use tokio::sync::Semaphore;

#[derive(Clone, Debug)]
pub struct PooledHasher {
    hasher: Argon2Hasher,
    permits: Arc<Semaphore>,
}

impl PooledHasher {
    /// At most `parallel` hashes at once.
    #[must_use]
    pub fn new(hasher: Argon2Hasher, parallel: usize) -> Self {
        Self { hasher, permits: Arc::new(Semaphore::new(parallel.max(1))) }
    }

    /// All cores but one.
    #[must_use]
    pub fn for_this_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self::new(Argon2Hasher::default(), cores.saturating_sub(1))
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce(Argon2Hasher) -> T + Send + 'static) -> anyhow::Result<T> {
        let _permit = self.permits.acquire().await?;
        let hasher = self.hasher.clone();
        Ok(tokio::task::spawn_blocking(move || work(hasher)).await?)
    }
}

impl PasswordHasher for PooledHasher {
    async fn hash(&self, password: &str) -> anyhow::Result<PasswordHash> {
        let password = password.to_owned();
        self.run(move |hasher| hasher.hash_now(&password)).await?
    }

    async fn verify(&self, password: &str, hash: &PasswordHash) -> bool {
        let (password, hash) = (password.to_owned(), hash.clone());
        self.run(move |hasher| hasher.verify_now(&password, &hash)).await.unwrap_or(false)
    }
}
