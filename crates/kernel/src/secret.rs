//! Random secrets and how they are kept: tokens (and API client secrets) are 256 random bits
//! shown once and stored only as SHA-256 hashes — with that much entropy a slow hash adds
//! nothing; e-mailed codes are hashed together with their challenge token, so a
//! leaked table cannot be used to guess them offline.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use rand::{Rng, RngExt};
use sha2::{Digest, Sha256};

/// A fresh token for a link or a header: 43 URL-safe characters.
#[must_use]
pub fn new_token() -> String {
    let mut bytes = [0_u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A six-digit code, leading zeros included.
#[must_use]
pub fn new_otp_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

#[must_use]
pub fn hash_token(token: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(token.as_bytes()))
}

/// The stored form of an e-mailed code: bound to its challenge.
#[must_use]
pub fn hash_code(challenge: &str, code: &str) -> String {
    hash_token(&format!("{challenge}:{code}"))
}

/// Compares two hashes in time independent of where they differ.
#[must_use]
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_url_safe() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..1000 {
            let code = new_otp_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn a_code_hash_depends_on_its_challenge() {
        assert_ne!(hash_code("challenge-a", "123456"), hash_code("challenge-b", "123456"));
        assert!(same_hash(&hash_code("c", "123456"), &hash_code("c", "123456")));
        assert!(!same_hash(&hash_code("c", "123456"), &hash_code("c", "123457")));
    }
}
