//! Password policies: a record of requirements (global or per company) that later evaluates a
//! candidate into one verdict per rule, so the UI can show which rule is unmet and the server
//! can refuse with the same reasons.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use kernel::CompanyId;
use serde::{Deserialize, Serialize};

/// One requirement a password may have to meet; the wire names are stable codes the UI
/// translates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Rule {
    MinimumLength,
    MaximumLength,
    Digit,
    Letter,
    Lowercase,
    Uppercase,
    Symbol,
    SpecialCharacter,
    NoWhitespace,
}

/// The stored policy record (the seed's `password-policy` shape).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordPolicy {
    /// `None`: the global policy.
    pub company: Option<CompanyId>,
    pub digits: bool,
    pub letters: bool,
    pub lowercase: bool,
    pub uppercase: bool,
    pub symbols: bool,
    pub special_characters: bool,
    pub minimum_length: u8,
    pub maximum_length: u8,
    pub active: bool,
}

impl PasswordPolicy {
    /// The seed's fixed rule for new and changed passwords: 10–16 characters with an
    /// uppercase, a lowercase, a digit and one of `! @ # $ % ^ & * ) ( + = . _ -`.
    #[must_use]
    pub const fn new_password() -> Self {
        Self {
            company: None,
            digits: true,
            letters: false,
            lowercase: true,
            uppercase: true,
            symbols: false,
            special_characters: true,
            minimum_length: 10,
            maximum_length: 16,
            active: true,
        }
    }

    /// The invitation (confirm-email) default when no record is stored: 6–16 characters with
    /// an uppercase, a lowercase and a digit.
    #[must_use]
    pub const fn invitation_default() -> Self {
        Self {
            company: None,
            digits: true,
            letters: false,
            lowercase: true,
            uppercase: true,
            symbols: false,
            special_characters: false,
            minimum_length: 6,
            maximum_length: 16,
            active: true,
        }
    }
}

/// The special characters the seed lists for new passwords.
pub const SPECIAL_CHARACTERS: &str = "!@#$%^&*)(+=._-";

impl PasswordPolicy {
    /// The rules `password` does not meet, in a stable order; empty when it passes.
    #[must_use]
    pub fn unmet(&self, password: &str) -> Vec<Rule> {
        let length = password.chars().count();
        let has = |predicate: fn(char) -> bool| password.chars().any(predicate);
        let checks = [
            (Rule::MinimumLength, length < usize::from(self.minimum_length)),
            (Rule::MaximumLength, length > usize::from(self.maximum_length)),
            (Rule::Digit, self.digits && !has(|c| c.is_ascii_digit())),
            (Rule::Letter, self.letters && !has(char::is_alphabetic)),
            (Rule::Lowercase, self.lowercase && !has(char::is_lowercase)),
            (Rule::Uppercase, self.uppercase && !has(char::is_uppercase)),
            (Rule::Symbol, self.symbols && !has(|c| !c.is_alphanumeric() && !c.is_whitespace())),
            (Rule::SpecialCharacter, self.special_characters && !has(|c| SPECIAL_CHARACTERS.contains(c))),
            (Rule::NoWhitespace, has(char::is_whitespace)),
        ];
        checks.into_iter().filter_map(|(rule, failed)| failed.then_some(rule)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_password_rule_of_the_seed() {
        let policy = PasswordPolicy::new_password();
        assert!(policy.unmet("Sunny-day42").is_empty());
        assert_eq!(policy.unmet("Sunny-d4"), [Rule::MinimumLength]);
        assert_eq!(policy.unmet("sunny-day-42"), [Rule::Uppercase]);
        assert_eq!(policy.unmet("SunnyDay4242"), [Rule::SpecialCharacter]);
        assert_eq!(policy.unmet("Sunny day-42"), [Rule::NoWhitespace]);
        assert_eq!(policy.unmet("Sunny-day-and-night-42"), [Rule::MaximumLength]);
    }
}
