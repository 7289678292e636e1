//! The seat ledger of one licence allocation. Seats are not objects that can be leaked or
//! double-counted: the ledger keeps who holds a seat, at most one entry per trainee, and
//! derives the free seats from the count bought. Over-assignment, a second seat for the same
//! trainee, and reclaiming a seat already in use are impossible by construction.

use std::collections::BTreeMap;

use kernel::UserId;
use time::{Date, Duration, OffsetDateTime};

use crate::Allocation;

/// How far ahead "expiring soon" looks.
pub const EXPIRING_WITHIN: Duration = Duration::days(30);

/// What a trainee's seat is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// Given to the trainee; the game has not been started with it yet.
    Assigned { at: OffsetDateTime },
    /// The trainee has started the game (the first hand-off): the seat is used for good.
    Activated { assigned_at: OffsetDateTime, at: OffsetDateTime },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LedgerError {
    #[error("all {seats} seats of the allocation are taken")]
    NoSeatLeft { seats: u32 },
    #[error("the allocation is not valid on {on}")]
    NotValid { on: Date },
    #[error("the trainee holds no seat of this allocation")]
    NoSeat,
    #[error("the seat is in use (the game was started with it) and cannot be taken back")]
    Activated,
}

/// The seat counts of an allocation's summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatSummary {
    pub purchased: u32,
    pub assigned: u32,
    pub activated: u32,
    pub available: u32,
    /// Seats of an allocation whose validity has ended.
    pub expired: u32,
    /// Seats of a valid allocation that ends within [`EXPIRING_WITHIN`].
    pub expiring_soon: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLedger {
    allocation: Allocation,
    holdings: BTreeMap<UserId, Holding>,
}

impl SeatLedger {
    #[must_use]
    pub const fn new(allocation: Allocation) -> Self {
        Self { allocation, holdings: BTreeMap::new() }
    }

    /// Rebuilds a ledger from stored holdings; a trainee appearing twice keeps the first.
    #[must_use]
    pub fn from_holdings(allocation: Allocation, holdings: impl IntoIterator<Item = (UserId, Holding)>) -> Self {
        let mut ledger = Self::new(allocation);
        for (user, holding) in holdings {
            ledger.holdings.entry(user).or_insert(holding);
        }
        ledger
    }

    #[must_use]
    pub const fn allocation(&self) -> &Allocation {
        &self.allocation
    }

    #[must_use]
    pub fn holding(&self, user: UserId) -> Option<Holding> {
        self.holdings.get(&user).copied()
    }

