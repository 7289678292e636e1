//! Time as a port, so expiry rules are tested by moving a clock rather than by sleeping.

use std::sync::{Arc, Mutex};
use time::{Duration, OffsetDateTime};

pub trait Clock: Clone + Send + Sync + 'static {
    fn now(&self) -> OffsetDateTime;
}

/// The wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// A clock that only moves when told to; shared between clones.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Mutex<OffsetDateTime>>);

impl ManualClock {
    #[must_use]
    pub fn starting_at(at: OffsetDateTime) -> Self {
        Self(Arc::new(Mutex::new(at)))
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> OffsetDateTime {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The wall clock in production, a manual one in tests: one concrete type the composition
/// root can hold whichever it was given.
#[derive(Clone, Debug)]
pub enum AnyClock {
    System(SystemClock),
    Manual(ManualClock),
}

impl Clock for AnyClock {
    fn now(&self) -> OffsetDateTime {
        match self {
            Self::System(clock) => clock.now(),
            Self::Manual(clock) => clock.now(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_for_every_clone() {
        let start = OffsetDateTime::UNIX_EPOCH;
        let clock = ManualClock::starting_at(start);
        let other = clock.clone();
        clock.advance(Duration::minutes(5));
        assert_eq!(other.now(), start + Duration::minutes(5));
    }
}
