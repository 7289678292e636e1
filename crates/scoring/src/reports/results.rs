//! Which attempts count: of one trainee's attempts at one level, the first, the latest and the
//! best, and the sums the average needs. Ingestion keeps these per trainee and level so that
//! every view reads them instead of the attempts.

use std::cmp::Ordering;

use kernel::{ApproachId, AttemptId, SkillId};
use time::OffsetDateTime;

use crate::Difficulty;

/// What a result keeps of one attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub attempt: AttemptId,
    pub score: u32,
    pub max_score: u32,
    pub completed_at: OffsetDateTime,
    pub difficulty: Difficulty,
    pub approach: ApproachId,
    pub skill_points: Vec<(SkillId, Earned)>,
}

/// What an attempt earned in one skill, out of the most that skill could earn at the level when
/// the attempt was stored. A skill the attempt did not report earned nothing out of nothing:
/// it counts neither for nor against the skill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Earned {
    pub points: u32,
    pub max: u32,
}

impl Played {
    /// Play order: by completion, then by id so that ties are decided the same way everywhere.
    fn play_order(&self, other: &Self) -> Ordering {
        (self.completed_at, self.attempt.as_uuid()).cmp(&(other.completed_at, other.attempt.as_uuid()))
    }

    /// Better first: the higher share of the maximum, then the earlier play.
    fn merit_order(&self, other: &Self) -> Ordering {
        let (mine, theirs) =
            (u64::from(self.score) * u64::from(other.max_score), u64::from(other.score) * u64::from(self.max_score));
        theirs.cmp(&mine).then_with(|| self.play_order(other))
    }

    /// What this attempt earned in `skill` (none reported: nothing out of nothing).
    #[must_use]
    pub fn earned(&self, skill: SkillId) -> Earned {
        self.skill_points.iter().find(|(s, _)| *s == skill).map_or_else(Earned::default, |(_, e)| *e)
    }
}

/// One trainee's standing at one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelResult {
    pub first: Played,
    pub latest: Played,
    pub best: Played,
    pub attempts: u32,
    pub score_sum: u64,
    pub max_sum: u64,
    /// Per skill any attempt reported: what the first, latest and best attempt earned in it,
    /// and the sums of the points and maxima of the attempts that reported it.
    pub skills: Vec<SkillResult>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillResult {
    pub skill: SkillId,
    pub first: Earned,
    pub latest: Earned,
    pub best: Earned,
    pub sum: u64,
    pub max_sum: u64,
}

impl LevelResult {
    /// The result of these attempts; `None` when there are none.
    #[must_use]
    pub fn of(attempts: &[Played]) -> Option<Self> {
        let first = attempts.iter().min_by(|a, b| a.play_order(b))?.clone();
        let latest = attempts.iter().max_by(|a, b| a.play_order(b))?.clone();
        let best = attempts.iter().min_by(|a, b| a.merit_order(b))?.clone();
        let mut skills: Vec<SkillId> =
            attempts.iter().flat_map(|a| a.skill_points.iter().map(|(skill, _)| *skill)).collect();
        skills.sort_unstable_by_key(|skill| skill.as_uuid());
        skills.dedup();
        let skills = skills
            .into_iter()
            .map(|skill| SkillResult {
                skill,
                first: first.earned(skill),
                latest: latest.earned(skill),
                best: best.earned(skill),
                sum: attempts.iter().map(|a| u64::from(a.earned(skill).points)).sum(),
                max_sum: attempts.iter().map(|a| u64::from(a.earned(skill).max)).sum(),
            })
            .collect();
        Some(Self {
            attempts: u32::try_from(attempts.len()).unwrap_or(u32::MAX),
            score_sum: attempts.iter().map(|a| u64::from(a.score)).sum(),
            max_sum: attempts.iter().map(|a| u64::from(a.max_score)).sum(),
            first,
            latest,
            best,
            skills,
        })
    }

