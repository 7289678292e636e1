//! Password policies: a record of requirements (global or per company) evaluated into one
//! verdict per rule, so the UI can show which rule is unmet and the server refuses with the
//! same reasons. Pure: no I/O. The browser runs the same rules for live hints; both sides
//! pass the vectors in `vectors.json`.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use std::{collections::HashSet, sync::LazyLock};

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
    /// Not one of the most common passwords, nor one of them with digits or symbols appended.
    NotCommon,
    /// Contains neither the person's e-mail (or its local part) nor a part of their name.
    NoPersonalInfo,
}

/// Whether one rule is met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub rule: Rule,
    pub met: bool,
}

/// Whose password it is: what it must not contain.
#[derive(Clone, Copy, Debug, Default)]
pub struct Person<'a> {
    pub email: &'a str,
    pub name: &'a str,
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

/// The special characters the seed lists for new passwords.
pub const SPECIAL_CHARACTERS: &str = "!@#$%^&*)(+=._-";

/// The 5,000 most common passwords, lower-cased (from zxcvbn-ts's frequency list, MIT).
pub const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| COMMON_PASSWORDS.lines().collect());

/// Name or e-mail parts shorter than this are too likely to occur by chance.
const PERSONAL_MINIMUM: usize = 3;

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
        Self { special_characters: false, minimum_length: 6, ..Self::new_password() }
    }

    /// One verdict for every rule this policy has, in a stable order.
    #[must_use]
    pub fn evaluate(&self, password: &str, person: Person<'_>) -> Vec<Verdict> {
        let length = password.chars().count();
        let has = |predicate: fn(char) -> bool| password.chars().any(predicate);
        let checks = [
            (Rule::MinimumLength, true, length >= usize::from(self.minimum_length)),
            (Rule::MaximumLength, true, length <= usize::from(self.maximum_length)),
            (Rule::Digit, self.digits, has(|c| c.is_ascii_digit())),
            (Rule::Letter, self.letters, has(char::is_alphabetic)),
            (Rule::Lowercase, self.lowercase, has(char::is_lowercase)),
            (Rule::Uppercase, self.uppercase, has(char::is_uppercase)),
            (Rule::Symbol, self.symbols, has(|c| !c.is_alphanumeric() && !c.is_whitespace())),
            (Rule::SpecialCharacter, self.special_characters, has(|c| SPECIAL_CHARACTERS.contains(c))),
            (Rule::NoWhitespace, true, !has(char::is_whitespace)),
            (Rule::NotCommon, true, !is_common(password)),
            (Rule::NoPersonalInfo, true, !contains_personal_info(password, person)),
        ];
        checks.into_iter().filter(|(_, applies, _)| *applies).map(|(rule, _, met)| Verdict { rule, met }).collect()
    }

    /// The rules `password` does not meet; empty when it passes.
    #[must_use]
    pub fn unmet(&self, password: &str, person: Person<'_>) -> Vec<Rule> {
        self.evaluate(password, person).into_iter().filter(|v| !v.met).map(|v| v.rule).collect()
    }
}

fn is_common(password: &str) -> bool {
    let lower = password.to_lowercase();
    let base = lower.trim_end_matches(|c: char| !c.is_alphabetic());
    COMMON.contains(lower.as_str()) || (!base.is_empty() && COMMON.contains(base))
}

fn contains_personal_info(password: &str, person: Person<'_>) -> bool {
    let lower = password.to_lowercase();
    let email = person.email.trim().to_lowercase();
    let local = email.split('@').next().unwrap_or_default().to_owned();
    let names = person.name.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase);
    [email, local]
        .into_iter()
        .chain(names)
        .filter(|part| part.chars().count() >= PERSONAL_MINIMUM)
        .any(|part| lower.contains(&part))
}