    pub fn holdings(&self) -> impl Iterator<Item = (UserId, Holding)> + '_ {
        self.holdings.iter().map(|(user, holding)| (*user, *holding))
    }

    fn valid_on(&self, at: OffsetDateTime) -> bool {
        self.allocation.valid_on(at.date())
    }

    fn taken(&self) -> u32 {
        u32::try_from(self.holdings.len()).unwrap_or(u32::MAX)
    }

    /// Gives `user` a seat. Assigning someone who already holds one changes nothing.
    /// Outside the validity nothing is assigned.
    ///
    /// # Errors
    /// [`LedgerError::NotValid`] outside the validity; [`LedgerError::NoSeatLeft`] when every
    /// seat is taken.
    pub fn assign(&mut self, user: UserId, at: OffsetDateTime) -> Result<Holding, LedgerError> {
        // An expired allocation assigns nothing, not even the seat someone already holds: the
        // trainee needs a seat of a valid allocation.
        if !self.valid_on(at) {
            return Err(LedgerError::NotValid { on: at.date() });
        }
        if let Some(holding) = self.holding(user) {
            return Ok(holding);
        }
        if self.taken() >= self.allocation.seats {
            return Err(LedgerError::NoSeatLeft { seats: self.allocation.seats });
        }
        let holding = Holding::Assigned { at };
        self.holdings.insert(user, holding);
        Ok(holding)
    }

    /// The trainee starts the game: their seat becomes used for good. Starting again is fine.
    ///
    /// # Errors
    /// [`LedgerError::NoSeat`] without a seat; [`LedgerError::NotValid`] once the allocation
    /// has expired (the game must not start).
    pub fn activate(&mut self, user: UserId, at: OffsetDateTime) -> Result<Holding, LedgerError> {
        let holding = self.holding(user).ok_or(LedgerError::NoSeat)?;
        if !self.valid_on(at) {
            return Err(LedgerError::NotValid { on: at.date() });
        }
        let activated = match holding {
            Holding::Assigned { at: assigned_at } => Holding::Activated { assigned_at, at },
            activated @ Holding::Activated { .. } => activated,
        };
        self.holdings.insert(user, activated);
        Ok(activated)
    }

    /// Takes an unused seat back into the pool (an admin's revocation, or the trainee being
    /// disabled).
    ///
    /// # Errors
    /// [`LedgerError::NoSeat`]; [`LedgerError::Activated`] for a seat already in use.
    pub fn release(&mut self, user: UserId) -> Result<(), LedgerError> {
        match self.holding(user) {
            None => Err(LedgerError::NoSeat),
            Some(Holding::Activated { .. }) => Err(LedgerError::Activated),
            Some(Holding::Assigned { .. }) => {
                self.holdings.remove(&user);
                Ok(())
            }
        }
    }

    /// The counts of the "licence summary" screens at `now`.
    #[must_use]
    pub fn summary(&self, now: OffsetDateTime) -> SeatSummary {
        let activated =
            u32::try_from(self.holdings.values().filter(|h| matches!(h, Holding::Activated { .. })).count())
                .unwrap_or(u32::MAX);
        SeatSummary::of(&self.allocation, self.taken(), activated, now)
    }
}

impl SeatSummary {
    /// The counts of one allocation holding `taken` seats, `activated` of them used, at `now`.
    #[must_use]
    pub fn of(allocation: &Allocation, taken: u32, activated: u32, now: OffsetDateTime) -> Self {
        let purchased = allocation.seats;
        let assigned = taken.saturating_sub(activated);
        let today = now.date();
        if today > allocation.valid_until {
            return Self { purchased, assigned, activated, available: 0, expired: purchased, expiring_soon: 0 };
        }
        let ending_soon = allocation.valid_until <= (now + EXPIRING_WITHIN).date();
        Self {
            purchased,
            assigned,
            activated,
            available: purchased.saturating_sub(taken),
            expired: 0,
            expiring_soon: if ending_soon { purchased } else { 0 },
        }
    }

