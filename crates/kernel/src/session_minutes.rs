//! A company's session time: the idle timeout of its users' sessions, 1 to 60 minutes.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct SessionMinutes(u8);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("session time must be between 1 and 60 minutes, not {0}")]
pub struct SessionMinutesError(pub i64);

impl SessionMinutes {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 60;

    /// # Errors
    /// [`SessionMinutesError`] outside `1..=60`.
    pub fn new(minutes: i64) -> Result<Self, SessionMinutesError> {
        u8::try_from(minutes)
            .ok()
            .filter(|m| (Self::MIN..=Self::MAX).contains(m))
            .map(Self)
            .ok_or(SessionMinutesError(minutes))
    }

    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl<'de> Deserialize<'de> for SessionMinutes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Self::new(i64::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_sixty_minutes_are_a_session_time() {
        assert_eq!(SessionMinutes::new(1).map(SessionMinutes::get), Ok(1));
        assert_eq!(SessionMinutes::new(60).map(SessionMinutes::get), Ok(60));
        for bad in [0, 61, -1, 300] {
            assert_eq!(SessionMinutes::new(bad), Err(SessionMinutesError(bad)));
        }
    }
}