impl From<Rule> for kernel::FieldCode {
    fn from(rule: Rule) -> Self {
        match rule {
            Rule::MinimumLength => Self::MinimumLength,
            Rule::MaximumLength => Self::MaximumLength,
            Rule::Digit => Self::Digit,
            Rule::Letter => Self::Letter,
            Rule::Lowercase => Self::Lowercase,
            Rule::Uppercase => Self::Uppercase,
            Rule::Symbol => Self::Symbol,
            Rule::SpecialCharacter => Self::SpecialCharacter,
            Rule::NoWhitespace => Self::NoWhitespace,
            Rule::NotCommon => Self::NotCommon,
            Rule::NoPersonalInfo => Self::NoPersonalInfo,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NOBODY: Person<'static> = Person { email: "", name: "" };

    #[test]
    fn the_new_password_rule_of_the_seed() {
        let policy = PasswordPolicy::new_password();
        assert!(policy.unmet("Zorbel-lamp42", NOBODY).is_empty());
        assert_eq!(policy.unmet("Zorbel-l4", NOBODY), [Rule::MinimumLength]);
        assert_eq!(policy.unmet("zorbel-lamp-42", NOBODY), [Rule::Uppercase]);
        assert_eq!(policy.unmet("ZorbelLamp4242", NOBODY), [Rule::SpecialCharacter]);
        assert_eq!(policy.unmet("Zorbel lamp-42", NOBODY), [Rule::NoWhitespace]);
        assert_eq!(policy.unmet("Zorbel-lamp-and-vine-42", NOBODY), [Rule::MaximumLength]);
    }

    #[test]
    fn common_passwords_and_their_decorations_are_refused() {
        let policy = PasswordPolicy::new_password();
        assert_eq!(policy.unmet("Password123!", NOBODY), [Rule::NotCommon]);
        assert_eq!(policy.unmet("Football2024!", NOBODY), [Rule::NotCommon]);
        assert!(COMMON.len() >= 5000);
    }

    #[test]
    fn the_persons_email_and_name_are_refused() {
        let policy = PasswordPolicy::new_password();
        let asha = Person { email: "asha.rao@meridian.example", name: "Asha Rao" };
        assert_eq!(policy.unmet("Xasha.rao-42Z", asha), [Rule::NoPersonalInfo]);
        assert_eq!(policy.unmet("Q-Asha-2024z!", asha), [Rule::NoPersonalInfo]);
        assert_eq!(policy.unmet("Q-Rao-2024z!", asha), [Rule::NoPersonalInfo], "a name part of three letters counts");
        let li = Person { email: "li@wu.example", name: "Li Wu" };
        assert!(policy.unmet("Q-Li-Wu-2024z!", li).is_empty(), "parts under three letters occur by chance");
    }

    proptest! {
        #[test]
        fn every_applicable_rule_has_exactly_one_verdict(password in "\\PC{0,24}") {
            let policy = PasswordPolicy::new_password();
            let verdicts = policy.evaluate(&password, NOBODY);
            let rules: HashSet<Rule> = verdicts.iter().map(|v| v.rule).collect();
            prop_assert_eq!(rules.len(), verdicts.len());
        }

        #[test]
        fn too_short_is_always_reported(password in "[A-Za-z0-9!@#]{0,9}") {
            prop_assert!(PasswordPolicy::new_password().unmet(&password, NOBODY).contains(&Rule::MinimumLength));
        }

        #[test]
        fn whitespace_anywhere_is_always_reported(head in "[A-Za-z0-9]{0,8}", tail in "[A-Za-z0-9]{0,8}", space in "[ \\t\\n]") {
            let password = format!("{head}{space}{tail}");
            prop_assert!(PasswordPolicy::invitation_default().unmet(&password, NOBODY).contains(&Rule::NoWhitespace));
        }

        #[test]
        fn a_password_with_every_class_passes(upper in "[A-Z]{3}", lower in "[a-z]{3}", digits in "[0-9]{3}", special in "[!@#$%^&*()+=._-]{2}") {
            // Interleaved so no dictionary word survives; an accidental hit would show as NOT_COMMON.
            let password: String = upper.chars().zip(lower.chars()).zip(digits.chars()).flat_map(|((u, l), d)| [u, l, d]).chain(special.chars()).collect();
            prop_assert_eq!(PasswordPolicy::new_password().unmet(&password, NOBODY), Vec::<Rule>::new());
        }
    }
}