    /// Adds another allocation's counts (a company's or a batch's total).
    #[must_use]
    pub const fn plus(self, other: Self) -> Self {
        Self {
            purchased: self.purchased + other.purchased,
            assigned: self.assigned + other.assigned,
            activated: self.activated + other.activated,
            available: self.available + other.available,
            expired: self.expired + other.expired,
            expiring_soon: self.expiring_soon + other.expiring_soon,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::{AllocationId, CompanyId};
    use proptest::prelude::*;
    use time::macros::{date, datetime};

    const NOW: OffsetDateTime = datetime!(2026-11-22 10:00 UTC);

    fn allocation(seats: u32) -> Allocation {
        Allocation {
            id: AllocationId::new(),
            company: CompanyId::new(),
            batch: None,
            seats,
            valid_from: date!(2026 - 01 - 01),
            valid_until: date!(2027 - 06 - 30),
        }
    }

    #[test]
    fn a_fourth_trainee_finds_no_seat_among_three() {
        let mut ledger = SeatLedger::new(allocation(3));
        for _ in 0..3 {
            ledger.assign(UserId::new(), NOW).unwrap();
        }
        assert_eq!(ledger.assign(UserId::new(), NOW), Err(LedgerError::NoSeatLeft { seats: 3 }));
        let summary = ledger.summary(NOW);
        assert_eq!((summary.assigned, summary.available), (3, 0));
    }

    #[test]
    fn assigning_the_same_trainee_again_takes_no_second_seat() {
        let mut ledger = SeatLedger::new(allocation(2));
        let asha = UserId::new();
        let first = ledger.assign(asha, NOW).unwrap();
        assert_eq!(ledger.assign(asha, NOW + Duration::days(1)), Ok(first));
        assert_eq!(ledger.summary(NOW).available, 1);
    }

    #[test]
    fn an_unused_seat_returns_to_the_pool_but_a_used_one_does_not() {
        let mut ledger = SeatLedger::new(allocation(1));
        let (asha, ravi) = (UserId::new(), UserId::new());
        ledger.assign(asha, NOW).unwrap();
        ledger.release(asha).unwrap();
        ledger.assign(ravi, NOW).unwrap();
        ledger.activate(ravi, NOW).unwrap();
        assert_eq!(ledger.release(ravi), Err(LedgerError::Activated));
        assert_eq!(ledger.assign(asha, NOW), Err(LedgerError::NoSeatLeft { seats: 1 }));
        assert_eq!(ledger.summary(NOW).activated, 1);
    }

    #[test]
    fn an_expired_allocation_starts_no_game_and_counts_as_expired() {
        let mut ledger = SeatLedger::new(allocation(2));
        let asha = UserId::new();
        ledger.assign(asha, NOW).unwrap();
        let later = datetime!(2027-07-01 09:00 UTC);
        assert_eq!(ledger.activate(asha, later), Err(LedgerError::NotValid { on: later.date() }));
        assert_eq!(ledger.assign(UserId::new(), later), Err(LedgerError::NotValid { on: later.date() }));
        let summary = ledger.summary(later);
        assert_eq!((summary.expired, summary.available), (2, 0));
        assert_eq!(ledger.summary(datetime!(2027-06-10 09:00 UTC)).expiring_soon, 2);
        assert_eq!(ledger.summary(NOW).expiring_soon, 0);
    }

    #[derive(Clone, Debug)]
    enum Step {
        Assign(usize),
        Activate(usize),
        Release(usize),
        Wait(i64),
    }

    fn steps() -> impl Strategy<Value = Vec<Step>> {
        let step = prop_oneof![
            (0..8_usize).prop_map(Step::Assign),
            (0..8_usize).prop_map(Step::Activate),
            (0..8_usize).prop_map(Step::Release),
            (0..90_i64).prop_map(Step::Wait),
        ];
        proptest::collection::vec(step, 0..60)
    }

    proptest! {
        /// No sequence of assign / activate / release (revoke, disable) / time passing ever
        /// holds more seats than were bought, gives a trainee two, frees a used one, or
        /// hands out a seat outside the validity.
        #[test]
        fn the_ledger_never_miscounts(seats in 0..5_u32, steps in steps()) {
            let users: Vec<UserId> = (0..8).map(|_| UserId::new()).collect();
            let mut ledger = SeatLedger::new(allocation(seats));
            let mut now = datetime!(2027-03-01 00:00 UTC);
            for step in steps {
                let before = ledger.clone();
                match step {
                    Step::Assign(u) => { let _ = ledger.assign(users[u], now); }
                    Step::Activate(u) => { let _ = ledger.activate(users[u], now); }
                    Step::Release(u) => {
                        let was_used = matches!(before.holding(users[u]), Some(Holding::Activated { .. }));
                        let _ = ledger.release(users[u]);
                        prop_assert!(!was_used || ledger.holding(users[u]).is_some(), "a used seat came back");
                    }
                    Step::Wait(days) => now += Duration::days(days),
                }
                let summary = ledger.summary(now);
                prop_assert!(summary.assigned + summary.activated <= summary.purchased);
                prop_assert_eq!(ledger.holdings().count(), (summary.assigned + summary.activated) as usize);
                let newly_held = ledger.holdings().filter(|(u, _)| before.holding(*u).is_none()).count();
                prop_assert!(newly_held == 0 || now.date() <= ledger.allocation().valid_until, "a seat given after expiry");
                for (user, holding) in before.holdings() {
                    if matches!(holding, Holding::Activated { .. }) {
                        prop_assert!(matches!(ledger.holding(user), Some(Holding::Activated { .. })), "activation undone");
                    }
                }
            }
        }
    }
}
