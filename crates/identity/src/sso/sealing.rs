//! Client secrets at rest: sealed with a key from the configuration, so a copy of the database
//! alone signs nobody in anywhere.

use base64::{Engine, engine::general_purpose::STANDARD};
use chacha20poly1305::{
    XChaCha20Poly1305, XNonce,
    aead::{Aead, AeadCore, KeyInit, OsRng},
};

const NONCE_BYTES: usize = 24;

/// The key that seals client secrets (32 bytes).
#[derive(Clone)]
pub struct SealingKey(XChaCha20Poly1305);

#[derive(Debug, thiserror::Error)]
pub enum SealingError {
    #[error("the SSO secret key must be 32 bytes, base64-encoded")]
    BadKey,
    /// Sealed with another key, or altered.
    #[error("a sealed secret cannot be opened with this key")]
    CannotOpen,
}

impl SealingKey {
    /// A key from its base64 text (32 bytes).
    ///
    /// # Errors
    /// [`SealingError::BadKey`] when the text is not 32 bytes of base64.
    pub fn from_base64(text: &str) -> Result<Self, SealingError> {
        let bytes = STANDARD.decode(text.trim()).map_err(|_| SealingError::BadKey)?;
        XChaCha20Poly1305::new_from_slice(&bytes).map(Self).map_err(|_| SealingError::BadKey)
    }

    /// A new random key, as base64 text.
    #[must_use]
    pub fn generate() -> String {
        STANDARD.encode(XChaCha20Poly1305::generate_key(&mut OsRng))
    }

    /// `secret` sealed: base64 of a random nonce and the ciphertext with its tag.
    #[must_use]
    pub fn seal(&self, secret: &str) -> String {
        let nonce = XChaCha20Poly1305::generate_nonce(&mut OsRng);
        // Encrypting into a Vec fails only when the plaintext exceeds the cipher's limit
        // (256 GiB), which a checked client secret never does.
        let sealed = self.0.encrypt(&nonce, secret.as_bytes()).unwrap_or_default();
        STANDARD.encode([&nonce[..], &sealed].concat())
    }

    /// The secret `sealed` holds.
    ///
    /// # Errors
    /// [`SealingError::CannotOpen`] for text sealed with another key, or altered.
    pub fn open(&self, sealed: &str) -> Result<String, SealingError> {
        let bytes = STANDARD.decode(sealed).map_err(|_| SealingError::CannotOpen)?;
        let (nonce, ciphertext) = bytes.split_at_checked(NONCE_BYTES).ok_or(SealingError::CannotOpen)?;
        let nonce: [u8; NONCE_BYTES] = nonce.try_into().map_err(|_| SealingError::CannotOpen)?;
        let plain = self.0.decrypt(&XNonce::from(nonce), ciphertext).map_err(|_| SealingError::CannotOpen)?;
        String::from_utf8(plain).map_err(|_| SealingError::CannotOpen)
    }
}

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealingKey(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_with_its_key_only() {
        let key = SealingKey::from_base64(&SealingKey::generate()).unwrap();
        let sealed = key.seal("client-secret-1");
        assert!(!sealed.contains("client-secret-1"));
        assert_ne!(sealed, key.seal("client-secret-1"), "each seal has its own nonce");
        assert_eq!(key.open(&sealed).unwrap(), "client-secret-1");

        let other = SealingKey::from_base64(&SealingKey::generate()).unwrap();
        assert!(matches!(other.open(&sealed), Err(SealingError::CannotOpen)));
        let mut altered = STANDARD.decode(&sealed).unwrap();
        *altered.last_mut().unwrap() ^= 1;
        assert!(matches!(key.open(&STANDARD.encode(altered)), Err(SealingError::CannotOpen)));
    }

    #[test]
    fn a_key_is_32_bytes_of_base64() {
        assert!(SealingKey::from_base64(&STANDARD.encode([7u8; 32])).is_ok());
        assert!(matches!(SealingKey::from_base64(&STANDARD.encode([7u8; 16])), Err(SealingError::BadKey)));
        assert!(matches!(SealingKey::from_base64("not base64!"), Err(SealingError::BadKey)));
    }
}
