//! The seat ledgers: of one licence allocation, and of a company over all its allocations.
//! Seats are not objects that can be leaked or double-counted: a ledger keeps who holds a
//! seat, at most one entry per trainee, and derives the free seats from the count bought.
//! Over-assignment, a second live seat for the same trainee, and reclaiming a seat already in
//! use are impossible by construction. [`SeatSummary`] is the one definition of the counts
//! every screen shows.

use std::collections::BTreeMap;

use kernel::{AllocationId, BatchId, UserId};
use time::{Date, Duration, OffsetDateTime};

use crate::{Allocation, AllocationUse, seat_sources};

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
    #[error("no seat is left for the trainee")]
    NoSeatLeft,
    #[error("the allocation is not valid on {on}")]
    NotValid { on: Date },
    #[error("the trainee holds no seat")]
    NoSeat,
    #[error("the seat is in use (the game was started with it) and cannot be taken back")]
    Activated,
}

/// The seat counts of the "licence summary" screens, of one allocation or summed over several.
/// This is the one definition every count follows:
///
/// - `purchased`: seats bought.
/// - `assigned`: seats a trainee holds (invited or active, game started or not) in an
///   allocation that has not ended.
/// - `activated`: the assigned seats whose trainee has started the game — part of `assigned`.
/// - `available`: seats of an allocation that has not ended which nobody holds.
/// - `expired`: every seat of an allocation whose validity has ended, held or not. Nobody can
///   start the game with them any more, so they are neither assigned nor available.
/// - `expiring_soon`: the seats (assigned or available) of an allocation that ends within
///   [`EXPIRING_WITHIN`].
///
/// So `purchased = assigned + available + expired`, `activated ≤ assigned` and
/// `expiring_soon ≤ assigned + available`. A revoked seat is no count of its own: it is
/// available again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatSummary {
    pub purchased: u32,
    pub assigned: u32,
    pub activated: u32,
    pub available: u32,
    pub expired: u32,
    pub expiring_soon: u32,
}

