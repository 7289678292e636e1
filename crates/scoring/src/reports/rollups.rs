//! What a trainee's result at a level adds to the report rollups, kept at ingest so that the
//! views read a row per company and level, or per trainee, instead of every result: per pick,
//! whole and split by difficulty, approach and skill.
//!
//! A result only ever gains attempts. Recording one moves each rollup from what the result
//! counted before to what it counts now ([`changes`]): sums move exactly, while a highest
//! share that fell (or a result that left its owner) must be looked for again among the
//! owner's results ([`look_again`]). The store writes these changes; where it aggregates
//! results in SQL it mirrors [`Measured::share`] and [`Counted::of_result`], and the report
//! oracle test holds the two together.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kernel::{ApproachId, CompanyId, LevelId, SkillId, UserId};
use time::OffsetDateTime;

use super::{Earned, LevelResult, Pick};
use crate::Difficulty;

/// Shares closer than this are the same (one side may come from SQL, the other from Rust).
const SAME_SHARE: f64 = 1e-9;

/// A score out of a maximum as a pick counts it (an average is a fraction).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measured {
    pub score: f64,
    pub max: f64,
}

impl Measured {
    /// The share of the maximum in percent, as the views compute it; nothing out of nothing is 0.
    #[must_use]
    pub fn share(self) -> f64 {
        if self.max > 0.0 { self.score * 100.0 / self.max } else { 0.0 }
    }
}

/// What a result counts in one pick.
#[derive(Clone, Debug, PartialEq)]
struct PickCount {
    measured: Measured,
    difficulty: Difficulty,
    approach: ApproachId,
    /// The skills the counted attempt reported (a maximum above 0): another counts nothing.
    skills: Vec<(SkillId, Measured)>,
}

/// What one trainee's result at one level counts, in every pick.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The company the result's latest attempt was played in.
    pub company: CompanyId,
    attempts: u32,
    latest_at: OffsetDateTime,
    /// Per pick of [`Pick::ALL`].
    picks: [PickCount; 4],
}

#[allow(clippy::cast_precision_loss, reason = "scores and sums are far below 2^52")]
impl Counted {
    /// What `result`, whose latest attempt was played in `company`, counts.
    #[must_use]
    pub fn of_result(company: CompanyId, result: &LevelResult) -> Self {
        let attempts = f64::from(result.attempts);
        let average =
            |sum: u64, max_sum: u64| Measured { score: sum as f64 / attempts, max: max_sum as f64 / attempts };
        let earned = |e: Earned| Measured { score: f64::from(e.points), max: f64::from(e.max) };
        let count = |pick: Pick| {
            let played = match pick {
                Pick::First => &result.first,
                Pick::Best => &result.best,
                Pick::Latest | Pick::Average => &result.latest,
            };
            let measured = match pick {
                Pick::Average => average(result.score_sum, result.max_sum),
                _ => Measured { score: f64::from(played.score), max: f64::from(played.max_score) },
            };
            let skills = result
                .skills
                .iter()
                .map(|s| {
                    let measured = match pick {
                        Pick::First => earned(s.first),
                        Pick::Latest => earned(s.latest),
                        Pick::Best => earned(s.best),
                        Pick::Average => average(s.sum, s.max_sum),
                    };
                    (s.skill, measured)
                })
                .filter(|(_, measured)| measured.max > 0.0)
                .collect();
            PickCount { measured, difficulty: played.difficulty, approach: played.approach, skills }
        };
        Self { company, attempts: result.attempts, latest_at: result.latest.completed_at, picks: Pick::ALL.map(count) }
    }

    fn picks(&self) -> impl Iterator<Item = (Pick, &PickCount)> {
        Pick::ALL.into_iter().zip(&self.picks)
    }
}

/// Whose results a rollup row sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    /// A company's trainees at one level (the results whose latest attempt was played there).
    CompanyLevel { company: CompanyId, level: LevelId },
    /// One trainee, at every level.
    Trainee(UserId),
}

