//! The numbers of sign-in, in one place.

use time::{Duration, OffsetDateTime};

/// Failed passwords for one account from one address before guessing there slows down…
pub const PAIR_FAILURES: u32 = 5;
/// …first to one try per this long after the newest failure, doubling with each further
/// failure…
pub const PAIR_FIRST_DELAY: Duration = Duration::seconds(30);
/// …up to this. An account is never locked as such: its owner from another address, or from
/// a browser that signed in to it before, is not slowed by someone guessing elsewhere.
pub const PAIR_MAX_DELAY: Duration = Duration::minutes(15);
/// How long a pair's failures count: far longer than its longest delay, so the delay stays at
/// its cap (one guess per 15 minutes) instead of starting over once the first failures age.
/// A success clears them.
pub const PAIR_WINDOW: Duration = Duration::days(1);
/// Failed passwords from one address across all accounts (spraying), looser because offices
/// share one.
pub const IP_FAILURES: u32 = 30;
/// Failed passwords from one known browser (device cookie) before that browser, and only
/// it, waits out the window.
pub const DEVICE_FAILURES: u32 = 10;
/// The window the other failure limits count in.
pub const FAILURE_WINDOW: Duration = Duration::minutes(15);

/// How long a pair (account, address) with `failures` failures waits before its next try.
#[must_use]
pub fn pair_delay(failures: u32) -> Duration {
    if failures < PAIR_FAILURES {
        return Duration::ZERO;
    }
    let doublings = (failures - PAIR_FAILURES).min(16);
    (PAIR_FIRST_DELAY * 2_i32.pow(doublings)).min(PAIR_MAX_DELAY)
}

/// How long the next try of a pair whose failures are `failures` must still wait, if at all:
/// its delay counts from the newest failure.
#[must_use]
pub fn pair_wait(failures: &crate::Window, now: OffsetDateTime) -> Option<Duration> {
    let delay = pair_delay(failures.count);
    // Below the limit there is no delay, even when another process's failure, reserved while
    // this try waited for the lock, is newer than this try's clock reading.
    if delay.is_zero() {
        return None;
    }
    let ready_at = failures.newest? + delay;
    (ready_at > now).then(|| (ready_at - now).max(Duration::seconds(1)))
}

pub const OTP_LIFETIME: Duration = Duration::minutes(5);
pub const OTP_TRIES: u16 = 5;
/// A new code may be asked for once this long after the last one…
pub const OTP_RESEND_COOL_DOWN: Duration = Duration::seconds(30);
/// …and this many times per challenge within the failure window.
pub const OTP_RESENDS: u32 = 5;

/// Time to read the EULA before the password step must be repeated.
pub const EULA_CHALLENGE_LIFETIME: Duration = Duration::minutes(15);

/// "Last seen" is written at most this often per session, not on every request.
pub const TOUCH_INTERVAL: Duration = Duration::minutes(1);

/// The first super admin's setup link.
pub const SETUP_LINK_LIFETIME: Duration = Duration::hours(24);

/// How long sessions live, set by the operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionPolicy {
    /// Absolute lifetime, however active the session.
    pub lifetime: Duration,
    /// Idle timeout of users outside any company (super admins); company users follow their
    /// company's session time.
    pub admin_idle: Duration,
}

impl Default for SessionPolicy {
    fn default() -> Self {
        Self { lifetime: Duration::hours(12), admin_idle: Duration::minutes(30) }
    }
}

/// A reset link is good for this long, once.
pub const RESET_LINK_LIFETIME: Duration = Duration::minutes(60);
/// An invitation link is good for this long, once; a resent one replaces it.
pub const INVITATION_LIFETIME: Duration = Duration::days(7);
/// Reset or invitation mails per address, and per requesting address, in the failure window.
pub const LINK_MAILS_PER_ACCOUNT: u32 = 3;
pub const LINK_MAILS_PER_IP: u32 = 20;

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn failures(count: u32, newest: OffsetDateTime) -> crate::Window {
        crate::Window { count, oldest: Some(newest), newest: Some(newest) }
    }

    #[test]
    fn a_pair_below_the_limit_never_waits_even_for_a_failure_newer_than_its_clock() {
        let now = datetime!(2026-11-26 12:00 UTC);
        // Reserved by another process that read its clock a moment later.
        let newer = now + Duration::milliseconds(3);
        assert_eq!(pair_wait(&failures(PAIR_FAILURES - 1, newer), now), None);
        assert_eq!(pair_wait(&failures(PAIR_FAILURES, newer), now), Some(PAIR_FIRST_DELAY + Duration::milliseconds(3)));
        assert_eq!(pair_wait(&failures(PAIR_FAILURES, now - PAIR_FIRST_DELAY), now), None);
    }
}