impl SeatSummary {
    /// The counts of one allocation holding `taken` seats, `activated` of them used, at `now`.
    #[must_use]
    pub fn of(allocation: &Allocation, taken: u32, activated: u32, now: OffsetDateTime) -> Self {
        let purchased = allocation.seats;
        if now.date() > allocation.valid_until {
            return Self { purchased, expired: purchased, ..Self::default() };
        }
        let ending_soon = allocation.valid_until <= (now + EXPIRING_WITHIN).date();
        Self {
            purchased,
            assigned: taken,
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

impl AllocationUse {
    /// This allocation's counts at `now`.
    #[must_use]
    pub fn summary(&self, now: OffsetDateTime) -> SeatSummary {
        SeatSummary::of(&self.allocation, self.taken, self.activated, now)
    }
}

/// The seats of one allocation.
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

    fn count(&self, which: impl Fn(&Holding) -> bool) -> u32 {
        u32::try_from(self.holdings.values().filter(|h| which(h)).count()).unwrap_or(u32::MAX)
    }

    /// The allocation with the seats it holds, as the store reports it.
    #[must_use]
    pub fn usage(&self) -> AllocationUse {
        AllocationUse {
            allocation: self.allocation.clone(),
            taken: self.count(|_| true),
            activated: self.count(|h| matches!(h, Holding::Activated { .. })),
        }
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
        if self.usage().taken >= self.allocation.seats {
            return Err(LedgerError::NoSeatLeft);
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

    /// Takes an unused seat back into the pool: an admin's revocation, or the trainee being
    /// disabled (for the ledger the two are the same).
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
        self.usage().summary(now)
    }
}

/// The seats of one company over all its allocations, with the rule that a trainee holds at
/// most one live seat of it. A seat of an allocation that has ended stays live (and counts as
/// expired) until the trainee takes a seat of a valid allocation, which replaces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompanyLedger {
    ledgers: Vec<SeatLedger>,
}

impl CompanyLedger {
    #[must_use]
    pub fn new(allocations: impl IntoIterator<Item = Allocation>) -> Self {
        Self { ledgers: allocations.into_iter().map(SeatLedger::new).collect() }
    }

    #[must_use]
    pub fn ledgers(&self) -> &[SeatLedger] {
        &self.ledgers
    }

    fn holder(&self, user: UserId) -> Option<usize> {
        self.ledgers.iter().position(|l| l.holding(user).is_some())
    }

    /// The allocation of `user`'s live seat, and what the seat is doing.
    #[must_use]
    pub fn seat_of(&self, user: UserId) -> Option<(&Allocation, Holding)> {
        let ledger = &self.ledgers[self.holder(user)?];
        Some((ledger.allocation(), ledger.holding(user)?))
    }

    /// Gives `user`, a member of `batches`, a seat. Someone holding a seat of a valid
    /// allocation keeps it; otherwise the seat comes from the best source ([`seat_sources`])
    /// and replaces a seat of an allocation that has ended.
    ///
    /// # Errors
    /// [`LedgerError::NoSeatLeft`] when no valid allocation of theirs has a seat left, or
    /// while they hold a seat of an allocation that has not begun.
    pub fn assign(
        &mut self,
        user: UserId,
        batches: &[BatchId],
        at: OffsetDateTime,
    ) -> Result<(AllocationId, Holding), LedgerError> {
        let today = at.date();
        let held = self.holder(user);
        if let Some(index) = held {
            let ledger = &self.ledgers[index];
            if ledger.allocation().valid_on(today) {
                return Ok((ledger.allocation().id, ledger.holding(user).ok_or(LedgerError::NoSeat)?));
            }
            if today <= ledger.allocation().valid_until {
                return Err(LedgerError::NoSeatLeft);
            }
        }
        let uses: Vec<AllocationUse> = self.ledgers.iter().map(SeatLedger::usage).collect();
        let source = seat_sources(&uses, batches, today).first().map(|u| u.allocation.id);
        let index = source
            .and_then(|id| self.ledgers.iter().position(|l| l.allocation().id == id))
            .ok_or(LedgerError::NoSeatLeft)?;
        if let Some(ended) = held {
            self.ledgers[ended].holdings.remove(&user);
        }
        let holding = self.ledgers[index].assign(user, at)?;
        Ok((self.ledgers[index].allocation().id, holding))
    }

    /// The trainee starts the game with their live seat.
    ///
    /// # Errors
    /// As [`SeatLedger::activate`].
    pub fn activate(&mut self, user: UserId, at: OffsetDateTime) -> Result<Holding, LedgerError> {
        let index = self.holder(user).ok_or(LedgerError::NoSeat)?;
        self.ledgers[index].activate(user, at)
    }

    /// Takes the trainee's unused seat back into the pool.
    ///
    /// # Errors
    /// As [`SeatLedger::release`].
    pub fn release(&mut self, user: UserId) -> Result<(), LedgerError> {
        let index = self.holder(user).ok_or(LedgerError::NoSeat)?;
        self.ledgers[index].release(user)
    }

    /// The company's counts at `now`: the sum over its allocations.
    #[must_use]
    pub fn summary(&self, now: OffsetDateTime) -> SeatSummary {
        self.ledgers.iter().map(|l| l.summary(now)).fold(SeatSummary::default(), SeatSummary::plus)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::CompanyId;
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
        assert_eq!(ledger.assign(UserId::new(), NOW), Err(LedgerError::NoSeatLeft));
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
        assert_eq!(ledger.assign(asha, NOW), Err(LedgerError::NoSeatLeft));
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

    #[test]
    fn an_activated_seat_is_also_assigned_and_the_counts_add_up() {
        let mut ledger = SeatLedger::new(allocation(9));
        let trainees: Vec<UserId> = (0..8).map(|_| UserId::new()).collect();
        for trainee in &trainees {
            ledger.assign(*trainee, NOW).unwrap();
        }
        for trainee in &trainees[1..] {
            ledger.activate(*trainee, NOW).unwrap();
        }
        let summary = ledger.summary(NOW);
        assert_eq!(
            (summary.purchased, summary.assigned, summary.activated, summary.available, summary.expired),
            (9, 8, 7, 1, 0),
            "seven who play and one invited: eight assigned, seven of them activated"
        );
    }

    #[test]
    fn a_trainee_whose_seat_expired_takes_a_new_one_which_replaces_it() {
        let asha = UserId::new();
        let first = Allocation { valid_until: date!(2026 - 12 - 31), ..allocation(1) };
        let second = allocation(1);
        let mut company = CompanyLedger::new([first.clone(), second.clone()]);
        assert_eq!(company.assign(asha, &[], NOW).unwrap().0, first.id, "the seat that lapses first goes first");
        company.activate(asha, NOW).unwrap();
        let december = datetime!(2026-12-10 09:00 UTC);
        assert_eq!(company.assign(asha, &[], december).unwrap().0, first.id, "a valid seat is kept");
        let january = datetime!(2027-01-02 09:00 UTC);
        assert_eq!(company.assign(asha, &[], january).map(|(id, _)| id), Ok(second.id));
        assert_eq!(company.ledgers()[0].holdings().count(), 0, "the expired seat is replaced, not kept twice");
        let summary = company.summary(january);
        assert_eq!((summary.purchased, summary.assigned, summary.expired, summary.available), (2, 1, 1, 0));
    }

    #[derive(Clone, Debug)]
    enum Step {
        Assign(usize),
        Activate(usize),
        /// The trainee is disabled: their unused seat goes back.
        Release(usize),
        /// An admin takes the trainee's unused seat back.
        Revoke(usize),
        Wait(i64),
        /// Time runs to the day after the next allocation ends.
        Expire,
    }

    fn steps() -> impl Strategy<Value = Vec<Step>> {
        let step = prop_oneof![
            3 => (0..8_usize).prop_map(Step::Assign),
            2 => (0..8_usize).prop_map(Step::Activate),
            1 => (0..8_usize).prop_map(Step::Release),
            1 => (0..8_usize).prop_map(Step::Revoke),
            2 => (0..45_i64).prop_map(Step::Wait),
            1 => Just(Step::Expire),
        ];
        proptest::collection::vec(step, 0..80)
    }

    fn assert_adds_up(summary: SeatSummary) -> Result<(), TestCaseError> {
        prop_assert_eq!(summary.purchased, summary.assigned + summary.available + summary.expired, "{:?}", summary);
        prop_assert!(summary.activated <= summary.assigned, "{:?}", summary);
        prop_assert!(summary.expiring_soon <= summary.assigned + summary.available, "{:?}", summary);
        Ok(())
    }

    proptest! {
        /// No sequence of assign / activate / release / revoke / time passing ever holds more
        /// seats than were bought, gives a trainee two, frees a used one, or hands out a seat
        /// outside the validity.
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
                    Step::Release(u) | Step::Revoke(u) => {
                        let was_used = matches!(before.holding(users[u]), Some(Holding::Activated { .. }));
                        let _ = ledger.release(users[u]);
                        prop_assert!(!was_used || ledger.holding(users[u]).is_some(), "a used seat came back");
                    }
                    Step::Wait(days) => now += Duration::days(days),
                    Step::Expire => now = now.max(ledger.allocation().valid_until.next_day().unwrap().midnight().assume_utc()),
                }
                let summary = ledger.summary(now);
                assert_adds_up(summary)?;
                prop_assert!(ledger.holdings().count() <= seats as usize);
                if now.date() <= ledger.allocation().valid_until {
                    prop_assert_eq!(ledger.holdings().count(), summary.assigned as usize);
                }
                let newly_held = ledger.holdings().filter(|(u, _)| before.holding(*u).is_none()).count();
                prop_assert!(newly_held == 0 || now.date() <= ledger.allocation().valid_until, "a seat given after expiry");
                for (user, holding) in before.holdings() {
                    if matches!(holding, Holding::Activated { .. }) {
                        prop_assert!(matches!(ledger.holding(user), Some(Holding::Activated { .. })), "activation undone");
                    }
                }
            }
        }

        /// The same over a company's allocations — one ending early, one reserved for a batch,
        /// one not yet begun — where trainees also move from an expired seat to a new one:
        /// every count adds up, for each allocation and in total, and no trainee ever holds
        /// two live seats.
        #[test]
        fn a_company_ledger_never_miscounts(seats in proptest::collection::vec(0..4_u32, 3), steps in steps()) {
            let users: Vec<UserId> = (0..8).map(|_| UserId::new()).collect();
            let cohort = BatchId::new();
            let member_of = |u: usize| if u.is_multiple_of(2) { vec![cohort] } else { Vec::new() };
            let allocations = [
                Allocation { seats: seats[0], valid_from: date!(2027 - 01 - 01), valid_until: date!(2027 - 02 - 15), ..allocation(0) },
                Allocation { seats: seats[1], batch: Some(cohort), valid_from: date!(2027 - 01 - 01), valid_until: date!(2027 - 05 - 31), ..allocation(0) },
                Allocation { seats: seats[2], valid_from: date!(2027 - 03 - 01), valid_until: date!(2027 - 12 - 31), ..allocation(0) },
            ];
            let mut company = CompanyLedger::new(allocations.clone());
            let mut now = datetime!(2027-01-10 00:00 UTC);
            for step in steps {
                let before = company.clone();
                match step {
                    Step::Assign(u) => {
                        if let Ok((id, _)) = company.assign(users[u], &member_of(u), now) {
                            let source = allocations.iter().find(|a| a.id == id).unwrap();
                            prop_assert!(source.valid_on(now.date()), "a seat of an allocation not valid today");
                            prop_assert!(source.batch.is_none_or(|b| member_of(u).contains(&b)), "a seat of another batch");
                        }
                    }
                    Step::Activate(u) => { let _ = company.activate(users[u], now); }
                    Step::Release(u) | Step::Revoke(u) => { let _ = company.release(users[u]); }
                    Step::Wait(days) => now += Duration::days(days),
                    Step::Expire => {
                        if let Some(end) = allocations.iter().map(|a| a.valid_until).filter(|end| *end >= now.date()).min() {
                            now = end.next_day().unwrap().midnight().assume_utc();
                        }
                    }
                }
                assert_adds_up(company.summary(now))?;
                for ledger in company.ledgers() {
                    assert_adds_up(ledger.summary(now))?;
                    prop_assert!(ledger.holdings().count() <= ledger.allocation().seats as usize, "over-assigned");
                }
                for user in &users {
                    let live = company.ledgers().iter().filter(|l| l.holding(*user).is_some()).count();
                    prop_assert!(live <= 1, "a trainee holds {} live seats", live);
                    // A used seat is never given back; it only leaves once its allocation has
                    // ended and a new seat replaced it.
                    if let Some((allocation, Holding::Activated { .. })) = before.seat_of(*user) {
                        let kept = matches!(company.seat_of(*user), Some((a, Holding::Activated { .. })) if a.id == allocation.id);
                        prop_assert!(kept || now.date() > allocation.valid_until, "a used seat came back");
                    }
                }
            }
        }
    }
}