/// Which of an owner's counted attempts a row sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Split {
    /// All of them.
    Whole,
    /// Those played at this difficulty.
    Difficulty(Difficulty),
    /// Those played with this approach.
    Approach(ApproachId),
    /// What they earned in this skill.
    Skill(SkillId),
}

/// A rollup row: one owner's counted results, whole or in one split, in every pick. Rows are
/// written in this order, so two processes wait for each other instead of deadlocking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RowKey {
    pub owner: Owner,
    pub split: Split,
}

/// What a row sums in one pick, or a change to it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PickAmount {
    /// The results this pick counts in the row (a split holds those whose counted play is in it).
    pub results: i64,
    pub score: f64,
    pub max: f64,
    /// The highest share of a result (kept on [`Split::Whole`] rows only): a change only raises it.
    pub highest: f64,
}

/// What a row sums, or a change to it: per pick of [`Pick::ALL`], and what every pick shares.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Amount {
    /// The results' attempts (kept on [`Split::Whole`] rows only).
    pub attempts: i64,
    /// The last play of a result (kept on [`Split::Whole`] rows only): a change only raises it.
    pub last_played: Option<OffsetDateTime>,
    pub picks: [PickAmount; 4],
}

impl Amount {
    /// Whether adding this leaves a row as it was.
    fn is_nothing(&self) -> bool {
        *self == Self::default()
    }

    /// What the row sums in `pick`.
    #[must_use]
    pub fn pick(&self, pick: Pick) -> &PickAmount {
        &self.picks[pick.index()]
    }

    fn pick_mut(&mut self, pick: Pick) -> &mut PickAmount {
        &mut self.picks[pick.index()]
    }

    /// This change added to the row (or to the change before it).
    pub fn add(&mut self, change: &Self) {
        self.attempts += change.attempts;
        self.last_played = self.last_played.max(change.last_played);
        for (row, change) in self.picks.iter_mut().zip(&change.picks) {
            row.results += change.results;
            row.score += change.score;
            row.max += change.max;
            row.highest = row.highest.max(change.highest);
        }
    }
}

/// One trainee's result at one level, as it counted before an attempt came (`None`: it is
/// the first) and as it counts now.
#[derive(Clone, Debug)]
pub struct ResultChange {
    pub trainee: UserId,
    pub level: LevelId,
    pub before: Option<Counted>,
    pub now: Counted,
}

impl ResultChange {
    fn owners(&self, counted: &Counted) -> [Owner; 2] {
        [Owner::CompanyLevel { company: counted.company, level: self.level }, Owner::Trainee(self.trainee)]
    }
}

/// What a set of result changes does to the rollups.
#[derive(Clone, Debug, Default)]
pub struct RollupChanges {
    /// What to add to each row; a row the changes leave as it was is not here.
    pub rows: BTreeMap<RowKey, Amount>,
    /// The company each changed trainee's rows name: that of their last played result here.
    pub trainee_companies: BTreeMap<UserId, CompanyId>,
    /// Owners and picks whose highest share may have fallen, with the highest share a fallen
    /// result had (infinite where one left the owner, which may take the last play too).
    pub fallen: BTreeMap<(Owner, Pick), f64>,
    /// Per trainee and company: results gained there minus results lost.
    pub moved: BTreeMap<(UserId, CompanyId), i64>,
}

