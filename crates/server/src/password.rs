//! Random passwords for accounts the operator creates from the command line.

use rand::{RngExt, seq::SliceRandom};

const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER: &[u8] = b"abcdefghijkmnopqrstuvwxyz";
const DIGITS: &[u8] = b"23456789";
const SPECIAL: &[u8] = b"!@#$%^&*+=._-";

/// 16 characters drawn from the OS RNG with at least one of each class the password policy
/// asks for, so a generated password is always one a user could have chosen. Look-alike
/// characters (0/O, 1/l/I) are left out because people copy these by eye.
#[must_use]
pub fn generate() -> String {
    let mut rng = rand::rng();
    let classes = [UPPER, LOWER, DIGITS, SPECIAL];
    let mut chars: Vec<u8> = classes.iter().map(|class| class[rng.random_range(..class.len())]).collect();
    let all: Vec<u8> = classes.concat();
    chars.extend((0..12).map(|_| all[rng.random_range(..all.len())]));
    chars.shuffle(&mut rng);
    chars.into_iter().map(char::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_password_has_every_class_and_sixteen_characters() {
        for _ in 0..200 {
            let password = generate();
            assert_eq!(password.len(), 16);
            for class in [UPPER, LOWER, DIGITS, SPECIAL] {
                assert!(password.bytes().any(|b| class.contains(&b)), "{password}");
            }
        }
        assert_ne!(generate(), generate());
    }
}