    /// This result with `more` attempts folded in: what [`Self::of`] gives for all of them,
    /// worked out from the kept first, latest and best and the sums alone, so that recording
    /// an attempt never reads a trainee's earlier ones.
    #[must_use]
    pub fn with(&self, more: &[Played]) -> Self {
        // The kept picks carry every skill of the result, so the merged one keeps them all.
        let kept = |played: &Played, earned: fn(&SkillResult) -> Earned| Played {
            skill_points: self.skills.iter().map(|s| (s.skill, earned(s))).collect(),
            ..played.clone()
        };
        let mut candidates =
            vec![kept(&self.first, |s| s.first), kept(&self.latest, |s| s.latest), kept(&self.best, |s| s.best)];
        candidates.extend_from_slice(more);
        let Some(mut merged) = Self::of(&candidates) else { return self.clone() };
        merged.attempts = self.attempts.saturating_add(u32::try_from(more.len()).unwrap_or(u32::MAX));
        merged.score_sum = self.score_sum + more.iter().map(|a| u64::from(a.score)).sum::<u64>();
        merged.max_sum = self.max_sum + more.iter().map(|a| u64::from(a.max_score)).sum::<u64>();
        for skill in &mut merged.skills {
            let before = self.skills.iter().find(|s| s.skill == skill.skill);
            skill.sum =
                before.map_or(0, |s| s.sum) + more.iter().map(|a| u64::from(a.earned(skill.skill).points)).sum::<u64>();
            skill.max_sum = before.map_or(0, |s| s.max_sum)
                + more.iter().map(|a| u64::from(a.earned(skill.skill).max)).sum::<u64>();
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn played(score: u32, max_score: u32, at: OffsetDateTime, points: u32, skill: SkillId) -> Played {
        Played {
            attempt: AttemptId::new(),
            score,
            max_score,
            completed_at: at,
            difficulty: Difficulty::Easy,
            approach: ApproachId::new(),
            skill_points: vec![(skill, Earned { points, max: 40 })],
        }
    }

    const fn of40(points: u32) -> Earned {
        Earned { points, max: 40 }
    }

    #[test]
    fn first_latest_and_best_follow_play_order_and_share_of_the_maximum() {
        let skill = SkillId::new();
        let early = played(30, 60, datetime!(2026-11-01 10:00 UTC), 10, skill);
        let best = played(45, 50, datetime!(2026-11-02 10:00 UTC), 40, skill);
        let late = played(50, 60, datetime!(2026-11-03 10:00 UTC), 20, skill);
        // Sent out of order: a late report of an early play.
        let result = LevelResult::of(&[late.clone(), early.clone(), best.clone()]).unwrap();
        assert_eq!(result.first, early);
        assert_eq!(result.latest, late);
        assert_eq!(result.best, best, "90 % beats 83 % though it scored fewer points");
        assert_eq!((result.attempts, result.score_sum, result.max_sum), (3, 125, 170));
        assert_eq!(
            result.skills,
            vec![SkillResult { skill, first: of40(10), latest: of40(20), best: of40(40), sum: 70, max_sum: 120 }]
        );
    }

    #[test]
    fn an_equal_best_is_the_earlier_and_a_missing_skill_counts_nothing() {
        let (a, b) = (SkillId::new(), SkillId::new());
        let earlier = played(40, 80, datetime!(2026-11-01 10:00 UTC), 5, a);
        let later = played(20, 40, datetime!(2026-11-02 10:00 UTC), 7, b);
        let result = LevelResult::of(&[later, earlier.clone()]).unwrap();
        assert_eq!(result.best, earlier);
        let of = |skill| result.skills.iter().find(|s| s.skill == skill).copied().unwrap();
        let nothing = Earned::default();
        assert_eq!((of(a).best, of(a).latest, of(b).best, of(b).latest), (of40(5), nothing, nothing, of40(7)));
        assert_eq!((of(a).max_sum, of(b).max_sum), (40, 40), "only the attempts that reported a skill add its maxima");
        assert!(LevelResult::of(&[]).is_none());
    }

    /// The picks' own points are in `skills` as well; `with` lists every skill on them.
    fn picks_bare(mut r: LevelResult) -> LevelResult {
        for pick in [&mut r.first, &mut r.latest, &mut r.best] {
            pick.skill_points.clear();
        }
        r
    }

    #[test]
    fn folding_attempts_into_a_result_gives_the_result_of_them_all() {
        let skills = [SkillId::new(), SkillId::new(), SkillId::new()];
        // A small deterministic generator: equal shares, equal instants and skills reported by
        // only some attempts are all common.
        let mut seed = 7_u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        for _ in 0..300 {
            let count = 1 + next(6) as usize;
            let attempts: Vec<Played> = (0..count)
                .map(|_| {
                    let at = datetime!(2026-11-01 10:00 UTC) + time::Duration::hours(next(4) as i64);
                    let mut p = played(next(5) as u32 * 10, [50, 100][next(2) as usize], at, 0, skills[0]);
                    p.skill_points.clear();
                    for skill in skills {
                        if next(2) == 0 {
                            let max = [30, 45][next(2) as usize] as u32;
                            p.skill_points.push((skill, Earned { points: next(u64::from(max)) as u32, max }));
                        }
                    }
                    p
                })
                .collect();
            let split = 1 + next(count as u64) as usize;
            let (kept, more) = attempts.split_at(split.min(count));
            let folded = LevelResult::of(kept).unwrap().with(more);
            assert_eq!(
                picks_bare(folded.clone()),
                picks_bare(LevelResult::of(&attempts).unwrap()),
                "{kept:?} then {more:?}"
            );
            assert_eq!(folded.attempts as usize, count);
        }
    }
}