/// Adds (`sign` 1) or takes back (`sign` -1) what `counted` counts to `owner`'s rows.
fn count(rows: &mut BTreeMap<RowKey, Amount>, owner: Owner, counted: &Counted, sign: i64) {
    #[allow(clippy::cast_precision_loss, reason = "the sign")]
    let f = sign as f64;
    // Attempts and the last play are only shown whole, and are the same in every pick.
    let whole = rows.entry(RowKey { owner, split: Split::Whole }).or_default();
    whole.attempts += sign * i64::from(counted.attempts);
    if sign > 0 {
        whole.last_played = whole.last_played.max(Some(counted.latest_at));
    }
    for (pick, p) in counted.picks() {
        let splits = [
            (Split::Whole, p.measured),
            (Split::Difficulty(p.difficulty), p.measured),
            (Split::Approach(p.approach), p.measured),
        ];
        let skills = p.skills.iter().map(|(skill, measured)| (Split::Skill(*skill), *measured));
        for (split, measured) in splits.into_iter().chain(skills) {
            let amount = rows.entry(RowKey { owner, split }).or_default().pick_mut(pick);
            amount.results += sign;
            amount.score += f * measured.score;
            amount.max += f * measured.max;
            // The highest share is only shown whole.
            if split == Split::Whole && sign > 0 {
                amount.highest = amount.highest.max(p.measured.share());
            }
        }
    }
}

/// What `changes` do to the rollups.
#[must_use]
pub fn changes(changes: &[ResultChange]) -> RollupChanges {
    let mut out = RollupChanges::default();
    let mut last_played: BTreeMap<UserId, OffsetDateTime> = BTreeMap::new();
    for change in changes {
        let now = &change.now;
        if let Some(before) = &change.before {
            for (owner, stays) in change.owners(before).into_iter().zip(change.owners(now)) {
                count(&mut out.rows, owner, before, -1);
                for ((pick, was), (_, is)) in before.picks().zip(now.picks()) {
                    let left = owner != stays;
                    if left || is.measured.share() < was.measured.share() {
                        let share = if left { f64::INFINITY } else { was.measured.share() };
                        let entry = out.fallen.entry((owner, pick)).or_insert(share);
                        *entry = entry.max(share);
                    }
                }
            }
        }
        for owner in change.owners(now) {
            count(&mut out.rows, owner, now, 1);
        }
        let was_in = change.before.as_ref().map(|before| before.company);
        if was_in != Some(now.company) {
            if let Some(company) = was_in {
                *out.moved.entry((change.trainee, company)).or_default() -= 1;
            }
            *out.moved.entry((change.trainee, now.company)).or_default() += 1;
        }
        if last_played.get(&change.trainee).is_none_or(|at| *at <= now.latest_at) {
            last_played.insert(change.trainee, now.latest_at);
            out.trainee_companies.insert(change.trainee, now.company);
        }
    }
    out.rows.retain(|_, amount| !amount.is_nothing());
    out.moved.retain(|_, n| *n != 0);
    out
}

/// Of the owners and picks whose highest share may have fallen, those where it did: the
/// fallen share was the highest (`highest`: each [`Split::Whole`] row's after the changes
/// were added; none when the row is not there).
#[must_use]
pub fn look_again(
    fallen: &BTreeMap<(Owner, Pick), f64>,
    highest: &HashMap<(Owner, Pick), f64>,
) -> BTreeSet<(Owner, Pick)> {
    fallen
        .iter()
        .filter(|(key, share)| highest.get(key).is_none_or(|best| **share >= best - SAME_SHARE))
        .map(|(key, _)| *key)
        .collect()
}

