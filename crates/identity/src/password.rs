//! Argon2id password hashing with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).

use anyhow::anyhow;
use argon2::{Algorithm, Argon2, Params, Version};

use crate::ports::PasswordHasher;

/// A PHC-format hash string (`$argon2id$v=19$…`), never the password.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(String);

impl PasswordHash {
    /// Wraps a hash read back from storage.
    #[must_use]
    pub fn from_stored(phc: String) -> Self {
        Self(phc)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(..)")
    }
}

#[derive(Clone, Debug)]
pub struct Argon2Hasher {
    params: Params,
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        // Params::DEFAULT is OWASP's argon2id recommendation: m=19456 KiB, t=2, p=1.
        Self { params: Params::DEFAULT }
    }
}

impl Argon2Hasher {
    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }
}

impl Argon2Hasher {
    /// Hashes on the calling thread (~20 ms optimised): for commands and for adapters that
    /// move it off the async workers.
    ///
    /// # Errors
    /// Only when argon2 fails to allocate its memory.
    pub fn hash_now(&self, password: &str) -> anyhow::Result<PasswordHash> {
        use argon2::PasswordHasher as _;
        let hash = self.argon2().hash_password(password.as_bytes()).map_err(|e| anyhow!("argon2: {e}"))?;
        Ok(PasswordHash(hash.to_string()))
    }

    /// Verifies on the calling thread; see [`Self::hash_now`].
    #[must_use]
    pub fn verify_now(&self, password: &str, hash: &PasswordHash) -> bool {
        use argon2::PasswordVerifier as _;
        argon2::password_hash::phc::PasswordHash::new(hash.as_str())
            .is_ok_and(|parsed| self.argon2().verify_password(password.as_bytes(), &parsed).is_ok())
    }
}

/// Hashing inline, blocking the caller: right for the command line and tests, wrong on a
/// request path (the server wraps the hasher in its blocking pool instead).
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> anyhow::Result<PasswordHash> {
        self.hash_now(password)
    }

    async fn verify(&self, password: &str, hash: &PasswordHash) -> bool {
        self.verify_now(password, hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_nothing_else() {
        let hasher = Argon2Hasher::default();
        let hash = hasher.hash_now("Correct-horse-9").unwrap();
        assert!(hash.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(hasher.verify_now("Correct-horse-9", &hash));
        assert!(!hasher.verify_now("correct-horse-9", &hash));
        assert!(!hasher.verify_now("Correct-horse-9", &PasswordHash::from_stored("garbage".into())));
    }

    #[test]
    fn the_same_password_hashes_differently_each_time() {
        let hasher = Argon2Hasher::default();
        assert_ne!(hasher.hash_now("same").unwrap(), hasher.hash_now("same").unwrap());
    }
}