/// Per company, the change in trainees who have a result there: `moved` as [`changes`] gives
/// it, `after` the number of results each of those trainees has in each company after them.
#[must_use]
pub fn trainees_counted(
    moved: &BTreeMap<(UserId, CompanyId), i64>,
    after: &HashMap<(UserId, CompanyId), i64>,
) -> BTreeMap<CompanyId, i64> {
    let mut trainees: BTreeMap<CompanyId, i64> = BTreeMap::new();
    for (key, gained) in moved {
        let now = after.get(key).copied().unwrap_or(0);
        let change = i64::from(now > 0) - i64::from(now - gained > 0);
        if change != 0 {
            *trainees.entry(key.1).or_default() += change;
        }
    }
    trainees
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use kernel::AttemptId;
    use proptest::prelude::*;
    use time::{Duration, macros::datetime};

    use super::*;
    use crate::reports::Played;

    /// A small world, so that attempts meet: trainees, levels, companies, approaches, skills.
    struct World {
        trainees: [UserId; 3],
        levels: [LevelId; 2],
        companies: [CompanyId; 2],
        approaches: [ApproachId; 2],
        skills: [SkillId; 2],
    }

    impl World {
        fn new() -> Self {
            Self {
                trainees: [UserId::new(), UserId::new(), UserId::new()],
                levels: [LevelId::new(), LevelId::new()],
                companies: [CompanyId::new(), CompanyId::new()],
                approaches: [ApproachId::new(), ApproachId::new()],
                skills: [SkillId::new(), SkillId::new()],
            }
        }
    }

    /// An attempt, as indices into the world: who, where, when, what it scored.
    #[derive(Clone, Debug)]
    struct Sent {
        trainee: usize,
        level: usize,
        company: usize,
        hour: i64,
        score: u32,
        max: u32,
        difficulty: usize,
        approach: usize,
        /// Per skill: reported, with points out of a maximum.
        skills: [Option<(u32, u32)>; 2],
    }

    fn sent() -> impl Strategy<Value = Sent> {
        let skill = proptest::option::of((0..4_u32, 0..3_u32).prop_map(|(points, spare)| (points, points + spare)));
        (0..3_usize, 0..2_usize, 0..2_usize, 0..6_i64, 0..5_u32, 0..3_u32, 0..3_usize, 0..2_usize, skill.clone(), skill)
            .prop_map(|(trainee, level, company, hour, score, spare, difficulty, approach, a, b)| Sent {
                trainee,
                level,
                company,
                hour,
                score,
                max: score + spare,
                difficulty,
                approach,
                skills: [a, b],
            })
    }

    /// Each result's attempts and the company of each attempt.
    type Results = BTreeMap<(UserId, LevelId), Vec<(CompanyId, Played)>>;

    /// What a result counts: its company is that of its latest attempt.
    fn counted(attempts: &[(CompanyId, Played)]) -> Counted {
        let plays: Vec<Played> = attempts.iter().map(|(_, p)| p.clone()).collect();
        let result = LevelResult::of(&plays).expect("a result has attempts");
        let company = attempts.iter().find(|(_, p)| p.attempt == result.latest.attempt).expect("its latest").0;
        Counted::of_result(company, &result)
    }

    /// The rollups worked out from every result at once.
    fn from_scratch(results: &Results) -> BTreeMap<RowKey, Amount> {
        let all: Vec<ResultChange> = results
            .iter()
            .map(|((trainee, level), attempts)| ResultChange {
                trainee: *trainee,
                level: *level,
                before: None,
                now: counted(attempts),
            })
            .collect();
        changes(&all).rows
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-6 * (1.0 + a.abs().max(b.abs()))
    }

    proptest! {
        /// Attempts sent in batches, late ones among them, moving trainees between companies:
        /// the rollups kept change by change are those worked out from all results at once.
        #[test]
        fn kept_rollups_equal_rollups_from_all_results(batches in proptest::collection::vec(proptest::collection::vec(sent(), 1..4), 1..12)) {
            let world = World::new();
            let mut results: Results = BTreeMap::new();
            let mut kept: BTreeMap<RowKey, Amount> = BTreeMap::new();
            let mut trainees: BTreeMap<CompanyId, i64> = BTreeMap::new();
            for batch in batches {
                let before: BTreeMap<(UserId, LevelId), Counted> =
                    results.iter().map(|(pair, attempts)| (*pair, counted(attempts))).collect();
                let mut touched = BTreeSet::new();
                for s in &batch {
                    let pair = (world.trainees[s.trainee], world.levels[s.level]);
                    let skill_points = world
                        .skills
                        .iter()
                        .zip(s.skills)
                        .filter_map(|(skill, earned)| earned.map(|(points, max)| (*skill, Earned { points, max })))
                        .collect();
                    let played = Played {
                        attempt: AttemptId::new(),
                        score: s.score,
                        max_score: s.max,
                        completed_at: datetime!(2026-11-01 10:00 UTC) + Duration::hours(s.hour),
                        difficulty: Difficulty::ALL[s.difficulty],
                        approach: world.approaches[s.approach],
                        skill_points,
                    };
                    results.entry(pair).or_default().push((world.companies[s.company], played));
                    touched.insert(pair);
                }
                let batch_changes: Vec<ResultChange> = touched
                    .iter()
                    .map(|pair| ResultChange {
                        trainee: pair.0,
                        level: pair.1,
                        before: before.get(pair).cloned(),
                        now: counted(&results[pair]),
                    })
                    .collect();

                // As the store does: add, look again where a highest share fell, count trainees.
                let applied = changes(&batch_changes);
                for (key, amount) in &applied.rows {
                    kept.entry(*key).or_default().add(amount);
                }
                let highest: HashMap<(Owner, Pick), f64> = applied
                    .fallen
                    .keys()
                    .filter_map(|(owner, pick)| {
                        kept.get(&RowKey { owner: *owner, split: Split::Whole }).map(|row| ((*owner, *pick), row.pick(*pick).highest))
                    })
                    .collect();
                let now = from_scratch(&results);
                for (owner, pick) in look_again(&applied.fallen, &highest) {
                    let key = RowKey { owner, split: Split::Whole };
                    let found = now.get(&key).copied().unwrap_or_default();
                    let row = kept.entry(key).or_default();
                    row.pick_mut(pick).highest = found.pick(pick).highest;
                    row.last_played = found.last_played;
                }
                let mut after: HashMap<(UserId, CompanyId), i64> = HashMap::new();
                for ((trainee, _), attempts) in &results {
                    *after.entry((*trainee, counted(attempts).company)).or_default() += 1;
                }
                for (company, change) in trainees_counted(&applied.moved, &after) {
                    *trainees.entry(company).or_default() += change;
                }

                for (key, row) in &kept {
                    let want = now.get(key).copied().unwrap_or_default();
                    let gone = !now.contains_key(key);
                    prop_assert!(
                        row.attempts == want.attempts && row.last_played == want.last_played,
                        "{key:?}: kept {row:?}, from all results {want:?}"
                    );
                    for pick in Pick::ALL {
                        let (row, want) = (row.pick(pick), want.pick(pick));
                        prop_assert!(
                            row.results == want.results
                                && close(row.score, want.score)
                                && close(row.max, want.max)
                                && close(row.highest, want.highest),
                            "{key:?} {pick:?}: kept {row:?}, from all results {want:?}{}",
                            if gone { " (no result left)" } else { "" }
                        );
                    }
                }
                prop_assert!(now.keys().all(|key| kept.contains_key(key)), "a row from all results is missing");
                let mut want: BTreeMap<CompanyId, BTreeSet<UserId>> = BTreeMap::new();
                for ((trainee, _), attempts) in &results {
                    want.entry(counted(attempts).company).or_default().insert(*trainee);
                }
                for company in world.companies {
                    let counted = trainees.get(&company).copied().unwrap_or(0);
                    prop_assert_eq!(counted, want.get(&company).map_or(0, |t| i64::try_from(t.len()).unwrap()));
                }
            }
        }
    }

    #[test]
    fn each_pick_has_its_own_place_in_a_row() {
        assert!(Pick::ALL.iter().enumerate().all(|(i, pick)| pick.index() == i));
    }

    #[test]
    fn a_fallen_share_is_looked_for_again_only_where_it_was_the_highest() {
        let owner = Owner::Trainee(UserId::new());
        let fallen = BTreeMap::from([((owner, Pick::Best), 80.0), ((owner, Pick::Average), 50.0)]);
        let highest = HashMap::from([((owner, Pick::Best), 80.0), ((owner, Pick::Average), 70.0)]);
        assert_eq!(look_again(&fallen, &highest), BTreeSet::from([(owner, Pick::Best)]));
    }
}
